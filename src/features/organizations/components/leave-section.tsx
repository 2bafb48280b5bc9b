import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router-dom';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import styles from '@/components/page.module.css';
import { useLeaveOrganization } from '../api/leave-organization';

/**
 * «Forlat organisasjonen» for everyone but the owner: deletes one's own membership and forgets the
 * organization as the last selected; the guards then open another organization or send the user
 * to create one.
 */
export function LeaveSection(props: {
  organizationId: string;
  organizationName: string;
  userId: string;
  isOwner: boolean;
}) {
  const { t } = useTranslation('organizations');
  const headingId = useId();
  const revalidator = useRevalidator();
  const leave = useLeaveOrganization();

  async function askToLeave() {
    const confirmed = await confirm({
      title: t('leave.confirmTitle', { name: props.organizationName }),
      description: t('leave.intro', { name: props.organizationName }),
      confirmLabel: t('leave.submit'),
      tone: 'danger',
    });
    if (!confirmed) return;
    // Awaited rather than an onSuccess callback: the refreshed memberships may show another
    // organization and unmount this section before the guards have been asked again.
    const left = await leave
      .mutateAsync({ organizationId: props.organizationId, userId: props.userId })
      .then(() => true)
      .catch(() => false);
    if (!left) return;
    notify({ message: t('leave.left', { name: props.organizationName }), tone: 'success' });
    await revalidator.revalidate();
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('leave.heading')}</h2>
      {props.isOwner ? (
        <p className={styles.muted}>{t('leave.ownerCannot')}</p>
      ) : (
        <>
          <p className={styles.muted}>{t('leave.intro', { name: props.organizationName })}</p>
          <FormStatus error={leave.error} />
          <div className={styles.actions}>
            <Button variant="danger" loading={leave.isPending} onClick={() => void askToLeave()}>
              {t('leave.submit')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
