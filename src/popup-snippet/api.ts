import { env } from '../lib/env';
import type { Variant } from './rules/types';

/**
 * The snippet's calls: PostgREST RPCs as `anon` with `fetch` (supabase-js would weigh more than the
 * whole snippet). The URL and anon key are the build's, as the app's (.env).
 */
const URL_BASE = `${env.VITE_SUPABASE_URL}/rest/v1/rpc/`;
const KEY = env.VITE_SUPABASE_ANON_KEY;
const HEADERS = { apikey: KEY, Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' };

/** A refused call: our functions' catalogue code (PostgREST's `message`), `network` or `unknown`. */
export class CallError extends Error {}

export async function rpc<T>(name: string, args: object, keepalive = false): Promise<T> {
  let response: Response;
  try {
    response = await fetch(URL_BASE + name, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify(args),
      keepalive,
    });
  } catch {
    throw new CallError('network');
  }
  if (response.ok) return (response.status === 204 ? null : await response.json()) as T;
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  throw new CallError(/^[a-z][a-z0-9-]{1,62}$/.test(body.message ?? '') ? body.message : 'unknown');
}

/**
 * A short-lived link to a library picture a published popup shows, from the `public-media` function
 * (which signs only what a published page shows now); null when it will not sign it.
 */
async function mediaLink(path: string): Promise<string | null> {
  const response = await fetch(`${env.VITE_SUPABASE_URL}/functions/v1/public-media`, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({ paths: [path] }),
  });
  if (!response.ok) return null;
  const body = (await response.json()) as { links?: { url: string | null }[] };
  const link = body.links?.[0]?.url;
  return link ? `${env.VITE_SUPABASE_URL}/storage/v1${link}` : null;
}

/** The variant with its picture's signed link, or without the picture when there is none to be had. */
export async function withImageLink(variant: Variant): Promise<Variant> {
  const path = variant.image?.path;
  if (!variant.image || !path || /^https?:\/\//.test(path)) return variant;
  const url = await mediaLink(path).catch(() => null);
  return { ...variant, image: url ? { ...variant.image, url } : null };
}
