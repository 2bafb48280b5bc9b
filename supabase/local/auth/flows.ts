/**
 * Issuing and clearing one-time tokens (kept, like GoTrue, both on auth.users' token columns and in
 * auth.one_time_tokens), and PKCE flow states.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../contracts.ts';
import { badRequest } from './errors.ts';
import type { AuthService } from './service.ts';
import { generateOtp, parseChallengeMethod, tokenHash, type CodeChallengeMethod } from './tokens.ts';

type Query = Pick<Db, 'query'>;

export type TokenKind =
  | 'confirmation'
  | 'recovery'
  | 'email_change_new'
  | 'email_change_current'
  | 'phone_change'
  | 'reauthentication';

const COLUMNS: Record<TokenKind, { token: string; sentAt: string; ott: string }> = {
  confirmation: { token: 'confirmation_token', sentAt: 'confirmation_sent_at', ott: 'confirmation_token' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at', ott: 'recovery_token' },
  email_change_new: {
    token: 'email_change_token_new',
    sentAt: 'email_change_sent_at',
    ott: 'email_change_token_new',
  },
  email_change_current: {
    token: 'email_change_token_current',
    sentAt: 'email_change_sent_at',
    ott: 'email_change_token_current',
  },
  phone_change: { token: 'phone_change_token', sentAt: 'phone_change_sent_at', ott: 'phone_change_token' },
  reauthentication: {
    token: 'reauthentication_token',
    sentAt: 'reauthentication_sent_at',
    ott: 'reauthentication_token',
  },
};

export interface IssuedToken {
  otp: string;
  /** What links carry and the column stores (`pkce_` + hash for PKCE flows). */
  hash: string;
}

/** Creates a fresh code for `target` (an e-mail or a phone), replacing any earlier one of that kind. */
export async function issueToken(
  svc: AuthService,
  tx: Query,
  userId: string,
  kind: TokenKind,
  target: string,
  options: { pkce?: boolean } = {},
): Promise<IssuedToken> {
  const otp = generateOtp(svc.config.auth.otpLength);
  const hash = (options.pkce ? 'pkce_' : '') + tokenHash(target, otp);
  const columns = COLUMNS[kind];
  const now = svc.nowIso();
  await tx.query(
    `update auth.users set ${columns.token} = $2, ${columns.sentAt} = $3, updated_at = $3 where id = $1`,
    [userId, hash, now],
  );
  await tx.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3::auth.one_time_token_type, $4, $5, $6::timestamptz at time zone 'UTC', $6::timestamptz at time zone 'UTC')
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = excluded.updated_at`,
    [randomUUID(), userId, columns.ott, hash, target, now],
  );
  return { otp, hash };
}

export async function clearToken(tx: Query, userId: string, kind: TokenKind): Promise<void> {
  const columns = COLUMNS[kind];
  await tx.query(`update auth.users set ${columns.token} = '' where id = $1`, [userId]);
  await tx.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type = $2::auth.one_time_token_type`,
    [userId, columns.ott],
  );
}

export interface PkceParams {
  challenge: string;
  method: CodeChallengeMethod;
}

/** GoTrue: both code_challenge and code_challenge_method, or neither. */
export function pkceParams(body: Record<string, unknown>): PkceParams | null {
  const challenge = body.code_challenge;
  const method = body.code_challenge_method;
  const hasChallenge = typeof challenge === 'string' && challenge !== '';
  const hasMethod = typeof method === 'string' && method !== '';
  if (!hasChallenge && !hasMethod) return null;
  const parsed = parseChallengeMethod(method);
  if (!hasChallenge || !parsed) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  return { challenge, method: parsed };
}

/** Stores a PKCE flow; the returned auth code is what the redirect carries as `?code=`. */
export async function createFlowState(
  svc: AuthService,
  tx: Query,
  params: PkceParams & {
    userId: string | null;
    providerType: string;
    authMethod: string;
    providerAccessToken?: string;
    issued?: boolean;
  },
): Promise<string> {
  const authCode = randomUUID();
  const now = svc.nowIso();
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       provider_access_token, created_at, updated_at, authentication_method, auth_code_issued_at)
     values ($1, $2, $3, $4::auth.code_challenge_method, $5, $6, $7, $8, $8, $9, $10)`,
    [
      randomUUID(),
      params.userId,
      authCode,
      params.method,
      params.challenge,
      params.providerType,
      params.providerAccessToken ?? null,
      now,
      params.authMethod,
      params.issued ? now : null,
    ],
  );
  return authCode;
}
