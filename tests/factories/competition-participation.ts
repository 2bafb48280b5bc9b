import type { CompetitionParticipation } from '@/features/competitions/api/participation-api';

export const COMPETITION = 'cb000000-0000-4000-8000-000000000001';
export const TEAM = 'cb000000-0000-4000-8000-0000000000d2';
export const ME = 'cb000000-0000-4000-8000-0000000000e1';
export const KARI = 'cb000000-0000-4000-8000-0000000000e2';
export const PER = 'cb000000-0000-4000-8000-0000000000e3';

/**
 * A participant's competition as `competition_participation` answers: «Sykle til jobben», live on
 * 27 November 2026 (Oslo), 100 km an entry and 150 km a day, the teams locked from 14 December; the
 * person an ordinary member of «Pedalpuserne» with 40 km logged today.
 */
export function competitionParticipation(
  overrides: Partial<CompetitionParticipation> = {},
): CompetitionParticipation {
  return {
    competition: {
      id: COMPETITION,
      name: 'Sykle til jobben',
      status: 'live',
      now: '2026-11-27T10:00:00Z',
      unit: 'km',
      goal: 4000,
      team_goal: 400,
      scoring: 'total',
      starts_on: '2026-11-18',
      ends_on: '2026-12-17',
      starts_at: '2026-11-17T23:00:00Z',
      ends_at: '2026-12-17T23:00:00Z',
      lock_at: '2026-12-02T23:00:00Z',
      max_per_entry: 100,
      max_per_day: 150,
      total: 2012.5,
      percent: 50.3,
    },
    membership: {
      member_id: ME,
      team_id: TEAM,
      role: 'member',
      status: 'active',
      joined_at: '2026-11-18T08:00:00Z',
    },
    team: {
      team_id: TEAM,
      group_id: null,
      group_name: 'Kontoret',
      name: 'Pedalpuserne',
      motto: 'Tråkk til!',
      invite_only: false,
      invite_code: null,
      members: [
        { member_id: KARI, name: 'Kari N.', role: 'captain', joined_at: '2026-11-18T07:00:00Z' },
        { member_id: ME, name: 'Ola N.', role: 'member', joined_at: '2026-11-18T08:00:00Z' },
      ],
      requests: [],
      free_places: 3,
      total: 210,
      score: 210,
      team_goal_percent: 52.5,
      rank: 2,
    },
    entries: [
      {
        id: 'e-today',
        amount: 40,
        on_date: '2026-11-27',
        note: 'Til jobben',
        created_at: '2026-11-27T07:00:00Z',
        rejected_at: null,
        rejected_reason: null,
        team_id: TEAM,
      },
      {
        id: 'e-rejected',
        amount: 90,
        on_date: '2026-11-26',
        note: null,
        created_at: '2026-11-26T18:00:00Z',
        rejected_at: '2026-11-26T20:00:00Z',
        rejected_reason: 'Bilkjøring teller ikke',
        team_id: TEAM,
      },
    ],
    today_total: 40,
    ...overrides,
  };
}

/** The same person as the team's captain, with a join request waiting and the invite code. */
export function captainParticipation(): CompetitionParticipation {
  const base = competitionParticipation();
  return {
    ...base,
    membership: { ...base.membership!, role: 'captain' },
    team: {
      ...base.team!,
      invite_only: true,
      invite_code: 'k3y5abc123',
      members: [
        { member_id: ME, name: 'Ola N.', role: 'captain', joined_at: '2026-11-18T07:00:00Z' },
        { member_id: KARI, name: 'Kari N.', role: 'member', joined_at: '2026-11-18T08:00:00Z' },
      ],
      requests: [{ member_id: PER, name: 'Per H.', requested_at: '2026-11-27T06:00:00Z' }],
    },
  };
}
