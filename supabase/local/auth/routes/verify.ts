/**
 * POST /verify (code or token_hash → session) and GET /verify (the link flow: redirect to
 * redirect_to with tokens in the fragment, `?code=` for PKCE, or `#error=…`) — GoTrue api/verify.go.
 */
import type { Db } from '../../contracts.ts';
import { redirect } from '../../http.ts';
import { confirmEmail, confirmPhone } from '../accounts.ts';
import { isValidEmail, parsePhone } from '../addresses.ts';
import { AuthError, otpExpired, validation } from '../errors.ts';
import { clearToken, type TokenKind } from '../flows.ts';
import { str, type AuthService, type RequestContext } from '../service.ts';
import { signIn, type AuthMethod, type SessionResponse } from '../sessions.ts';
import { tokenHash } from '../tokens.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByToken,
  isEmailConfirmed,
  toDate,
  type UserRow,
} from '../users.ts';
import { redirectTarget } from './signup.ts';

type Query = Pick<Db, 'query'>;

export const VERIFY_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email',
  'email_change',
  'sms',
  'phone_change',
] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];

type Column =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'phone_change_token';

const CANDIDATES: Record<VerifyType, Column[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  magiclink: ['recovery_token'],
  recovery: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
  sms: ['confirmation_token', 'recovery_token'],
  phone_change: ['phone_change_token'],
};

const KIND_BY_COLUMN: Record<Column, TokenKind> = {
  confirmation_token: 'confirmation',
  recovery_token: 'recovery',
  email_change_token_new: 'email_change_new',
  email_change_token_current: 'email_change_current',
  phone_change_token: 'phone_change',
};

const SENT_AT: Record<Column, keyof UserRow> = {
  confirmation_token: 'confirmation_sent_at',
  recovery_token: 'recovery_sent_at',
  email_change_token_new: 'email_change_sent_at',
  email_change_token_current: 'email_change_sent_at',
  phone_change_token: 'phone_change_sent_at',
};

export interface VerifyInput {
  type: VerifyType;
  token?: string;
  tokenHash?: string;
  email?: string;
  phone?: string;
}

export type VerifyOutcome =
  | { kind: 'session'; session: SessionResponse; userId: string }
  | { kind: 'pkce'; userId: string }
  | { kind: 'message'; message: string };

/** Finds the user and token column the input proves, or throws otp_expired. */
async function locate(
  tx: Query,
  input: VerifyInput,
): Promise<{ user: UserRow; column: Column; pkce: boolean }> {
  const columns = CANDIDATES[input.type];
  if (input.tokenHash) {
    for (const column of columns) {
      const user = await findUserByToken(tx, column, input.tokenHash);
      if (user) return { user, column, pkce: input.tokenHash.startsWith('pkce_') };
    }
    throw otpExpired();
  }
  const token = input.token ?? '';
  if (input.email) {
    const email = input.email;
    let user = await findUserByEmail(tx, email);
    if (input.type === 'email_change') {
      const { rows } = await tx.query<{ id: string }>(
        `select id from auth.users where lower(email_change) = $1 or lower(email) = $1 order by (lower(email_change) = $1) desc limit 1`,
        [email],
      );
      const id = rows[0]?.id;
      user = id ? await findUserById(tx, id) : null;
    }
    if (user) {
      const hash = tokenHash(email, token);
      for (const column of columns) {
        const stored = user[column];
        if (stored && (stored === hash || stored === `pkce_${hash}`))
          return { user, column, pkce: stored.startsWith('pkce_') };
      }
    }
    throw otpExpired();
  }
  if (input.phone) {
    const phone = input.phone;
    const { rows } = await tx.query<{ id: string }>(
      input.type === 'phone_change'
        ? `select id from auth.users where phone_change = $1 limit 1`
        : `select id from auth.users where phone = $1 limit 1`,
      [phone],
    );
    const id = rows[0]?.id;
    if (id) {
      const user = await findUserById(tx, id);
      const hash = tokenHash(phone, token);
      for (const column of columns) {
        if (user?.[column] === hash) return { user, column, pkce: false };
      }
    }
    throw otpExpired();
  }
  throw validation('Only an email address or phone number should be provided on verify', 422);
}

export async function verifyToken(
  svc: AuthService,
  ctx: RequestContext,
  input: VerifyInput,
  options: { redirectFlow?: boolean } = {},
): Promise<VerifyOutcome> {
  svc.checkRequestLimit('tokenVerifications', ctx.ip);
  const address = checkedAddress(input);
  const outcome = await svc.transaction(async (tx): Promise<VerifyOutcome | { expired: true }> => {
    const { user, column, pkce } = await locate(tx, { ...input, ...address });
    const sentAt = toDate(user[SENT_AT[column]] as Date | string | null);
    if (!sentAt || sentAt.getTime() + svc.config.auth.otpExpirySeconds * 1000 < svc.now().getTime()) {
      // Expired: invalidate it so it cannot be retried later either.
      await clearToken(tx, user.id, KIND_BY_COLUMN[column]);
      return { expired: true };
    }
    await clearToken(tx, user.id, KIND_BY_COLUMN[column]);
    let method: AuthMethod = 'otp';
    if (column === 'confirmation_token') {
      if (input.type === 'sms') await confirmPhone(svc, tx, user.id);
      else await confirmEmail(svc, tx, user.id);
      method = input.type === 'invite' ? 'invite' : input.type === 'signup' ? 'email/signup' : 'otp';
    } else if (column === 'recovery_token') {
      // Clicking a magic link or recovery link proves the address too.
      if (input.type !== 'sms' && !isEmailConfirmed(user)) await confirmEmail(svc, tx, user.id);
      method = input.type === 'recovery' ? 'recovery' : input.type === 'magiclink' ? 'magiclink' : 'otp';
    } else if (column === 'phone_change_token') {
      const now = svc.nowIso();
      await tx.query(
        `update auth.users set phone = phone_change, phone_change = '', phone_confirmed_at = $2, updated_at = $2
          where id = $1`,
        [user.id, now],
      );
      method = 'otp';
    } else {
      const other: Column =
        column === 'email_change_token_new' ? 'email_change_token_current' : 'email_change_token_new';
      if (svc.secureEmailChange && user[other]) {
        await tx.query(`update auth.users set email_change_confirm_status = 1 where id = $1`, [user.id]);
        return {
          kind: 'message',
          message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
        };
      }
      const now = svc.nowIso();
      await tx.query(
        `update auth.users set email = email_change, email_change = '', email_change_token_new = '',
           email_change_token_current = '', email_change_confirm_status = 0, email_confirmed_at = $2, updated_at = $2,
           raw_user_meta_data = case when raw_user_meta_data ? 'email'
             then raw_user_meta_data || jsonb_build_object('email', email_change) else raw_user_meta_data end
         where id = $1`,
        [user.id, now],
      );
      await tx.query(
        `update auth.identities i set identity_data = i.identity_data || jsonb_build_object('email', u.email), updated_at = $2
           from auth.users u where u.id = i.user_id and i.user_id = $1 and i.provider = 'email'`,
        [user.id, now],
      );
      method = 'email_change';
    }
    if (pkce && options.redirectFlow) return { kind: 'pkce', userId: user.id };
    const fresh = (await findUserById(tx, user.id)) ?? user;
    return { kind: 'session', session: await signIn(svc, tx, fresh, method, ctx), userId: user.id };
  });
  if ('expired' in outcome) throw otpExpired();
  return outcome;
}

/** The code's e-mail or phone in stored form; malformed ones answer as GoTrue's verify does. */
function checkedAddress(input: VerifyInput): Pick<VerifyInput, 'email' | 'phone'> {
  if (input.email) {
    if (!isValidEmail(input.email)) throw validation('Invalid email format', 422);
    return { email: input.email.toLowerCase() };
  }
  return input.phone ? { phone: parsePhone(input.phone) } : {};
}

function parseType(value: string | null | undefined): VerifyType {
  if (!value || !(VERIFY_TYPES as readonly string[]).includes(value)) {
    throw validation(`Verify requires a verification type`);
  }
  return value as VerifyType;
}

export async function verifyPost(svc: AuthService, ctx: RequestContext): Promise<void> {
  const body = await ctx.body();
  const type = parseType(str(body, 'type'));
  const token = str(body, 'token');
  const tokenHashValue = str(body, 'token_hash');
  const email = str(body, 'email');
  const phone = str(body, 'phone');
  if (!tokenHashValue && !token) throw validation('Verify requires either a token or a token hash', 422);
  if (token && !tokenHashValue && !email && !phone) {
    throw validation('Only an email address or phone number should be provided on verify', 422);
  }
  const outcome = await verifyToken(svc, ctx, {
    type,
    ...(token ? { token } : {}),
    ...(tokenHashValue ? { tokenHash: tokenHashValue } : {}),
    ...(email ? { email } : {}),
    ...(phone ? { phone } : {}),
  });
  if (outcome.kind === 'message') return ctx.json(200, { msg: outcome.message, code: 200 });
  if (outcome.kind === 'pkce') throw new AuthError(500, 'unexpected_failure', 'unreachable');
  ctx.json(200, outcome.session);
}

/** The link flow. Errors are reported to the redirect target, never as JSON (it is a browser). */
export async function verifyGet(svc: AuthService, ctx: RequestContext): Promise<void> {
  const target = redirectTarget(svc, ctx);
  const token = ctx.query('token') ?? '';
  const rawType = ctx.query('type');
  const isPkce = token.startsWith('pkce_');
  try {
    const type = parseType(rawType);
    if (token === '') throw otpExpired();
    const outcome = await verifyToken(svc, ctx, { type, tokenHash: token }, { redirectFlow: true });
    if (outcome.kind === 'message') {
      return redirect(
        ctx.res,
        withParams(target, { message: outcome.message }, isPkce ? 'query' : 'fragment'),
      );
    }
    if (outcome.kind === 'pkce') {
      const code = await issueAuthCode(svc, outcome.userId);
      if (!code)
        throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      return redirect(ctx.res, withParams(target, { code }, 'query'));
    }
    const s = outcome.session;
    redirect(
      ctx.res,
      withParams(
        target,
        {
          access_token: s.access_token,
          expires_at: String(s.expires_at),
          expires_in: String(s.expires_in),
          refresh_token: s.refresh_token,
          token_type: 'bearer',
          type,
        },
        'fragment',
      ),
    );
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const description =
      error.errorCode === 'otp_expired' ? 'Email link is invalid or has expired' : error.message;
    redirect(
      ctx.res,
      withParams(
        target,
        {
          error: error.status === 403 ? 'access_denied' : 'invalid_request',
          error_code: error.errorCode,
          error_description: description,
        },
        isPkce ? 'query' : 'fragment',
      ),
    );
  }
}

/**
 * For a PKCE e-mail flow the session created by verification is not handed to the browser:
 * it gets the newest flow state's auth code and exchanges it (with its verifier) at /token.
 */
async function issueAuthCode(svc: AuthService, userId: string): Promise<string | null> {
  const { rows } = await svc.db.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = $2, updated_at = $2
      where id = (select id from auth.flow_state where user_id = $1 and provider_type = 'email'
                   order by created_at desc limit 1)
      returning auth_code`,
    [userId, svc.nowIso()],
  );
  return rows[0]?.auth_code ?? null;
}

export function withParams(
  target: string,
  params: Record<string, string>,
  where: 'query' | 'fragment',
): string {
  const url = new URL(target);
  if (where === 'query') {
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.href;
  }
  url.hash = new URLSearchParams(params).toString();
  return url.href;
}
