import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CalendarAddPage from '@/features/calendars/routes/calendar-add';
import {
  calendarsHandlers,
  newCalendarsState,
  requestsTo,
  type CalendarsState,
} from '../../msw/handlers/calendars';
import { setupMswServer } from '../../msw/server';
import { ORG } from '../../support/ids';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

let state: CalendarsState = newCalendarsState();
setupMswServer(...calendarsHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('calendars', 'calendar-errors');
});
beforeEach(() => {
  state = newCalendarsState();
  signIn();
});

const open = async () => {
  const view = renderApp(CalendarAddPage, {
    path: '/calendar/add',
    routes: [{ path: '/calendar/:id/edit', element: <p>editor</p> }],
  });
  await screen.findByLabelText('Navn');
  return view;
};

describe('/calendar/add', () => {
  it('requires a name and keeps the form as typed', async () => {
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Lag kalenderen' }));
    const name = screen.getByLabelText('Navn');
    expect(name).toHaveAccessibleDescription(/Skriv et navn\./);
    expect(name).toHaveFocus();
    expect(requestsTo(state, 'POST', 'rpc/create_calendar')).toHaveLength(0);
  });

  it('checks the dates of a weekly calendar: the last door on the same weekday, not before the first', async () => {
    await open();
    await userEvent.type(screen.getByLabelText('Navn'), 'Ukeskalender');
    await userEvent.selectOptions(screen.getByLabelText('Mal'), 'weekly');
    await userEvent.click(screen.getByRole('button', { name: 'Lag kalenderen' }));
    expect(screen.getByLabelText('Første luke')).toHaveAccessibleDescription(/Velg datoen for første luke/);

    await userEvent.type(screen.getByLabelText('Første luke'), '02.11.2026');
    await userEvent.type(screen.getByLabelText('Siste luke'), '20.11.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Lag kalenderen' }));
    expect(screen.getByLabelText('Siste luke')).toHaveAccessibleDescription(/samme ukedag som første/);

    await userEvent.clear(screen.getByLabelText('Siste luke'));
    await userEvent.type(screen.getByLabelText('Siste luke'), '01.10.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Lag kalenderen' }));
    expect(screen.getByLabelText('Siste luke')).toHaveAccessibleDescription(/kan ikke være før første/);
    expect(requestsTo(state, 'POST', 'rpc/create_calendar')).toHaveLength(0);
  });

  it('warns about a door time in the hour that moves on a DST day within the period', async () => {
    await open();
    await userEvent.selectOptions(screen.getByLabelText('Mal'), 'daily');
    await userEvent.type(screen.getByLabelText('Første luke'), '20.03.2027');
    await userEvent.type(screen.getByLabelText('Siste luke'), '02.04.2027');
    const time = screen.getByLabelText('Lukene åpner kl.');
    await userEvent.clear(time);
    await userEvent.type(time, '02:30');
    expect(screen.getByRole('status')).toHaveTextContent(/mellom 02:00 og 03:00.*28\.03\.2027/);
  });

  it('creates a 24-door advent calendar as a draft and opens the editor', async () => {
    const { router } = await open();
    await userEvent.type(screen.getByLabelText('Navn'), 'Julekalender 2026');
    expect(screen.getByText(/24 luker, 01\.12\.\d{4} – 24\.12\.\d{4}/)).toBeInTheDocument();
    await userEvent.selectOptions(
      screen.getByLabelText('År'),
      screen.getAllByRole('option', { name: /^20\d\d$/ })[0]!,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Lag kalenderen' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/calendar/ca000000-0000-4000-8000-0000000000bb/edit'),
    );
    const [post] = requestsTo(state, 'POST', 'rpc/create_calendar');
    const body = post?.body as Record<string, string>;
    expect(body).toMatchObject({
      input_organization_id: ORG,
      input_name: 'Julekalender 2026',
      input_template: 'advent-24',
      input_door_time: '08:00',
    });
    expect(body.input_starts_on).toMatch(/^\d{4}-12-01$/);
    expect(body.input_ends_on).toMatch(/^\d{4}-12-24$/);
  });
});
