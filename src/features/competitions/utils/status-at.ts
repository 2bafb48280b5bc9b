import type { PublicCompetition } from '../api/public-competition';

/** The competition's status at a moment, by its period (a draft stays a draft). */
export function statusAt(competition: PublicCompetition, at: Date): PublicCompetition['status'] {
  if (competition.status === 'draft') return 'draft';
  const time = at.getTime();
  if (time < Date.parse(competition.starts_at)) return 'scheduled';
  return time < Date.parse(competition.ends_at) ? 'live' : 'ended';
}
