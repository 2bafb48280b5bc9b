import { PostgrestClient } from '@supabase/postgrest-js';
import type { StorageClient } from '@supabase/storage-js';
import type { Database } from './database.types';
import { auth, baseUrl, fetchWithAuth } from './supabase-auth';
import { functions } from './supabase-functions';

/**
 * The one Supabase client of the app, assembled from the libraries supabase-js itself is made of
 * (auth-js, postgrest-js, functions-js; storage-js on first use). supabase-js' createClient also
 * builds a Realtime client we do not use, which costs every screen ~25 KiB gzip;
 * the wiring here, in `./supabase-auth` and in `./supabase-functions` is what createClient does for the parts we use: the same
 * URLs, headers, storage key and access-token-per-request, so sessions and RLS behave exactly as
 * with createClient. Code on the sign-in page's path imports `./supabase-auth` instead, which
 * leaves the database client out of it.
 */
const rest = new PostgrestClient<Database>(new URL('rest/v1', baseUrl).href, { fetch: fetchWithAuth });

let storage: Promise<StorageClient> | undefined;

export const supabase = {
  auth,
  from: rest.from.bind(rest),
  rpc: rest.rpc.bind(rest),
  functions,
  /** Storage is used by few screens, so its library loads with the first of them. */
  storage: () =>
    (storage ??= import('@supabase/storage-js').then(
      ({ StorageClient }) => new StorageClient(new URL('storage/v1', baseUrl).href, {}, fetchWithAuth),
    )),
};

export type SupabaseClient = typeof supabase;
