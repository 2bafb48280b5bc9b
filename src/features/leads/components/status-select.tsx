import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import { errorMessage } from '@/lib/error-message';
import { LEAD_STATUSES, leadKeys, updateLeadStatus, type Lead, type LeadStatus } from '../api';
import styles from './leads.module.css';

/** The pipeline step of a lead, changed in place (one PATCH of `status`). */
export function StatusSelect({ lead, label }: { lead: Lead; label: string }) {
  const { t } = useTranslation('leads');
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: updateLeadStatus,
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
      onChange={(event) => change.mutate({ leadId: lead.id, status: event.target.value as LeadStatus })}
      options={LEAD_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
    />
  );
}
