import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/error-message';
import styles from '../onboarding.module.css';

/** A form-level error, announced as soon as it appears. */
export function FormError({ error, children }: { error?: unknown; children?: ReactNode }) {
  if (!error && !children) return null;
  return (
    <p role="alert" className={styles.error}>
      {children ?? errorMessage(error)}
    </p>
  );
}

/** A neutral note, read out politely. */
export function Note({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="status" className={styles.info}>
      {children}
    </p>
  );
}
