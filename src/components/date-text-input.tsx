import type { KeyboardEvent } from 'react';
import type { FieldControlProps } from '@/components/field';
import controls from '@/components/form-controls.module.css';

export type DateTextInputProps = {
  control: FieldControlProps;
  /** What the user typed, shown as it is. */
  text: string;
  /** The native-format value, submitted under `name` for forms read through FormData. */
  value: string;
  name?: string | undefined;
  placeholder: string;
  className?: string | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  onText: (text: string) => void;
  /** Leaving the field or pressing Enter: the moment to tidy the text or say what is wrong. */
  onSettle: () => void;
  onKeyDown?: ((event: KeyboardEvent<HTMLInputElement>) => void) | undefined;
};

/**
 * The text input the date and time fields type into. A decimal keyboard on phones has the digits
 * and a separator, which a numeric one lacks on some; autocomplete would offer other forms' dates.
 */
export function DateTextInput({
  control,
  text,
  value,
  name,
  placeholder,
  className,
  required,
  disabled,
  onText,
  onSettle,
  onKeyDown,
}: DateTextInputProps) {
  return (
    <>
      <input
        {...control}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        className={className ? `${controls.control} ${className}` : controls.control}
        value={text}
        required={required}
        disabled={disabled}
        onChange={(event) => onText(event.target.value)}
        onBlur={onSettle}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSettle();
          onKeyDown?.(event);
        }}
      />
      {name ? <input type="hidden" name={name} value={value} /> : null}
    </>
  );
}
