import { useEffect, useRef } from 'react';
import { PublicCallError } from '@/lib/public/public-rpc';
import { usePublicLoad } from '@/lib/public/use-public-load';
import { useServerClock } from '@/lib/public/use-server-clock';
import { getPublicCompetition, type PublicCompetition } from '../api/public-competition';

/** How often a running competition's figures are read again while the page is open. */
export const REFRESH_MS = 60_000;

/**
 * A public page's data: the competition (and what else the page reads with it, `extra`), the
 * database's clock ticking from its answer, read again every minute while the competition runs and
 * once when it starts or ends, so the bars and the board move without a reload. A hidden tab waits.
 */
export function usePublicCompetition<Extra = null>(
  id: string | null,
  extra?: (competition: PublicCompetition, signal: AbortSignal) => Promise<Extra>,
  key = '',
) {
  const { state, reload } = usePublicLoad<{ competition: PublicCompetition; extra: Extra; offset: number }>(
    async (signal) => {
      if (!id) throw new PublicCallError('missing-id', null);
      const competition = await getPublicCompetition(id, signal);
      const more = extra ? await extra(competition, signal) : (null as Extra);
      return { competition, extra: more, offset: Date.parse(competition.now) - Date.now() };
    },
    `${id ?? ''}|${key}`,
  );
  const data = state.status === 'ready' ? state.data : null;
  const competition = data?.competition ?? null;
  const now = useServerClock(data?.offset ?? null);

  const live = competition?.status === 'live';
  useEffect(() => {
    if (!live) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') reload();
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [live, reload]);

  // The start or the end passing while the page is open: read again, so the status is the database's.
  const turn = competition
    ? competition.status === 'scheduled'
      ? competition.starts_at
      : competition.status === 'live'
        ? competition.ends_at
        : null
    : null;
  const due = Boolean(turn && now && now.getTime() >= Date.parse(turn));
  const reloadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!due || !turn || reloadedFor.current === turn) return;
    reloadedFor.current = turn;
    reload();
  }, [due, turn, reload]);

  return { state, reload, competition, extra: data?.extra ?? null, now, offset: data?.offset ?? 0 };
}
