import type { PublicCompetition } from '../api/public-competition';

export type JoinWindow = 'open' | 'not-open' | 'locked' | 'unavailable';

/**
 * Whether the public may join or create teams now, by the database's clock: from `join_opens_at` (or
 * publication) until the effective `lock_at`, never after the end nor for a draft. The functions
 * check the same; this only decides what the page offers.
 */
export function joinWindow(
  competition: Pick<PublicCompetition, 'status' | 'join_opens_at' | 'lock_at' | 'ends_at'>,
  now: Date,
): JoinWindow {
  if (competition.status === 'draft' || competition.status === 'ended') return 'unavailable';
  const at = now.getTime();
  if (at >= Date.parse(competition.ends_at)) return 'unavailable';
  if (competition.join_opens_at && at < Date.parse(competition.join_opens_at)) return 'not-open';
  return at < Date.parse(competition.lock_at) ? 'open' : 'locked';
}
