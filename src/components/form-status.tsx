import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/error-message';
import styles from './form-status.module.css';

type FormStatusProps = {
  /** A failure to explain: its message comes from the errors catalogue unless `children` say it. */
  error?: unknown;
  /** `error` when an error is given; otherwise `info` (a neutral note) or `success` (saved, sent). */
  tone?: 'error' | 'success' | 'info';
  children?: ReactNode;
  id?: string;
};

/**
 * What a form has to say about itself as a whole: a failure, announced at once (role="alert"),
 * or a confirmation or note, read out politely (role="status"). Nothing renders when there is
 * nothing to say, so a screen can always place it.
 */
export function FormStatus({ error, tone, children, id }: FormStatusProps) {
  if (!error && !children) return null;
  const shown = tone ?? (error ? 'error' : 'info');
  return (
    <p id={id} role={shown === 'error' ? 'alert' : 'status'} className={`${styles.status} ${styles[shown]}`}>
      {children ?? errorMessage(error)}
    </p>
  );
}
