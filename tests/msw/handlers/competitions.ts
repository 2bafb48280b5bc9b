import { http, HttpResponse } from 'msw';
import type { EditorCompetition, EditorMember } from '@/features/competitions/api/get-competition';
import type { CompetitionListItem } from '@/features/competitions/api/get-competitions';
import type { ProgressEntry } from '@/features/competitions/api/get-progress';
import type { CompetitionStatistics } from '@/features/competitions/api/get-statistics';
import type { Tables } from '@/lib/database.types';
import { competitionRow } from '../../factories/competition';
import { SUPABASE } from '../../support/session';
import { record, single, type Recorded } from '../rest';
import { membershipHandlers } from './account';
import { signedUrlsHandler } from './media';

type Summary = Pick<
  CompetitionListItem,
  'status' | 'teams' | 'participants' | 'total' | 'goal' | 'percent'
> & {
  competition_id: string;
};

/**
 * The competition screens' backend: the competitions (each row answers for both its campaign and its
 * competition table) with their summaries, one competition's groups, teams, members, progress entries
 * and statistics. `refuse` makes the next write of a table or function answer the database's refusal
 * with that code; a move into a team with `team_max` active members answers competition-team-full as
 * the trigger does. Every write is recorded in `requests`.
 */
export type CompetitionsState = {
  competitions: EditorCompetition[];
  summaries: Summary[];
  groups: Tables<'competitions_groups'>[];
  teams: Tables<'competitions_teams'>[];
  members: EditorMember[];
  progress: ProgressEntry[];
  statistics: CompetitionStatistics | null;
  prizes: Tables<'campaign_prizes'>[];
  exportRows: unknown[];
  /** The library items the teams' photos point at. */
  media: Tables<'organizations_media'>[];
  refuse: Partial<Record<string, string>>;
  requests: Recorded[];
};

export const newCompetitionsState = (overrides: Partial<CompetitionsState> = {}): CompetitionsState => ({
  competitions: [competitionRow()],
  summaries: [],
  groups: [],
  teams: [],
  members: [],
  progress: [],
  media: [],
  statistics: null,
  prizes: [],
  exportRows: [],
  refuse: {},
  requests: [],
  ...overrides,
});

// As PostgREST answers: P0001 as 400, or the status a function raised as PT<status>.
const refusal = (code: string, status = 400) =>
  HttpResponse.json(
    { code: status === 400 ? 'P0001' : `PT${status}`, message: code, details: null, hint: null },
    { status },
  );
const eq = (url: URL, column: string) => url.searchParams.get(column)?.replace(/^eq\./, '') ?? null;

export function competitionsHandlers(state: () => CompetitionsState) {
  const s = state;
  const write = (path: string) => async (request: Request) => {
    await record(s().requests, request);
    const code = s().refuse[path];
    return code ? refusal(code) : null;
  };
  return [
    ...membershipHandlers(() => 'owner'),
    ...(['competitions', 'campaigns'] as const).map((table) =>
      http.get(`${SUPABASE}/rest/v1/${table}`, ({ request }) => {
        const url = new URL(request.url);
        const id = eq(url, 'id');
        if (id) {
          const row = s().competitions.find((competition) => competition.id === id);
          return row ? single(request, row) : HttpResponse.json(null);
        }
        return HttpResponse.json(s().competitions);
      }),
    ),
    ...(['competitions', 'campaigns'] as const).map((table) =>
      http.patch(`${SUPABASE}/rest/v1/${table}`, async ({ request }) => {
        const refused = await write(table)(request);
        if (refused) return refused;
        const id = eq(new URL(request.url), 'id');
        const body = (await request.clone().json()) as Partial<EditorCompetition>;
        s().competitions = s().competitions.map((row) => (row.id === id ? { ...row, ...body } : row));
        return single(request, { id });
      }),
    ),
    http.post(`${SUPABASE}/rest/v1/rpc/competition_summaries`, () => HttpResponse.json(s().summaries)),
    http.post(`${SUPABASE}/rest/v1/rpc/create_competition`, async ({ request }) => {
      const refused = await write('rpc/create_competition')(request);
      return refused ?? HttpResponse.json('cb000000-0000-4000-8000-0000000000bb');
    }),
    http.get(`${SUPABASE}/rest/v1/competitions_groups`, () => HttpResponse.json(s().groups)),
    http.post(`${SUPABASE}/rest/v1/competitions_groups`, async ({ request }) => {
      const refused = await write('competitions_groups')(request);
      return refused ?? single(request, { id: 'cb000000-0000-4000-8000-0000000000a9' });
    }),
    http.get(`${SUPABASE}/rest/v1/competitions_teams`, () => HttpResponse.json(s().teams)),
    http.patch(`${SUPABASE}/rest/v1/competitions_teams`, async ({ request }) => {
      const refused = await write('competitions_teams')(request);
      if (refused) return refused;
      const id = eq(new URL(request.url), 'id');
      const body = (await request.clone().json()) as Partial<Tables<'competitions_teams'>>;
      s().teams = s().teams.map((team) => (team.id === id ? { ...team, ...body } : team));
      return single(request, { id });
    }),
    http.get(`${SUPABASE}/rest/v1/organizations_media`, () => HttpResponse.json(s().media)),
    signedUrlsHandler('organizations-media'),
    signedUrlsHandler('campaign-uploads'),
    http.post(`${SUPABASE}/rest/v1/competitions_teams`, async ({ request }) => {
      const refused = await write('competitions_teams')(request);
      if (refused) return refused;
      const body = (await request.clone().json()) as Tables<'competitions_teams'>;
      const id = `cb000000-0000-4000-8000-0000000000e${s().teams.length}`;
      s().teams = [
        ...s().teams,
        {
          ...body,
          id,
          invite_code: 'abcdefghij',
          created_by: null,
          media_id: null,
          created_at: '',
          updated_at: '',
        },
      ];
      return single(request, { id });
    }),
    http.get(`${SUPABASE}/rest/v1/competitions_members`, () => HttpResponse.json(s().members)),
    http.post(`${SUPABASE}/rest/v1/rpc/move_competition_member`, async ({ request }) => {
      const refused = await write('rpc/move_competition_member')(request);
      if (refused) return refused;
      const body = (await request.clone().json()) as { input_member_id: string; input_team_id: string };
      const cap = s().competitions[0]?.team_max ?? 10;
      const active = s().members.filter(
        (member) => member.team_id === body.input_team_id && member.status === 'active',
      );
      if (active.length >= cap) return refusal('competition-team-full', 409);
      s().members = s().members.map((member) =>
        member.id === body.input_member_id
          ? { ...member, team_id: body.input_team_id, status: 'active' }
          : member,
      );
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${SUPABASE}/rest/v1/competitions_progress`, () => HttpResponse.json(s().progress)),
    http.post(`${SUPABASE}/rest/v1/rpc/reject_competition_progress`, async ({ request }) => {
      const refused = await write('rpc/reject_competition_progress')(request);
      if (refused) return refused;
      const body = (await request.clone().json()) as { input_entry_id: string; input_reason: string };
      s().progress = s().progress.map((entry) =>
        entry.id === body.input_entry_id
          ? { ...entry, rejected_at: '2027-03-05T10:00:00Z', rejected_reason: body.input_reason }
          : entry,
      );
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${SUPABASE}/rest/v1/rpc/restore_competition_progress`, async ({ request }) => {
      await record(s().requests, request);
      const body = (await request.clone().json()) as { input_entry_id: string };
      s().progress = s().progress.map((entry) =>
        entry.id === body.input_entry_id ? { ...entry, rejected_at: null, rejected_reason: null } : entry,
      );
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${SUPABASE}/rest/v1/rpc/competition_statistics`, () => HttpResponse.json(s().statistics)),
    http.post(`${SUPABASE}/rest/v1/rpc/competition_export_rows`, () => HttpResponse.json(s().exportRows)),
    http.get(`${SUPABASE}/rest/v1/campaign_prizes`, () => HttpResponse.json(s().prizes)),
    http.get(`${SUPABASE}/rest/v1/organizations`, ({ request }) =>
      single(request, {
        name: 'Fjordbygg AS',
        organization_number: '923609016',
        contact_email: 'post@fjordbygg.no',
      }),
    ),
  ];
}

/** The requests of one method and table (or `rpc/<name>`). */
export const requestsTo = (state: CompetitionsState, method: string, path: string) =>
  state.requests.filter(
    (request) => request.method === method && request.url.pathname === `/rest/v1/${path}`,
  );
