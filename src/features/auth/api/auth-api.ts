import type { AuthResponse, Session } from '@supabase/auth-js';
import { AppError, isAppErrorCode, toAppError } from '@/lib/errors';
import { peekReturnTo, isSafeReturnPath } from '@/lib/return-to';
import { supabase } from '@/lib/supabase';

/**
 * Every auth call of the sign-in screens: supabase-js' `{ data, error }` turned into a value or an
 * AppError whose code the errors catalogue knows, so the screens only show `errorMessage(error)`.
 */

export const authKeys = {
  all: ['auth'] as const,
  assurance: (userId: string) => [...authKeys.all, 'assurance', userId] as const,
  signInRequest: (temporaryId: string, tokenHash: string) =>
    [...authKeys.all, 'sign-in-request', temporaryId, tokenHash] as const,
  management: (mode: string, code: string) => [...authKeys.all, 'management', mode, code] as const,
};

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

/**
 * Norwegian numbers as people type them: 8 digits (spaces allowed), or with +47 / 0047 → E.164.
 * Other countries' numbers in E.164 (`+` and 8–15 digits) pass unchanged. Null when it is neither.
 */
export function normalizePhone(input: string): string | null {
  const compact = input.replace(/[\s().-]/gu, '');
  if (/^\d{8}$/u.test(compact)) return `+47${compact}`;
  if (/^0047\d{8}$/u.test(compact)) return `+${compact.slice(2)}`;
  if (/^\+47\d{8}$/u.test(compact)) return compact;
  if (/^\+(?!47)[1-9]\d{7,14}$/u.test(compact)) return compact;
  return null;
}

/** Where a link or provider should bring the user back: the saved target on this origin. */
export function returnUrl(): string {
  return `${window.location.origin}${peekReturnTo() ?? '/'}`;
}

/** A same-origin absolute URL or path from a query parameter as a safe path, else null. */
export function safePathFrom(value: string | null): string | null {
  if (!value) return null;
  if (isSafeReturnPath(value)) return value;
  try {
    const url = new URL(value);
    if (url.origin !== window.location.origin) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return isSafeReturnPath(path) ? path : null;
  } catch {
    return null;
  }
}

/** supabase-js' auth results are unions of success and failure; this takes the failure out. */
function check<T extends { error: unknown }>(result: T): Exclude<T, { error: object }> {
  if (result.error) throw toAppError(result.error);
  return result as Exclude<T, { error: object }>;
}

function session(result: AuthResponse): Session | null {
  return check(result).data.session;
}

export async function signInWithPassword(
  credentials: { email: string } | { phone: string },
  password: string,
) {
  return session(await supabase.auth.signInWithPassword({ ...credentials, password }));
}

export async function signUp(input: {
  fullName: string;
  email?: string | undefined;
  phone?: string | undefined;
  password: string;
}): Promise<Session | null> {
  const options = { data: { full_name: input.fullName } };
  if (input.email) {
    return session(
      await supabase.auth.signUp({
        email: input.email,
        password: input.password,
        options: { ...options, emailRedirectTo: returnUrl() },
      }),
    );
  }
  if (input.phone) {
    return session(await supabase.auth.signUp({ phone: input.phone, password: input.password, options }));
  }
  throw new AppError('missing-email-or-phone');
}

export async function sendCode(target: { email: string } | { phone: string }) {
  // Like the magic link, a code to an unknown address makes an account (confirmed by the code).
  check(await supabase.auth.signInWithOtp(target));
}

/**
 * A typed code. GoTrue answers a wrong code and an expired or used one alike (403 otp_expired,
 * "Token has expired or is invalid": it looks the code up and finds nothing either way), so a typed
 * code gets the honest «wrong or expired» rather than the links' «expired».
 */
export async function verifyCode(target: { email: string } | { phone: string }, token: string) {
  const result =
    'email' in target
      ? await supabase.auth.verifyOtp({ email: target.email, token, type: 'email' })
      : await supabase.auth.verifyOtp({ phone: target.phone, token, type: 'sms' });
  if (result.error && toAppError(result.error).code === 'otp_expired') {
    throw new AppError('otp-wrong-or-expired', { cause: result.error });
  }
  return session(result);
}

export async function resendConfirmation(email: string) {
  check(await supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo: returnUrl() } }));
}

export async function sendPasswordReset(email: string) {
  check(await supabase.auth.resetPasswordForEmail(email, { redirectTo: returnUrl() }));
}

export async function signInWithGoogle() {
  check(await supabase.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: returnUrl() } }));
}

/**
 * request-magic-link (docs/auth-onboarding.md): our function, not signInWithOtp, because the
 * redirect target may be a marketplace host GoTrue's static allow-list does not know.
 */
export async function requestMagicLink(email: string) {
  const result = await supabase.functions.invoke<{ sent: boolean }>('request-magic-link', {
    body: { email, redirectTo: returnUrl() },
  });
  const error: unknown = result.error;
  if (!error) return;
  const context = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    const body = (await context.json().catch(() => null)) as { error?: { code?: unknown } } | null;
    const code = body?.error?.code;
    if (isAppErrorCode(code)) throw new AppError(code, { cause: error });
  }
  throw toAppError(error);
}

export type Assurance = { needsMfa: boolean };

/** A user with a verified TOTP factor whose session is still aal1 must pass the code step. */
export async function assurance(): Promise<Assurance> {
  const { currentLevel, nextLevel } = check(await supabase.auth.mfa.getAuthenticatorAssuranceLevel()).data;
  return { needsMfa: currentLevel === 'aal1' && nextLevel === 'aal2' };
}

export async function verifyTotp(code: string) {
  const factors = check(await supabase.auth.mfa.listFactors()).data;
  const factor = factors.totp.find((candidate) => candidate.status === 'verified');
  if (!factor) throw new AppError('mfa_verification_failed');
  check(await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code }));
}

export async function verifyTokenHash(
  tokenHash: string,
  type: 'email' | 'magiclink' | 'recovery' | 'invite' | 'email_change',
) {
  return session(await supabase.auth.verifyOtp({ token_hash: tokenHash, type }));
}

export async function updatePassword(password: string) {
  check(await supabase.auth.updateUser({ password }));
}

export async function signOut() {
  check(await supabase.auth.signOut());
}

/**
 * `/auth/{temporaryId}`: the magic link of request-magic-link may be opened on another device or
 * browser, where the saved target (sessionStorage) does not exist. So the target travels on the
 * server under the temporary id: we verify the link's token hash (that signs the user in), then
 * `claim_sign_in_request` gives the stored redirect_to back — only to the user whose e-mail asked
 * for it and only within its hour. We follow it only when it is a path on this origin; a claim that
 * fails (expired, another user) leaves the user signed in and sends them to the local target or '/'.
 */
export async function resumeSignIn(temporaryId: string, tokenHash: string): Promise<string> {
  await verifyTokenHash(tokenHash, 'magiclink');
  const claimed = await supabase.rpc('claim_sign_in_request', { input_id: temporaryId });
  const target = claimed.error ? null : safePathFrom(claimed.data);
  return target ?? peekReturnTo() ?? '/';
}
