import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CalendarListPage from '@/features/calendars/routes/calendar-list';
import { calendarRow } from '../../factories/calendar';
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
  signIn();
});

describe('/calendar/list', () => {
  it('lists the calendars with status, period, participants, entries today and actions', async () => {
    const user = userEvent.setup();
    state = newCalendarsState({
      calendars: [
        calendarRow(),
        calendarRow({
          id: 'ca000000-0000-4000-8000-000000000001',
          name: 'Adventskalender for Fjordbygg',
          published_at: '2026-11-25T10:00:00Z',
          calendar_status: 'live',
        }),
      ],
      summaries: [
        {
          calendar_id: 'ca000000-0000-4000-8000-000000000001',
          participants: 1234,
          entries: 3000,
          entries_today: 87,
        },
      ],
    });
    renderApp(CalendarListPage, { path: '/calendar/list' });
    // The status is the database's computed column (the handler leaves it out unless selected).
    const live = (await screen.findByRole('link', { name: 'Adventskalender for Fjordbygg' })).closest('tr');
    if (!live) throw new Error('no row');
    expect(within(live).getByText('Pågår')).toBeInTheDocument();
    expect(within(live).getByText(/^1\s234$/)).toBeInTheDocument();
    expect(within(live).getByText('87')).toBeInTheDocument();
    expect(within(live).getByText('01.12.2026 – 24.12.2026')).toBeInTheDocument();
    expect(within(live).getByRole('link', { name: 'Rediger' })).toHaveAttribute(
      'href',
      '/calendar/ca000000-0000-4000-8000-000000000001/edit',
    );
    // The other actions are in one menu, «Handlinger».
    await user.click(
      within(live).getByRole('button', { name: 'Handlinger for Adventskalender for Fjordbygg' }),
    );
    const liveMenu = await screen.findByRole('menu');
    expect(within(liveMenu).getByRole('menuitem', { name: 'Åpne offentlig side' })).toHaveAttribute(
      'href',
      `${window.location.origin}/calendar/ca000000-0000-4000-8000-000000000001`,
    );
    expect(within(liveMenu).getByRole('menuitem', { name: 'Kopier lenke' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    const draft = screen.getByRole('link', { name: 'Julekalender 2026' }).closest('tr');
    if (!draft) throw new Error('no row');
    expect(within(draft).getByText('Utkast')).toBeInTheDocument();
    // A draft has no public page to open or share yet.
    await user.click(within(draft).getByRole('button', { name: 'Handlinger for Julekalender 2026' }));
    const draftMenu = await screen.findByRole('menu');
    expect(
      within(draftMenu).queryByRole('menuitem', { name: 'Åpne offentlig side' }),
    ).not.toBeInTheDocument();
    expect(within(draftMenu).getByRole('menuitem', { name: 'Forhåndsvis' })).toHaveAttribute(
      'href',
      '/calendar/ca000000-0000-4000-8000-0000000000aa/preview',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Ny kalender' })).toHaveAttribute('href', '/calendar/add');
  });

  it('teaches what a calendar is when there is none, with a link to make one', async () => {
    state = newCalendarsState({ calendars: [] });
    renderApp(CalendarListPage, { path: '/calendar/list' });
    expect(await screen.findByRole('heading', { name: 'Ingen kalendere ennå' })).toBeInTheDocument();
    expect(screen.getByText(/Hver deltaker som samtykker blir et lead/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lag din første kalender' })).toHaveAttribute(
      'href',
      '/calendar/add',
    );
  });
});
