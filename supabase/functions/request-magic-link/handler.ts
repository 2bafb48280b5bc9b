/**
 * POST /functions/v1/request-magic-link `{ email, redirectTo }` (docs/auth-onboarding.md): sends a
 * branded sign-in link whose target travels server-side under a temporary id, so the link works on
 * another device too. `verify_jwt = false`: the anon key is enough.
 *
 * Order: method → JSON → e-mail → redirect (allow-list, then marketplaces_urls) → rate limits (per IP,
 * then per e-mail; a refused request takes no slot of the other; the IP is the rightmost X-Forwarded-For
 * entry that is not a trusted proxy, _shared/client-ip.ts) → account (created unconfirmed when
 * unknown) → magic-link token → sign-in request → e-mail. Known and unknown e-mails take the same steps
 * (createUser is tried for both; "already exists" is the known case) and get the same answer.
 */
import { clientIp, type TrustedProxies } from '../_shared/client-ip.ts';
import { errorResponse, json, methodNotAllowed, preflight, readJson, type Log } from '../_shared/http.ts';
import type { Mailer } from '../_shared/mailer.ts';
import type { RateLimiter, RateLimitRule } from '../_shared/rate-limit.ts';
import { marketplaceHostCandidate, type RedirectAllowList } from '../_shared/redirect-allow-list.ts';
import { emailSchema, objectSchema } from '../_shared/validation.ts';
import { magicLinkEmail } from './email.ts';

export interface MagicLinkAdmin {
  /** Creates the account unconfirmed; 'exists' when the e-mail already has one. */
  createUnconfirmedUser(email: string): Promise<'created' | 'exists'>;
  /** GoTrue's admin generate_link (type magiclink): the token hash verifyOtp takes. */
  magicLinkTokenHash(email: string): Promise<string>;
}

export interface MagicLinkDb {
  /** The marketplace served on this host (marketplaces_urls), or null. */
  marketplaceForHost(host: string): Promise<{ name: string; color: string | null } | null>;
  /** Stores the request (1 h) and returns its temporary id. */
  createSignInRequest(email: string, redirectTo: string): Promise<string>;
}

export interface MagicLinkLimits {
  perEmail: RateLimitRule;
  perIp: RateLimitRule;
}

/** 3 links per e-mail per 10 minutes; 20 requests per IP per hour. */
export const DEFAULT_LIMITS: MagicLinkLimits = {
  perEmail: { max: 3, windowSeconds: 600 },
  perIp: { max: 20, windowSeconds: 3600 },
};

export interface MagicLinkDeps {
  admin: MagicLinkAdmin;
  db: MagicLinkDb;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  allowList: RedirectAllowList;
  limits?: MagicLinkLimits;
  /** Proxies in front of the gateway whose X-Forwarded-For entries are skipped (_shared/client-ip.ts). */
  trustedProxies?: TrustedProxies;
  log?: Log;
}

export async function handleRequestMagicLink(request: Request, deps: MagicLinkDeps): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed();
  const log = deps.log ?? (() => undefined);
  const limits = deps.limits ?? DEFAULT_LIMITS;

  const body = await readJson(request);
  if (!body.ok) return errorResponse(400, 'invalid-input');
  const object = objectSchema.safeParse(body.value);
  if (!object.success) return errorResponse(400, 'invalid-input');
  const email = emailSchema.safeParse(object.data.email);
  if (!email.success) return errorResponse(400, 'invalid-email');
  const redirectTo = object.data.redirectTo;
  if (typeof redirectTo !== 'string' || redirectTo.length > 2048)
    return errorResponse(400, 'invalid-redirect');

  try {
    // Where to: the allow-list, else a marketplace's own host.
    let target = deps.allowList.match(redirectTo);
    let marketplace: { name: string; color: string | null } | null = null;
    const candidate = marketplaceHostCandidate(redirectTo);
    if (target || candidate) {
      const host = (target ?? candidate!.url).hostname;
      const found = await deps.db.marketplaceForHost(host);
      if (!target && found) target = candidate!.url;
      if (target && found) marketplace = found;
    }
    if (!target) return errorResponse(400, 'invalid-redirect');

    for (const [key, rule] of [
      [`request-magic-link:ip:${clientIp(request, deps.trustedProxies)}`, limits.perIp],
      [`request-magic-link:email:${email.data}`, limits.perEmail],
    ] as const) {
      const result = await deps.rateLimiter.consume(key, rule);
      if (!result.allowed) {
        return errorResponse(429, 'rate-limited', {
          'Retry-After': String(Math.max(1, result.retryAfterSeconds)),
        });
      }
    }

    await deps.admin.createUnconfirmedUser(email.data);
    const tokenHash = await deps.admin.magicLinkTokenHash(email.data);
    const temporaryId = await deps.db.createSignInRequest(email.data, target.href);
    const link = `${target.origin}/auth/${encodeURIComponent(temporaryId)}?token_hash=${encodeURIComponent(tokenHash)}`;
    const mail = magicLinkEmail({
      email: email.data,
      link,
      marketplaceName: marketplace?.name ?? null,
      marketplaceColor: marketplace?.color,
    });
    await deps.mailer.send({ to: email.data, ...mail, tags: ['magic-link'] });
    return json(200, { sent: true });
  } catch (error) {
    log('request-magic-link failed', error);
    return errorResponse(500, 'unknown');
  }
}
