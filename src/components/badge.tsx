import type { ReactNode } from 'react';
import styles from '@/components/badge.module.css';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export type BadgeProps = {
  tone?: BadgeTone;
  /** Decorative, e.g. `<Check />`: the text carries the meaning, so colour and icon are never alone. */
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
};

/** A status pill: a short status word in a tone (Vunnet, Betalt, Utkast …). */
export function Badge({ tone = 'neutral', icon, children, className }: BadgeProps) {
  return (
    <span className={[styles.badge, styles[tone], className].filter(Boolean).join(' ')} data-tone={tone}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </span>
  );
}
