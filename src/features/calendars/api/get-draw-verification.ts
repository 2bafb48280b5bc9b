import { publicRpc } from '@/lib/public/public-rpc';

/** A winner as the verification lists them: by rank, how they were added, and the decision. */
export type VerifiedWinner = {
  rank: number;
  /** Null: the winner has since deleted their data. */
  entry_id: string | null;
  status: 'pending' | 'approved' | 'rejected';
  added_as: 'draw' | 'replacement' | 'more';
  /** Why a rejected winner was rejected. */
  reason: string | null;
};

/** One draw of a published calendar, everything needed to redo it (`calendar_draw_verification`). */
export type DrawVerification = {
  draw_id: string;
  /** Null: the grand prize. */
  day_number: number | null;
  prize_name: string;
  eligibility: 'all' | 'correct';
  exclude_previous_winners: boolean;
  winners_count: number;
  entry_ids: string[];
  entries_sha256: string;
  committed_at: string;
  /** Null until the draw has run. */
  seed_hex: string | null;
  drawn_at: string | null;
  winners: VerifiedWinner[];
};

/** A published calendar's draws in the order they were committed (none for an unpublished one). */
export const getDrawVerification = (calendarId: string, signal?: AbortSignal) =>
  publicRpc<DrawVerification[]>('calendar_draw_verification', { input_calendar_id: calendarId }, { signal });
