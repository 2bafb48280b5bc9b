import { http, HttpResponse } from 'msw';
import type { EditorCalendar } from '@/features/calendars/api/get-calendar';
import type { Tables } from '@/lib/database.types';
import { calendarRow, drawRow, winnerRow } from '../../factories/calendar';
import { ORG } from '../../support/ids';
import { SUPABASE } from '../../support/session';
import { record, single, type Recorded } from '../rest';
import { membershipHandlers } from './account';

type Winner = Tables<'campaign_draw_winners'> & {
  participants: { name: string | null; email: string } | null;
};
type Draw = Tables<'campaign_draws'> & { campaign_draw_winners: Winner[] };

/**
 * The calendar screens' backend: the calendars (each row answers for both its campaign and its
 * calendar table) with their summaries, one calendar's doors, secrets, prizes and library items, and
 * its draws. `refuse` makes the next write of that table answer the
 * database's P0001 refusal with the code. Every write is recorded in `requests`.
 */
export type CalendarsState = {
  calendars: EditorCalendar[];
  summaries: { calendar_id: string; participants: number; entries: number; entries_today: number }[];
  doors: Tables<'calendar_doors'>[];
  secrets: Tables<'calendar_door_secrets'>[];
  prizes: Tables<'campaign_prizes'>[];
  media: Tables<'organizations_media'>[];
  draws: Draw[];
  refuse: Partial<
    Record<'calendars' | 'campaigns' | 'calendar_doors' | 'campaign_prizes' | 'commit', string>
  >;
  requests: Recorded[];
};

export const newCalendarsState = (overrides: Partial<CalendarsState> = {}): CalendarsState => ({
  calendars: [calendarRow()],
  summaries: [],
  doors: [],
  secrets: [],
  prizes: [],
  media: [],
  draws: [],
  refuse: {},
  requests: [],
  ...overrides,
});

const refusal = (code: string) =>
  HttpResponse.json({ code: 'P0001', message: code, details: null, hint: null }, { status: 400 });

/** `id=eq.x` → x */
const eq = (url: URL, column: string) => url.searchParams.get(column)?.replace(/^eq\./, '') ?? null;

export function calendarsHandlers(state: () => CalendarsState) {
  const s = state;
  return [
    ...membershipHandlers(() => 'owner'),
    ...(['calendars', 'campaigns'] as const).map((table) =>
      http.get(`${SUPABASE}/rest/v1/${table}`, ({ request }) => {
        const url = new URL(request.url);
        // Like PostgREST, the computed column calendar_status comes only when the select names it.
        const computed = (url.searchParams.get('select') ?? '*')
          .split(',')
          .some((c) => c.trim() === 'calendar_status');
        const shown = ({ calendar_status, ...row }: EditorCalendar) =>
          computed ? { ...row, calendar_status } : row;
        const id = eq(url, 'id');
        if (id) {
          const row = s().calendars.find((calendar) => calendar.id === id);
          return row ? single(request, shown(row)) : HttpResponse.json(null);
        }
        return HttpResponse.json(
          s()
            .calendars.filter((calendar) => calendar.organization_id === ORG)
            .map(shown),
        );
      }),
    ),
    http.post(`${SUPABASE}/rest/v1/rpc/calendar_summaries`, () => HttpResponse.json(s().summaries)),
    http.post(`${SUPABASE}/rest/v1/rpc/create_calendar`, async ({ request }) => {
      await record(s().requests, request);
      return HttpResponse.json('ca000000-0000-4000-8000-0000000000bb');
    }),
    ...(['calendars', 'campaigns'] as const).map((table) =>
      http.patch(`${SUPABASE}/rest/v1/${table}`, async ({ request }) => {
        await record(s().requests, request);
        const code = s().refuse[table];
        if (code) return refusal(code);
        // The write lands, so a refetch sees it (a published calendar reads as published).
        const id = eq(new URL(request.url), 'id');
        const body = (await request.clone().json()) as Partial<EditorCalendar>;
        s().calendars = s().calendars.map((row) => (row.id === id ? { ...row, ...body } : row));
        return single(request, { id });
      }),
    ),
    // The organizer the rules template names.
    http.get(`${SUPABASE}/rest/v1/organizations`, ({ request }) =>
      single(request, {
        name: 'Fjordbygg AS',
        organization_number: '923609016',
        contact_email: 'post@fjordbygg.no',
      }),
    ),
    http.get(`${SUPABASE}/rest/v1/calendar_doors`, () => HttpResponse.json(s().doors)),
    http.patch(`${SUPABASE}/rest/v1/calendar_doors`, async ({ request }) => {
      await record(s().requests, request);
      const code = s().refuse.calendar_doors;
      if (code) return refusal(code);
      return single(request, { id: eq(new URL(request.url), 'id') });
    }),
    http.get(`${SUPABASE}/rest/v1/calendar_door_secrets`, () =>
      HttpResponse.json(s().secrets.map((secret) => ({ ...secret, calendar_doors: { calendar_id: 'x' } }))),
    ),
    // An update finds the door's row only when the state has one.
    http.patch(`${SUPABASE}/rest/v1/calendar_door_secrets`, async ({ request }) => {
      await record(s().requests, request);
      const doorId = eq(new URL(request.url), 'door_id');
      return HttpResponse.json(
        s()
          .secrets.filter((secret) => secret.door_id === doorId)
          .map(() => ({ door_id: doorId })),
      );
    }),
    http.post(`${SUPABASE}/rest/v1/calendar_door_secrets`, async ({ request }) => {
      await record(s().requests, request);
      return single(request, { door_id: 'x' });
    }),
    http.delete(`${SUPABASE}/rest/v1/calendar_door_secrets`, async ({ request }) => {
      await record(s().requests, request);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${SUPABASE}/rest/v1/campaign_prizes`, () => HttpResponse.json(s().prizes)),
    http.post(`${SUPABASE}/rest/v1/campaign_prizes`, async ({ request }) => {
      await record(s().requests, request);
      const code = s().refuse.campaign_prizes;
      if (code) return refusal(code);
      return single(request, { id: 'a0000000-0000-4000-8000-0000000000ff' });
    }),
    http.patch(`${SUPABASE}/rest/v1/campaign_prizes`, async ({ request }) => {
      await record(s().requests, request);
      return single(request, { id: eq(new URL(request.url), 'id') });
    }),
    http.get(`${SUPABASE}/rest/v1/organizations_media`, () => HttpResponse.json(s().media)),
    http.get(`${SUPABASE}/rest/v1/campaign_draws`, () => HttpResponse.json(s().draws)),
    http.post(`${SUPABASE}/rest/v1/rpc/commit_calendar_draw`, async ({ request }) => {
      await record(s().requests, request);
      const code = s().refuse.commit;
      if (code) return refusal(code);
      const draw = { ...drawRow(), campaign_draw_winners: [] };
      s().draws = [draw];
      const { campaign_draw_winners: _winners, ...row } = draw;
      return HttpResponse.json(row);
    }),
    http.post(`${SUPABASE}/rest/v1/rpc/run_calendar_draw`, async ({ request }) => {
      await record(s().requests, request);
      const winner = {
        ...winnerRow(),
        participants: { name: 'Ola Nordmann', email: 'ola@example.no' },
      };
      s().draws = s().draws.map((draw) => ({
        ...draw,
        seed_hex: 'b'.repeat(64),
        drawn_at: '2026-12-02T08:01:00Z',
        campaign_draw_winners: [winner],
      }));
      return HttpResponse.json([winnerRow()]);
    }),
    http.post(`${SUPABASE}/rest/v1/rpc/decide_calendar_winner`, async ({ request }) => {
      await record(s().requests, request);
      const body = (await request.clone().json()) as { input_winner_id: string; input_approve: boolean };
      s().draws = s().draws.map((draw) => ({
        ...draw,
        campaign_draw_winners: draw.campaign_draw_winners.map((winner) =>
          winner.id === body.input_winner_id
            ? { ...winner, status: body.input_approve ? 'approved' : 'rejected' }
            : winner,
        ),
      }));
      return HttpResponse.json([]);
    }),
    http.post(`${SUPABASE}/rest/v1/rpc/draw_more_calendar_winners`, async ({ request }) => {
      await record(s().requests, request);
      return HttpResponse.json([]);
    }),
  ];
}

/** The requests of one method and table (or `rpc/<name>`). */
export const requestsTo = (state: CalendarsState, method: string, path: string) =>
  state.requests.filter(
    (request) => request.method === method && request.url.pathname === `/rest/v1/${path}`,
  );
