import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router-dom';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { notify } from '@/components/notification-store';
import styles from '@/components/settings-page.module.css';
import { accountKeys } from '@/lib/account/queries';
import { errorMessage } from '@/lib/error-message';
import { leaveOrganization, organizationKeys } from '../api';

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
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();

  const leave = useMutation({
    mutationFn: leaveOrganization,
    onSuccess: async () => {
      notify({ message: t('leave.left', { name: props.organizationName }), tone: 'success' });
      queryClient.removeQueries({ queryKey: organizationKeys.all });
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      await revalidator.revalidate();
    },
  });

  async function askToLeave() {
    const confirmed = await confirm({
      title: t('leave.confirmTitle', { name: props.organizationName }),
      description: t('leave.intro', { name: props.organizationName }),
      confirmLabel: t('leave.submit'),
      tone: 'danger',
    });
    if (confirmed) leave.mutate({ organizationId: props.organizationId, userId: props.userId });
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('leave.heading')}</h2>
      {props.isOwner ? (
        <p className={styles.muted}>{t('leave.ownerCannot')}</p>
      ) : (
        <>
          <p className={styles.muted}>{t('leave.intro', { name: props.organizationName })}</p>
          {leave.error ? (
            <p role="alert" className={styles.formError}>
              {errorMessage(leave.error)}
            </p>
          ) : null}
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
