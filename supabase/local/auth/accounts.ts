/**
 * Creating users and identities, confirming addresses, and the app_metadata GoTrue maintains
 * (`provider` = the first provider, `providers` = every linked provider).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../contracts.ts';
import { hashPassword } from './passwords.ts';
import type { AuthService } from './service.ts';
import { findUserById, listIdentities, type UserRow } from './users.ts';

type Query = Pick<Db, 'query'>;

export interface NewUser {
  email?: string | null;
  phone?: string | null;
  password?: string | null;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  emailConfirmed?: boolean;
  phoneConfirmed?: boolean;
  invited?: boolean;
  /** An anonymous user: no address, no identity, empty app_metadata (GoTrue's anonymous provider). */
  anonymous?: boolean;
  /** The first identity; default: 'email' for an e-mail, 'phone' for a phone. */
  provider?: { name: string; providerId: string; data: Record<string, unknown> };
  role?: string;
  id?: string;
}

export async function createUser(svc: AuthService, tx: Query, input: NewUser): Promise<UserRow> {
  const id = input.id ?? randomUUID();
  const now = svc.nowIso();
  const email = input.email ? input.email.toLowerCase() : null;
  const phone = input.phone ?? null;
  const providerName = input.provider?.name ?? (email ? 'email' : 'phone');
  const identityData: Record<string, unknown> = input.provider?.data ?? {
    sub: id,
    ...(email ? { email } : { phone }),
    email_verified: Boolean(input.emailConfirmed && email),
    phone_verified: Boolean(input.phoneConfirmed && phone),
  };
  // What the caller sent; GoTrue's Confirm adds email_verified (the identity keeps the claims).
  const userMetadata = {
    ...(input.userMetadata ?? {}),
    ...(input.emailConfirmed && email ? { email_verified: true } : {}),
  };
  const appMetadata = input.anonymous
    ? { ...(input.appMetadata ?? {}) }
    : { ...(input.appMetadata ?? {}), provider: providerName, providers: [providerName] };
  const encrypted = input.password ? await hashPassword(input.password) : '';
  await tx.query(
    `insert into auth.users (id, aud, role, email, phone, encrypted_password, email_confirmed_at, phone_confirmed_at,
       invited_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_super_admin, is_sso_user,
       is_anonymous, confirmation_token, recovery_token, email_change_token_new, email_change,
       email_change_token_current, phone_change, phone_change_token, reauthentication_token,
       email_change_confirm_status)
     values ($1, 'authenticated', $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11, $11, false, false, $12,
       '', '', '', '', '', '', '', '', 0)`,
    [
      id,
      input.role ?? 'authenticated',
      email,
      phone,
      encrypted,
      input.emailConfirmed && email ? now : null,
      input.phoneConfirmed && phone ? now : null,
      input.invited ? now : null,
      JSON.stringify(appMetadata),
      JSON.stringify(userMetadata),
      now,
      input.anonymous ?? false,
    ],
  );
  if (!input.anonymous) {
    await addIdentity(svc, tx, id, providerName, input.provider?.providerId ?? id, identityData);
  }
  const user = await findUserById(tx, id);
  if (!user) throw new Error('user vanished after insert');
  return user;
}

export async function addIdentity(
  svc: AuthService,
  tx: Query,
  userId: string,
  provider: string,
  providerId: string,
  data: Record<string, unknown>,
): Promise<void> {
  const now = svc.nowIso();
  await tx.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at,
       updated_at)
     values ($1, $2, $3, $4::jsonb, $5, $6, $6, $6)`,
    [randomUUID(), providerId, userId, JSON.stringify(data), provider, now],
  );
  await syncProviders(tx, userId);
}

/** Keeps app_metadata.providers in step with auth.identities (GoTrue does on link/unlink). */
export async function syncProviders(tx: Query, userId: string): Promise<void> {
  const identities = await listIdentities(tx, userId);
  const providers = [...new Set(identities.map((identity) => identity.provider))];
  await tx.query(
    `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb)
       || jsonb_build_object('providers', $2::jsonb,
            'provider', coalesce(raw_app_meta_data->>'provider', $3::text))
     where id = $1`,
    [userId, JSON.stringify(providers), providers[0] ?? 'email'],
  );
}

/** Marks the e-mail as confirmed on the user and on its email identity (and user_metadata). */
export async function confirmEmail(svc: AuthService, tx: Query, userId: string): Promise<void> {
  const now = svc.nowIso();
  await tx.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, $2), updated_at = $2,
       confirmation_token = '',
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
     where id = $1`,
    [userId, now],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = $2
      where user_id = $1 and provider = 'email'`,
    [userId, now],
  );
  await tx.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type = 'confirmation_token'`,
    [userId],
  );
}

export async function confirmPhone(svc: AuthService, tx: Query, userId: string): Promise<void> {
  const now = svc.nowIso();
  await tx.query(
    `update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, $2), updated_at = $2,
       confirmation_token = '' where id = $1`,
    [userId, now],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"phone_verified": true}'::jsonb, updated_at = $2
      where user_id = $1 and provider = 'phone'`,
    [userId, now],
  );
  await tx.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type = 'confirmation_token'`,
    [userId],
  );
}

/** GoTrue's UpdateUserMetaData: merge keys, a null value removes the key. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  update: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
