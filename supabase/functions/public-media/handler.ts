/**
 * POST /functions/v1/public-media `{ paths: string[] }` with the anon key (docs/media.md «Links for
 * public pages»): the only way a visitor gets a link to a file of the private organizations-media
 * bucket. Answers 200 `{ links: [{ path, url }] }` in the order asked: `url` is a link signed with the
 * service role for PUBLIC_MEDIA_LINK_SECONDS, relative to the storage API (`/object/sign/…?token=…`,
 * the page puts its own `<SUPABASE_URL>/storage/v1` in front), or null for a path no published page shows right now
 * (public_media_paths: an open door's picture or video, a published calendar's background). With
 * `bucket: 'campaign-uploads'` the paths are the public's uploads instead (public_upload_paths: the
 * photo of a counting progress entry). Neither the lifetime nor the paths a link covers are the
 * caller's to choose.
 *
 * Refusals: 400 invalid-input (not 1–12 distinct paths of at most 300 characters), 429 rate-limited
 * (per client address, _shared/client-ip.ts).
 */
import { clientIp, type TrustedProxies } from '../_shared/client-ip.ts';
import { z } from '../_shared/deps.ts';
import { errorResponse, json, methodNotAllowed, preflight, readBody, type Log } from '../_shared/http.ts';
import type { RateLimiter, RateLimitRule } from '../_shared/rate-limit.ts';

/** 15 minutes: enough to load a page's pictures and play a door's video, short enough that a link dies soon after its door closes. */
export const PUBLIC_MEDIA_LINK_SECONDS = 15 * 60;

/** A calendar page asks for its background and a door's three renditions; 120 a minute is many visitors' worth behind one address. */
export const DEFAULT_LIMIT: RateLimitRule = { max: 120, windowSeconds: 60 };

/** The buckets a public page shows files of: the media library's, and the public's own uploads. */
export const PUBLIC_BUCKETS = ['organizations-media', 'campaign-uploads'] as const;
export type PublicBucket = (typeof PUBLIC_BUCKETS)[number];

export interface PublicMediaDb {
  /** Service role: which of `paths` a published page shows now (public_media_paths, public_upload_paths). */
  publicPaths(paths: string[], bucket: PublicBucket): Promise<Set<string>>;
  /** Service role: signed links for `paths`, valid `seconds`, by path (relative to the storage API). */
  sign(paths: string[], seconds: number, bucket: PublicBucket): Promise<Map<string, string>>;
}

export interface PublicMediaDeps {
  db: PublicMediaDb;
  rateLimiter: RateLimiter;
  limit?: RateLimitRule;
  trustedProxies?: TrustedProxies;
  log?: Log;
}

const inputSchema = z.object({
  paths: z
    .array(z.string().min(1).max(300))
    .min(1)
    .max(12)
    .refine((paths) => new Set(paths).size === paths.length),
  bucket: z.enum(PUBLIC_BUCKETS).default('organizations-media'),
});

export async function handlePublicMedia(request: Request, deps: PublicMediaDeps): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed();
  const log = deps.log ?? (() => undefined);

  const input = await readBody(request, inputSchema);
  if (!input) return errorResponse(400, 'invalid-input');

  try {
    const limited = await deps.rateLimiter.consume(
      `public-media:ip:${clientIp(request, deps.trustedProxies)}`,
      deps.limit ?? DEFAULT_LIMIT,
    );
    if (!limited.allowed) {
      return errorResponse(429, 'rate-limited', {
        'Retry-After': String(Math.max(1, limited.retryAfterSeconds)),
      });
    }
    const shown = [...(await deps.db.publicPaths(input.paths, input.bucket))];
    const signed =
      shown.length > 0
        ? await deps.db.sign(shown, PUBLIC_MEDIA_LINK_SECONDS, input.bucket)
        : new Map<string, string>();
    return json(200, { links: input.paths.map((path) => ({ path, url: signed.get(path) ?? null })) });
  } catch (error) {
    log('public-media: unexpected failure', error);
    return errorResponse(500, 'unknown');
  }
}
