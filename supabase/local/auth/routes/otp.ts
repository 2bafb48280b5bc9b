/** POST /otp, /recover, /resend — GoTrue api/otp.go, magic_link.go, recover.go, resend.go. */
import type { Db } from '../../contracts.ts';
import { createUser } from '../accounts.ts';
import { parseEmail, parsePhone } from '../addresses.ts';
import { assertFrequency, sendEmail, sendSms } from '../emails.ts';
import { unprocessable, validation } from '../errors.ts';
import { createFlowState, issueToken, pkceParams, type PkceParams } from '../flows.ts';
import { bool, obj, str, type AuthService, type RequestContext } from '../service.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  isEmailConfirmed,
  isPhoneConfirmed,
  type UserRow,
} from '../users.ts';
import { redirectTarget } from './signup.ts';

type Query = Pick<Db, 'query'>;

/** Confirmation e-mail for an unconfirmed address (GoTrue sends it instead of a magic link). */
async function sendConfirmation(
  svc: AuthService,
  tx: Query,
  user: UserRow,
  email: string,
  redirectTo: string,
  pkce: PkceParams | null,
): Promise<void> {
  assertFrequency(
    svc,
    user.confirmation_sent_at,
    svc.config.auth.emailMaxFrequencySeconds,
    'over_email_send_rate_limit',
  );
  const token = await issueToken(svc, tx, user.id, 'confirmation', email, { pkce: pkce !== null });
  if (pkce)
    await createFlowState(svc, tx, {
      ...pkce,
      userId: user.id,
      providerType: 'email',
      authMethod: 'email/signup',
    });
  await sendEmail(svc, 'confirmation', { to: email, token: token.otp, tokenHash: token.hash, redirectTo });
}

/** Magic link or recovery e-mail; both use recovery_token in GoTrue. */
async function sendRecoveryLike(
  svc: AuthService,
  tx: Query,
  user: UserRow,
  email: string,
  kind: 'magic_link' | 'recovery',
  redirectTo: string,
  pkce: PkceParams | null,
): Promise<void> {
  assertFrequency(
    svc,
    user.recovery_sent_at,
    svc.config.auth.emailMaxFrequencySeconds,
    'over_email_send_rate_limit',
  );
  const token = await issueToken(svc, tx, user.id, 'recovery', email, { pkce: pkce !== null });
  if (pkce) {
    await createFlowState(svc, tx, {
      ...pkce,
      userId: user.id,
      providerType: 'email',
      authMethod: kind === 'recovery' ? 'recovery' : 'magiclink',
    });
  }
  await sendEmail(svc, kind, { to: email, token: token.otp, tokenHash: token.hash, redirectTo });
}

/**
 * Secure e-mail change (double_confirm_changes): a code to the new address and one to the current
 * address; both must be confirmed. Otherwise only the new address gets one.
 */
export async function sendEmailChange(
  svc: AuthService,
  tx: Query,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
  pkce: PkceParams | null,
): Promise<void> {
  assertFrequency(
    svc,
    user.email_change_sent_at,
    svc.config.auth.emailMaxFrequencySeconds,
    'over_email_send_rate_limit',
  );
  await tx.query(`update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1`, [
    user.id,
    newEmail,
  ]);
  const fresh = await issueToken(svc, tx, user.id, 'email_change_new', newEmail, { pkce: pkce !== null });
  if (pkce)
    await createFlowState(svc, tx, {
      ...pkce,
      userId: user.id,
      providerType: 'email',
      authMethod: 'email_change',
    });
  const current = user.email ?? '';
  await sendEmail(svc, 'email_change', {
    to: newEmail,
    token: fresh.otp,
    tokenHash: fresh.hash,
    redirectTo,
    email: current,
    newEmail,
  });
  if (svc.secureEmailChange && current !== '') {
    const old = await issueToken(svc, tx, user.id, 'email_change_current', current, { pkce: pkce !== null });
    await sendEmail(svc, 'email_change', {
      to: current,
      token: old.otp,
      tokenHash: old.hash,
      redirectTo,
      email: current,
      newEmail,
    });
  }
}

export async function sendPhoneOtp(
  svc: AuthService,
  tx: Query,
  user: UserRow,
  phone: string,
): Promise<string> {
  const confirmed = isPhoneConfirmed(user);
  assertFrequency(
    svc,
    confirmed ? user.recovery_sent_at : user.confirmation_sent_at,
    svc.config.auth.smsMaxFrequencySeconds,
    'over_sms_send_rate_limit',
  );
  const token = await issueToken(svc, tx, user.id, confirmed ? 'recovery' : 'confirmation', phone);
  return sendSms(svc, 'sms_otp', phone, token.otp);
}

export async function otp(svc: AuthService, ctx: RequestContext): Promise<void> {
  svc.checkRequestLimit('signInSignUps', ctx.ip, 'otp');
  const body = await ctx.body();
  const rawEmail = str(body, 'email') ?? '';
  const rawPhone = str(body, 'phone') ?? '';
  const createAllowed = bool(body, 'create_user') ?? true;
  const data = obj(body, 'data') ?? {};
  if (rawEmail !== '' && rawPhone !== '')
    validationFail('Only an email address or phone number should be provided');
  if (rawEmail === '' && rawPhone === '') validationFail('An email address or phone number is required');
  const redirectTo = redirectTarget(svc, ctx, body);

  const findOrCreate = async (
    tx: Query,
    found: UserRow | null,
    input: { email?: string; phone?: string },
  ) => {
    if (found) return found;
    if (!createAllowed) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
    if (!svc.config.auth.enableSignup)
      throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    return createUser(svc, tx, { ...input, userMetadata: data });
  };

  if (rawEmail !== '') {
    const email = parseEmail(rawEmail);
    const pkce = pkceParams(body);
    await svc.transaction(async (tx) => {
      const user = await findOrCreate(tx, await findUserByEmail(tx, email), { email });
      if (isEmailConfirmed(user))
        await sendRecoveryLike(svc, tx, user, email, 'magic_link', redirectTo, pkce);
      else await sendConfirmation(svc, tx, user, email, redirectTo, pkce);
    });
    return ctx.json(200, {});
  }
  const phone = parsePhone(rawPhone);
  const messageId = await svc.transaction(async (tx) => {
    const user = await findOrCreate(tx, await findUserByPhone(tx, phone), { phone });
    return sendPhoneOtp(svc, tx, user, phone);
  });
  ctx.json(200, { message_id: messageId });
}

function validationFail(message: string): never {
  throw validation(message, 422);
}

export async function recover(svc: AuthService, ctx: RequestContext): Promise<void> {
  svc.checkRequestLimit('signInSignUps', ctx.ip, 'recover');
  const body = await ctx.body();
  const rawEmail = str(body, 'email') ?? '';
  if (rawEmail === '') validationFail('Password recovery requires an email');
  const email = parseEmail(rawEmail);
  const pkce = pkceParams(body);
  const redirectTo = redirectTarget(svc, ctx, body);
  await svc.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    // Unknown addresses get the same answer (no account enumeration).
    if (user) await sendRecoveryLike(svc, tx, user, email, 'recovery', redirectTo, pkce);
  });
  ctx.json(200, {});
}

export async function resend(svc: AuthService, ctx: RequestContext): Promise<void> {
  svc.checkRequestLimit('signInSignUps', ctx.ip, 'resend');
  const body = await ctx.body();
  const type = str(body, 'type') ?? '';
  const rawEmail = str(body, 'email') ?? '';
  const rawPhone = str(body, 'phone') ?? '';
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
    throw validation('Missing one of these types: signup, email_change, sms, phone_change');
  }
  const redirectTo = redirectTarget(svc, ctx, body);
  if (type === 'signup' || type === 'email_change') {
    if (rawEmail === '') validationFail('Type provided requires an email address');
    const email = parseEmail(rawEmail);
    const pkce = pkceParams(body);
    await svc.transaction(async (tx) => {
      if (type === 'signup') {
        const user = await findUserByEmail(tx, email);
        if (user && !isEmailConfirmed(user)) await sendConfirmation(svc, tx, user, email, redirectTo, pkce);
        return;
      }
      const { rows } = await tx.query<{ id: string }>(
        `select id from auth.users where lower(email) = $1 or lower(email_change) = $1 limit 1`,
        [email],
      );
      const id = rows[0]?.id;
      const user = id ? await findUserById(tx, id) : null;
      if (user?.email_change) await sendEmailChange(svc, tx, user, user.email_change, redirectTo, pkce);
    });
    return ctx.json(200, {});
  }
  if (rawPhone === '') validationFail('Type provided requires a phone number');
  const phone = parsePhone(rawPhone);
  const messageId = await svc.transaction(async (tx) => {
    if (type === 'sms') {
      const user = await findUserByPhone(tx, phone);
      if (user && !isPhoneConfirmed(user)) return sendPhoneOtp(svc, tx, user, phone);
      return null;
    }
    const { rows } = await tx.query<{ id: string }>(
      `select id from auth.users where phone_change = $1 limit 1`,
      [phone],
    );
    const id = rows[0]?.id;
    const user = id ? await findUserById(tx, id) : null;
    if (!user) return null;
    assertFrequency(
      svc,
      user.phone_change_sent_at,
      svc.config.auth.smsMaxFrequencySeconds,
      'over_sms_send_rate_limit',
    );
    const token = await issueToken(svc, tx, user.id, 'phone_change', phone);
    return sendSms(svc, 'phone_change', phone, token.otp);
  });
  ctx.json(200, messageId ? { message_id: messageId } : {});
}
