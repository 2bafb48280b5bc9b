import { env } from './env';

export type HostKind = 'competition' | 'marketplace';

/** The competition-branded hosts (VITE_COMPETITION_HOSTS) put the fyllopp area at the root. */
export function hostKindOf(
  hostname: string,
  competitionHosts: readonly string[] = env.VITE_COMPETITION_HOSTS,
) {
  return competitionHosts.includes(hostname.toLowerCase()) ? 'competition' : 'marketplace';
}

export function currentHostname(): string {
  return window.location.hostname.toLowerCase();
}
