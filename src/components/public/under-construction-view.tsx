import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import styles from '@/components/feedback.module.css';

// Drawn, not an emoji: not every system has a colour emoji font.
function ConstructionIcon() {
  return (
    <svg width="48" height="48" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path d="M20 6h8l10 34H10z" fill="#f59e0b" />
      <path d="M17 17h14l2 7H15zM13 30h22l2 7H11z" fill="#fff" />
      <rect x="6" y="40" width="36" height="4" rx="2" fill="#92400e" />
    </svg>
  );
}

type UnderConstructionViewProps = { title: string; heading: string; body: string; action?: ReactNode };

/** The placeholder's body with its texts given (public pages have no i18next). */
export function UnderConstructionView({ title, heading, body, action }: UnderConstructionViewProps) {
  return (
    <div className={styles.underConstruction}>
      <h1>{title}</h1>
      <EmptyState icon={<ConstructionIcon />} title={heading} description={body} action={action} />
    </div>
  );
}
