import { publicRpc } from '@/lib/public/public-rpc';
import type { PublicCompetition, PublicTeamRow } from './public-competition';

/**
 * A participant's competition by the token of their participation link (docs/competitions.md, «By
 * the participation token»): the read and every write of the participation page. Failures are
 * `PublicCallError`s with the catalogue code (`participant-not-found` for a wrong or expired token).
 */

export type TeamRole = 'captain' | 'member';

export type CompetitionParticipation = {
  competition: Pick<
    PublicCompetition,
    | 'id'
    | 'name'
    | 'status'
    | 'now'
    | 'unit'
    | 'goal'
    | 'team_goal'
    | 'scoring'
    | 'starts_on'
    | 'ends_on'
    | 'starts_at'
    | 'ends_at'
    | 'lock_at'
    | 'total'
    | 'percent'
  > & { max_per_entry: number | null; max_per_day: number | null };
  membership: {
    member_id: string;
    team_id: string;
    role: TeamRole;
    status: 'active' | 'pending';
    joined_at: string;
  } | null;
  team:
    | (Pick<
        PublicTeamRow,
        | 'team_id'
        | 'group_id'
        | 'group_name'
        | 'name'
        | 'motto'
        | 'invite_only'
        | 'free_places'
        | 'total'
        | 'score'
        | 'team_goal_percent'
      > & {
        /** The captain's only; null for a member. */
        invite_code: string | null;
        members: { member_id: string; name: string; role: TeamRole; joined_at: string }[];
        /** Join requests of an invite-only team: the captain's only. */
        requests: { member_id: string; name: string; requested_at: string }[];
        rank: number | null;
      })
    | null;
  entries: ProgressEntry[];
  /** What the person has logged for today (Oslo), live. */
  today_total: number;
};

export type ProgressEntry = {
  id: string;
  amount: number;
  on_date: string;
  note: string | null;
  created_at: string;
  rejected_at: string | null;
  rejected_reason: string | null;
  team_id: string | null;
};

export const getCompetitionParticipation = (token: string, competitionId: string, signal?: AbortSignal) =>
  publicRpc<CompetitionParticipation>(
    'competition_participation',
    { input_token: token, input_competition_id: competitionId },
    { signal },
  );

export type NewProgress = { amount: number; onDate: string; note: string; photoUploadId: string | null };

/** Logs progress; a photo sent before (uploadProgressPhoto) is claimed by the entry in the same write. */
export function logProgress(token: string, competitionId: string, entry: NewProgress) {
  const fields = {
    input_token: token,
    input_competition_id: competitionId,
    input_amount: entry.amount,
    input_on_date: entry.onDate,
    input_note: entry.note.trim() === '' ? null : entry.note.trim(),
  };
  return entry.photoUploadId
    ? publicRpc<string>('log_competition_progress_with_photo', {
        ...fields,
        input_photo_upload_id: entry.photoUploadId,
      })
    : publicRpc<string>('log_competition_progress', fields);
}

/** Sends a progress photo (campaign-upload, with the person's token); answers its upload id. */
export async function uploadProgressPhoto(token: string, competitionId: string, photo: Blob) {
  // Loaded only when a photo is sent: most entries have none.
  const { uploadCampaignFile } = await import('@/lib/public/public-upload');
  return uploadCampaignFile({
    campaignId: competitionId,
    purpose: 'competition-progress',
    file: photo,
    token,
  });
}

export const deleteProgress = (token: string, entryId: string) =>
  publicRpc<null>('delete_competition_progress', { input_token: token, input_entry_id: entryId });

export const leaveTeam = (token: string, competitionId: string) =>
  publicRpc<null>('leave_competition_team', { input_token: token, input_competition_id: competitionId });

/** A captain's action on one member of their team. */
export type MemberAction = 'approve' | 'decline' | 'remove' | 'captain';

export function actOnMember(token: string, competitionId: string, memberId: string, action: MemberAction) {
  const args = { input_token: token, input_competition_id: competitionId, input_member_id: memberId };
  if (action === 'approve' || action === 'decline')
    return publicRpc<null>('decide_competition_join_request', {
      ...args,
      input_approve: action === 'approve',
    });
  return publicRpc<null>(
    action === 'remove' ? 'remove_competition_member' : 'hand_over_competition_captaincy',
    args,
  );
}

export type TeamSettings = { name: string; motto: string | null; inviteOnly: boolean };

export const updateTeam = (token: string, competitionId: string, team: TeamSettings) =>
  publicRpc<null>('update_competition_team', {
    input_token: token,
    input_competition_id: competitionId,
    input_name: team.name,
    input_motto: team.motto,
    input_invite_only: team.inviteOnly,
  });

export const renewInviteCode = (token: string, competitionId: string) =>
  publicRpc<string>('renew_competition_invite_code', {
    input_token: token,
    input_competition_id: competitionId,
  });
