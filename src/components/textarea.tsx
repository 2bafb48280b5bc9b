import type { ComponentProps } from 'react';
import { Field } from '@/components/field';
import type { FieldOptions } from '@/components/field';
import styles from '@/components/form-controls.module.css';

/** Spec: multi-line text fields start six rows tall. */
export const TEXTAREA_DEFAULT_ROWS = 6;

export type TextareaProps = ComponentProps<'textarea'> & FieldOptions;

export function Textarea({
  label,
  hint,
  error,
  hideLabel,
  id,
  rows = TEXTAREA_DEFAULT_ROWS,
  className,
  ...rest
}: TextareaProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      hideLabel={hideLabel}
      id={id}
      describedBy={rest['aria-describedby']}
    >
      {(control) => (
        <textarea
          {...rest}
          {...control}
          rows={rows}
          className={[styles.control, styles.textarea, className].filter(Boolean).join(' ')}
        />
      )}
    </Field>
  );
}
