import { invokeFunction } from '@/lib/api/invoke-function';
import { toAppError } from '@/lib/errors';
import type { CardOutcome } from '../types';
import { isCardErrorCode } from '../utils/card-error-code';
import { PAYMENT_FUNCTION_CODES } from './payment-function-codes';

type Answer = { status: string; clientSecret?: string };

/**
 * One call of the local test provider (payments-local: confirmSetup, confirmPayment, authenticate)
 * as the card client's outcome. A refused card is an outcome `{ error }` (the function answers it
 * 200 `{ status: 'failed', error: { code } }`), and so is a lost answer (`api_error`); anything else
 * (not signed in, forbidden…) is thrown.
 */
export async function callLocalProvider(body: Record<string, unknown>): Promise<CardOutcome> {
  try {
    const { status } = await invokeFunction<Answer>('payments-local', body, {
      codes: PAYMENT_FUNCTION_CODES,
    });
    if (status === 'succeeded' || status === 'processing' || status === 'requires_action') return { status };
    return { error: 'api_error' };
  } catch (error) {
    const appError = toAppError(error);
    if (isCardErrorCode(appError.code)) return { error: appError.code };
    if (appError.code === 'network' || appError.status === 200) return { error: 'api_error' };
    throw appError;
  }
}
