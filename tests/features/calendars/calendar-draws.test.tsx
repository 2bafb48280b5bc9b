import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { DrawVerification } from '@/features/calendars/api/get-draw-verification';
import CalendarPage from '@/features/calendars/routes/calendar';
import CalendarDrawsPage from '@/features/calendars/routes/calendar-draws';
import { publicCalendar } from '../../factories/public-calendar';
import { setupMswServer } from '../../msw/server';
import { A, B, C, COMMITMENT, D, SEED } from '../../support/draw-vectors';
import { SUPABASE } from '../../support/session';

const calendar = publicCalendar();
const rpc = (name: string) => `${SUPABASE}/rest/v1/rpc/${name}`;

function doorDraw(overrides: Partial<DrawVerification> = {}): DrawVerification {
  return {
    draw_id: 'd1000000-0000-4000-8000-000000000001',
    day_number: 4,
    prize_name: 'Gavekort',
    eligibility: 'correct',
    exclude_previous_winners: true,
    winners_count: 1,
    entry_ids: [A, D, B, C],
    entries_sha256: COMMITMENT,
    committed_at: '2026-12-05T07:00:01Z',
    seed_hex: SEED,
    drawn_at: '2026-12-05T07:00:09Z',
    // The first winner rejected, replaced by the next in the ranking, and one more drawn.
    winners: [
      { rank: 1, entry_id: B, status: 'rejected', added_as: 'draw', reason: 'Ansatt hos arrangøren' },
      { rank: 2, entry_id: A, status: 'approved', added_as: 'replacement', reason: null },
      { rank: 3, entry_id: D, status: 'pending', added_as: 'more', reason: null },
    ],
    ...overrides,
  };
}

const grandDraw: DrawVerification = doorDraw({
  draw_id: 'd1000000-0000-4000-8000-000000000002',
  day_number: null,
  prize_name: 'Dusjarmatur',
  eligibility: 'all',
  exclude_previous_winners: false,
  committed_at: '2026-12-24T23:00:00Z',
  seed_hex: null,
  drawn_at: null,
  winners: [],
});

const server = setupMswServer(
  http.post(rpc('calendar_public'), () => HttpResponse.json(calendar)),
  http.post(rpc('calendar_draw_verification'), () => HttpResponse.json([doorDraw(), grandDraw])),
);

const visit = (path: string) => window.history.pushState({}, '', path);

describe('/calendar/draws', () => {
  it('lists each draw with its list, hash, seed and winners, and recomputes it with «Kontroller»', async () => {
    visit(`/calendar/draws?id=${calendar.id}`);
    render(<CalendarDrawsPage />);
    await screen.findByRole('heading', { name: 'Slik ble vinnerne trukket', level: 1 });
    await waitFor(() => expect(document.title).toBe('Slik ble vinnerne trukket – Julekalender 2026'));
    expect(screen.getByText(/listen over alle svar som er med/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tilbake til Julekalender 2026' })).toHaveAttribute(
      'href',
      `/calendar/${calendar.id}`,
    );

    const door = screen.getByRole('region', { name: 'Luke 4: Gavekort' });
    expect(within(door).getByText(COMMITMENT)).toBeInTheDocument();
    expect(within(door).getByText(SEED)).toBeInTheDocument();
    expect(within(door).getByText('Bare riktige svar, uten tidligere vinnere')).toBeInTheDocument();
    // Oslo time to the second, whatever the zone the test runs in (TZ is not Oslo).
    expect(within(door).getByText('5. desember 2026 kl. 08:00:01')).toBeInTheDocument();
    expect(within(door).getByText('5. desember 2026 kl. 08:00:09')).toBeInTheDocument();
    expect(within(door).getByText('4 svar i listen')).toBeInTheDocument();
    const winners = within(door)
      .getAllByRole('listitem')
      .filter((item) => (item.textContent ?? '').startsWith('Plass'));
    expect(winners.map((item) => item.textContent)).toEqual([
      `Plass 1: ${B}trukket, avvist · Grunn: Ansatt hos arrangøren`,
      `Plass 2: ${A}trukket på nytt for en avvist vinner, godkjent`,
      `Plass 3: ${D}trukket i tillegg, venter på godkjenning`,
    ]);

    await userEvent.click(within(door).getByRole('button', { name: 'Kontroller' }));
    const result = within(door).getByRole('status');
    expect(await within(result).findByText('Stemmer.')).toBeInTheDocument();
    expect(result).toHaveTextContent(
      `Kontrollsummen av de 4 svar-ID-ene (sortert, skilt med linjeskift) er ${COMMITMENT}`,
    );
    expect(result).toHaveTextContent('Plass 1–3 er de svarene som får lavest SHA-256 av «seed:ID»');

    const grand = screen.getByRole('region', { name: 'Hovedpremien: Dusjarmatur' });
    expect(within(grand).getByText(/Ikke trukket ennå/)).toBeInTheDocument();
    await userEvent.click(within(grand).getByRole('button', { name: 'Kontroller' }));
    expect(await within(grand).findByText('Stemmer.')).toBeInTheDocument();
    expect(within(grand).getByRole('status')).toHaveTextContent('bare listen er kontrollert');
  });

  it('says what does not match: a list changed after it was locked, a winner moved, a rank passed over', async () => {
    server.use(
      http.post(rpc('calendar_draw_verification'), () =>
        HttpResponse.json([
          doorDraw({
            entry_ids: [A, B, C],
            winners: [
              { rank: 1, entry_id: A, status: 'approved', added_as: 'draw', reason: null },
              { rank: 3, entry_id: C, status: 'pending', added_as: 'more', reason: null },
            ],
          }),
        ]),
      ),
    );
    visit(`/calendar/draws?id=${calendar.id}`);
    render(<CalendarDrawsPage />);
    const door = await screen.findByRole('region', { name: 'Luke 4: Gavekort' });
    await userEvent.click(within(door).getByRole('button', { name: 'Kontroller' }));
    const result = within(door).getByRole('status');
    expect(await within(result).findByText('Stemmer ikke.')).toBeInTheDocument();
    expect(result).toHaveTextContent(`men trekningen oppgir ${COMMITMENT}. Listen er ikke den som ble låst.`);
    // Without D the seed ranks B, A, C.
    expect(result).toHaveTextContent(`Plass 1: vinnerlisten har ${A}, men utregningen gir ${B}.`);
    expect(result).toHaveTextContent('Plass 2 mangler på vinnerlisten: noen er hoppet over.');
  });

  it('says a link without the calendar plainly, without a retry', async () => {
    visit('/calendar/draws');
    render(<CalendarDrawsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Lenken mangler kalenderen');
    expect(screen.queryByRole('button', { name: 'Prøv igjen' })).not.toBeInTheDocument();
  });
});

describe('the public calendar', () => {
  it('links to the draws beside the announced winners, and not before there are any', async () => {
    server.use(
      http.post(rpc('record_calendar_event'), () => new HttpResponse(null, { status: 204 })),
      http.post(rpc('calendar_public'), () =>
        HttpResponse.json(
          publicCalendar({
            winners: [
              {
                day_number: 4,
                prize_name: 'Gavekort',
                winner_name: 'Ola N.',
                announced_at: '2026-12-05T07:00:00Z',
              },
            ],
          }),
        ),
      ),
    );
    visit(`/calendar/${calendar.id}?lang=en`);
    const { unmount } = render(<CalendarPage />);
    const winners = await screen.findByRole('region', { name: 'Gårsdagens vinnere' });
    expect(within(winners).getByRole('link', { name: 'Slik ble vinnerne trukket' })).toHaveAttribute(
      'href',
      `/calendar/draws?id=${calendar.id}&lang=en`,
    );
    unmount();

    server.use(http.post(rpc('calendar_public'), () => HttpResponse.json(calendar)));
    visit(`/calendar/${calendar.id}`);
    render(<CalendarPage />);
    await screen.findByRole('link', { name: 'Luke 5, dagens luke, åpen' });
    expect(screen.queryByRole('link', { name: 'Slik ble vinnerne trukket' })).not.toBeInTheDocument();
  });

  it('links to a draw as soon as its list is locked, before any winner is announced', async () => {
    server.use(
      http.post(rpc('record_calendar_event'), () => new HttpResponse(null, { status: 204 })),
      http.post(rpc('calendar_public'), () => HttpResponse.json({ ...calendar, has_draws: true })),
    );
    visit(`/calendar/${calendar.id}`);
    render(<CalendarPage />);
    expect(await screen.findByRole('link', { name: 'Slik ble vinnerne trukket' })).toHaveAttribute(
      'href',
      `/calendar/draws?id=${calendar.id}`,
    );
  });
});
