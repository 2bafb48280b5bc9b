import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import pageStyles from '@/components/page.module.css';
import { Table } from '@/components/table';
import { formatDate } from '@/lib/format';
import { invitationsQueryOptions } from '../api/get-invitations';
import { useWithdrawInvitation } from '../api/withdraw-invitation';
import type { Invitation } from '../types';

/** «Ventende invitasjoner»: the open invitations, each of which can be withdrawn. */
export function PendingInvitations({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('organizations');
  const headingId = useId();
  const invitations = useQuery(invitationsQueryOptions(organizationId));
  const withdraw = useWithdrawInvitation();

  async function askToWithdraw(invitation: Invitation) {
    const confirmed = await confirm({
      title: t('invitations.withdrawTitle', { email: invitation.email }),
      confirmLabel: t('invitations.withdraw'),
      tone: 'danger',
    });
    if (!confirmed) return;
    withdraw.mutate(
      { organizationId, invitation },
      {
        onSuccess: () =>
          notify({ message: t('invitations.withdrawn', { email: invitation.email }), tone: 'success' }),
      },
    );
  }

  return (
    <section className={pageStyles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('invitations.heading')}</h2>
      <FormStatus error={invitations.error ?? withdraw.error} />
      <Table
        caption={t('invitations.caption')}
        hideCaption
        rows={invitations.data ?? []}
        rowKey={(invitation) => invitation.id}
        empty={invitations.isPending ? null : <p>{t('invitations.empty')}</p>}
        columns={[
          { key: 'email', header: t('invitations.email'), cell: (invitation) => invitation.email },
          { key: 'role', header: t('invitations.role'), cell: (invitation) => t(`roles.${invitation.role}`) },
          {
            key: 'expires',
            header: t('invitations.expires'),
            cell: (invitation) => formatDate(invitation.expires_at),
          },
          {
            key: 'actions',
            header: t('invitations.actions'),
            cell: (invitation) => (
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('invitations.withdrawLabel', { email: invitation.email })}
                loading={withdraw.isPending && withdraw.variables.invitation.id === invitation.id}
                onClick={() => void askToWithdraw(invitation)}
              >
                {t('invitations.withdraw')}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}
