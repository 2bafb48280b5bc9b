import type { EditorCompetition, EditorMember } from '@/features/competitions/api/get-competition';
import type { Tables } from '@/lib/database.types';
import { ORG } from '../support/ids';
import { USER_ID } from '../support/session';

export const COMPETITION = 'cb000000-0000-4000-8000-0000000000aa';
export const GROUP_A = 'cb000000-0000-4000-8000-0000000000a1';
export const GROUP_B = 'cb000000-0000-4000-8000-0000000000a2';
export const TEAM_1 = 'cb000000-0000-4000-8000-0000000000d1';
export const TEAM_2 = 'cb000000-0000-4000-8000-0000000000d2';

/**
 * A draft competition of Fjordbygg AS (1–30 March 2027, 2 000 km, teams of at most 3): its campaign's
 * columns and its own, as the editor reads them (both tables answer it in the handlers).
 */
export function competitionRow(overrides: Partial<EditorCompetition> = {}): EditorCompetition {
  return {
    id: COMPETITION,
    organization_id: ORG,
    name: 'Sykle til jobben',
    published_at: null,
    rules_text: null,
    consent_text: null,
    marketing_consent_text: null,
    reminder_time: '08:00:00',
    reminders_enabled: true,
    design: {},
    created_by: USER_ID,
    created_at: '2027-02-20T10:00:00Z',
    updated_at: '2027-02-20T10:00:00Z',
    starts_on: '2027-03-01',
    ends_on: '2027-03-30',
    starts_at: '2027-02-28T23:00:00Z',
    ends_at: '2027-03-30T22:00:00Z',
    unit: 'km',
    goal: 2000,
    team_goal: null,
    scoring: 'total',
    min_active_members: 1,
    team_min: 1,
    team_max: 3,
    join_opens_at: null,
    lock_at: null,
    freeze_at: null,
    max_per_entry: null,
    max_per_day: null,
    milestones: [],
    competition_status: 'draft',
    ...overrides,
  };
}

export function groupRow(id: string, name: string, position: number): Tables<'competitions_groups'> {
  return {
    id,
    competition_id: COMPETITION,
    organization_id: ORG,
    name,
    position,
    max_teams: null,
    created_at: '2027-02-20T10:00:00Z',
  };
}

export function teamRow(id: string, name: string, groupId: string | null): Tables<'competitions_teams'> {
  return {
    id,
    competition_id: COMPETITION,
    organization_id: ORG,
    group_id: groupId,
    name,
    motto: null,
    media_id: null,
    invite_only: false,
    invite_code: 'abcdefghij',
    created_by: null,
    full_noticed_at: null,
    created_at: '2027-02-20T10:00:00Z',
    updated_at: '2027-02-20T10:00:00Z',
  };
}

let memberCount = 0;
export function memberRow(teamId: string, name: string, overrides: Partial<EditorMember> = {}): EditorMember {
  memberCount += 1;
  const number = String(memberCount).padStart(12, '0');
  return {
    id: `cc000000-0000-4000-8000-${number}`,
    competition_id: COMPETITION,
    organization_id: ORG,
    participant_id: `ce000000-0000-4000-8000-${number}`,
    team_id: teamId,
    role: 'member',
    status: 'active',
    joined_at: '2027-03-01T08:00:00Z',
    created_at: '2027-03-01T08:00:00Z',
    request_noticed_at: null,
    results_sent_at: null,
    participants: { name, email: `${name.toLowerCase()}@example.no` },
    ...overrides,
  };
}
