import type { HostKind } from '@/lib/host';
import { withLanguage } from '@/lib/public/public-links';

/**
 * Every address of the competitions area, built for the host it is on: the competition host
 * (`fyllopp.localhost`, VITE_COMPETITION_HOSTS) serves the list, the intro, the team pages, the
 * preview and the editor at its root; every other host under `/fyllopp`. The pages without a
 * competition in the path (countdown, iframe, participation, add) are under `/fyllopp` on both.
 * `search` is the current page's query: a visitor who came with `?lang=en` stays in English.
 */
export type CompetitionPaths = ReturnType<typeof competitionPaths>;

/** What `/fyllopp/iframe` shows: the leaderboard (default), the fill-up bar alone, or the join box. */
export type CompetitionEmbedView = 'leaderboard' | 'bar' | 'join';

const part = encodeURIComponent;

export function competitionPaths(hostKind: HostKind, search = '') {
  const root = hostKind === 'competition' ? '' : '/fyllopp';
  const lang = (path: string) => withLanguage(path, search);
  return {
    /** The organization's competitions (signed in). */
    list: hostKind === 'competition' ? '/list' : '/fyllopp/list',
    add: '/fyllopp/add',
    edit: (id: string) => `${root}/${part(id)}/edit`,
    preview: (id: string) => `${root}/${part(id)}/preview`,
    /** The introduction: goal, fill-up bar, countdown, top teams, join. */
    intro: (id: string) => lang(`${root}/${part(id)}`),
    /** The teams by group. */
    groups: (id: string) => lang(`${root}/${part(id)}/gruppe`),
    /** One team's page; with `invite`, its invite link (joins even an invite-only team). */
    team: (id: string, teamId: string, invite?: string | null) =>
      lang(`${root}/${part(id)}/gruppe/${part(teamId)}${invite ? `?invite=${part(invite)}` : ''}`),
    countdown: (id: string) => lang(`/fyllopp/countdown?id=${part(id)}`),
    /** The embeddable page (`vis`: what it shows, leaderboard when left out). */
    iframe: (id: string, view?: CompetitionEmbedView) =>
      lang(`/fyllopp/iframe?id=${part(id)}${view && view !== 'leaderboard' ? `&vis=${view}` : ''}`),
    /** A participant's own page; the token comes from their e-mail. */
    participation: (id: string, token?: string) =>
      lang(`/fyllopp/participation?id=${part(id)}${token ? `&token=${part(token)}` : ''}`),
    /** The Open Graph picture of a team (the competition-og edge function). */
    teamImage: (supabaseUrl: string, teamId: string) =>
      `${supabaseUrl}/functions/v1/competition-og?team=${part(teamId)}`,
  };
}

/** A competition id in a path: the database's uuids, so `/list`, `/add` or `/auth` never match. */
export const COMPETITION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The competition and team of a public page's path on either host: `/fyllopp/<id>`,
 * `/fyllopp/<id>/gruppe`, `/fyllopp/<id>/gruppe/<team>`, or the same at the root (a uuid there).
 */
export function competitionPathParts(
  pathname: string,
): { id: string; teamId: string | null; groups: boolean } | null {
  const match = /^(\/fyllopp)?\/([^/]+)(\/gruppe(?:\/([^/]+))?)?\/?$/.exec(pathname);
  const id = match?.[2] ? decodeURIComponent(match[2]) : '';
  if (!match || !id || (!match[1] && !COMPETITION_ID.test(id))) return null;
  return {
    id,
    teamId: match[4] ? decodeURIComponent(match[4]) : null,
    groups: Boolean(match[3]),
  };
}
