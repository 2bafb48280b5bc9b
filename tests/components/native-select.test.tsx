import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NativeSelect } from '@/components/native-select';
import { renderWithI18n } from './i18n-for-tests';

const options = [
  { value: 'o1', label: 'Fjord Rør AS' },
  { value: 'o2', label: 'Nordlys Elektro AS' },
];

describe('NativeSelect', () => {
  it('is labelled and reports the chosen value', async () => {
    const onChange = vi.fn<(value: string) => void>();
    renderWithI18n(
      <NativeSelect
        label="Organisasjon"
        options={options}
        defaultValue="o1"
        onChange={(event) => onChange(event.target.value)}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Organisasjon' });
    await userEvent.selectOptions(select, 'Nordlys Elektro AS');
    expect(onChange).toHaveBeenCalledWith('o2');
    expect(select).toHaveValue('o2');
  });

  it('wires its error message to the control', () => {
    renderWithI18n(<NativeSelect label="Organisasjon" options={options} error="Velg en organisasjon" />);
    const select = screen.getByRole('combobox', { name: 'Organisasjon' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Velg en organisasjon');
  });
});
