import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CalendarPreviewPage from '@/features/calendars/routes/calendar-preview';
import { CALENDAR, calendarRow, doorRow } from '../../factories/calendar';
import { calendarsHandlers, newCalendarsState, type CalendarsState } from '../../msw/handlers/calendars';
import { setupMswServer } from '../../msw/server';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

let state: CalendarsState = newCalendarsState();
setupMswServer(...calendarsHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('calendars', 'calendar-errors');
});
beforeEach(() => {
  state = newCalendarsState({
    calendars: [calendarRow({ consent_text: 'Jeg godtar reglene.' })],
    doors: [
      doorRow(1, { title: 'Velkommen' }),
      doorRow(2, {
        title: 'Dagens spørsmål',
        quiz_kind: 'single',
        quiz_question: 'Hvor mange luker?',
        quiz_options: ['12', '24'],
      }),
      doorRow(3, { title: 'Hemmelig luke' }),
    ],
  });
  signIn();
});

const open = async () => {
  renderApp(CalendarPreviewPage, { path: '/calendar/:id/preview', entry: `/calendar/${CALENDAR}/preview` });
  return screen.findByLabelText('Dato');
};

describe('/calendar/:id/preview', () => {
  it('shows the doors as they stand at the test date, and opens one in place', async () => {
    const date = await open();
    fireEvent.change(date, { target: { value: '2026-12-02' } });
    fireEvent.change(screen.getByLabelText('Klokkeslett (norsk tid)'), { target: { value: '12:00' } });
    expect(screen.getByRole('button', { name: 'Luke 2, dagens luke, åpen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Luke 3, åpner/ })).toHaveAttribute('aria-disabled', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Luke 2, dagens luke, åpen' }));
    expect(screen.getByRole('heading', { name: 'Luke 2: Dagens spørsmål' })).toBeInTheDocument();
    expect(screen.getByText('Hvor mange luker?')).toBeInTheDocument();
  });

  it('opens every door with «Åpne alle luker», future ones included', async () => {
    const date = await open();
    fireEvent.change(date, { target: { value: '2026-11-20' } });
    expect(screen.getByRole('button', { name: /^Luke 3, åpner/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Åpne alle luker' }));
    await userEvent.click(screen.getByRole('button', { name: /^Luke 3,.*åpen$/ }));
    expect(screen.getByRole('heading', { name: 'Luke 3: Hemmelig luke' })).toBeInTheDocument();
  });
});
