import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DateField } from '@/components/date-field';
import type { DateFieldProps } from '@/components/date-field';
import { weekdayNames } from '@/lib/format';
import { renderWithI18n } from './i18n-for-tests';
import './polyfills';

type HarnessProps = Omit<DateFieldProps, 'value' | 'onChange'> & {
  initial?: string;
  spy: (value: string) => void;
};

/** A form that owns the value, as the app's forms do, and reports every change. */
function Harness({ initial = '', spy, ...props }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next);
          spy(next);
        }}
      />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        Tøm
      </button>
    </>
  );
}

const valueShown = () => screen.getByTestId('value').textContent;

describe('DateField', () => {
  it('shows a value as dd.mm.yyyy and gives yyyy-mm-dd for what is typed', async () => {
    const spy = vi.fn();
    renderWithI18n(<Harness label="Første luke" initial="2026-12-01" spy={spy} />);
    const field = screen.getByRole('textbox', { name: 'Første luke' });
    expect(field).toHaveValue('01.12.2026');
    expect(field).toHaveAttribute('placeholder', 'dd.mm.åååå');

    await userEvent.clear(field);
    expect(spy).toHaveBeenLastCalledWith('');
    await userEvent.type(field, '24.12.2026');
    expect(valueShown()).toBe('2026-12-24');

    await userEvent.clear(field);
    await userEvent.type(field, '1/2/2027');
    await userEvent.tab();
    expect(valueShown()).toBe('2027-02-01');
    expect(field).toHaveValue('01.02.2027');
  });

  it('keeps text that is no date, says what to write and gives an empty value', async () => {
    const spy = vi.fn();
    renderWithI18n(<Harness label="Fra dato" initial="2026-11-01" spy={spy} />);
    const field = screen.getByRole('textbox', { name: 'Fra dato' });
    await userEvent.clear(field);
    await userEvent.type(field, '31.11.2026');
    expect(field).not.toBeInvalid();
    await userEvent.tab();

    expect(field).toHaveValue('31.11.2026');
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription('Skriv datoen som dd.mm.åååå, for eksempel 24.12.2026.');
    expect(valueShown()).toBe('');

    // Fixing it clears the message as soon as the text is a date.
    await userEvent.clear(field);
    await userEvent.type(field, '30.11.2026');
    expect(field).not.toBeInvalid();
    expect(valueShown()).toBe('2026-11-30');
  });

  it('says the bounds in Norwegian, and lets the form say its own', async () => {
    const spy = vi.fn();
    const { rerender } = renderWithI18n(
      <Harness label="Ny luke" min="2026-12-01" max="2026-12-24" spy={spy} />,
    );
    const field = screen.getByRole('textbox', { name: 'Ny luke' });
    await userEvent.type(field, '30.11.2026');
    await userEvent.tab();
    expect(field).toHaveAccessibleDescription('Velg en dato fra og med 01.12.2026.');
    // Passed on as a native input did, so the form's own checks still see it.
    expect(valueShown()).toBe('2026-11-30');

    await userEvent.clear(field);
    await userEvent.type(field, '25.12.2026');
    await userEvent.tab();
    expect(field).toHaveAccessibleDescription('Velg en dato til og med 24.12.2026.');

    rerender(
      <Harness
        label="Ny luke"
        min="2026-12-01"
        max="2026-12-24"
        error="Luka må ligge i perioden."
        spy={spy}
      />,
    );
    expect(field).toHaveAccessibleDescription('Luka må ligge i perioden.');
  });

  it('submits yyyy-mm-dd under its name and follows a reset from outside', async () => {
    const spy = vi.fn();
    const { container } = renderWithI18n(
      <Harness label="Til dato" name="to" initial="2026-11-30" spy={spy} />,
    );
    expect(container.querySelector('input[type="hidden"][name="to"]')).toHaveValue('2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Tøm' }));
    expect(screen.getByRole('textbox', { name: 'Til dato' })).toHaveValue('');
  });

  it('opens a Norwegian calendar from Monday, moves by keyboard, picks with Enter and gives the focus back', async () => {
    const spy = vi.fn();
    renderWithI18n(<Harness label="Første luke" initial="2026-12-24" showWeekNumber spy={spy} />);
    const button = screen.getByRole('button', { name: 'Velg dato i kalenderen: Første luke' });
    await userEvent.click(button);

    const calendar = await screen.findByRole('dialog', { name: 'Kalender' });
    const grid = await within(calendar).findByRole('grid', { name: 'desember 2026' });
    // The weekday heads are hidden from screen readers (each day's name says its weekday).
    const weekdays = [...grid.querySelectorAll('th.rdp-weekday')];
    expect(weekdays.map((head) => head.getAttribute('aria-label'))).toEqual(weekdayNames('long'));
    expect(weekdayNames('long')[0]).toBe('mandag');
    expect(weekdays[0]).toHaveTextContent(/^ma/);
    // 1 December 2026 is a Tuesday in week 49: its row opens with an empty Monday.
    const firstWeek = within(grid).getAllByRole('row')[0]!;
    expect(firstWeek).toHaveAccessibleName(/^Uke 49/);
    const days = within(firstWeek).getAllByRole('gridcell');
    expect(days[0]?.textContent).toBe('');
    expect(days[1]).toHaveTextContent('1');

    // The chosen day has the focus; arrows move by days and weeks, PageDown by a month.
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/24\. desember 2026/));
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName(/1\. januar 2027/);
    await userEvent.keyboard('{PageDown}');
    expect(document.activeElement).toHaveAccessibleName(/1\. februar 2027/);
    await userEvent.keyboard('{Enter}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Første luke' })).toHaveValue('01.02.2027');
    expect(valueShown()).toBe('2027-02-01');
    expect(button).toHaveFocus();
  });

  it('keeps the calendar within min and max, and Escape closes it without a change', async () => {
    const spy = vi.fn();
    renderWithI18n(
      <Harness label="Ny luke" min="2026-12-01" max="2026-12-24" initial="2026-12-01" spy={spy} />,
    );
    const button = screen.getByRole('button', { name: 'Velg dato i kalenderen: Ny luke' });
    await userEvent.click(button);
    const calendar = await screen.findByRole('dialog', { name: 'Kalender' });
    await within(calendar).findByRole('grid', { name: 'desember 2026' });
    for (const name of ['Gå til forrige måned', 'Gå til neste måned']) {
      expect(within(calendar).getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true');
    }
    expect(within(calendar).getByRole('button', { name: /25\. desember 2026/ })).toBeDisabled();

    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/1\. desember 2026/));
    await userEvent.keyboard('{ArrowLeft}');
    // Before the first allowed day there is nowhere to go.
    expect(document.activeElement).toHaveAccessibleName(/1\. desember 2026/);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(spy).not.toHaveBeenCalled();
  });

  it('opens the calendar with Alt+Down from the text', async () => {
    renderWithI18n(<Harness label="Fra dato" initial="2026-11-10" spy={vi.fn()} />);
    await userEvent.click(screen.getByRole('textbox', { name: 'Fra dato' }));
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(await screen.findByRole('grid', { name: 'november 2026' })).toBeVisible();
    const button = screen.getByRole('button', { name: 'Velg dato i kalenderen: Fra dato' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // The button closes what it opened rather than counting as a click outside that reopens it.
    await userEvent.click(button);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});
