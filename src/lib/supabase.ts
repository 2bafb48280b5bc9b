import { AuthClient } from '@supabase/auth-js';
import { FunctionsClient } from '@supabase/functions-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { StorageClient } from '@supabase/storage-js';
import type { Database } from './database.types';
import { env } from './env';

/**
 * The one Supabase client of the app, assembled from the libraries supabase-js itself is made of
 * (auth-js, postgrest-js, functions-js; storage-js on first use). supabase-js' createClient also
 * builds a Realtime client we do not use, which costs every screen ~25 KiB gzip;
 * the wiring below is what createClient does for the parts we use: the same URLs, headers, storage
 * key and access-token-per-request, so sessions and RLS behave exactly as with createClient.
 *
 * The session persists in localStorage and refreshes itself before expiry (auth-js retries with
 * back-off from 200 ms, doubling); a session in the URL (magic link, OAuth) is picked up.
 */
const baseUrl = new URL(
  env.VITE_SUPABASE_URL.endsWith('/') ? env.VITE_SUPABASE_URL : `${env.VITE_SUPABASE_URL}/`,
);
const anonKey = env.VITE_SUPABASE_ANON_KEY;

const auth = new AuthClient({
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
const fetchWithAuth: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers);
  if (!headers.has('apikey')) headers.set('apikey', anonKey);
  if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${await accessToken()}`);
  return fetch(input, { ...init, headers });
};

const rest = new PostgrestClient<Database>(new URL('rest/v1', baseUrl).href, { fetch: fetchWithAuth });

let storage: Promise<StorageClient> | undefined;

export const supabase = {
  auth,
  from: rest.from.bind(rest),
  rpc: rest.rpc.bind(rest),
  functions: new FunctionsClient(new URL('functions/v1', baseUrl).href, { customFetch: fetchWithAuth }),
  /** Storage is used by few screens, so its library loads with the first of them. */
  storage: () =>
    (storage ??= import('@supabase/storage-js').then(
      ({ StorageClient }) => new StorageClient(new URL('storage/v1', baseUrl).href, {}, fetchWithAuth),
    )),
};

export type SupabaseClient = typeof supabase;
