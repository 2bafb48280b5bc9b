import { Input } from '@/components/input';

/**
 * A number typed as text (so «12,5» and «1 000» are kept as typed until checked), with the phone's
 * number keyboard: whole numbers or decimals.
 */
export function NumberField({
  id,
  label,
  hint,
  value,
  onChange,
  error,
  decimals = false,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  decimals?: boolean;
}) {
  return (
    <Input
      id={id}
      label={label}
      hint={hint}
      inputMode={decimals ? 'decimal' : 'numeric'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      autoComplete="off"
    />
  );
}
