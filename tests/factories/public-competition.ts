import type {
  PublicCompetition,
  PublicTeam,
  PublicTeamRow,
} from '@/features/competitions/api/public-competition';
import type { LeaderboardRow } from '@/features/competitions/components/public/leaderboard';

/** The public read functions' answers (`competition_public`, `…_teams`, `…_team`), a running competition. */
export const COMPETITION_ID = 'cb000000-0000-4000-8000-000000000001';
export const GROUP_OFFICE = 'cb000000-0000-4000-8000-0000000000a1';
export const TEAM_FULL = 'cb000000-0000-4000-8000-0000000000d1';
export const TEAM_OPEN = 'cb000000-0000-4000-8000-0000000000d2';
export const TEAM_INVITE_ONLY = 'cb000000-0000-4000-8000-0000000000d3';

export function leaderboardRow(overrides: Partial<LeaderboardRow> = {}): LeaderboardRow {
  return {
    rank: 1,
    previous_rank: 1,
    team_id: TEAM_FULL,
    group_id: GROUP_OFFICE,
    name: 'Tråkkerne',
    score: 723,
    total: 723,
    active_members: 5,
    members: 5,
    ...overrides,
  };
}

export function publicCompetition(overrides: Partial<PublicCompetition> = {}): PublicCompetition {
  return {
    id: COMPETITION_ID,
    name: 'Sykle til jobben',
    status: 'live',
    now: '2026-11-28T10:00:00Z',
    unit: 'km',
    goal: 4000,
    team_goal: 400,
    scoring: 'total',
    min_active_members: 1,
    team_min: 2,
    team_max: 5,
    starts_on: '2026-11-19',
    ends_on: '2026-12-18',
    starts_at: '2026-11-18T23:00:00Z',
    ends_at: '2026-12-18T23:00:00Z',
    join_opens_at: null,
    lock_at: '2026-12-03T23:00:00Z',
    freeze_at: '2026-12-18T11:00:00Z',
    frozen: false,
    rules_text: 'Registrer bare det du har syklet.',
    consent_text: 'Jeg godtar reglene for Sykle til jobben.',
    marketing_consent_text: 'Ja takk, send meg tilbud.',
    reminders_enabled: true,
    design: {},
    background: null,
    total: 2137,
    percent: 53.4,
    milestones: [
      { percent: 50, label: 'Gavekort', reached: true },
      { percent: 100, label: 'Sykkelservice', reached: false },
    ],
    participants: 15,
    teams: 3,
    groups: [{ id: GROUP_OFFICE, name: 'Kontoret', max_teams: 4, teams: 3 }],
    top_teams: [
      leaderboardRow(),
      leaderboardRow({ rank: 2, previous_rank: 3, team_id: TEAM_OPEN, name: 'Pedalpuserne', score: 419 }),
    ],
    ...overrides,
  };
}

export function publicTeamRow(overrides: Partial<PublicTeamRow> = {}): PublicTeamRow {
  return {
    team_id: TEAM_FULL,
    group_id: GROUP_OFFICE,
    group_name: 'Kontoret',
    name: 'Tråkkerne',
    motto: 'Vi sykler i all slags vær.',
    invite_only: false,
    members: 5,
    free_places: 0,
    total: 723,
    score: 723,
    team_goal_percent: 180.8,
    rank: 1,
    photo: null,
    ...overrides,
  };
}

export const publicTeamRows = (): PublicTeamRow[] => [
  publicTeamRow(),
  publicTeamRow({
    team_id: TEAM_OPEN,
    name: 'Pedalpuserne',
    motto: null,
    members: 3,
    free_places: 2,
    total: 419,
    score: 419,
    team_goal_percent: 104.8,
    rank: 2,
  }),
  publicTeamRow({
    team_id: TEAM_INVITE_ONLY,
    name: 'Regnjakkene',
    invite_only: true,
    members: 2,
    free_places: 3,
    total: 294,
    score: 294,
    team_goal_percent: 73.5,
    rank: 3,
  }),
];

export function publicTeam(overrides: Partial<PublicTeam> = {}): PublicTeam {
  return {
    ...publicTeamRow({ team_id: TEAM_INVITE_ONLY, name: 'Regnjakkene', invite_only: true, free_places: 3 }),
    members: [
      { name: 'Kari N.', role: 'captain', joined_at: '2026-11-19T08:00:00Z' },
      { name: 'Per H.', role: 'member', joined_at: '2026-11-20T08:00:00Z' },
    ],
    team_goal: 400,
    total: 294,
    team_goal_percent: 73.5,
    activity: [{ name: 'Kari N.', amount: 12.5, on_date: '2026-11-27', created_at: '2026-11-27T16:00:00Z' }],
    ...overrides,
  };
}
