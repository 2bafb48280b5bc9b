import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import CalendarEditPage from '@/features/calendars/routes/calendar-edit';
import { CALENDAR, doorRow } from '../../factories/calendar';
import { calendarsHandlers, newCalendarsState, type CalendarsState } from '../../msw/handlers/calendars';
import { setupMswServer } from '../../msw/server';
import { readBlob } from '../../support/read-blob';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn, SUPABASE } from '../../support/session';

let state: CalendarsState = newCalendarsState();
const server = setupMswServer(...calendarsHandlers(() => state));

const statistics = {
  visits: 1234,
  visitors: 800,
  shares: 12,
  participants: 40,
  entries: 57,
  entries_today: 9,
  new_leads: 31,
  marketing_consent_rate: 0.25,
  doors: [
    { day_number: 1, opens_at: '2026-12-01T07:00:00Z', entries: 30, correct: 21 },
    { day_number: 2, opens_at: '2026-12-02T07:00:00Z', entries: 27, correct: 20 },
  ],
  days: [],
};

const entry = {
  id: 'entry-1',
  created_at: '2026-12-01T09:15:00Z',
  answer: 'Strøm',
  is_correct: true,
  marketing_consent_id: null,
  consent: { text: { body: 'Jeg godtar reglene; og «vilkårene».' } },
  campaign_items: { position: 1 },
  participants: { email: 'ola@example.no', name: 'Ola Nordmann', phone: null },
};

beforeAll(async () => {
  await prepareI18n('calendars', 'calendar-errors', 'media');
});
beforeEach(() => {
  state = newCalendarsState({ doors: [doorRow(1), doorRow(2)] });
  signIn();
  server.use(
    http.post(`${SUPABASE}/rest/v1/rpc/calendar_statistics`, () => HttpResponse.json(statistics)),
    http.get(`${SUPABASE}/rest/v1/campaign_entries`, () => HttpResponse.json([entry])),
  );
});

describe('/calendar/:id/edit?section=statistics', () => {
  it('shows the figures, entries per door in a table beside the chart, and the consent rate', async () => {
    renderApp(CalendarEditPage, {
      path: '/calendar/:id/edit',
      entry: `/calendar/${CALENDAR}/edit?section=statistics`,
    });
    const visits = await screen.findByText('Besøk');
    expect(visits.nextElementSibling).toHaveTextContent(/^1\s234$/);
    expect(screen.getByText('Nye leads').nextElementSibling).toHaveTextContent('31');
    expect(screen.getByText('Samtykke til markedsføring').nextElementSibling).toHaveTextContent('25 %');

    const table = screen.getByRole('table', { name: 'Antall svar og riktige svar per luke' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['13021', '22720']);
  });

  it('downloads every entry as CSV with the participant and the consent text as shown', async () => {
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:entries';
      }),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    renderApp(CalendarEditPage, {
      path: '/calendar/:id/edit',
      entry: `/calendar/${CALENDAR}/edit?section=statistics`,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Last ned svar (CSV)' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const lines = (await readBlob(blobs[0]!)).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]?.split(';')[0]).toBe('Luke');
    expect(lines[1]).toContain('ola@example.no;Ola Nordmann');
    expect(lines[1]).toContain('"Jeg godtar reglene; og «vilkårene»."');
  });
});
