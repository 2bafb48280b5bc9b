export type HostKind = 'competition' | 'marketplace';

/** VITE_COMPETITION_HOSTS, comma-separated host names, as a list in lower case (env.ts checks the rest). */
export const parseCompetitionHosts = (raw: unknown): string[] =>
  (typeof raw === 'string' && raw !== '' ? raw : 'fyllopp.localhost')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);

// Read here rather than from env.ts: the public entry decides by host (src/app/public-routes.ts), and
// the whole environment check would ride along in the entry of every page.
const COMPETITION_HOSTS = parseCompetitionHosts(import.meta.env.VITE_COMPETITION_HOSTS);

/** The competition-branded hosts (VITE_COMPETITION_HOSTS) put the fyllopp area at the root. */
export function hostKindOf(hostname: string, competitionHosts: readonly string[] = COMPETITION_HOSTS) {
  return competitionHosts.includes(hostname.toLowerCase()) ? 'competition' : 'marketplace';
}

export function currentHostname(): string {
  return window.location.hostname.toLowerCase();
}
