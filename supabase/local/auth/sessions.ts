/**
 * Sessions, access tokens and refresh-token rotation with GoTrue's semantics:
 * - a sign-in creates an auth.sessions row, its first refresh token and an amr claim;
 * - a refresh revokes the presented token and issues a child (`parent` = the old token);
 * - presenting a revoked token again: within `refresh_token_reuse_interval` seconds and if it is
 *   the parent of the session's active token, GoTrue answers with that active token again (two tabs
 *   refreshing at once); otherwise it is reuse of a stolen token — the whole family is revoked and
 *   the session ended (`refresh_token_already_used`; the access token then gets `session_not_found`).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../contracts.ts';
import type { JwtClaims } from '../jwt.ts';
import { badRequest, forbidden, unauthorized, AuthError } from './errors.ts';
import type { AuthService, RequestContext } from './service.ts';
import { generateRefreshToken } from './tokens.ts';
import { findUserById, isBanned, serializeUser, toDate, type UserRow } from './users.ts';

type Query = Pick<Db, 'query'>;

/** GoTrue's authentication method names (models.AuthenticationMethod) → the JWT's `amr`. */
export type AuthMethod =
  | 'password'
  | 'otp'
  | 'oauth'
  | 'totp'
  | 'recovery'
  | 'invite'
  | 'magiclink'
  | 'email/signup'
  | 'email_change'
  | 'sms'
  | 'anonymous'
  | 'token_refresh';

export interface SessionRow {
  id: string;
  user_id: string;
  aal: string | null;
  factor_id: string | null;
  not_after: Date | string | null;
}

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  [extra: string]: unknown;
}

export async function createSession(
  svc: AuthService,
  tx: Query,
  user: UserRow,
  method: AuthMethod,
  meta: { userAgent: string; ip: string },
): Promise<{ sessionId: string; refreshToken: string }> {
  const now = svc.nowIso();
  const sessionId = randomUUID();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
     values ($1, $2, $3, $3, 'aal1', $3::timestamptz at time zone 'UTC', $4, $5::inet)`,
    [sessionId, user.id, now, meta.userAgent.slice(0, 1000), safeInet(meta.ip)],
  );
  await addAmrClaim(tx, sessionId, method, now);
  const refreshToken = await insertRefreshToken(tx, user.id, sessionId, null, now);
  await tx.query(`update auth.users set last_sign_in_at = $2, updated_at = $2 where id = $1`, [user.id, now]);
  return { sessionId, refreshToken };
}

function safeInet(ip: string): string | null {
  return /^[0-9a-fA-F:.]+$/.test(ip) ? ip : null;
}

export async function addAmrClaim(
  tx: Query,
  sessionId: string,
  method: AuthMethod,
  now: string,
): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, $2, $2, $3, $4)
     on conflict (session_id, authentication_method) do update set updated_at = excluded.updated_at`,
    [sessionId, now, method, randomUUID()],
  );
}

async function insertRefreshToken(
  tx: Query,
  userId: string,
  sessionId: string,
  parent: string | null,
  now: string,
): Promise<string> {
  const token = generateRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, false, $3, $3, $4, $5)`,
    [token, userId, now, parent, sessionId],
  );
  return token;
}

/** Signs the access token for `user` in `session` (GoTrue's AccessTokenClaims). */
export async function accessToken(
  svc: AuthService,
  tx: Query,
  user: UserRow,
  sessionId: string,
): Promise<{ token: string; expiresAt: number; expiresIn: number }> {
  const { rows: sessions } = await tx.query<{ aal: string | null }>(
    `select aal::text as aal from auth.sessions where id = $1`,
    [sessionId],
  );
  const { rows: claims } = await tx.query<{ authentication_method: string; updated_at: Date | string }>(
    `select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1
      order by updated_at desc`,
    [sessionId],
  );
  const iat = svc.nowSeconds();
  const expiresIn = svc.config.jwtExpirySeconds;
  const payload: JwtClaims = {
    iss: svc.issuer,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp: iat + expiresIn,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: sessions[0]?.aal ?? 'aal1',
    amr: claims.map((claim) => ({
      method: claim.authentication_method,
      timestamp: Math.floor((toDate(claim.updated_at)?.getTime() ?? 0) / 1000),
    })),
    session_id: sessionId,
    is_anonymous: user.is_anonymous ?? false,
  };
  return { token: svc.signer.sign(payload), expiresAt: iat + expiresIn, expiresIn };
}

/** The JSON GoTrue answers a successful grant with (supabase-js `Session` + `user`). */
export async function sessionResponse(
  svc: AuthService,
  tx: Query,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<SessionResponse> {
  const user = await findUserById(tx, userId);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  const { token, expiresAt, expiresIn } = await accessToken(svc, tx, user, sessionId);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await serializeUser(tx, user),
  };
}

/** Signs `user` in with a new session and returns GoTrue's token response. */
export async function signIn(
  svc: AuthService,
  tx: Query,
  user: UserRow,
  method: AuthMethod,
  ctx: RequestContext,
): Promise<SessionResponse> {
  const { sessionId, refreshToken } = await createSession(svc, tx, user, method, {
    userAgent: ctx.userAgent,
    ip: ctx.ip,
  });
  return sessionResponse(svc, tx, user.id, sessionId, refreshToken);
}

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date | string;
  parent: string | null;
  session_id: string | null;
}

/** grant_type=refresh_token. */
export async function refreshGrant(svc: AuthService, token: string): Promise<SessionResponse> {
  const outcome = await svc.transaction(
    async (tx): Promise<{ ok: SessionResponse } | { error: AuthError }> => {
      const { rows } = await tx.query<RefreshTokenRow>(
        `select id::text as id, token, user_id, revoked, updated_at, parent, session_id
         from auth.refresh_tokens where token = $1 for update`,
        [token],
      );
      const current = rows[0];
      if (!current?.session_id) {
        return {
          error: badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
        };
      }
      const session = await findSession(tx, current.session_id);
      const user = await findUserById(tx, current.user_id);
      if (!user) {
        return {
          error: badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
        };
      }
      if (isBanned(user, svc.now())) return { error: badRequest('user_banned', 'User is banned') };
      if (!session) {
        return {
          error: badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
        };
      }
      const ended = isSessionEnded(session, svc.now());
      const now = svc.nowIso();
      if (current.revoked) {
        const { rows: active } = await tx.query<RefreshTokenRow>(
          `select id::text as id, token, user_id, revoked, updated_at, parent, session_id
           from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
          [session.id],
        );
        const child = active[0];
        const revokedAt = toDate(current.updated_at)?.getTime() ?? 0;
        const withinReuse =
          revokedAt + svc.config.auth.refreshTokenReuseIntervalSeconds * 1000 >= svc.now().getTime();
        if (
          !ended &&
          svc.config.auth.refreshTokenRotation &&
          child?.parent === current.token &&
          withinReuse
        ) {
          // Concurrent refresh (two tabs): hand out the token the other request already got.
          return { ok: await sessionResponse(svc, tx, user.id, session.id, child.token) };
        }
        // Reuse of a revoked token: assume theft, end the whole family (GoTrue RevokeTokenFamily).
        await tx.query(
          `update auth.refresh_tokens set revoked = true, updated_at = $2 where session_id = $1`,
          [session.id, now],
        );
        if (!ended) {
          await tx.query(`update auth.sessions set not_after = $2, updated_at = $2 where id = $1`, [
            session.id,
            now,
          ]);
        }
        // Returned, not thrown: the revocation must commit.
        return { error: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
      }
      if (ended) return { error: badRequest('session_expired', 'Invalid Refresh Token: Session Expired') };
      await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = $2 where id = $1::bigint`, [
        current.id,
        now,
      ]);
      const next = await insertRefreshToken(tx, user.id, session.id, current.token, now);
      await tx.query(
        `update auth.sessions set refreshed_at = $2::timestamptz at time zone 'UTC', updated_at = $2 where id = $1`,
        [session.id, now],
      );
      return { ok: await sessionResponse(svc, tx, user.id, session.id, next) };
    },
  );
  if ('error' in outcome) throw outcome.error;
  return outcome.ok;
}

export async function findSession(tx: Query, id: string): Promise<SessionRow | null> {
  const { rows } = await tx.query<SessionRow>(
    `select id, user_id, aal::text as aal, factor_id, not_after from auth.sessions where id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

function isSessionEnded(session: SessionRow, now: Date): boolean {
  const notAfter = toDate(session.not_after);
  return notAfter !== null && notAfter.getTime() <= now.getTime();
}

/** The bearer token of the request, or null. */
export function bearerToken(ctx: RequestContext): string | null {
  const header = ctx.req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** Verified JWT claims of the request (GoTrue requireAuthentication: 401 missing, 403 bad_jwt). */
export function requireClaims(svc: AuthService, ctx: RequestContext): JwtClaims {
  const token = bearerToken(ctx);
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  const result = svc.signer.verify(token, svc.nowSeconds());
  if (!result.ok)
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${result.reason}`);
  return result.claims;
}

export interface Authenticated {
  claims: JwtClaims;
  user: UserRow;
  session: SessionRow;
}

/** A signed-in user with a live session (what /user, /logout, /factors need). */
export async function requireUser(
  svc: AuthService,
  ctx: RequestContext,
  tx: Query = svc.db,
): Promise<Authenticated> {
  const claims = requireClaims(svc, ctx);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  const user = await findUserById(tx, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
  const session = sessionId === '' ? null : await findSession(tx, sessionId);
  if (session?.user_id !== user.id || isSessionEnded(session, svc.now())) {
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { claims, user, session };
}

/** Admin endpoints: a JWT whose role is service_role (or supabase_admin). GoTrue: 403 not_admin. */
export function requireAdmin(svc: AuthService, ctx: RequestContext): JwtClaims {
  const claims = requireClaims(svc, ctx);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
    throw forbidden('not_admin', 'User not allowed');
  }
  return claims;
}
