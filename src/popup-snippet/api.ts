import { env } from '../lib/env';

/**
 * The snippet's calls: PostgREST RPCs as `anon` with `fetch` (supabase-js would weigh more than the
 * whole snippet). The URL and anon key are the build's, as the app's (.env).
 */
const URL_BASE = `${env.VITE_SUPABASE_URL}/rest/v1/rpc/`;
const KEY = env.VITE_SUPABASE_ANON_KEY;

/** A refused call: our functions' catalogue code (PostgREST's `message`), `network` or `unknown`. */
export class CallError extends Error {}

export async function rpc<T>(name: string, args: object, keepalive = false): Promise<T> {
  let response: Response;
  try {
    response = await fetch(URL_BASE + name, {
      method: 'POST',
      headers: { apikey: KEY, Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
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
