/** GET/PUT /user, GET /reauthenticate, POST /logout, DELETE /user/identities/{id} — GoTrue api/user.go, logout.go, identity.go. */
import { redirect } from '../../http.ts';
import { mergeMetadata, syncProviders } from '../accounts.ts';
import { parseEmail, parsePhone } from '../addresses.ts';
import { assertFrequency, sendEmail, sendSms } from '../emails.ts';
import { AuthError, badRequest, notFound, unprocessable } from '../errors.ts';
import { issueToken, pkceParams } from '../flows.ts';
import { comparePassword, hashPassword } from '../passwords.ts';
import { obj, str, type AuthService, type RequestContext } from '../service.ts';
import { requireUser } from '../sessions.ts';
import { tokenHash } from '../tokens.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  isUuid,
  listIdentities,
  serializeUser,
  toDate,
} from '../users.ts';
import { assertSupportedProvider, linkRequest } from './authorize.ts';
import { sendEmailChange } from './otp.ts';
import { assertStrongPassword, redirectTarget } from './signup.ts';

export async function getUser(svc: AuthService, ctx: RequestContext): Promise<void> {
  const { user } = await requireUser(svc, ctx);
  ctx.json(200, await serializeUser(svc.db, user));
}

export async function updateUser(svc: AuthService, ctx: RequestContext): Promise<void> {
  const { user } = await requireUser(svc, ctx);
  svc.checkRequestLimit('signInSignUps', ctx.ip, 'userUpdate');
  const body = await ctx.body();
  const data = obj(body, 'data');
  const password = str(body, 'password');
  const nonce = str(body, 'nonce');
  const rawEmail = str(body, 'email');
  const rawPhone = str(body, 'phone');
  const redirectTo = redirectTarget(svc, ctx, body);
  const pkce = pkceParams(body);
  await svc.transaction(async (tx) => {
    const now = svc.nowIso();
    if (data) {
      await tx.query(`update auth.users set raw_user_meta_data = $2::jsonb, updated_at = $3 where id = $1`, [
        user.id,
        JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)),
        now,
      ]);
    }
    if (password !== undefined) {
      assertStrongPassword(svc, password);
      if (await comparePassword(password, user.encrypted_password)) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      if (nonce !== undefined) {
        // Reauthentication (GET /reauthenticate sent the code): the nonce must match and be fresh.
        const sentAt = toDate(user.reauthentication_sent_at);
        const valid =
          user.reauthentication_token !== null &&
          user.reauthentication_token !== '' &&
          user.reauthentication_token === tokenHash(user.email ?? user.phone ?? '', nonce) &&
          sentAt !== null &&
          sentAt.getTime() + svc.config.auth.otpExpirySeconds * 1000 >= svc.now().getTime();
        if (!valid) throw new AuthError(401, 'reauthentication_not_valid', 'Requires reauthentication');
        await tx.query(`update auth.users set reauthentication_token = '' where id = $1`, [user.id]);
      }
      await tx.query(`update auth.users set encrypted_password = $2, updated_at = $3 where id = $1`, [
        user.id,
        await hashPassword(password),
        now,
      ]);
    }
    if (rawEmail !== undefined && rawEmail !== '') {
      const email = parseEmail(rawEmail);
      if (email !== (user.email ?? '').toLowerCase()) {
        const taken = await findUserByEmail(tx, email);
        if (taken && taken.id !== user.id) {
          throw unprocessable('email_exists', 'A user with this email address has already been registered');
        }
        const fresh = (await findUserById(tx, user.id)) ?? user;
        await sendEmailChange(svc, tx, fresh, email, redirectTo, pkce);
      }
    }
    if (rawPhone !== undefined && rawPhone !== '') {
      const phone = parsePhone(rawPhone);
      if (phone !== user.phone) {
        const taken = await findUserByPhone(tx, phone);
        if (taken && taken.id !== user.id) {
          throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
        }
        assertFrequency(
          svc,
          user.phone_change_sent_at,
          svc.config.auth.smsMaxFrequencySeconds,
          'over_sms_send_rate_limit',
        );
        await tx.query(`update auth.users set phone_change = $2 where id = $1`, [user.id, phone]);
        const token = await issueToken(svc, tx, user.id, 'phone_change', phone);
        await sendSms(svc, 'phone_change', phone, token.otp);
      }
    }
  });
  const updated = await findUserById(svc.db, user.id);
  if (!updated) throw notFound('user_not_found', 'User not found');
  ctx.json(200, await serializeUser(svc.db, updated));
}

/** Sends a reauthentication code to the user's e-mail (GoTrue api/reauthenticate.go). */
export async function reauthenticate(svc: AuthService, ctx: RequestContext): Promise<void> {
  const { user } = await requireUser(svc, ctx);
  const email = user.email ?? '';
  if (email === '' && !user.phone)
    throw unprocessable(
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    );
  await svc.transaction(async (tx) => {
    assertFrequency(
      svc,
      user.reauthentication_sent_at,
      svc.config.auth.emailMaxFrequencySeconds,
      'over_email_send_rate_limit',
    );
    if (email !== '') {
      const token = await issueToken(svc, tx, user.id, 'reauthentication', email);
      await sendEmail(svc, 'reauthentication', {
        to: email,
        token: token.otp,
        tokenHash: token.hash,
        redirectTo: svc.config.siteUrl,
      });
    } else {
      const phone = user.phone ?? '';
      const token = await issueToken(svc, tx, user.id, 'reauthentication', phone);
      await sendSms(svc, 'sms_otp', phone, token.otp);
    }
  });
  ctx.json(200, {});
}

/** POST /logout?scope=global|local|others → 204. */
export async function logout(svc: AuthService, ctx: RequestContext): Promise<void> {
  const scope = ctx.query('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope))
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  const { user, session } = await requireUser(svc, ctx);
  if (scope === 'local') {
    await svc.db.query(`delete from auth.sessions where id = $1`, [session.id]);
  } else if (scope === 'others') {
    await svc.db.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [user.id, session.id]);
  } else {
    await svc.db.query(`delete from auth.sessions where user_id = $1`, [user.id]);
  }
  ctx.noContent();
}

/** GoTrue's requireManualLinkingEnabled, which guards /user/identities after authentication. */
function requireManualLinking(svc: AuthService): void {
  if (!svc.config.auth.manualLinking) throw notFound('manual_linking_disabled', 'Manual linking is disabled');
}

/**
 * GET /user/identities/authorize — where linkIdentity sends the signed-in user: the local provider
 * page, told to link what it returns to this user. `{ url }` with skip_http_redirect, else a redirect.
 */
export async function linkIdentity(svc: AuthService, ctx: RequestContext): Promise<void> {
  const { user } = await requireUser(svc, ctx);
  requireManualLinking(svc);
  assertSupportedProvider(ctx.query('provider') ?? '');
  const url = new URL(`${svc.issuer}/authorize`);
  for (const name of ['provider', 'redirect_to', 'scopes', 'code_challenge', 'code_challenge_method']) {
    const value = ctx.query(name);
    if (value !== null) url.searchParams.set(name, value);
  }
  url.searchParams.set('link', linkRequest(svc, user.id));
  if (ctx.query('skip_http_redirect') === 'true') return ctx.json(200, { url: url.href });
  redirect(ctx.res, url.href, 302);
}

/** DELETE /user/identities/{identity_id} — unlink; the last identity cannot go. */
export async function unlinkIdentity(
  svc: AuthService,
  ctx: RequestContext,
  identityId: string,
): Promise<void> {
  const { user } = await requireUser(svc, ctx);
  requireManualLinking(svc);
  if (!isUuid(identityId)) throw notFound('validation_failed', 'identity_id must be an UUID');
  await svc.transaction(async (tx) => {
    const identities = await listIdentities(tx, user.id);
    const identity = identities.find((candidate) => candidate.id === identityId);
    if (!identity) throw unprocessable('identity_not_found', "Identity doesn't exist");
    if (identities.length <= 1) {
      throw unprocessable(
        'single_identity_not_deletable',
        'User must have at least 1 identity after unlinking',
      );
    }
    await tx.query(`delete from auth.identities where id = $1`, [identity.id]);
    // GoTrue: the provider recorded as primary moves on to a remaining identity.
    const remaining = identities.filter((candidate) => candidate.id !== identity.id);
    await tx.query(
      `update auth.users set raw_app_meta_data = raw_app_meta_data || jsonb_build_object('provider', $2::text),
         updated_at = $3 where id = $1 and raw_app_meta_data->>'provider' = $4`,
      [user.id, remaining[0]?.provider ?? 'email', svc.nowIso(), identity.provider],
    );
    await syncProviders(tx, user.id);
  });
  ctx.json(200, {});
}
