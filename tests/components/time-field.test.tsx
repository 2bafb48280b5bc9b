import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DateTimeField } from '@/components/date-time-field';
import { TimeField } from '@/components/time-field';
import { renderWithI18n } from './i18n-for-tests';

function TimeHarness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TimeField label="Lukene åpner kl." name="doorTime" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const valueShown = () => screen.getByTestId('value').textContent;

describe('TimeField', () => {
  it('reads «9», «930» and «09.30» as 24-hour times and shows HH:mm once left', async () => {
    renderWithI18n(<TimeHarness initial="06:00" />);
    const field = screen.getByRole('textbox', { name: 'Lukene åpner kl.' });
    expect(field).toHaveValue('06:00');
    expect(field).toHaveAttribute('placeholder', 'tt:mm');

    for (const [typed, time] of [
      ['9', '09:00'],
      ['930', '09:30'],
      ['18.05', '18:05'],
      ['23:59', '23:59'],
    ]) {
      await userEvent.clear(field);
      await userEvent.type(field, typed!);
      expect(valueShown()).toBe(time);
      await userEvent.tab();
      expect(field).toHaveValue(time);
    }
  });

  it('keeps a time that is not one and says how to write it', async () => {
    renderWithI18n(<TimeHarness initial="06:00" />);
    const field = screen.getByRole('textbox', { name: 'Lukene åpner kl.' });
    await userEvent.clear(field);
    await userEvent.type(field, '7 PM');
    await userEvent.tab();
    expect(field).toHaveValue('7 PM');
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription(
      'Skriv klokkeslettet som tt:mm (24 timer), for eksempel 09:30.',
    );
    expect(valueShown()).toBe('');
    await userEvent.clear(field);
    await userEvent.type(field, '19');
    expect(field).not.toBeInvalid();
    expect(valueShown()).toBe('19:00');
  });
});

describe('DateTimeField', () => {
  it('gives yyyy-mm-ddTHH:mm once both parts are filled in', async () => {
    const onChange = vi.fn();
    function Harness() {
      const [value, setValue] = useState('2026-12-01T08:00');
      return (
        <DateTimeField
          legend="Trekning"
          value={value}
          onChange={(next) => {
            setValue(next);
            onChange(next);
          }}
        />
      );
    }
    renderWithI18n(<Harness />);
    expect(screen.getByRole('group', { name: 'Trekning' })).toBeVisible();
    const date = screen.getByRole('textbox', { name: 'Dato' });
    const time = screen.getByRole('textbox', { name: 'Klokkeslett' });
    expect(date).toHaveValue('01.12.2026');
    expect(time).toHaveValue('08:00');

    await userEvent.clear(time);
    expect(onChange).toHaveBeenLastCalledWith('');
    await userEvent.type(time, '1830');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-01T18:30');
    await userEvent.clear(date);
    await userEvent.type(date, '24.12.2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-24T18:30');
  });
});
