/** supabase-js clients for functions: the service role (inside, after checks) and the caller's own. */
import { createClient, type SupabaseClient } from './deps.ts';
import { marketplaceColour } from './email-layout.ts';
import type { Env } from './env.ts';

const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
} as const;

export interface SupabaseEnv {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
}

export function supabaseEnv(env: Env): SupabaseEnv {
  const url = env.get('SUPABASE_URL');
  const anonKey = env.get('SUPABASE_ANON_KEY');
  const serviceRoleKey = env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !anonKey || !serviceRoleKey) {
    throw new Error('SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY must be set');
  }
  return { url, anonKey, serviceRoleKey };
}

/** The app's address for links in e-mails and redirects (`SITE_URL`; the local app without it). */
export function siteUrlFromEnv(env: Env): string {
  return env.get('SITE_URL') ?? 'http://localhost:5173';
}

/** A supabase-js error as a thrown Error (the handler logs it and answers 500). */
export function errorOf(error: { message: string }): Error {
  return new Error(error.message);
}

/** Bypasses RLS: use only after the caller's checks. */
export function serviceClient(config: SupabaseEnv): SupabaseClient {
  return createClient(config.url, config.serviceRoleKey, options);
}

/** Acts as the public (anon): only what anon may call, as a visitor's page would. */
export function publicClient(config: SupabaseEnv): SupabaseClient {
  return createClient(config.url, config.anonKey, options);
}

/** Acts as the caller: PostgREST applies RLS with the caller's JWT. */
export function callerClient(config: SupabaseEnv, jwt: string): SupabaseClient {
  return createClient(config.url, config.anonKey, {
    ...options,
    global: { headers: { Authorization: `Bearer ${jwt}` } },
  });
}

/**
 * A marketplace's colour (`marketplaceColour` of its branding), or null: the header of the e-mails
 * sent on its behalf. Service role.
 */
export async function marketplaceColourOf(
  service: SupabaseClient,
  marketplaceId: string,
): Promise<string | null> {
  const { data, error } = await service
    .from('marketplaces')
    .select('branding')
    .eq('id', marketplaceId)
    .maybeSingle<{ branding: unknown }>();
  if (error) throw errorOf(error);
  return marketplaceColour(data?.branding);
}

/**
 * Whether the caller is a member of the organization: `is_organization_member` run with the caller's
 * JWT, so the database decides as it does for the caller's own requests.
 */
export async function isOrganizationMember(
  config: SupabaseEnv,
  jwt: string,
  organizationId: string,
): Promise<boolean> {
  const { data, error } = await callerClient(config, jwt).rpc('is_organization_member', {
    input_organization_id: organizationId,
  });
  if (error) throw new Error(`is_organization_member: ${error.message}`);
  return data === true;
}
