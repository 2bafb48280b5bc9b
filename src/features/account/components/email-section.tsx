import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Input } from '@/components/input';
import styles from '@/components/settings-page.module.css';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { changeEmail, emailSchema } from '../api';

/**
 * «E-post»: secure e-mail change. GoTrue sends a confirmation to the current and the new address;
 * the change happens when both links are opened (/auth/management, mode verifyAndChangeEmail).
 */
export function EmailSection() {
  const { t } = useTranslation('account');
  const headingId = useId();
  const user = useSession()?.user;
  const currentEmail = user?.email ?? '';
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<'email.invalid' | 'email.same' | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const change = useMutation({
    mutationFn: changeEmail,
    onSuccess: (_data, next) => setSentTo(next),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email.trim());
    if (!parsed.success) return setInvalid('email.invalid');
    if (parsed.data.toLowerCase() === currentEmail.toLowerCase()) return setInvalid('email.same');
    setInvalid(null);
    setSentTo(null);
    change.mutate(parsed.data);
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('email.heading')}</h2>
      <p className={styles.muted}>{t('email.current', { email: currentEmail })}</p>
      {user?.new_email ? (
        <p className={styles.muted}>{t('email.pending', { email: user.new_email })}</p>
      ) : null}
      <form className={styles.form} onSubmit={submit} noValidate>
        <Input
          label={t('email.newEmail')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={invalid ? t(invalid) : undefined}
          required
        />
        {change.error ? (
          <p role="alert" className={styles.formError}>
            {errorMessage(change.error)}
          </p>
        ) : null}
        <div role="status">
          {sentTo ? (
            <p className={styles.success}>{t('email.sent', { current: currentEmail, next: sentTo })}</p>
          ) : null}
        </div>
        <div className={styles.actions}>
          <Button type="submit" loading={change.isPending}>
            {t('email.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
