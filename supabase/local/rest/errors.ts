/**
 * PostgREST's error JSON (`{ code, message, details, hint }`) and its HTTP status mapping for
 * Postgres SQLSTATEs and its own PGRST codes.
 */
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    /** Extra response headers (e.g. `Content-Range` of a 416). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'RestError';
  }
}

/** A parse error of the query string or headers (PGRST100). */
export function parseError(message: string, details: string | null = null): RestError {
  return new RestError(400, 'PGRST100', message, details);
}

/** HTTP status for a SQLSTATE, as PostgREST maps them. */
export function statusForSqlState(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '25006') return 405;
  if (code === 'P0001') return 400;
  if (code === '40001') return 409;
  const cls = code.slice(0, 2);
  if (['08'].includes(cls)) return 503;
  if (['0L', '0P', '28'].includes(cls)) return 403;
  if (['21', '22', '23', '42', '2F'].includes(cls)) return 400;
  if (cls === '53') return 503;
  if (cls === '54') return 413;
  if (cls === '57') return 500;
  return 500;
}

interface PgLikeError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

/** Turns anything thrown while serving a request into a RestError. */
export function toRestError(error: unknown, role: string): RestError {
  if (error instanceof RestError) return error;
  const pg = (typeof error === 'object' && error !== null ? error : {}) as PgLikeError;
  if (typeof pg.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) {
    return new RestError(
      statusForSqlState(pg.code, role),
      pg.code,
      typeof pg.message === 'string' ? pg.message : 'database error',
      typeof pg.detail === 'string' ? pg.detail : null,
      typeof pg.hint === 'string' ? pg.hint : null,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new RestError(500, 'PGRST000', 'Unexpected error in the data API', message);
}

export function sendRestError(res: ServerResponse, error: RestError): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const headers: Record<string, string> = { ...error.headers };
  if (error.status === 401) headers['WWW-Authenticate'] = 'Bearer';
  sendJson(
    res,
    error.status,
    { code: error.code, details: error.details, hint: error.hint, message: error.message },
    headers,
  );
}
