import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import { Input } from '@/components/input';
import { errorMessage } from '@/lib/error-message';
import { AppError, toAppError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import {
  assurance,
  EMAIL_PATTERN,
  normalizePhone,
  requestMagicLink,
  resendConfirmation,
  sendCode,
  sendPasswordReset,
  signInWithGoogle,
  signInWithPassword,
  signUp,
  verifyCode,
} from '../api/auth-api';
import { passwordWeaknesses } from '../api/password-rules';
import styles from './auth.module.css';
import { FormError, FormInfo } from './form-parts';
import { MfaStep } from './mfa-step';

export type Step =
  | { kind: 'sign-in' }
  | { kind: 'sign-up' }
  | { kind: 'code'; target: { email: string } | { phone: string } }
  | { kind: 'check-email'; email: string }
  | { kind: 'mfa' };

type FieldErrors = Partial<Record<'fullName' | 'email' | 'phone' | 'password' | 'terms', string>>;

/**
 * Sign-in and sign-up (spec §2): password with e-mail or phone, a magic link, a code by e-mail or
 * SMS, Google. Whatever the way in, a session that still needs its second factor gets the TOTP step,
 * and then the user goes to the saved target (`onSignedIn`).
 */
export function SignInView({ initialStep, onSignedIn }: { initialStep: Step; onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<Step>(initialStep);
  const [values, setValues] = useState({ fullName: '', email: '', phone: '', password: '', terms: false });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [info, setInfo] = useState<string | null>(null);

  /** After any sign-in: the TOTP step when the account has a factor, else on to the target. */
  const finish = useMutation({
    meta: { silent: true },
    mutationFn: assurance,
    onSuccess: ({ needsMfa }) => (needsMfa ? setStep({ kind: 'mfa' }) : onSignedIn()),
  });
  const afterSession = (session: unknown) => {
    if (session) finish.mutate();
  };

  const passwordSignIn = useMutation({
    meta: { silent: true },
    mutationFn: (input: { credentials: { email: string } | { phone: string }; password: string }) =>
      signInWithPassword(input.credentials, input.password),
    onSuccess: afterSession,
  });
  const register = useMutation({
    meta: { silent: true },
    mutationFn: signUp,
    onSuccess: (session, input) => {
      if (session) afterSession(session);
      else if (input.email) setStep({ kind: 'check-email', email: input.email });
      else if (input.phone) setStep({ kind: 'code', target: { phone: input.phone } });
    },
  });
  const magicLink = useMutation({
    meta: { silent: true },
    mutationFn: requestMagicLink,
    onSuccess: (_data, email) => setInfo(t('signIn.magicLinkSent', { email })),
  });
  const code = useMutation({
    meta: { silent: true },
    mutationFn: sendCode,
    onSuccess: (_data, target) => setStep({ kind: 'code', target }),
  });
  const reset = useMutation({
    meta: { silent: true },
    mutationFn: sendPasswordReset,
    onSuccess: (_data, email) => setInfo(t('signIn.recoverySent', { email })),
  });
  const google = useMutation({ mutationFn: signInWithGoogle, meta: { silent: true } });
  const resend = useMutation({
    meta: { silent: true },
    mutationFn: resendConfirmation,
    onSuccess: () => setInfo(t('verify.resent')),
  });

  const mutations = [passwordSignIn, register, magicLink, code, reset, google, finish, resend];
  const busy = mutations.some((mutation) => mutation.isPending);
  const failure = mutations.find((mutation) => mutation.error)?.error ?? null;

  const clearFeedback = () => {
    setInfo(null);
    for (const mutation of mutations) mutation.reset();
  };

  const update = (name: keyof typeof values) => (value: string | boolean) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setFieldErrors((previous) => ({ ...previous, [name]: undefined }));
  };

  /** The e-mail field, checked; undefined (with its message shown) when it is not usable. */
  const requireEmail = (): string | undefined => {
    const email = values.email.trim();
    if (!email) setFieldErrors({ email: t('signIn.emailRequired') });
    else if (!EMAIL_PATTERN.test(email)) setFieldErrors({ email: t('signIn.emailInvalid') });
    else return email;
    return undefined;
  };
  const requirePhone = (): string | undefined => {
    const phone = values.phone.trim();
    const normalized = normalizePhone(phone);
    if (!phone) setFieldErrors({ phone: t('signIn.phoneRequired') });
    else if (!normalized) setFieldErrors({ phone: t('signIn.phoneInvalid') });
    else return normalized;
    return undefined;
  };

  /** E-mail or phone (not both needed) and a password; the spec's message when neither is there. */
  const readCredentials = ():
    { credentials: { email: string } | { phone: string } } | AppError | FieldErrors => {
    const email = values.email.trim();
    const phone = values.phone.trim();
    if (!email && !phone) return new AppError('missing-email-or-phone');
    const errors: FieldErrors = {};
    if (email && !EMAIL_PATTERN.test(email)) errors.email = t('signIn.emailInvalid');
    const normalized = phone ? normalizePhone(phone) : null;
    if (!email && phone && !normalized) errors.phone = t('signIn.phoneInvalid');
    if (Object.keys(errors).length > 0) return errors;
    return { credentials: email ? { email } : { phone: normalized ?? '' } };
  };

  const [localError, setLocalError] = useState<AppError | null>(null);

  /**
   * Every field checked at once, so one mistake never hides another: the spec's message when there
   * is neither e-mail nor phone, and field errors for all the rest. A new password is also held to
   * GoTrue's rules here (password-rules.ts), so a weak one is named next to a bad e-mail.
   */
  const check = (signingUp: boolean) => {
    const errors: FieldErrors = {};
    const fullName = values.fullName.trim();
    if (signingUp && fullName.length < 2) errors.fullName = t('signUp.nameRequired');
    const read = readCredentials();
    if (!(read instanceof AppError) && !('credentials' in read)) Object.assign(errors, read);
    if (!values.password) errors.password = t('signIn.passwordRequired');
    else if (signingUp) {
      const reasons = passwordWeaknesses(values.password);
      if (reasons.length > 0) errors.password = errorMessage(new AppError('weak_password', { reasons }));
    }
    if (signingUp && !values.terms) errors.terms = t('signUp.termsRequired');
    setFieldErrors(errors);
    setLocalError(read instanceof AppError ? read : null);
    const valid =
      !(read instanceof AppError) && 'credentials' in read && !Object.values(errors).some(Boolean);
    return valid ? { fullName, credentials: read.credentials } : null;
  };

  const onSignIn = (event: FormEvent) => {
    event.preventDefault();
    clearFeedback();
    const checked = check(false);
    if (checked) passwordSignIn.mutate({ credentials: checked.credentials, password: values.password });
  };

  const onSignUp = (event: FormEvent) => {
    event.preventDefault();
    clearFeedback();
    const checked = check(true);
    if (checked) {
      register.mutate({ fullName: checked.fullName, password: values.password, ...checked.credentials });
    }
  };

  const switchTo = (next: Step) => {
    clearFeedback();
    setLocalError(null);
    setFieldErrors({});
    setStep(next);
  };

  if (step.kind === 'mfa') return <MfaStep onVerified={onSignedIn} />;

  if (step.kind === 'check-email') {
    return (
      <div className={styles.page}>
        <h1>{t('signUp.checkEmail')}</h1>
        <p>{t('signUp.checkEmailText', { email: step.email })}</p>
      </div>
    );
  }

  if (step.kind === 'code') {
    return (
      <CodeStep
        target={step.target}
        onVerified={afterSession}
        finishing={finish.isPending}
        finishError={finish.error}
        onBack={() => switchTo({ kind: 'sign-in' })}
      />
    );
  }

  const signingUp = step.kind === 'sign-up';
  const error = localError ?? failure;

  return (
    <div className={styles.page}>
      <h1>{signingUp ? t('signUp.title') : t('signIn.title')}</h1>
      <p className={styles.muted}>{signingUp ? t('signUp.intro') : t('signIn.intro')}</p>
      <FormError error={error} />
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
      <FormInfo>{info}</FormInfo>
      <Form className={styles.form} onSubmit={signingUp ? onSignUp : onSignIn}>
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
                const email = requireEmail();
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
                const email = requireEmail();
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
                const email = requireEmail();
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
                const phone = requirePhone();
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

function CodeStep({
  target,
  onVerified,
  onBack,
  finishing,
  finishError,
}: {
  target: { email: string } | { phone: string };
  onVerified: (session: unknown) => void;
  onBack: () => void;
  finishing: boolean;
  finishError: unknown;
}) {
  const { t } = useTranslation('auth');
  const [token, setToken] = useState('');
  const [invalid, setInvalid] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const verify = useMutation({
    meta: { silent: true },
    mutationFn: (value: string) => verifyCode(target, value),
    onSuccess: onVerified,
    // Back in the field with the code selected: the next try is typed straight over it.
    onError: () => codeInput.current?.select(),
  });
  const again = useMutation({ meta: { silent: true }, mutationFn: () => sendCode(target) });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    again.reset();
    const value = token.replace(/\s/gu, '');
    const ok = /^\d{6}$/u.test(value);
    setInvalid(!ok);
    if (ok) verify.mutate(value);
  };
  const sent =
    'email' in target
      ? t('code.sentEmail', { target: target.email })
      : t('code.sentSms', { target: target.phone });
  return (
    <div className={styles.page}>
      <h1>{t('code.title')}</h1>
      <p>{sent}</p>
      <FormError error={verify.error ?? again.error ?? finishError} />
      <FormInfo>{again.isSuccess ? t('code.sentAgain') : null}</FormInfo>
      <Form className={styles.form} onSubmit={onSubmit}>
        <Input
          ref={codeInput}
          label={t('code.label')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={token}
          error={invalid ? t('code.invalid') : undefined}
          onChange={(event) => {
            setToken(event.target.value);
            setInvalid(false);
          }}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={verify.isPending || finishing}>
            {t('code.submit')}
          </Button>
          <Button
            variant="secondary"
            loading={again.isPending}
            onClick={() => {
              verify.reset();
              again.mutate();
            }}
          >
            {t('code.sendAgain')}
          </Button>
          <Button variant="ghost" onClick={onBack}>
            {t('code.back')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
