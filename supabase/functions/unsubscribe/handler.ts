/**
 * `/functions/v1/unsubscribe?kind=<campaign kind>&id=<campaign>&token=<participation token>`: the
 * one-click unsubscribe of the campaigns' e-mails (RFC 8058), the URL in their `List-Unsubscribe`
 * header. No session: the participant's token is the authority, as on their own page.
 *
 * - POST (a mail client's own «Avslutt abonnement» button sends `List-Unsubscribe=One-Click`; any
 *   body is accepted): turns the campaign's reminders off at once → 200 `{ unsubscribed: true }`. An unknown token is
 *   404 not-found; over the per-address limit 429 rate-limited.
 * - GET / HEAD (someone, or a link scanner, opening the URL): changes nothing, 303 to the
 *   participant's page that asks before it unsubscribes (public-paths.ts `unsubscribe`).
 * - A query that is not a campaign kind, a uuid and a token: 400 invalid-input.
 */
import { clientIp, type TrustedProxies } from '../_shared/client-ip.ts';
import { z } from '../_shared/deps.ts';
import { corsHeaders, errorResponse, json, preflight, type Log } from '../_shared/http.ts';
import { CAMPAIGN_KINDS, publicLink, publicPaths } from '../_shared/public-paths.ts';
import type { RateLimiter, RateLimitRule } from '../_shared/rate-limit.ts';

export interface UnsubscribeDeps {
  /**
   * Turns off the token's person's reminders of that campaign (`withdraw_consent(token, 'reminders',
   * campaign)`); false when no participant has that token.
   */
  unsubscribe(token: string, campaignId: string): Promise<boolean>;
  rateLimiter: RateLimiter;
  /** Unsubscribe POSTs per client address (mail providers post from many addresses each). */
  limit: RateLimitRule;
  trustedProxies: TrustedProxies;
  /** Base of the participant's page (SITE_URL). */
  siteUrl: string;
  log?: Log;
}

export const DEFAULT_LIMIT: RateLimitRule = { max: 120, windowSeconds: 60 };

const querySchema = z.object({
  kind: z.enum(CAMPAIGN_KINDS),
  id: z.uuid(),
  // The database's participation tokens are 64 hex characters; anything close enough is asked.
  token: z.string().regex(/^[A-Za-z0-9_-]{16,256}$/),
});

const ALLOW = 'GET, HEAD, POST, OPTIONS';

export async function handleUnsubscribe(request: Request, deps: UnsubscribeDeps): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (!['GET', 'HEAD', 'POST'].includes(request.method)) {
    return errorResponse(405, 'method-not-allowed', { Allow: ALLOW });
  }
  const url = new URL(request.url);
  const query = querySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return errorResponse(400, 'invalid-input');
  const { kind, id, token } = query.data;

  if (request.method !== 'POST') {
    const page = publicLink(deps.siteUrl, publicPaths(kind).unsubscribe(id, token));
    return new Response(null, {
      status: 303,
      headers: {
        ...corsHeaders,
        Location: page,
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
      },
    });
  }

  const log = deps.log ?? (() => undefined);
  try {
    await request.body?.cancel();
    const ip = clientIp(request, deps.trustedProxies);
    const limited = await deps.rateLimiter.consume(`unsubscribe:ip:${ip}`, deps.limit);
    if (!limited.allowed) {
      return errorResponse(429, 'rate-limited', {
        'Retry-After': String(Math.max(1, limited.retryAfterSeconds)),
      });
    }
    if (!(await deps.unsubscribe(token, id))) return errorResponse(404, 'not-found');
    return json(200, { unsubscribed: true });
  } catch (error) {
    log('unsubscribe: unexpected failure', error);
    return errorResponse(500, 'unknown');
  }
}
