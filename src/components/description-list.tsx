import type { ReactNode } from 'react';
import styles from '@/components/description-list.module.css';

export type DescriptionItem = { term: ReactNode; value: ReactNode; key?: string };

export type DescriptionListProps = {
  items: DescriptionItem[];
  /** Names the list for screen readers when no heading does. */
  label?: string;
  className?: string;
};

/**
 * Terms and their values: two columns from 36rem, each term above its value on a phone, so long
 * values (e-mail addresses, a status select) get the whole width.
 */
export function DescriptionList({ items, label, className }: DescriptionListProps) {
  return (
    <dl className={className ? `${styles.list} ${className}` : styles.list} aria-label={label}>
      {items.map((item, index) => (
        <div key={item.key ?? index} className={styles.row}>
          <dt>{item.term}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
