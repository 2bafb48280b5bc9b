import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../src/lib/database.types';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';

/*
 * The e2e tests' own users and organizations, made through the admin API of `npm start`'s platform with
 * `supabase start`'s well-known service-role key (local only), so no test depends on another or changes
 * the demo accounts other specs read.
 */

export { ANON_KEY };

/** `npm start`'s platform (supabase/local/README.md). */
export const API_URL = 'http://127.0.0.1:54321';
/** Every demo account's password (README "Demo accounts", supabase/seed.sql); test users get it too. */
export const DEMO_PASSWORD = 'Demo-passord-1!';
/** The seeded marketplace Leadtorget, served on `localhost` (supabase/seed.sql). */
export const LEADTORGET = 'c0000000-0000-4000-8000-000000000001';

/**
 * supabase-js builds a realtime client eagerly and Node 20 has no WebSocket; the tests never
 * connect, so a transport that refuses to open is enough (as supabase/local/testing/auth-helpers.ts).
 */
class NoRealtime {
  constructor() {
    throw new Error('realtime is not used by the e2e tests');
  }
}

/** A supabase-js client of the local platform with `key`, acting as `accessToken`'s user if given. */
export function localClient(key: string, accessToken?: string) {
  return createClient<Database>(API_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : {},
    realtime: { transport: NoRealtime as unknown as typeof WebSocket },
  });
}

/** The service role: bypasses RLS. */
export const admin = localClient(SERVICE_ROLE_KEY);

/** The data of a query that must succeed and return something. */
export async function check<T>(
  promise: PromiseLike<{ data: T; error: { message: string } | null }>,
): Promise<NonNullable<T>> {
  const { data, error } = await promise;
  if (error) throw new Error(error.message);
  if (data === null || data === undefined) throw new Error('no data');
  return data;
}

/** An insert/update/upsert without `select`: throws on an error. */
export async function write(promise: PromiseLike<{ error: { message: string } | null }>): Promise<void> {
  const { error } = await promise;
  if (error) throw new Error(error.message);
}

/** A short random suffix for names and addresses that must be unique per test. */
export function uniqueSuffix(): string {
  return randomUUID().slice(0, 8);
}

export interface TestUser {
  id: string;
  /** `<label>.<suffix>@example.no` */
  email: string;
  name: string;
  /** The suffix of the e-mail address, to name what belongs to the user (`<Label> <suffix> AS`). */
  suffix: string;
}

/** A confirmed user with a profile, password DEMO_PASSWORD, so `signInAs` can sign it in. */
export async function createUser(label: string, name: string): Promise<TestUser> {
  const suffix = uniqueSuffix();
  const email = `${label}.${suffix}@example.no`;
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password: DEMO_PASSWORD,
    email_confirm: true,
    user_metadata: { name },
  });
  if (error) throw error;
  const id = data.user.id;
  await admin.from('profiles').upsert({ id, name }).throwOnError();
  return { id, email, name, suffix };
}

/** A new organization owned by `ownerId` (who becomes its owner member); returns its id. */
export async function createOrganization(ownerId: string, name: string): Promise<string> {
  const id = randomUUID();
  await admin.from('organizations').insert({ id, name, owner_id: ownerId }).throwOnError();
  return id;
}
