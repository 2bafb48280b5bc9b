import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import styles from '@/components/settings-page.module.css';
import { errorMessage } from '@/lib/error-message';
import { authErrorCode, changePassword, requestReauthentication } from '../api';

type FieldError = 'password.required' | 'password.mismatch' | 'password.codeRequired';

/**
 * «Passord». GoTrue with secure password change answers `reauthentication_needed` when the session is
 * old; then a code goes to the user's e-mail (`reauthenticate()`) and is sent with the new password as
 * `nonce`. Weak passwords show GoTrue's reasons through the error catalogue.
 */
export function PasswordSection() {
  const { t } = useTranslation('account');
  const headingId = useId();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [fieldError, setFieldError] = useState<FieldError | null>(null);

  const reauthenticate = useMutation({ mutationFn: requestReauthentication });

  const save = useMutation({
    mutationFn: (input: { password: string; nonce?: string }) => changePassword(input.password, input.nonce),
    onSuccess: () => {
      setPassword('');
      setRepeat('');
      setCode('');
      setNeedsCode(false);
      notify({ message: t('password.saved'), tone: 'success' });
    },
    onError: (error) => {
      if (authErrorCode(error) === 'reauthentication_needed') {
        setNeedsCode(true);
        reauthenticate.mutate();
      }
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '') return setFieldError('password.required');
    if (password !== repeat) return setFieldError('password.mismatch');
    if (needsCode && code.trim() === '') return setFieldError('password.codeRequired');
    setFieldError(null);
    save.mutate(needsCode ? { password, nonce: code.trim() } : { password });
  }

  const saveErrorCode = authErrorCode(save.error);
  const saveError =
    save.error === null || saveErrorCode === 'reauthentication_needed'
      ? null
      : saveErrorCode === 'reauthentication_not_valid'
        ? t('password.codeInvalid')
        : errorMessage(save.error);

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('password.heading')}</h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Input
          label={t('password.newPassword')}
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError === 'password.required' ? t(fieldError) : undefined}
          required
        />
        <Input
          label={t('password.repeat')}
          type="password"
          name="repeat-password"
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
          error={fieldError === 'password.mismatch' ? t(fieldError) : undefined}
          required
        />
        {needsCode ? (
          <>
            <p className={styles.muted}>{t('password.reauthIntro')}</p>
            <Input
              label={t('password.code')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={fieldError === 'password.codeRequired' ? t(fieldError) : undefined}
              required
            />
          </>
        ) : null}
        {saveError ? (
          <p role="alert" className={styles.formError}>
            {saveError}
          </p>
        ) : null}
        {reauthenticate.error ? (
          <p role="alert" className={styles.formError}>
            {errorMessage(reauthenticate.error)}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" loading={save.isPending}>
            {needsCode ? t('password.confirmCode') : t('password.submit')}
          </Button>
          {needsCode ? (
            <Button
              variant="secondary"
              loading={reauthenticate.isPending}
              onClick={() => reauthenticate.mutate()}
            >
              {t('password.resendCode')}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
