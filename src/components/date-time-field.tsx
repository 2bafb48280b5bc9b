import { useState } from 'react';
import type { ReactNode } from 'react';
import { DateField } from '@/components/date-field';
import styles from '@/components/date-field.module.css';
import { useDateTexts } from '@/components/date-texts';
import { TimeField } from '@/components/time-field';

export type DateTimeFieldProps = {
  legend: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** `yyyy-mm-ddTHH:mm` (an Oslo wall-clock moment), or empty: what datetime-local's value was. */
  value: string;
  /** Called with `yyyy-mm-ddTHH:mm` once both parts are filled in, with '' otherwise. */
  onChange: (value: string) => void;
  /** Submits the combined value with the form under this name (a hidden input). */
  name?: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
};

const split = (value: string) => {
  const [date = '', time = ''] = value.split('T');
  return { date, time: time.slice(0, 5) };
};

/**
 * A date and a 24-hour time under one legend, read as Oslo wall-clock time (turn it into an instant
 * with the Oslo helpers in lib/format, never with the browser's zone). Each part keeps its own text
 * and messages; min and max bound the date part.
 */
export function DateTimeField({
  legend,
  hint,
  error,
  value,
  onChange,
  name,
  min,
  max,
  required,
  disabled,
}: DateTimeFieldProps) {
  const texts = useDateTexts();
  const [parts, setParts] = useState(() => split(value));
  const [shownValue, setShownValue] = useState(value);
  const combined = parts.date && parts.time ? `${parts.date}T${parts.time}` : '';

  // A value set from outside replaces both parts unless they already make it.
  if (value !== shownValue) {
    setShownValue(value);
    if (combined !== value) setParts(split(value));
  }

  const change = (next: { date: string; time: string }) => {
    setParts(next);
    const nextValue = next.date && next.time ? `${next.date}T${next.time}` : '';
    if (nextValue !== value) onChange(nextValue);
  };

  return (
    <fieldset className={styles.pair}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.pairFields}>
        <DateField
          label={texts.date}
          hint={hint}
          error={error}
          value={parts.date}
          min={min?.slice(0, 10)}
          max={max?.slice(0, 10)}
          required={required}
          disabled={disabled}
          onChange={(date) => change({ ...parts, date })}
        />
        <TimeField
          label={texts.time}
          value={parts.time}
          required={required}
          disabled={disabled}
          onChange={(time) => change({ ...parts, time })}
        />
      </div>
      {name ? <input type="hidden" name={name} value={value} /> : null}
    </fieldset>
  );
}
