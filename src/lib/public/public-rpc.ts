import { env } from '../env';
import type { PublicCallCode } from './campaign-codes';

/**
 * A failed public call: the catalogue code the function raised (its message, as our checked functions
 * raise them), `network` when there was no answer, or `unknown`. Callers tell it by `instanceof`; it
 * keeps Error's name (every public page carries this class, so it carries nothing it does not need).
 */
export class PublicCallError extends Error {
  constructor(
    readonly code: PublicCallCode,
    readonly status: number | null,
  ) {
    super(code);
  }
}

/** What every anonymous call of a public page sends: the anon key as key and as bearer. */
export const anonHeaders = (): Record<string, string> => ({
  apikey: env.VITE_SUPABASE_ANON_KEY,
  Authorization: `Bearer ${env.VITE_SUPABASE_ANON_KEY}`,
  'Content-Type': 'application/json',
});

/** PostgREST's error body; `message` carries our functions' catalogue code. */
type PostgrestError = { code?: string; message?: string };

const CATALOGUE_CODE = /^[a-z][a-z0-9-]{1,62}$/;

/**
 * Calls a public SQL function through PostgREST as `anon`: the whole data access of a public page.
 * A fetch instead of supabase-js, whose auth client alone weighs more than a public page's budget
 * allows for everything but React (docs/campaign-engine.md). `started`: the same call already under
 * way (the page's early read, src/lib/public/early-read.ts), whose answer is read instead.
 */
export async function publicRpc<T>(
  name: string,
  args: Record<string, unknown> = {},
  { signal, started }: { signal?: AbortSignal; started?: Promise<Response> } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await (started ??
      fetch(`${env.VITE_SUPABASE_URL}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: anonHeaders(),
        body: JSON.stringify(args),
        signal,
      }));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new PublicCallError('network', null);
  }
  if (response.ok) return (response.status === 204 ? null : await response.json()) as T;
  const body = (await response.json().catch(() => ({}))) as PostgrestError;
  // A function's own code first (`campaign-rate-limited` says more than a bare 429).
  const fallback = response.status === 429 ? 'rate-limited' : 'unknown';
  const code: PublicCallCode =
    body.message && CATALOGUE_CODE.test(body.message) ? (body.message as PublicCallCode) : fallback;
  throw new PublicCallError(code, response.status);
}
