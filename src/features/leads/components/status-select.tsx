import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import { errorMessage } from '@/lib/error-message';
import { useUpdateLeadStatus } from '../api/update-lead-status';
import { LEAD_STATUSES } from '../constants';
import type { NotesTarget } from '../types';
import styles from './leads.module.css';

/**
 * The pipeline step of a lead, changed in place: the owner organization's on its lead, or a buyer's
 * own on a purchase (`target.purchaseId`: purchased_leads_notes, never the seller's).
 */
export function StatusSelect({
  target,
  status,
  label,
}: {
  target: NotesTarget;
  status: string;
  label: string;
}) {
  const { t } = useTranslation('leads');
  const change = useUpdateLeadStatus(target, {
    onSaved: (saved) =>
      notify({ message: t('list.statusSaved', { status: t(`status.${saved}`) }), tone: 'success' }),
    onFailed: (error) => notify({ message: errorMessage(error), tone: 'error' }),
  });
  const chosen = (value: string) => LEAD_STATUSES.find((candidate) => candidate === value);

  return (
    <NativeSelect
      label={label}
      hideLabel
      className={styles.statusSelect}
      value={change.isPending ? change.variables.status : status}
      disabled={change.isPending}
      onChange={(event) => {
        const next = chosen(event.target.value);
        if (next) change.mutate({ status: next });
      }}
      options={LEAD_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
    />
  );
}
