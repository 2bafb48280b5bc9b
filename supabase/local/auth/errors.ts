/**
 * GoTrue's error responses. GoTrue answers in two shapes, chosen by the request's
 * `X-Supabase-Api-Version` header (see auth-js lib/fetch.ts `handleError`):
 * - no header / older than 2024-01-01: `{ code: <http status>, error_code, msg }`
 * - 2024-01-01 or newer (what supabase-js sends): `{ code: <error_code>, message }` plus the same
 *   header on the response, so the client reads `code` as the error code.
 * Weak-password errors carry `weak_password: { reasons }` in both.
 */
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION_2024 = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export const badRequest = (code: string, msg: string, extra?: Record<string, unknown>) =>
  new AuthError(400, code, msg, extra);
export const unauthorized = (code: string, msg: string) => new AuthError(401, code, msg);
export const forbidden = (code: string, msg: string) => new AuthError(403, code, msg);
export const notFound = (code: string, msg: string) => new AuthError(404, code, msg);
export const unprocessable = (code: string, msg: string, extra?: Record<string, unknown>) =>
  new AuthError(422, code, msg, extra);
export const tooManyRequests = (code: string, msg: string) => new AuthError(429, code, msg);

/** `validation_failed` 400/422 — GoTrue uses 400 for malformed params and 422 for semantic problems. */
export const validation = (msg: string, status: 400 | 422 = 400) =>
  new AuthError(status, 'validation_failed', msg);

/** GoTrue's single message for every failed or stale one-time token (no enumeration). */
export const otpExpired = () => forbidden('otp_expired', 'Token has expired or is invalid');

/** Parses the request's API version header (YYYY-MM-DD) like auth-js does. */
export function requestApiVersion(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^2[0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/.test(value)) return null;
  return value;
}

export function sendAuthError(res: ServerResponse, error: AuthError, apiVersion: string | null): void {
  const modern = apiVersion !== null && apiVersion >= API_VERSION_2024;
  const body = modern
    ? { code: error.errorCode, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.errorCode, msg: error.message, ...error.extra };
  sendJson(res, error.status, body, { [API_VERSION_HEADER]: API_VERSION_2024 });
}
