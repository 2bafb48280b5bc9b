import type { ReactNode } from 'react';
import styles from './lifetime-value.module.css';

/**
 * A section of the screen: its heading, an intro, its table. Not a named region: the table's own scroll
 * region carries the same name, and two landmarks alike confuse (axe landmark-unique).
 */
export function ReportSection({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.section}>
      <h2>{title}</h2>
      {intro ? <p className={styles.hint}>{intro}</p> : null}
      {children}
    </section>
  );
}
