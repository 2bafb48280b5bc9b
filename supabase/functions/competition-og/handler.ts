/**
 * GET /functions/v1/competition-og?team=<team id>, public (no key, no JWT: link previews fetch it as
 * they find it in a page's `og:image`): the team page's share image, a 1200 × 630 PNG (image.ts) with
 * the figures the public sees — frozen ones while the board is frozen (competition_team_share).
 *
 * Answers: 200 image/png, cached for a few minutes by browsers and CDNs; 404 not-found for an unknown
 * team or one of an unpublished competition, alike; 400 invalid-input for a `team` that is no uuid;
 * 405 for other methods; 429 rate-limited per client address (drawing costs CPU).
 */
import { clientIp, type TrustedProxies } from '../_shared/client-ip.ts';
import { z } from '../_shared/deps.ts';
import { corsHeaders, errorResponse, type Log } from '../_shared/http.ts';
import type { RateLimiter, RateLimitRule } from '../_shared/rate-limit.ts';
import type { TeamShare } from './image.ts';

export interface CompetitionOgDeps {
  /** The team's public share figures, or null when there is no published team by that id. */
  share(teamId: string): Promise<TeamShare | null>;
  /** The PNG of a team's share image. */
  draw(share: TeamShare): Promise<Uint8Array>;
  rateLimiter: RateLimiter;
  limit?: RateLimitRule;
  trustedProxies?: TrustedProxies;
  log?: Log;
}

/** Previews of a shared link come in bursts from a few crawlers' addresses. */
export const DEFAULT_LIMIT: RateLimitRule = { max: 60, windowSeconds: 60 };

/** Ten minutes: the figures move, but a preview need not be live. */
export const CACHE_SECONDS = 600;

const ALLOW = 'GET, HEAD, OPTIONS';
const teamSchema = z.uuid();

export async function handleCompetitionOg(request: Request, deps: CompetitionOgDeps): Promise<Response> {
  if (request.method === 'OPTIONS') {
    return new Response('ok', { headers: { ...corsHeaders, 'Access-Control-Allow-Methods': ALLOW } });
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return errorResponse(405, 'method-not-allowed', { Allow: ALLOW });
  }
  const team = teamSchema.safeParse(new URL(request.url).searchParams.get('team'));
  if (!team.success) return errorResponse(400, 'invalid-input');
  const log = deps.log ?? (() => undefined);
  try {
    const limited = await deps.rateLimiter.consume(
      `competition-og:ip:${clientIp(request, deps.trustedProxies)}`,
      deps.limit ?? DEFAULT_LIMIT,
    );
    if (!limited.allowed) {
      return errorResponse(429, 'rate-limited', {
        'Retry-After': String(Math.max(1, limited.retryAfterSeconds)),
      });
    }
    const share = await deps.share(team.data);
    // A short cache for the miss too: a team published a moment later shows soon.
    if (!share) return errorResponse(404, 'not-found', { 'Cache-Control': 'public, max-age=60' });
    const png = await deps.draw(share);
    return new Response(request.method === 'HEAD' ? null : (png as BodyInit), {
      status: 200,
      headers: {
        ...corsHeaders,
        'Content-Type': 'image/png',
        'Content-Length': String(png.length),
        'Cache-Control': `public, max-age=${CACHE_SECONDS}, s-maxage=${CACHE_SECONDS}`,
      },
    });
  } catch (error) {
    log('competition-og: unexpected failure', error);
    return errorResponse(500, 'unknown');
  }
}
