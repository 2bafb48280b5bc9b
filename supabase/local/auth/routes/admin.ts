/** Admin API (service role only): /admin/users CRUD and /admin/generate_link — GoTrue api/admin.go, mail.go. */
import { confirmEmail, confirmPhone, createUser, mergeMetadata } from '../accounts.ts';
import { parseEmail, parsePhone } from '../addresses.ts';
import { sendEmail } from '../emails.ts';
import { badRequest, notFound, unprocessable, validation } from '../errors.ts';
import { issueToken } from '../flows.ts';
import { hashPassword } from '../passwords.ts';
import { bool, obj, str, type AuthService, type RequestContext } from '../service.ts';
import { requireAdmin } from '../sessions.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  isEmailConfirmed,
  isUuid,
  listFactors,
  serializeFactor,
  serializeUser,
  type UserRow,
} from '../users.ts';
import { deleteFactor } from './factors.ts';
import { assertStrongPassword, redirectTarget } from './signup.ts';

/** Go's time.ParseDuration subset GoTrue accepts for ban_duration ("24h", "1h30m", "none"). */
function parseBanDuration(value: string): number | 'none' {
  if (value === 'none') return 'none';
  const units: Record<string, number> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60_000,
    h: 3_600_000,
  };
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== value) {
    throw badRequest('validation_failed', 'invalid format for ban duration: time: invalid duration');
  }
  return parts.reduce((sum, part) => sum + Number(part[1]) * (units[part[2] ?? 's'] ?? 1000), 0);
}

async function requireTargetUser(svc: AuthService, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(svc.db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

/** GoTrue's paginate: `page` and `per_page`, when given, are unsigned whole numbers. */
function pageParam(ctx: RequestContext, name: string, fallback: number): number {
  const text = ctx.query(name) ?? '';
  if (text === '') return fallback;
  if (!/^\d+$/.test(text)) {
    throw badRequest(
      'validation_failed',
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(text)}: invalid syntax`,
    );
  }
  return Number(text);
}

export async function listUsers(svc: AuthService, ctx: RequestContext): Promise<void> {
  requireAdmin(svc, ctx);
  const page = Math.max(1, pageParam(ctx, 'page', 1));
  const perPage = Math.max(1, pageParam(ctx, 'per_page', 50));
  const { rows: countRows } = await svc.db.query<{ count: string | number }>(
    `select count(*) as count from auth.users`,
  );
  const total = Number(countRows[0]?.count ?? 0);
  const { rows } = await svc.db.query<{ id: string }>(
    `select id from auth.users order by created_at desc, id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  const users = [];
  for (const row of rows) {
    const user = await findUserById(svc.db, row.id);
    if (user) users.push(await serializeUser(svc.db, user));
  }
  // GoTrue's pagination headers; supabase-js reads `x-total-count` and `link` rel next/last.
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const links = [];
  if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
  ctx.json(200, { users, aud: 'authenticated' }, { 'X-Total-Count': String(total), Link: links.join(', ') });
}

export async function createUserAdmin(svc: AuthService, ctx: RequestContext): Promise<void> {
  requireAdmin(svc, ctx);
  const body = await ctx.body();
  const rawEmail = str(body, 'email') ?? '';
  const rawPhone = str(body, 'phone') ?? '';
  const password = str(body, 'password');
  if (rawEmail === '' && rawPhone === '') throw validation('An email address or phone number is required');
  const email = rawEmail !== '' ? parseEmail(rawEmail) : null;
  const phone = rawPhone !== '' ? parsePhone(rawPhone) : null;
  if (password !== undefined) assertStrongPassword(svc, password);
  const banDuration = str(body, 'ban_duration');
  const user = await svc.transaction(async (tx) => {
    if (email && (await findUserByEmail(tx, email))) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    if (phone && (await findUserByPhone(tx, phone))) {
      throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
    }
    const id = str(body, 'id');
    if (id !== undefined && !isUuid(id)) throw validation('id must be a UUID');
    const created = await createUser(svc, tx, {
      email,
      phone,
      password: password ?? null,
      userMetadata: obj(body, 'user_metadata') ?? {},
      appMetadata: obj(body, 'app_metadata') ?? {},
      emailConfirmed: bool(body, 'email_confirm') ?? false,
      phoneConfirmed: bool(body, 'phone_confirm') ?? false,
      ...(str(body, 'role') ? { role: str(body, 'role') } : {}),
      ...(id ? { id } : {}),
    });
    if (banDuration !== undefined) await applyBan(svc, tx, created.id, banDuration);
    return (await findUserById(tx, created.id)) ?? created;
  });
  ctx.json(200, await serializeUser(svc.db, user));
}

async function applyBan(
  svc: AuthService,
  tx: Pick<AuthService['db'], 'query'>,
  userId: string,
  value: string,
) {
  const duration = parseBanDuration(value);
  const until = duration === 'none' ? null : new Date(svc.now().getTime() + duration).toISOString();
  await tx.query(`update auth.users set banned_until = $2 where id = $1`, [userId, until]);
  // A ban ends the user's sessions at once (GoTrue revokes them).
  if (until) await tx.query(`delete from auth.sessions where user_id = $1`, [userId]);
}

export async function getUserAdmin(svc: AuthService, ctx: RequestContext, id: string): Promise<void> {
  requireAdmin(svc, ctx);
  ctx.json(200, await serializeUser(svc.db, await requireTargetUser(svc, id)));
}

export async function updateUserAdmin(svc: AuthService, ctx: RequestContext, id: string): Promise<void> {
  requireAdmin(svc, ctx);
  const user = await requireTargetUser(svc, id);
  const body = await ctx.body();
  await svc.transaction(async (tx) => {
    const now = svc.nowIso();
    const rawEmail = str(body, 'email');
    if (rawEmail) {
      const email = parseEmail(rawEmail);
      const other = await findUserByEmail(tx, email);
      if (other && other.id !== user.id) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      await tx.query(`update auth.users set email = $2, updated_at = $3 where id = $1`, [
        user.id,
        email,
        now,
      ]);
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text)
          where user_id = $1 and provider = 'email'`,
        [user.id, email],
      );
    }
    const rawPhone = str(body, 'phone');
    if (rawPhone) {
      const phone = parsePhone(rawPhone);
      const other = await findUserByPhone(tx, phone);
      if (other && other.id !== user.id) {
        throw unprocessable('phone_exists', 'A user with this phone number has already been registered');
      }
      await tx.query(`update auth.users set phone = $2, updated_at = $3 where id = $1`, [
        user.id,
        phone,
        now,
      ]);
    }
    const password = str(body, 'password');
    if (password !== undefined) {
      assertStrongPassword(svc, password);
      await tx.query(`update auth.users set encrypted_password = $2, updated_at = $3 where id = $1`, [
        user.id,
        await hashPassword(password),
        now,
      ]);
    }
    if (bool(body, 'email_confirm') === true) await confirmEmail(svc, tx, user.id);
    if (bool(body, 'phone_confirm') === true) await confirmPhone(svc, tx, user.id);
    const userMetadata = obj(body, 'user_metadata');
    if (userMetadata) {
      await tx.query(`update auth.users set raw_user_meta_data = $2::jsonb where id = $1`, [
        user.id,
        JSON.stringify(mergeMetadata(user.raw_user_meta_data, userMetadata)),
      ]);
    }
    const appMetadata = obj(body, 'app_metadata');
    if (appMetadata) {
      await tx.query(`update auth.users set raw_app_meta_data = $2::jsonb where id = $1`, [
        user.id,
        JSON.stringify(mergeMetadata(user.raw_app_meta_data, appMetadata)),
      ]);
    }
    const role = str(body, 'role');
    if (role) await tx.query(`update auth.users set role = $2 where id = $1`, [user.id, role]);
    const ban = str(body, 'ban_duration');
    if (ban !== undefined) await applyBan(svc, tx, user.id, ban);
  });
  ctx.json(200, await serializeUser(svc.db, await requireTargetUser(svc, id)));
}

export async function deleteUserAdmin(svc: AuthService, ctx: RequestContext, id: string): Promise<void> {
  requireAdmin(svc, ctx);
  const user = await requireTargetUser(svc, id);
  const body = await ctx.body();
  if (bool(body, 'should_soft_delete') === true) {
    // GoTrue's soft delete: anonymize, keep the row, end sessions, drop identities.
    await svc.transaction(async (tx) => {
      const now = svc.nowIso();
      await tx.query(
        `update auth.users set deleted_at = $2, email = null, phone = null, encrypted_password = '',
           raw_user_meta_data = '{}'::jsonb, raw_app_meta_data = '{}'::jsonb, updated_at = $2 where id = $1`,
        [user.id, now],
      );
      await tx.query(`delete from auth.identities where user_id = $1`, [user.id]);
      await tx.query(`delete from auth.sessions where user_id = $1`, [user.id]);
    });
  } else {
    await svc.db.query(`delete from auth.users where id = $1`, [user.id]);
  }
  ctx.json(200, {});
}

/** POST /invite — GoTrue api/invite.go: a new (or still unconfirmed) user gets the invitation e-mail. */
export async function invite(svc: AuthService, ctx: RequestContext): Promise<void> {
  requireAdmin(svc, ctx);
  const body = await ctx.body();
  const email = parseEmail(str(body, 'email') ?? '');
  const data = obj(body, 'data') ?? {};
  const redirectTo = redirectTarget(svc, ctx, body);
  const user = await svc.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (user && isEmailConfirmed(user)) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    user ??= await createUser(svc, tx, { email, userMetadata: data });
    const token = await issueToken(svc, tx, user.id, 'confirmation', email);
    await tx.query(`update auth.users set invited_at = $2 where id = $1`, [user.id, svc.nowIso()]);
    await sendEmail(svc, 'invite', { to: email, token: token.otp, tokenHash: token.hash, redirectTo, data });
    return (await findUserById(tx, user.id)) ?? user;
  });
  ctx.json(200, await serializeUser(svc.db, user));
}

/** The user's factor `factorId` (GoTrue's loadUser + loadFactor: 404s, the id's format first). */
type FactorPath = { userId: string; factorId: string };

async function requireTargetFactor(svc: AuthService, { userId, factorId }: FactorPath) {
  const user = await requireTargetUser(svc, userId);
  if (!isUuid(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const factor = (await listFactors(svc.db, user.id)).find((candidate) => candidate.id === factorId);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return { user, factor };
}

/** GET /admin/users/{id}/factors — the factors as an array (auth-js wraps it in `{ factors }`). */
export async function listFactorsAdmin(svc: AuthService, ctx: RequestContext, userId: string): Promise<void> {
  requireAdmin(svc, ctx);
  const user = await requireTargetUser(svc, userId);
  ctx.json(200, (await listFactors(svc.db, user.id)).map(serializeFactor));
}

/** PUT /admin/users/{id}/factors/{factorId} — a new friendly name. */
export async function updateFactorAdmin(svc: AuthService, ctx: RequestContext, path: FactorPath) {
  requireAdmin(svc, ctx);
  const { factor } = await requireTargetFactor(svc, path);
  const friendlyName = str(await ctx.body(), 'friendly_name') ?? '';
  if (friendlyName !== '') {
    await svc.db.query(`update auth.mfa_factors set friendly_name = $2, updated_at = $3 where id = $1`, [
      factor.id,
      friendlyName,
      svc.nowIso(),
    ]);
  }
  const updated = await requireTargetFactor(svc, path);
  ctx.json(200, serializeFactor(updated.factor));
}

/** DELETE /admin/users/{id}/factors/{factorId} — answers with the deleted factor. */
export async function deleteFactorAdmin(svc: AuthService, ctx: RequestContext, path: FactorPath) {
  requireAdmin(svc, ctx);
  const { user, factor } = await requireTargetFactor(svc, path);
  await svc.transaction((tx) => deleteFactor(tx, user.id, factor.id));
  ctx.json(200, serializeFactor(factor));
}

const LINK_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change_current',
  'email_change_new',
] as const;
type LinkType = (typeof LINK_TYPES)[number];

export async function generateLink(svc: AuthService, ctx: RequestContext): Promise<void> {
  requireAdmin(svc, ctx);
  const body = await ctx.body();
  const type = str(body, 'type') ?? '';
  if (!(LINK_TYPES as readonly string[]).includes(type)) {
    throw validation(`Invalid type: must be one of ${LINK_TYPES.join(', ')}`, 422);
  }
  const linkType = type as LinkType;
  const email = parseEmail(str(body, 'email') ?? '');
  const password = str(body, 'password');
  const data = obj(body, 'data') ?? {};
  const redirectTo = redirectTarget(svc, ctx, body);
  const result = await svc.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    let hashed: string;
    let otp: string;
    if (linkType === 'signup' || linkType === 'invite') {
      if (user && isEmailConfirmed(user)) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      if (!user) {
        if (linkType === 'signup' && !password) throw validation('Password is required for signup', 422);
        if (password) assertStrongPassword(svc, password);
        user = await createUser(svc, tx, {
          email,
          password: password ?? null,
          userMetadata: data,
          invited: linkType === 'invite',
        });
      }
      ({ otp, hash: hashed } = await issueToken(svc, tx, user.id, 'confirmation', email));
    } else if (linkType === 'magiclink' || linkType === 'recovery') {
      if (!user) throw notFound('user_not_found', 'User with this email not found');
      ({ otp, hash: hashed } = await issueToken(svc, tx, user.id, 'recovery', email));
    } else {
      if (!user) throw notFound('user_not_found', 'User with this email not found');
      const newEmail = parseEmail(str(body, 'new_email') ?? '');
      await tx.query(
        `update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1`,
        [user.id, newEmail],
      );
      const fresh = await issueToken(svc, tx, user.id, 'email_change_new', newEmail);
      const current = await issueToken(svc, tx, user.id, 'email_change_current', email);
      ({ otp, hash: hashed } = linkType === 'email_change_new' ? fresh : current);
    }
    const stored = (await findUserById(tx, user.id)) ?? user;
    return { user: await serializeUser(tx, stored), otp, hashed };
  });
  const verificationType = linkType.startsWith('email_change') ? 'email_change' : linkType;
  const actionLink = new URL(`${svc.externalUrl}/auth/v1/verify`);
  actionLink.searchParams.set('token', result.hashed);
  actionLink.searchParams.set('type', verificationType);
  actionLink.searchParams.set('redirect_to', redirectTo);
  ctx.json(200, {
    ...result.user,
    action_link: actionLink.href,
    email_otp: result.otp,
    hashed_token: result.hashed,
    redirect_to: redirectTo,
    verification_type: verificationType,
  });
}
