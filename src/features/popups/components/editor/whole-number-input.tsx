import type { ReactNode } from 'react';
import { Input } from '@/components/input';
import { readWhole, shownNumber } from './section-props';

/** A whole number typed into a field; empty while typed is NaN, so the checks say what is wanted. */
export function WholeNumberInput({
  label,
  hint,
  min,
  max,
  value,
  error,
  onChange,
}: {
  label: string;
  hint?: ReactNode;
  min: number;
  max: number;
  value: number | undefined;
  error: string | undefined;
  onChange: (value: number) => void;
}) {
  return (
    <Input
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      label={label}
      hint={hint}
      value={shownNumber(value)}
      error={error}
      onChange={(event) => onChange(readWhole(event.target.value))}
    />
  );
}
