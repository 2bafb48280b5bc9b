import { useTranslation } from 'react-i18next';
import styles from './calendars.module.css';

const STATUSES = ['draft', 'scheduled', 'live', 'ended'] as const;
type Status = (typeof STATUSES)[number];

/** A calendar's computed status (calendar_status) as a word, never by colour alone. */
export function StatusBadge({ status }: { status: string | null }) {
  const { t } = useTranslation('calendars');
  const known: Status = STATUSES.find((value) => value === status) ?? 'draft';
  return <span className={`${styles.badge} ${styles[known]}`}>{t(`status.${known}`)}</span>;
}
