/** POST /token?grant_type=password|refresh_token|pkce — GoTrue api/token.go. */
import { formatPhone, isValidEmail, isValidPhone } from '../addresses.ts';
import { badRequest, forbidden, notFound, AuthError } from '../errors.ts';
import { checkPasswordStrength, comparePassword } from '../passwords.ts';
import { str, type AuthService, type RequestContext } from '../service.ts';
import { refreshGrant, sessionResponse, createSession, type AuthMethod } from '../sessions.ts';
import { verifyCodeChallenge, type CodeChallengeMethod } from '../tokens.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  isBanned,
  isEmailConfirmed,
  isPhoneConfirmed,
} from '../users.ts';
import { idTokenGrant, web3Grant } from './disabled.ts';

/** How long an issued PKCE auth code stays valid (GoTrue: 5 minutes). */
const FLOW_STATE_TTL_MS = 5 * 60 * 1000;

export async function token(svc: AuthService, ctx: RequestContext): Promise<void> {
  const grantType = ctx.query('grant_type') ?? '';
  // Limits are taken before the body is read, as GoTrue does: a malformed guess still costs one.
  switch (grantType) {
    case 'password':
      svc.checkRequestLimit('signInSignUps', ctx.ip);
      return passwordGrant(svc, ctx);
    case 'refresh_token': {
      svc.checkRequestLimit('tokenRefresh', ctx.ip);
      const body = await ctx.body({ allowForm: true });
      const refreshToken = str(body, 'refresh_token') ?? '';
      if (refreshToken === '') throw badRequest('validation_failed', 'refresh_token required');
      return ctx.json(200, await refreshGrant(svc, refreshToken));
    }
    case 'pkce':
      svc.checkRequestLimit('tokenRefresh', ctx.ip);
      return pkceGrant(svc, ctx);
    case 'id_token':
      svc.checkRequestLimit('tokenRefresh', ctx.ip);
      return idTokenGrant(svc, ctx);
    case 'web3':
      return web3Grant();
    default:
      // Drain the body so the connection can be reused, then refuse like GoTrue.
      ctx.req.resume();
      throw badRequest('unsupported_grant_type', 'unsupported_grant_type');
  }
}

async function passwordGrant(svc: AuthService, ctx: RequestContext): Promise<void> {
  const body = await ctx.body({ allowForm: true });
  const rawEmail = str(body, 'email') ?? '';
  const rawPhone = str(body, 'phone') ?? '';
  const password = str(body, 'password') ?? '';
  if (rawEmail === '' && rawPhone === '') throw badRequest('validation_failed', 'missing email or phone');
  if (rawEmail !== '' && rawPhone !== '') {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  }
  const invalid = () => badRequest('invalid_credentials', 'Invalid login credentials');
  // GoTrue looks the address up as given, so a malformed one matches nobody: the same answer as a
  // wrong password, without the lookup (no account could have been created with it).
  if (rawEmail !== '' ? !isValidEmail(rawEmail) : !isValidPhone(rawPhone)) throw invalid();
  const email = rawEmail.toLowerCase();
  const phone = formatPhone(rawPhone);
  const user = email !== '' ? await findUserByEmail(svc.db, email) : await findUserByPhone(svc.db, phone);
  if (!user || !(await comparePassword(password, user.encrypted_password))) throw invalid();
  if (isBanned(user, svc.now())) throw badRequest('user_banned', 'User is banned');
  if (email !== '' && !isEmailConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');
  if (email === '' && !isPhoneConfirmed(user)) throw badRequest('phone_not_confirmed', 'Phone not confirmed');
  const session = await svc.transaction(async (tx) => {
    const { sessionId, refreshToken } = await createSession(svc, tx, user, 'password', {
      userAgent: ctx.userAgent,
      ip: ctx.ip,
    });
    await tx.query(`update auth.identities set last_sign_in_at = $2 where user_id = $1 and provider = $3`, [
      user.id,
      svc.nowIso(),
      email !== '' ? 'email' : 'phone',
    ]);
    return sessionResponse(svc, tx, user.id, sessionId, refreshToken);
  });
  // GoTrue tells the client when a stored password no longer meets the policy.
  const weak = checkPasswordStrength(password, svc.config.auth);
  ctx.json(
    200,
    weak ? { ...session, weak_password: { reasons: weak.reasons, message: weak.message } } : session,
  );
}

interface FlowStateRow {
  id: string;
  user_id: string | null;
  code_challenge_method: CodeChallengeMethod;
  code_challenge: string;
  provider_type: string;
  provider_access_token: string | null;
  authentication_method: string;
  created_at: Date | string;
  auth_code_issued_at: Date | string | null;
}

async function pkceGrant(svc: AuthService, ctx: RequestContext): Promise<void> {
  const body = await ctx.body({ allowForm: true });
  const authCode = str(body, 'auth_code') ?? '';
  const verifier = str(body, 'code_verifier') ?? '';
  if (authCode === '' || verifier === '') {
    throw badRequest(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  const result = await svc.transaction(async (tx) => {
    const { rows } = await tx.query<FlowStateRow>(
      `select id, user_id, code_challenge_method::text as code_challenge_method, code_challenge, provider_type,
              provider_access_token, authentication_method, created_at, auth_code_issued_at
         from auth.flow_state where auth_code = $1 for update`,
      [authCode],
    );
    const flow = rows[0];
    if (!flow?.user_id)
      throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    const issuedAt = new Date(flow.auth_code_issued_at ?? flow.created_at).getTime();
    if (issuedAt + FLOW_STATE_TTL_MS < svc.now().getTime()) {
      await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
      return { expired: true } as const;
    }
    if (!verifyCodeChallenge(flow.code_challenge_method, flow.code_challenge, verifier)) {
      throw forbidden('bad_code_verifier', 'code challenge does not match previously saved code verifier');
    }
    const user = await findUserById(tx, flow.user_id);
    if (!user) throw notFound('user_not_found', 'User not found');
    if (isBanned(user, svc.now())) throw badRequest('user_banned', 'User is banned');
    await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
    const method = AMR_BY_FLOW[flow.authentication_method] ?? 'oauth';
    const { sessionId, refreshToken } = await createSession(svc, tx, user, method, {
      userAgent: ctx.userAgent,
      ip: ctx.ip,
    });
    const session = await sessionResponse(svc, tx, user.id, sessionId, refreshToken);
    return {
      session: flow.provider_access_token
        ? { ...session, provider_token: flow.provider_access_token, provider_refresh_token: null }
        : session,
    } as const;
  });
  if ('expired' in result) throw new AuthError(422, 'flow_state_expired', 'Flow state has expired');
  ctx.json(200, result.session);
}

const AMR_BY_FLOW: Record<string, AuthMethod> = {
  oauth: 'oauth',
  'email/signup': 'email/signup',
  magiclink: 'magiclink',
  recovery: 'recovery',
  invite: 'invite',
  email_change: 'email_change',
  otp: 'otp',
};
