import type { Session } from '@supabase/auth-js';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { toAppError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import type { useCheckAssurance } from '../api/get-assurance';
import { useRequestMagicLink } from '../api/request-magic-link';
import { useResendConfirmation } from '../api/resend-confirmation';
import { useSendCode } from '../api/send-code';
import { useSendPasswordReset } from '../api/send-password-reset';
import { useSignInWithGoogle } from '../api/sign-in-with-google';
import { useSignInWithPassword } from '../api/sign-in-with-password';
import { useSignUp } from '../api/sign-up';
import type { useSignInFields } from '../hooks/use-sign-in-fields';
import type { Step } from '../types';
import styles from './auth.module.css';

type SignInFormProps = {
  signingUp: boolean;
  fields: ReturnType<typeof useSignInFields>;
  /** The view's second-factor check after a sign-in: its progress and error show here too. */
  finish: ReturnType<typeof useCheckAssurance>;
  onSession: (session: Session | null) => void;
  onStep: (step: Step) => void;
};

/** The sign-in and the sign-up form, with the other ways in (link, code, Google) under sign-in. */
export function SignInForm({ signingUp, fields, finish, onSession, onStep }: SignInFormProps) {
  const { t } = useTranslation('auth');
  const { values, fieldErrors, update } = fields;
  const [info, setInfo] = useState<string | null>(null);

  const passwordSignIn = useSignInWithPassword({ onSuccess: onSession });
  const register = useSignUp({
    onSuccess: (session, input) => {
      if (session) onSession(session);
      else if (input.email) onStep({ kind: 'check-email', email: input.email });
      else if (input.phone) onStep({ kind: 'code', target: { phone: input.phone } });
    },
  });
  const magicLink = useRequestMagicLink({
    onSuccess: (_data, email) => setInfo(t('signIn.magicLinkSent', { email })),
  });
  const code = useSendCode({ onSuccess: (_data, target) => onStep({ kind: 'code', target }) });
  const reset = useSendPasswordReset({
    onSuccess: (_data, email) => setInfo(t('signIn.recoverySent', { email })),
  });
  const google = useSignInWithGoogle();
  const resend = useResendConfirmation({ onSuccess: () => setInfo(t('verify.resent')) });

  const mutations = [passwordSignIn, register, magicLink, code, reset, google, finish, resend];
  const busy = mutations.some((mutation) => mutation.isPending);
  const failure = mutations.find((mutation) => mutation.error)?.error ?? null;

  const clearFeedback = () => {
    setInfo(null);
    for (const mutation of mutations) mutation.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    clearFeedback();
    const checked = fields.check(signingUp);
    if (!checked) return;
    if (signingUp) {
      register.mutate({ fullName: checked.fullName, password: checked.password, ...checked.credentials });
    } else {
      passwordSignIn.mutate({ credentials: checked.credentials, password: checked.password });
    }
  };

  const switchTo = (next: Step) => {
    clearFeedback();
    fields.clearErrors();
    onStep(next);
  };

  const error = fields.formError ?? failure;

  return (
    <div className={styles.page}>
      <h1>{signingUp ? t('signUp.title') : t('signIn.title')}</h1>
      <p className={styles.muted}>{signingUp ? t('signUp.intro') : t('signIn.intro')}</p>
      <FormStatus error={error} />
      {toAppError(error).code === 'email_not_confirmed' && values.email ? (
        // GoTrue refuses a password sign-in until the e-mail is confirmed: offer the link again.
        <div className={styles.actions}>
          <Button
            variant="secondary"
            loading={resend.isPending}
            onClick={() => {
              const email = values.email.trim();
              clearFeedback();
              resend.mutate(email);
            }}
          >
            {t('verify.resend')}
          </Button>
        </div>
      ) : null}
      <FormStatus tone="success">{info}</FormStatus>
      <Form className={styles.form} onSubmit={onSubmit}>
        {signingUp ? (
          <Input
            label={t('signUp.fullName')}
            name="fullName"
            autoComplete="name"
            required
            value={values.fullName}
            error={fieldErrors.fullName}
            onChange={(event) => update('fullName')(event.target.value)}
          />
        ) : null}
        <Input
          label={t('signIn.email')}
          name="email"
          type="email"
          autoComplete={signingUp ? 'email' : 'username'}
          value={values.email}
          error={fieldErrors.email}
          onChange={(event) => update('email')(event.target.value)}
        />
        <Input
          label={t('signIn.phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          hint={t('signIn.phoneHint')}
          value={values.phone}
          error={fieldErrors.phone}
          onChange={(event) => update('phone')(event.target.value)}
        />
        <Input
          label={t('signIn.password')}
          name="password"
          type="password"
          autoComplete={signingUp ? 'new-password' : 'current-password'}
          hint={signingUp ? t('signUp.passwordRules') : undefined}
          value={values.password}
          error={fieldErrors.password}
          onChange={(event) => update('password')(event.target.value)}
        />
        {signingUp ? (
          <div>
            <div className={styles.checkbox}>
              <input
                id="auth-terms"
                type="checkbox"
                checked={values.terms}
                aria-invalid={fieldErrors.terms ? true : undefined}
                aria-describedby={fieldErrors.terms ? 'auth-terms-error' : undefined}
                onChange={(event) => update('terms')(event.target.checked)}
              />
              <label htmlFor="auth-terms">
                {/* Plain parts rather than <Trans>: it would bring an HTML parser to every page (~4 KiB gzip). */}
                {t('signUp.termsBefore')}
                {/* A tab of its own, so what is typed here stays while the terms are read. */}
                <Link to={paths.terms} target="_blank" rel="noopener">
                  {t('signUp.termsLink')}
                </Link>
                {t('signUp.termsAfter')}
                <span className="visually-hidden">{t('signUp.termsNewTab')}</span>
              </label>
            </div>
            {fieldErrors.terms ? (
              <p id="auth-terms-error" className={styles.error}>
                {fieldErrors.terms}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" loading={passwordSignIn.isPending || register.isPending || finish.isPending}>
            {signingUp ? t('signUp.submit') : t('signIn.submit')}
          </Button>
          {signingUp ? null : (
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => {
                clearFeedback();
                const email = fields.requireEmail();
                if (email) reset.mutate(email);
              }}
            >
              {t('signIn.forgotPassword')}
            </Button>
          )}
        </div>
      </Form>

      {signingUp ? (
        <Button variant="secondary" onClick={() => switchTo({ kind: 'sign-in' })}>
          {t('signUp.toSignIn')}
        </Button>
      ) : (
        <>
          <section className={styles.alternatives} aria-labelledby="auth-other-ways">
            <h2 id="auth-other-ways">{t('signIn.otherWays')}</h2>
            <Button
              variant="secondary"
              disabled={busy}
              loading={magicLink.isPending}
              onClick={() => {
                clearFeedback();
                const email = fields.requireEmail();
                if (email) magicLink.mutate(email);
              }}
            >
              {t('signIn.magicLink')}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              loading={code.isPending && code.variables && 'email' in code.variables}
              onClick={() => {
                clearFeedback();
                const email = fields.requireEmail();
                if (email) code.mutate({ email });
              }}
            >
              {t('signIn.emailCode')}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              loading={code.isPending && code.variables && 'phone' in code.variables}
              onClick={() => {
                clearFeedback();
                const phone = fields.requirePhone();
                if (phone) code.mutate({ phone });
              }}
            >
              {t('signIn.smsCode')}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              loading={google.isPending}
              onClick={() => {
                clearFeedback();
                google.mutate();
              }}
            >
              {t('signIn.google')}
            </Button>
          </section>
          <section className={styles.alternatives} aria-labelledby="auth-new-account">
            <h2 id="auth-new-account">{t('signIn.noAccount')}</h2>
            <Button variant="secondary" onClick={() => switchTo({ kind: 'sign-up' })}>
              {t('signIn.toSignUp')}
            </Button>
            {/* A full page load: the entry serves a visitor the marketplace's public door (src/main.tsx). */}
            <a href={paths.joinMarketplace}>{t('signIn.aboutMarketplace')}</a>
          </section>
        </>
      )}
    </div>
  );
}
