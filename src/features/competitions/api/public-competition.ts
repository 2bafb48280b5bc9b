import { participantArgs, type ParticipantValues } from '@/lib/public/participant-values';
import { publicRpc } from '@/lib/public/public-rpc';
import type { FillMilestone } from '../components/public/fill-bar';
import type { LeaderboardRow } from '../components/public/leaderboard';
import type { TeamPhoto } from '../components/public/team-avatar';
import type { CompetitionDesign } from '../utils/public-design';

/**
 * The public pages' whole data access: the competitions' anon functions through `publicRpc` (no
 * supabase-js on the public entry). Shapes as docs/competitions.md gives them; failures are
 * `PublicCallError`s with the catalogue code.
 */

export type CompetitionStatus = 'draft' | 'scheduled' | 'live' | 'ended';

export type PublicCompetition = {
  id: string;
  name: string;
  status: CompetitionStatus;
  now: string;
  unit: string;
  goal: number;
  team_goal: number | null;
  scoring: 'total' | 'average';
  min_active_members: number;
  team_min: number;
  team_max: number;
  starts_on: string;
  ends_on: string;
  starts_at: string;
  ends_at: string;
  join_opens_at: string | null;
  lock_at: string;
  freeze_at: string | null;
  frozen: boolean;
  rules_text: string | null;
  consent_text: string | null;
  marketing_consent_text: string | null;
  reminders_enabled: boolean | null;
  design: CompetitionDesign | null;
  background: { path: string } | null;
  total: number;
  percent: number;
  milestones: FillMilestone[];
  participants: number;
  teams: number;
  groups: { id: string; name: string; max_teams: number | null; teams: number }[];
  top_teams: LeaderboardRow[];
};

export type PublicTeamRow = {
  team_id: string;
  group_id: string | null;
  group_name: string | null;
  name: string;
  motto: string | null;
  invite_only: boolean;
  members: number;
  free_places: number;
  total: number;
  score: number;
  team_goal_percent: number | null;
  rank: number;
  photo: TeamPhoto;
};

export type PublicTeam = Omit<PublicTeamRow, 'members'> & {
  members: { name: string; role: 'captain' | 'member'; joined_at: string }[];
  team_goal: number | null;
  activity: { name: string; amount: number; on_date: string; created_at: string }[];
};

export type JoinOutcome = { outcome: 'joined' | 'requested'; team_id: string; team_name: string };

export const getPublicCompetition = (competitionId: string, signal?: AbortSignal) =>
  publicRpc<PublicCompetition>('competition_public', { input_competition_id: competitionId }, { signal });

export const getPublicTeams = (competitionId: string, signal?: AbortSignal) =>
  publicRpc<PublicTeamRow[]>('competition_public_teams', { input_competition_id: competitionId }, { signal });

export const getPublicTeam = (competitionId: string, teamId: string, signal?: AbortSignal) =>
  publicRpc<PublicTeam>(
    'competition_public_team',
    { input_competition_id: competitionId, input_team_id: teamId },
    { signal },
  );

export const getLeaderboard = (competitionId: string, groupId: string | null, signal?: AbortSignal) =>
  publicRpc<LeaderboardRow[]>(
    'competition_leaderboard',
    { input_competition_id: competitionId, input_group_id: groupId },
    { signal },
  );

/** Which team to join: one by id, by its invite code, or «plasser meg» in a group. */
export type JoinTarget = { teamId: string } | { inviteCode: string } | { groupId: string };

export const joinCompetitionTeam = (
  competitionId: string,
  target: JoinTarget,
  input: ParticipantValues,
  formShownAt: Date,
) =>
  publicRpc<JoinOutcome>('join_competition_team', {
    input_competition_id: competitionId,
    input_team_id: 'teamId' in target ? target.teamId : null,
    input_invite_code: 'inviteCode' in target ? target.inviteCode : null,
    input_group_id: 'groupId' in target ? target.groupId : null,
    ...participantArgs(input, formShownAt),
  });

export type NewTeam = { name: string; motto: string; groupId: string | null; inviteOnly: boolean };

export const createCompetitionTeam = (
  competitionId: string,
  team: NewTeam,
  input: ParticipantValues,
  formShownAt: Date,
) =>
  publicRpc<{ outcome: 'created'; team_name: string }>('create_competition_team', {
    input_competition_id: competitionId,
    input_team_name: team.name.trim(),
    input_group_id: team.groupId,
    input_motto: team.motto.trim() === '' ? null : team.motto.trim(),
    input_invite_only: team.inviteOnly,
    ...participantArgs(input, formShownAt),
  });

export const registerCompetitionParticipant = (
  competitionId: string,
  input: ParticipantValues,
  formShownAt: Date,
) =>
  publicRpc<'registered'>('register_competition_participant', {
    input_competition_id: competitionId,
    ...participantArgs(input, formShownAt),
  });
