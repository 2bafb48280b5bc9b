import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/error-message';
import styles from './auth.module.css';

/** A form-level error, announced as soon as it appears. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className={styles.error}>
      {errorMessage(error)}
    </p>
  );
}

/** A confirmation that something was sent or saved, read out politely. */
export function FormInfo({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="status" className={styles.info}>
      {children}
    </p>
  );
}
