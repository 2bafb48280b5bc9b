import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './checklist.module.css';

/** A list of things to check, one `ChecklistItem` each (e.g. what a calendar needs before publishing). */
export function Checklist({ children, live }: { children: ReactNode; live?: boolean }) {
  return (
    <ul className={styles.checklist} aria-live={live ? 'polite' : undefined}>
      {children}
    </ul>
  );
}

/** One line: a tick when done, a cross when not, and the state in words for a screen reader. */
export function ChecklistItem({ done, children }: { done: boolean; children: ReactNode }) {
  const { t } = useTranslation('member');
  return (
    <li className={styles.item} data-done={done}>
      {done ? (
        <Check className={styles.icon} size={16} aria-hidden="true" />
      ) : (
        <X className={styles.icon} size={16} aria-hidden="true" />
      )}
      <span>
        <span className={styles.state}>{done ? t('checklistDone') : t('checklistMissing')}: </span>
        {children}
      </span>
    </li>
  );
}
