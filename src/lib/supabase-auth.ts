import { AuthClient } from '@supabase/auth-js';
import { env } from './env';

/**
 * The part of the Supabase client that the sign-in page and the guard chain's first check need:
 * auth. The database client (postgrest-js) is in `./supabase`, which adds it, and the edge-function
 * client in `./supabase-functions`, which invokeFunction loads on its first call; so pages for
 * visitors (/auth) render without downloading either (docs/performance.md).
 *
 * The session persists in localStorage and refreshes itself before expiry (auth-js retries with
 * back-off from 200 ms, doubling); a session in the URL (magic link, OAuth) is picked up.
 */
export const baseUrl = new URL(
  env.VITE_SUPABASE_URL.endsWith('/') ? env.VITE_SUPABASE_URL : `${env.VITE_SUPABASE_URL}/`,
);
const anonKey = env.VITE_SUPABASE_ANON_KEY;

export const auth = new AuthClient({
  url: new URL('auth/v1', baseUrl).href,
  headers: { Authorization: `Bearer ${anonKey}`, apikey: anonKey },
  // createClient's default key, so a session stored by either client is found by the other.
  storageKey: `sb-${baseUrl.hostname.split('.')[0]}-auth-token`,
  autoRefreshToken: true,
  persistSession: true,
  detectSessionInUrl: true,
  flowType: 'pkce',
});

async function accessToken(): Promise<string> {
  const { data } = await auth.getSession();
  return data.session?.access_token ?? anonKey;
}

/** Every API call carries the anon key and the user's access token, so the database sees the user. */
export const fetchWithAuth: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers);
  if (!headers.has('apikey')) headers.set('apikey', anonKey);
  if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${await accessToken()}`);
  return fetch(input, { ...init, headers });
};
