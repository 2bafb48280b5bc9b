import { CalendarDays } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import styles from '@/components/date-field.module.css';
import { dateKeyText, parseDateText } from '@/components/date-parse';
import { DateTextInput } from '@/components/date-text-input';
import { fill, useDateTexts } from '@/components/date-texts';
import type { DateTexts } from '@/components/date-texts';
import { Field } from '@/components/field';
import type { FieldOptions } from '@/components/field';
import { Spinner } from '@/components/spinner';

const DatePopover = lazy(() =>
  import('@/components/date-popover').then((module) => ({ default: module.DatePopover })),
);

export type DateFieldProps = FieldOptions & {
  /** `yyyy-mm-dd`, or empty: what a native date input's value was. */
  value: string;
  /** Called with `yyyy-mm-dd` when the text is a real date, with '' when it is empty or not one. */
  onChange: (value: string) => void;
  id?: string | undefined;
  /** Submits the `yyyy-mm-dd` value with the form under this name (a hidden input). */
  name?: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  showWeekNumber?: boolean | undefined;
};

/** What is wrong with the typed text, in words; null when it is empty or a date in range. */
function problemWith(text: string, texts: DateTexts, min?: string, max?: string): string | null {
  if (text.trim() === '') return null;
  const key = parseDateText(text);
  if (!key) return texts.dateInvalid;
  if (min && key < min) return fill(texts.dateTooEarly, { min: dateKeyText(min) });
  if (max && key > max) return fill(texts.dateTooLate, { max: dateKeyText(max) });
  return null;
}

/**
 * A date as Norwegians write it, whatever the browser's language: a text field that shows and reads
 * `dd.mm.yyyy` (also «24122026», «24/12/2026» and a pasted «2026-12-24»), and a calendar button whose
 * popover (weeks from Monday, Norwegian names, today marked, min/max) loads on first open. Alt+Down
 * in the field opens it too; Escape closes it and the focus returns to the button.
 *
 * Text that is no date keeps what was typed and says what to write when the field is left; the value
 * is then '' as a native input's was, and a date outside min/max is passed on but marked, as a native
 * input's was, so forms keep their own checks.
 */
export function DateField({
  label,
  hint,
  error,
  hideLabel,
  id,
  name,
  value,
  onChange,
  min,
  max,
  required,
  disabled,
  showWeekNumber,
}: DateFieldProps) {
  const texts = useDateTexts();
  const [text, setText] = useState(() => dateKeyText(value));
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  // The popover's chunk is fetched on the first opening and kept from then on.
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const [shownValue, setShownValue] = useState(value);

  // A value set from outside (a reset, a saved record) replaces the text unless the text already says it.
  if (value !== shownValue) {
    setShownValue(value);
    if ((parseDateText(text) ?? '') !== value) {
      setText(dateKeyText(value));
      setProblem(null);
    }
  }

  const type = (next: string) => {
    setText(next);
    if (problem) setProblem(problemWith(next, texts, min, max));
    const key = parseDateText(next) ?? '';
    if (key !== value) onChange(key);
  };

  const settle = () => {
    setProblem(problemWith(text, texts, min, max));
    const key = parseDateText(text);
    if (key) setText(dateKeyText(key));
  };

  const toggle = (next: boolean) => {
    if (next) setLoaded(true);
    setOpen(next);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && event.altKey) {
      event.preventDefault();
      toggle(true);
    }
  };

  const pick = (key: string) => {
    setText(dateKeyText(key));
    setProblem(null);
    if (key !== value) onChange(key);
    setOpen(false);
  };

  // Text that is no date is ours to explain; a range the form checks too is said the form's way.
  const shownError = problem && (problem === texts.dateInvalid || !error) ? problem : error;
  const calendarName = typeof label === 'string' ? `${texts.openCalendar}: ${label}` : texts.openCalendar;

  return (
    <Field label={label} hint={hint} error={shownError} hideLabel={hideLabel} id={id}>
      {(control) => (
        <div className={styles.row}>
          <DateTextInput
            control={control}
            text={text}
            value={value}
            name={name}
            placeholder={texts.datePlaceholder}
            className={styles.date}
            required={required}
            disabled={disabled}
            onText={type}
            onSettle={settle}
            onKeyDown={keyDown}
          />
          <button
            ref={button}
            type="button"
            className={styles.button}
            aria-label={calendarName}
            aria-haspopup="dialog"
            aria-expanded={open}
            disabled={disabled}
            onClick={() => toggle(!open)}
          >
            <CalendarDays aria-hidden="true" size={20} />
          </button>
          {loaded ? (
            <Suspense fallback={open ? <Spinner size="sm" /> : null}>
              <DatePopover
                anchor={button}
                open={open}
                onOpenChange={setOpen}
                label={texts.calendar}
                selected={parseDateText(text) ?? value}
                min={min}
                max={max}
                showWeekNumber={showWeekNumber}
                onPick={pick}
              />
            </Suspense>
          ) : null}
        </div>
      )}
    </Field>
  );
}
