import './polyfills';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Select } from '@/components/select';
import type { SelectOption } from '@/components/select';
import { renderWithI18n } from './i18n-for-tests';

const counties: SelectOption[] = [
  { value: 'oslo', label: 'Oslo' },
  { value: 'vestland', label: 'Vestland' },
  { value: 'viken', label: 'Viken', disabled: true },
  { value: 'rogaland', label: 'Rogaland' },
];

function Controlled({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <Select
      label="Fylke"
      options={counties}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('Select', () => {
  it('is a labelled combobox showing the Norwegian placeholder', () => {
    renderWithI18n(<Select label="Fylke" options={counties} hint="Der kunden bor." />);
    const trigger = screen.getByRole('combobox', { name: 'Fylke' });
    expect(trigger).toHaveTextContent('Velg …');
    expect(trigger).toHaveAccessibleDescription('Der kunden bor.');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('picks an option with the mouse', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithI18n(<Controlled onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Fylke' }));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Vestland' }));
    expect(onChange).toHaveBeenCalledWith('vestland');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Fylke' })).toHaveTextContent('Vestland');
  });

  it('is operated with the keyboard alone, skipping disabled options', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithI18n(<Controlled onChange={onChange} />);
    await user.tab();
    const trigger = screen.getByRole('combobox', { name: 'Fylke' });
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Oslo' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Rogaland' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('rogaland');
    expect(trigger).toHaveTextContent('Rogaland');
  });

  it('closes on Escape without choosing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithI18n(<Controlled onChange={onChange} />);
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('wires its error through Field', () => {
    renderWithI18n(<Select label="Fylke" options={counties} error="Velg et fylke." required />);
    const trigger = screen.getByRole('combobox', { name: 'Fylke' });
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAttribute('aria-required', 'true');
    expect(trigger).toHaveAccessibleDescription('Velg et fylke.');
  });
});
