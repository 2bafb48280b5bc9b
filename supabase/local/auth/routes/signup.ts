/** POST /signup — GoTrue api/signup.go. */
import { randomUUID } from 'node:crypto';
import { createUser, mergeMetadata } from '../accounts.ts';
import { parseEmail, parsePhone } from '../addresses.ts';
import { assertFrequency, sendEmail, sendSms } from '../emails.ts';
import { AuthError, tooManyRequests, unprocessable, validation } from '../errors.ts';
import { createFlowState, issueToken, pkceParams } from '../flows.ts';
import { checkPasswordStrength, hashPassword } from '../passwords.ts';
import { obj, str, type AuthService, type RequestContext } from '../service.ts';
import { signIn } from '../sessions.ts';
import { resolveRedirect } from '../tokens.ts';
import {
  findUserByEmail,
  findUserByPhone,
  isEmailConfirmed,
  isPhoneConfirmed,
  serializeUser,
} from '../users.ts';

export function redirectTarget(
  svc: AuthService,
  ctx: RequestContext,
  body: Record<string, unknown> = {},
): string {
  const requested =
    ctx.query('redirect_to') ?? (typeof body.redirect_to === 'string' ? body.redirect_to : null);
  return resolveRedirect(requested, svc.config.siteUrl, svc.config.additionalRedirectUrls);
}

/** Weak passwords: 422 weak_password with GoTrue's message and `weak_password.reasons`. */
export function assertStrongPassword(svc: AuthService, password: string): void {
  const weak = checkPasswordStrength(password, svc.config.auth);
  if (weak) throw unprocessable('weak_password', weak.message, { weak_password: { reasons: weak.reasons } });
}

/** GoTrue's anonymous_users limit: per client address per hour. */
const ANONYMOUS_PERIOD_S = 60 * 60;

export async function signup(svc: AuthService, ctx: RequestContext): Promise<void> {
  const body = await ctx.body();
  const auth = svc.config.auth;
  const rawEmail = str(body, 'email') ?? '';
  const rawPhone = str(body, 'phone') ?? '';
  const data = obj(body, 'data') ?? {};
  // No address is an anonymous sign-in, switched and limited apart (GoTrue's /signup router).
  if (rawEmail === '' && rawPhone === '') return signupAnonymously(svc, ctx, data);
  svc.checkRequestLimit('signInSignUps', ctx.ip);
  if (!auth.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const password = str(body, 'password') ?? '';
  if (rawEmail !== '' && rawPhone !== '') {
    throw validation('Only an email address or phone number should be provided on signup.', 422);
  }
  if (password === '') throw validation('Signup requires a valid password', 422);
  const pkce = rawEmail !== '' ? pkceParams(body) : null;
  const redirectTo = redirectTarget(svc, ctx, body);

  if (rawEmail !== '') {
    const email = parseEmail(rawEmail);
    assertStrongPassword(svc, password);
    const result = await svc.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email);
      if (user && isEmailConfirmed(user)) return { exists: user } as const;
      if (user) {
        // Unconfirmed: GoTrue lets the sign-up be repeated (new password/metadata, new mail).
        await tx.query(
          `update auth.users set encrypted_password = $2, raw_user_meta_data = $3::jsonb, updated_at = $4 where id = $1`,
          [
            user.id,
            await hashPassword(password),
            JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)),
            svc.nowIso(),
          ],
        );
      } else {
        user = await createUser(svc, tx, {
          email,
          password,
          userMetadata: data,
          emailConfirmed: !auth.emailConfirmations,
        });
      }
      if (!auth.emailConfirmations) {
        return { session: await signIn(svc, tx, user, 'password', ctx) } as const;
      }
      assertFrequency(
        svc,
        user.confirmation_sent_at,
        auth.emailMaxFrequencySeconds,
        'over_email_send_rate_limit',
      );
      const token = await issueToken(svc, tx, user.id, 'confirmation', email, { pkce: pkce !== null });
      if (pkce) {
        await createFlowState(svc, tx, {
          ...pkce,
          userId: user.id,
          providerType: 'email',
          authMethod: 'email/signup',
        });
      }
      await sendEmail(svc, 'confirmation', {
        to: email,
        token: token.otp,
        tokenHash: token.hash,
        redirectTo,
      });
      const fresh = await findUserByEmail(tx, email);
      return { user: await serializeUser(tx, fresh ?? user) } as const;
    });
    return respond(svc, ctx, result, data);
  }

  const phone = parsePhone(rawPhone);
  assertStrongPassword(svc, password);
  const result = await svc.transaction(async (tx) => {
    let user = await findUserByPhone(tx, phone);
    if (user && isPhoneConfirmed(user)) return { exists: user } as const;
    user ??= await createUser(svc, tx, {
      phone,
      password,
      userMetadata: data,
      phoneConfirmed: !auth.smsConfirmations,
    });
    if (!auth.smsConfirmations) return { session: await signIn(svc, tx, user, 'password', ctx) } as const;
    assertFrequency(svc, user.confirmation_sent_at, auth.smsMaxFrequencySeconds, 'over_sms_send_rate_limit');
    const token = await issueToken(svc, tx, user.id, 'confirmation', phone);
    await sendSms(svc, 'sms_otp', phone, token.otp);
    const fresh = await findUserByPhone(tx, phone);
    return { user: await serializeUser(tx, fresh ?? user) } as const;
  });
  return respond(svc, ctx, result, data);
}

async function signupAnonymously(
  svc: AuthService,
  ctx: RequestContext,
  data: Record<string, unknown>,
): Promise<void> {
  if (!svc.config.auth.anonymousSignIns) {
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  const limit = svc.config.auth.rateLimits.anonymousUsers;
  if (!svc.requestLimiter.take(`anonymous:${ctx.ip}`, limit, ANONYMOUS_PERIOD_S)) {
    throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  }
  if (!svc.config.auth.enableSignup) {
    throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  }
  const session = await svc.transaction(async (tx) => {
    const user = await createUser(svc, tx, { anonymous: true, userMetadata: data });
    return signIn(svc, tx, user, 'anonymous', ctx);
  });
  ctx.json(200, session);
}

function respond(
  svc: AuthService,
  ctx: RequestContext,
  result:
    | { readonly exists: { id: string; email: string | null; phone: string | null } }
    | { readonly session: unknown }
    | { readonly user: Record<string, unknown> },
  data: Record<string, unknown>,
): void {
  if ('session' in result) return ctx.json(200, result.session);
  if ('user' in result) return ctx.json(200, result.user);
  // An already-confirmed address. With autoconfirm GoTrue says so; otherwise it answers with an
  // obfuscated user (random id, no identities) so sign-up cannot be used to enumerate accounts.
  if (!svc.config.auth.emailConfirmations || !svc.config.auth.smsConfirmations) {
    const autoconfirmed = result.exists.email
      ? !svc.config.auth.emailConfirmations
      : !svc.config.auth.smsConfirmations;
    if (autoconfirmed) throw new AuthError(422, 'user_already_exists', 'User already registered');
  }
  const now = svc.nowIso();
  ctx.json(200, {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email: result.exists.email ?? '',
    phone: result.exists.phone ?? '',
    confirmation_sent_at: now,
    app_metadata: {
      provider: result.exists.email ? 'email' : 'phone',
      providers: [result.exists.email ? 'email' : 'phone'],
    },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  });
}
