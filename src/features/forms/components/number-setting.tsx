import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/input';
import { readNumber } from '../utils/read-number';

/**
 * A block's optional number (min, max, points …): kept as typed, so «7,» is not lost while the
 * organizer types; empty removes it, a number sets it, anything else says so and changes nothing.
 */
export function NumberSetting({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const { t } = useTranslation('forms');
  const shown = value === undefined ? '' : String(value).replace('.', ',');
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | undefined>();
  // Undo, redo or another field changed the value: show the new one.
  const [last, setLast] = useState(value);
  if (last !== value) {
    setLast(value);
    if (readNumber(text) !== (value ?? null)) setText(shown);
  }

  return (
    <Input
      label={label}
      inputMode="decimal"
      value={text}
      error={error}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        if (typed.trim() === '') {
          setError(undefined);
          onChange(undefined);
          return;
        }
        const number = readNumber(typed);
        setError(number === null ? t('builder.fields.notANumber') : undefined);
        if (number !== null) onChange(number);
      }}
    />
  );
}
