/**
 * Who calls: the user of the request's JWT, as GoTrue sees it (`auth.getUser(jwt)`), so a revoked
 * session or a deleted user is refused even when the JWT's signature is still valid. The anon or
 * service-role key is not a user.
 */
import type { SupabaseClient } from './deps.ts';

export interface Caller {
  id: string;
  email: string;
  /** The name the user gave (user_metadata.full_name / name), if any. */
  name: string | null;
  jwt: string;
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/** The caller, or null when the request has no valid user JWT. */
export async function callerFromJwt(client: SupabaseClient, jwt: string): Promise<Caller | null> {
  const { data, error } = await client.auth.getUser(jwt);
  if (error || !data.user) return null;
  const user = data.user;
  const meta = (user.user_metadata ?? {}) as Record<string, unknown>;
  const name = [meta.full_name, meta.name].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return { id: user.id, email: (user.email ?? '').toLowerCase(), name: name?.trim() ?? null, jwt };
}
