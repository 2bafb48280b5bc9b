import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import { errorMessage } from '@/lib/error-message';
import { LEAD_STATUSES, leadKeys, updateLeadStatus, type Lead, type LeadStatus } from '../api';
import { savePurchaseNotes } from '../purchased';
import styles from './leads.module.css';

/**
 * The pipeline step of a lead, changed in place: the owner organization's on its lead (one PATCH of
 * `status`), or a buyer's own on a purchase (`purchaseId`: purchased_leads_notes, never the seller's).
 */
export function StatusSelect({
  lead,
  label,
}: {
  lead: Pick<Lead, 'id' | 'organizationId' | 'status'> & { purchaseId?: string | null };
  label: string;
}) {
  const { t } = useTranslation('leads');
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: ({ status }: { status: LeadStatus }) =>
      lead.purchaseId
        ? savePurchaseNotes({ purchaseId: lead.purchaseId, organizationId: lead.organizationId, status })
        : updateLeadStatus({ leadId: lead.id, status }),
    onSuccess: async (_data, variables) => {
      notify({
        message: t('list.statusSaved', { status: t(`status.${variables.status}`) }),
        tone: 'success',
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.lists(lead.organizationId) }),
        queryClient.invalidateQueries({ queryKey: leadKeys.lead(lead.id) }),
      ]);
    },
    onError: (error) => notify({ message: errorMessage(error), tone: 'error' }),
  });

  return (
    <NativeSelect
      label={label}
      hideLabel
      className={styles.statusSelect}
      value={change.isPending ? change.variables.status : lead.status}
      disabled={change.isPending}
      onChange={(event) => change.mutate({ status: event.target.value as LeadStatus })}
      options={LEAD_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
    />
  );
}
