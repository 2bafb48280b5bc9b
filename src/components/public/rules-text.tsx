import styles from './calendar-public.module.css';
import { useCalendarTexts } from './calendar-texts';

/** The calendar's rules, folded: the full text is one tap away wherever a visitor enters. */
export function RulesText({ text, id }: { text: string | null; id?: string }) {
  const { t } = useCalendarTexts();
  if (!text?.trim()) return null;
  return (
    <details id={id}>
      <summary className={styles.summary}>{t('rules.show')}</summary>
      <div className={styles.rules}>{text}</div>
    </details>
  );
}
