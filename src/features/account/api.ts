import type { Factor } from '@supabase/auth-js';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { uploadAvatar } from '@/lib/account/avatar';
import { AppError, toAppError, unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { isValidEmail } from '@/lib/validation/email';

/** Account settings (/profile): the reads and writes of the settings screen. */
export const accountSettingsKeys = {
  all: ['account-settings'] as const,
  factors: (userId: string) => [...accountSettingsKeys.all, 'factors', userId] as const,
};

export const profileNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'profile.nameRequired' })
  .max(120, { error: 'profile.nameTooLong' });

export const emailSchema = z.string().trim().refine(isValidEmail, { error: 'email.invalid' });

/** GoTrue's error code, which toAppError folds into `unknown` for codes the catalogue lacks. */
export function authErrorCode(error: unknown): string | undefined {
  const cause = error instanceof AppError ? error.cause : error;
  if (cause && typeof cause === 'object' && 'code' in cause && typeof cause.code === 'string')
    return cause.code;
  return undefined;
}

export async function saveProfile(input: {
  userId: string;
  name: string;
  picture: File | null;
  img: string | null;
}) {
  const img = input.picture ? await uploadAvatar(input.userId, input.picture) : input.img;
  unwrap(
    await supabase
      .from('profiles')
      .update({ name: input.name, img })
      .eq('id', input.userId)
      .select('id')
      .single(),
  );
}

/** Secure e-mail change (config.toml double_confirm_changes): GoTrue mails both addresses. */
export async function changeEmail(email: string) {
  const { error } = await supabase.auth.updateUser({ email });
  if (error) throw toAppError(error);
}

/**
 * Changes the password. With secure password change GoTrue answers `reauthentication_needed` for an
 * older session; the caller then asks `reauthenticate()` for a code and sends it here as `nonce`.
 */
export async function changePassword(password: string, nonce?: string) {
  const { error } = await supabase.auth.updateUser(nonce ? { password, nonce } : { password });
  if (error) throw toAppError(error);
}

export async function requestReauthentication() {
  const { error } = await supabase.auth.reauthenticate();
  if (error) throw toAppError(error);
}

export const factorsQuery = (userId: string) =>
  queryOptions({
    queryKey: accountSettingsKeys.factors(userId),
    queryFn: async (): Promise<Factor[]> => {
      const { data, error } = await supabase.auth.mfa.listFactors();
      if (error) throw toAppError(error);
      return data.all;
    },
  });

export type TotpEnrollment = { factorId: string; qrCode: string; secret: string };

/** Starts a TOTP enrolment; unfinished enrolments of earlier visits are removed first. */
export async function enrollTotp(unverified: readonly Factor[]): Promise<TotpEnrollment> {
  for (const factor of unverified) {
    const { error } = await supabase.auth.mfa.unenroll({ factorId: factor.id });
    if (error) throw toAppError(error);
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp' });
  if (error) throw toAppError(error);
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

export async function verifyTotp(factorId: string, code: string) {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw toAppError(error);
}

export async function unenrollFactor(factorId: string) {
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw toAppError(error);
}

export type SignOutScope = 'local' | 'others' | 'global';

export async function signOut(scope: SignOutScope) {
  const { error } = await supabase.auth.signOut({ scope });
  if (error) throw toAppError(error);
}
