import { FunctionsHttpError } from '@supabase/supabase-js';
import { AppError, isAppErrorCode, toAppError, type AppErrorCode } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { isCardErrorCode, type CardOutcome } from './types';

/** The payment functions' own codes (docs/payments.md «Edge functions») as catalogue codes. */
const FUNCTION_CODES: Record<string, AppErrorCode> = {
  unauthorized: 'not-signed-in',
  'pack-not-found': 'not-found',
  'card-payment-not-found': 'not-found',
  'invalid-input': 'invalid_request_error',
  'payments-not-configured': 'api_error',
};

/** A payment function's error answer (`{ error: { code } }`) as an AppError. */
export async function paymentErrorOf(error: unknown): Promise<AppError> {
  if (error instanceof FunctionsHttpError) {
    let code: unknown = null;
    try {
      const body = (await (error.context as Response).json()) as { error?: { code?: unknown } };
      code = body.error?.code;
    } catch {
      code = null;
    }
    if (typeof code === 'string' && Object.hasOwn(FUNCTION_CODES, code)) {
      return new AppError(FUNCTION_CODES[code] ?? 'unknown', { cause: error });
    }
    if (isAppErrorCode(code)) return new AppError(code, { cause: error });
    return new AppError('unknown', { cause: error });
  }
  return toAppError(error);
}

/**
 * Calls payments-setup / payments-local; any error answer is thrown as an AppError, and so is a
 * declined card, which the functions answer as 200 `{ status: 'failed', error: { code } }` (an
 * expected answer, not an error status the browser would log).
 */
export async function invokePaymentFunction<T>(name: string, body: Record<string, unknown>): Promise<T> {
  const result = await supabase.functions.invoke<T>(name, { body });
  const error: unknown = result.error;
  if (error) throw await paymentErrorOf(error);
  if (result.data === null) throw new AppError('unknown');
  const declined = declineOf(result.data);
  if (declined) throw new AppError(declined);
  return result.data;
}

/** The card code of a 200 `{ status: 'failed', error: { code } }` answer, else null. */
export function declineOf(answer: unknown): AppErrorCode | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { status, error } = answer as { status?: unknown; error?: { code?: unknown } };
  if (status !== 'failed') return null;
  const code = error?.code;
  return isAppErrorCode(code) ? code : 'card_error';
}

/**
 * Card codes become the outcome `{ error }`; anything else (not signed in, forbidden…) is thrown. A
 * refused card is an answer (`{ status: 'failed', error: { code } }`, as payments-local sends it),
 * not a failed request.
 */
export async function outcomeOf(
  call: Promise<{ status: string; error?: { code?: unknown } }>,
): Promise<CardOutcome> {
  try {
    const { status, error } = await call;
    if (status === 'succeeded' || status === 'processing' || status === 'requires_action') return { status };
    if (status === 'failed' && isCardErrorCode(error?.code)) return { error: error.code };
    return { error: 'api_error' };
  } catch (error) {
    const appError = toAppError(error);
    if (isCardErrorCode(appError.code)) return { error: appError.code };
    if (appError.code === 'network') return { error: 'api_error' };
    throw appError;
  }
}
