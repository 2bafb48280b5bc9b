import type { ReactNode } from 'react';
import styles from '@/components/feedback.module.css';

export type EmptyStateProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Decorative; hidden from assistive tech. */
  icon?: ReactNode;
  /** A call to action, e.g. a Button or a link. */
  action?: ReactNode;
  /** 'p' inside tables and other places where a heading would break the outline. */
  titleAs?: 'h2' | 'h3' | 'p';
};

export function EmptyState({ title, description, icon, action, titleAs: Title = 'h2' }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      {icon ? (
        <div className={styles.emptyIcon} aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Title className={styles.emptyTitle}>{title}</Title>
      {description ? <p className={styles.emptyDescription}>{description}</p> : null}
      {action ? <div className={styles.emptyAction}>{action}</div> : null}
    </div>
  );
}
