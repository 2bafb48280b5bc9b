import type { ReactNode } from 'react';
import styles from '@/components/card.module.css';

export type CardProps = {
  /** The card's heading; leave it out for a plain surface. */
  title?: ReactNode;
  /** The heading level that fits the page's outline. */
  titleAs?: 'h2' | 'h3';
  /** Actions at the heading's right end, e.g. a Menu or a small Button. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
};

/** A bordered surface that groups one subject, optionally with a heading and actions. */
export function Card({ title, titleAs: Title = 'h2', actions, children, className }: CardProps) {
  return (
    <section className={className ? `${styles.card} ${className}` : styles.card}>
      {title || actions ? (
        <div className={styles.header}>
          {title ? <Title className={styles.title}>{title}</Title> : null}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}
