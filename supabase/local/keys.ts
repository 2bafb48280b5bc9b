/**
 * The well-known local keys of `supabase start`. The app's `.env.example` carries the same strings, so it
 * talks to the official Docker stack and to the embedded platform without a change.
 */
import { signJwt } from './jwt.ts';

/** The JWT secret every `supabase start` has used; it signs the two keys below and users' access tokens. */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** Expiry of the demo keys (2032-11-12), part of the payload that makes them the well-known strings. */
export const LOCAL_KEY_EXPIRY = 1983812996;

/** An HS256 JWT (header `{"alg":"HS256","typ":"JWT"}`) over `payload`, keys serialised in their given order. */
export const signHs256 = (payload: Record<string, unknown>, secret: string): string =>
  signJwt(payload, secret);

/**
 * The local API key of one role. With the default secret these are exactly the strings the Supabase CLI
 * prints; with `auth.jwt_secret` set in config.toml they are re-signed, as the CLI does.
 */
export function localApiKey(role: 'anon' | 'service_role', secret = LOCAL_JWT_SECRET): string {
  // Key order matters: it is part of the signed bytes.
  return signHs256({ iss: 'supabase-demo', role, exp: LOCAL_KEY_EXPIRY }, secret);
}

export const ANON_KEY = localApiKey('anon');
export const SERVICE_ROLE_KEY = localApiKey('service_role');
