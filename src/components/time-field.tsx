import { useState } from 'react';
import styles from '@/components/date-field.module.css';
import { parseTimeText } from '@/components/date-parse';
import { DateTextInput } from '@/components/date-text-input';
import { useDateTexts } from '@/components/date-texts';
import { Field } from '@/components/field';
import type { FieldOptions } from '@/components/field';

export type TimeFieldProps = FieldOptions & {
  /** `HH:mm` (24-hour), or empty: what a native time input's value was. */
  value: string;
  /** Called with `HH:mm` when the text is a time, with '' when it is empty or not one. */
  onChange: (value: string) => void;
  id?: string | undefined;
  /** Submits the `HH:mm` value with the form under this name (a hidden input). */
  name?: string | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
};

/**
 * A 24-hour time as Norwegians write it, whatever the browser's language: «9», «930», «09.30» and
 * «09:30» all read as 09:30 and show as `HH:mm` once the field is left; there is never an AM/PM.
 * Text that is no time keeps what was typed and says what to write; the value is then ''.
 */
export function TimeField({
  label,
  hint,
  error,
  hideLabel,
  id,
  name,
  value,
  onChange,
  required,
  disabled,
}: TimeFieldProps) {
  const texts = useDateTexts();
  const [text, setText] = useState(value);
  const [invalid, setInvalid] = useState(false);
  const [shownValue, setShownValue] = useState(value);

  // A value set from outside replaces the text unless the text already says it.
  if (value !== shownValue) {
    setShownValue(value);
    if ((parseTimeText(text) ?? '') !== value) {
      setText(value);
      setInvalid(false);
    }
  }

  const type = (next: string) => {
    setText(next);
    const time = parseTimeText(next);
    if (invalid) setInvalid(next.trim() !== '' && !time);
    if ((time ?? '') !== value) onChange(time ?? '');
  };

  const settle = () => {
    const time = parseTimeText(text);
    setInvalid(text.trim() !== '' && !time);
    if (time) setText(time);
  };

  return (
    <Field
      label={label}
      hint={hint}
      error={invalid ? texts.timeInvalid : error}
      hideLabel={hideLabel}
      id={id}
    >
      {(control) => (
        <DateTextInput
          control={control}
          text={text}
          value={value}
          name={name}
          placeholder={texts.timePlaceholder}
          className={styles.time}
          required={required}
          disabled={disabled}
          onText={type}
          onSettle={settle}
        />
      )}
    </Field>
  );
}
