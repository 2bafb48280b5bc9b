/**
 * auth.users rows and GoTrue's user JSON (models.User as GoTrue marshals it): the shape
 * supabase-js types as `User` — id, aud, role, email, phone, *_confirmed_at, confirmed_at,
 * last_sign_in_at, app_metadata {provider, providers}, user_metadata, identities, factors,
 * created_at, updated_at, is_anonymous.
 */
import type { Db } from '../contracts.ts';

type Timestamp = Date | string | null;
type Query = Pick<Db, 'query'>;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Timestamp;
  phone_confirmed_at: Timestamp;
  confirmed_at: Timestamp;
  invited_at: Timestamp;
  confirmation_token: string | null;
  confirmation_sent_at: Timestamp;
  recovery_token: string | null;
  recovery_sent_at: Timestamp;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change: string | null;
  email_change_sent_at: Timestamp;
  email_change_confirm_status: number | null;
  phone_change: string | null;
  phone_change_token: string | null;
  phone_change_sent_at: Timestamp;
  reauthentication_token: string | null;
  reauthentication_sent_at: Timestamp;
  last_sign_in_at: Timestamp;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  banned_until: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  is_anonymous: boolean | null;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown> | null;
  provider: string;
  last_sign_in_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  email: string | null;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  secret: string | null;
  last_challenged_at: Timestamp;
}

const USER_COLUMNS = `id, aud, role, email, phone, encrypted_password, email_confirmed_at, phone_confirmed_at,
  confirmed_at, invited_at, confirmation_token, confirmation_sent_at, recovery_token, recovery_sent_at,
  email_change_token_new, email_change_token_current, email_change, email_change_sent_at,
  email_change_confirm_status, phone_change, phone_change_token, phone_change_sent_at,
  reauthentication_token, reauthentication_sent_at, last_sign_in_at, raw_app_meta_data,
  raw_user_meta_data, banned_until, created_at, updated_at, is_anonymous`;

/** ISO-8601 in UTC, or null. PGlite and pg both return timestamptz as Date. */
export function iso(value: Timestamp | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function toDate(value: Timestamp | undefined): Date | null {
  const text = iso(value);
  return text === null ? null : new Date(text);
}

export async function findUserById(db: Query, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Query, email: string): Promise<UserRow | null> {
  // GoTrue keeps e-mails lower-cased and compares case-insensitively. SSO users are separate.
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and coalesce(is_sso_user, false) = false
     order by created_at limit 1`,
    [email],
  );
  return rows[0] ?? null;
}

export async function findUserByPhone(db: Query, phone: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where phone = $1 limit 1`,
    [phone],
  );
  return rows[0] ?? null;
}

/** Finds the user whose token column holds `hash` (GoTrue's FindUserByConfirmationToken & co.). */
export async function findUserByToken(
  db: Query,
  column:
    | 'confirmation_token'
    | 'recovery_token'
    | 'email_change_token_new'
    | 'email_change_token_current'
    | 'phone_change_token'
    | 'reauthentication_token',
  hash: string,
): Promise<UserRow | null> {
  if (hash === '') return null;
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where ${column} = $1 limit 1`,
    [hash],
  );
  return rows[0] ?? null;
}

export async function listIdentities(db: Query, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at, provider`,
    [userId],
  );
  return rows;
}

export async function listFactors(db: Query, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(
    `select id, user_id, friendly_name, factor_type::text as factor_type, status::text as status, created_at,
            updated_at, secret, last_challenged_at
       from auth.mfa_factors where user_id = $1 order by created_at`,
    [userId],
  );
  return rows;
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

export function serializeIdentity(identity: IdentityRow): Record<string, unknown> {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data ?? {},
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? '',
  };
}

export function serializeFactor(factor: FactorRow): Record<string, unknown> {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name ?? '',
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: iso(factor.created_at),
    updated_at: iso(factor.updated_at),
    ...(factor.last_challenged_at ? { last_challenged_at: iso(factor.last_challenged_at) } : {}),
  };
}

/** GoTrue omits empty optional timestamps (`omitempty`); these are the ones it omits. */
function optional(name: string, value: Timestamp): Record<string, string> {
  const text = iso(value);
  return text === null ? {} : { [name]: text };
}

export async function serializeUser(db: Query, user: UserRow): Promise<Record<string, unknown>> {
  const [identities, factors] = await Promise.all([listIdentities(db, user.id), listFactors(db, user.id)]);
  return {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    ...optional('email_confirmed_at', user.email_confirmed_at),
    phone: user.phone ?? '',
    ...optional('phone_confirmed_at', user.phone_confirmed_at),
    ...optional('confirmation_sent_at', user.confirmation_sent_at),
    ...optional('confirmed_at', user.confirmed_at ?? user.email_confirmed_at ?? user.phone_confirmed_at),
    ...optional('recovery_sent_at', user.recovery_sent_at),
    ...(user.email_change ? { new_email: user.email_change } : {}),
    ...optional('email_change_sent_at', user.email_change_sent_at),
    ...(user.phone_change ? { new_phone: user.phone_change } : {}),
    ...optional('phone_change_sent_at', user.phone_change_sent_at),
    ...optional('reauthentication_sent_at', user.reauthentication_sent_at),
    ...optional('invited_at', user.invited_at),
    ...optional('last_sign_in_at', user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(serializeIdentity),
    ...(factors.length > 0 ? { factors: factors.map(serializeFactor) } : {}),
    ...optional('banned_until', user.banned_until),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous ?? false,
  };
}

export function isEmailConfirmed(user: UserRow): boolean {
  return user.email_confirmed_at !== null;
}

export function isPhoneConfirmed(user: UserRow): boolean {
  return user.phone_confirmed_at !== null;
}

export function isBanned(user: UserRow, now: Date): boolean {
  const until = toDate(user.banned_until);
  return until !== null && until.getTime() > now.getTime();
}
