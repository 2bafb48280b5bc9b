import type { ComponentProps } from 'react';
import { Field } from '@/components/field';
import type { FieldOptions } from '@/components/field';
import styles from '@/components/form-controls.module.css';
import type { SelectOption } from '@/components/select';

export type NativeSelectProps = Omit<ComponentProps<'select'>, 'children'> &
  FieldOptions & { options: readonly SelectOption[] };

/**
 * The browser's own select: for short, always-visible choices (the organization switcher) where
 * the platform's picker serves best on phones and screen readers, at no JavaScript cost. Use
 * `Select` where the options need custom rendering.
 */
export function NativeSelect({
  label,
  hint,
  error,
  hideLabel,
  id,
  className,
  options,
  ...rest
}: NativeSelectProps) {
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
        <select
          {...rest}
          {...control}
          className={
            className
              ? `${styles.control} ${styles.nativeSelect} ${className}`
              : `${styles.control} ${styles.nativeSelect}`
          }
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
