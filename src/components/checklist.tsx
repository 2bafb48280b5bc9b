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

/** One line: a tick when done, a cross when not; the icon names the state for a screen reader. */
export function ChecklistItem({ done, children }: { done: boolean; children: ReactNode }) {
  const { t } = useTranslation('member');
  const Icon = done ? Check : X;
  return (
    <li className={styles.item} data-done={done}>
      <Icon
        className={styles.icon}
        size={16}
        role="img"
        aria-hidden={false}
        aria-label={done ? t('checklistDone') : t('checklistMissing')}
      />
      <span>{children}</span>
    </li>
  );
}
