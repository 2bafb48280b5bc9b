import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import styles from '@/components/page.module.css';
import { toAppError } from '@/lib/errors';
import { useChangePassword } from '../api/change-password';
import { useRequestReauthentication } from '../api/request-reauthentication';

type FieldError = 'password.required' | 'password.mismatch' | 'password.codeRequired';

/**
 * «Passord». GoTrue with secure password change answers `reauthentication_needed` when the session is
 * old; then a code goes to the user's e-mail (`reauthenticate()`) and is sent with the new password as
 * `nonce`. Weak passwords and a wrong code read from the errors catalogue.
 */
export function PasswordSection() {
  const { t } = useTranslation('account');
  const headingId = useId();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [fieldError, setFieldError] = useState<FieldError | null>(null);

  const reauthenticate = useRequestReauthentication();
  const save = useChangePassword();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '') return setFieldError('password.required');
    if (password !== repeat) return setFieldError('password.mismatch');
    if (needsCode && code.trim() === '') return setFieldError('password.codeRequired');
    setFieldError(null);
    save.mutate(needsCode ? { password, nonce: code.trim() } : { password }, {
      onSuccess: () => {
        setPassword('');
        setRepeat('');
        setCode('');
        setNeedsCode(false);
        notify({ message: t('password.saved'), tone: 'success' });
      },
      onError: (error) => {
        if (toAppError(error).code === 'reauthentication_needed') {
          setNeedsCode(true);
          reauthenticate.mutate();
        }
      },
    });
  }

  // Asking for the code is the answer to reauthentication_needed, not a failure to show.
  const saveError =
    save.error && toAppError(save.error).code !== 'reauthentication_needed' ? save.error : null;

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
        <FormStatus error={saveError} />
        <FormStatus error={reauthenticate.error} />
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
