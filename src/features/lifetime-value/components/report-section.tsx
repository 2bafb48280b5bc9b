import { useId, type ReactNode } from 'react';
import styles from './lifetime-value.module.css';

/** A section of the screen: its heading (which names it for screen readers), an intro, its content. */
export function ReportSection({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {intro ? <p className={styles.hint}>{intro}</p> : null}
      {children}
    </section>
  );
}
