import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import styles from '@/components/page.module.css';
import { useSession } from '@/lib/session';
import { useChangeEmail } from '../api/change-email';
import { emailSchema } from '../schemas';

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

  const change = useChangeEmail();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email.trim());
    if (!parsed.success) return setInvalid('email.invalid');
    if (parsed.data.toLowerCase() === currentEmail.toLowerCase()) return setInvalid('email.same');
    setInvalid(null);
    setSentTo(null);
    change.mutate(parsed.data, { onSuccess: (_data, next) => setSentTo(next) });
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
        <FormStatus error={change.error} />
        <FormStatus tone="success">
          {sentTo ? t('email.sent', { current: currentEmail, next: sentTo }) : null}
        </FormStatus>
        <div className={styles.actions}>
          <Button type="submit" loading={change.isPending}>
            {t('email.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
