import type { AuthResponse, Session } from '@supabase/auth-js';
import { toAppError } from '@/lib/errors';

/**
 * auth-js answers `{ data, error }` unions of success and failure: these take the failure out as
 * an AppError whose code the errors catalogue knows, so the screens only show `errorMessage(error)`.
 */
export function checked<T extends { error: unknown }>(result: T): Exclude<T, { error: object }> {
  if (result.error) throw toAppError(result.error);
  return result as Exclude<T, { error: object }>;
}

/** The session of a sign-in or sign-up answer (null when GoTrue still waits for a confirmation). */
export function sessionOf(result: AuthResponse): Session | null {
  return checked(result).data.session;
}
