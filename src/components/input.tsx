import type { ComponentProps } from 'react';
import { Field } from '@/components/field';
import type { FieldOptions } from '@/components/field';
import styles from '@/components/form-controls.module.css';

export type InputProps = ComponentProps<'input'> & FieldOptions;

export function Input({ label, hint, error, hideLabel, id, className, ...rest }: InputProps) {
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
        <input
          {...rest}
          {...control}
          className={className ? `${styles.control} ${className}` : styles.control}
        />
      )}
    </Field>
  );
}
