import { useId } from 'react';
import type { ReactNode } from 'react';
import styles from '@/components/form-controls.module.css';

/** The props every form control built on Field takes besides its own. */
export type FieldOptions = {
  label: ReactNode;
  hint?: ReactNode;
  /** When set, the control is marked invalid and the message is read with it. */
  error?: ReactNode;
  /** Keeps the label for screen readers only, for controls whose purpose is visually obvious. */
  hideLabel?: boolean;
};

/** Spread onto the control so the label, hint and error are announced with it. */
export type FieldControlProps = {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
};

export type FieldProps = FieldOptions & {
  id?: string | undefined;
  /** Extra ids the control is described by, kept after the hint and error. */
  describedBy?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
};

export function Field({ label, hint, error, hideLabel = false, id, describedBy, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedByIds = [hint ? hintId : null, hasError ? errorId : null, describedBy]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={styles.field} data-invalid={hasError || undefined}>
      <label htmlFor={controlId} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children({
        id: controlId,
        'aria-describedby': describedByIds || undefined,
        'aria-invalid': hasError || undefined,
      })}
      {hasError ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
