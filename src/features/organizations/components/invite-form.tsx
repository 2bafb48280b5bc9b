import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import pageStyles from '@/components/page.module.css';
import { AppError } from '@/lib/errors';
import { useInviteMember } from '../api/invite-member';
import { INVITABLE_ROLES, type InvitableRole } from '../constants';
import { inviteSchema } from '../schemas';
import styles from './organization.module.css';

/** Refusals this form words its own way; every other code reads from the errors catalogue. */
function ownWording(error: Error | null): 'invalid-email' | 'forbidden' | null {
  if (!(error instanceof AppError)) return null;
  return error.code === 'invalid-email' || error.code === 'forbidden' ? error.code : null;
}

/** «Inviter medlem»: an e-mail and a role; the invitation goes out by e-mail. */
export function InviteForm({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('organizations');
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('member');
  const [emailError, setEmailError] = useState(false);
  const invite = useInviteMember();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = inviteSchema.safeParse({ email: email.trim().toLowerCase(), role });
    if (!parsed.success) return setEmailError(true);
    setEmailError(false);
    invite.mutate(
      { organizationId, ...parsed.data },
      {
        onSuccess: (_data, input) => {
          setEmail('');
          notify({ message: t('invite.sent', { email: input.email }), tone: 'success' });
        },
      },
    );
  }

  const worded = ownWording(invite.error);

  return (
    <section className={pageStyles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('invite.heading')}</h2>
      <form className={pageStyles.form} onSubmit={submit} noValidate>
        <div className={styles.inviteRow}>
          <Input
            label={t('invite.email')}
            type="email"
            name="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={emailError ? t('invite.errors.invalid-email') : undefined}
            required
          />
          <NativeSelect
            label={t('invite.role')}
            name="role"
            value={role}
            options={INVITABLE_ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
            onChange={(event) => setRole(event.target.value as InvitableRole)}
          />
        </div>
        <FormStatus error={invite.error}>{worded ? t(`invite.errors.${worded}`) : undefined}</FormStatus>
        <div className={pageStyles.actions}>
          <Button type="submit" loading={invite.isPending}>
            {t('invite.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
