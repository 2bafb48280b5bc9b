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
    /** A sentence; PGRST201 gives the candidate relationships as a list. */
    readonly details: string | Record<string, string>[] | null = null,
    readonly hint: string | null = null,
    /** Extra response headers (e.g. `Content-Range` of a 416). */
    readonly headers: Record<string, string> = {},
    /** The status line's text when not the standard one (`RAISE SQLSTATE 'PGRST'`'s `status_text`). */
    readonly statusText?: string,
  ) {
    super(message);
    this.name = 'RestError';
  }
}

/** A parse error of the query string or headers (PGRST100). */
export function parseError(message: string, details: string | null = null): RestError {
  return new RestError(400, 'PGRST100', message, details);
}

/**
 * HTTP status for a SQLSTATE, as PostgREST maps them (src/PostgREST/Error.hs `mapSQLtoHTTP`, in its
 * order; docs.postgrest.org «Errors»): a few exact codes, classes, `PTxyz` → xyz (RAISE SQLSTATE
 * 'PT404' answers 404), every other `P0` code (P0002 no_data_found among them) 500, and 400 for
 * anything not listed. `RAISE SQLSTATE 'PGRST'` names its own status (`raisedResponse`); 500 here
 * is PostgREST's answer when its JSON cannot be read.
 */
export function statusForSqlState(code: string, role: string, message = ''): number {
  const cls = code.slice(0, 2);
  if (cls === '08') return 503; // connection exception
  if (cls === '09') return 500; // triggered action exception
  if (cls === '0L' || cls === '0P') return 403; // invalid grantor, invalid role specification
  if (code === '23503' || code === '23505') return 409; // foreign key, unique violation
  if (code === '25006') return 405; // read-only SQL transaction
  // cardinality_violation: pg-safeupdate's refusal is the client's fault, anything else the server's.
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  // invalid_parameter_value: the JWT's role does not exist.
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (cls === '25') return 500; // invalid transaction state
  if (cls === '28') return 403; // invalid authorization specification
  if (['2D', '38', '39', '3B', '40'].includes(cls)) return 500;
  if (code === '53400') return 500; // configuration limit exceeded
  if (cls === '53') return 503; // insufficient resources
  if (cls === '54' || cls === '55') return 500;
  if (code === '57P01') return 503; // terminating connection due to administrator command
  if (['57', '58', 'F0', 'HV'].includes(cls)) return 500;
  if (code === 'P0001') return 400; // RAISE's default
  if (cls === 'P0') return 500; // other PL/pgSQL errors
  if (cls === 'XX') return 500; // internal error
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404; // undefined function
  if (code === '42P01') return 404; // undefined table
  if (code === '42P17') return 500; // infinite recursion
  if (code === '42501') return role === 'anon' ? 401 : 403; // insufficient privilege
  if (cls === 'PT') {
    // RAISE SQLSTATE 'PTxyz': status xyz. Node cannot send one below 100; PostgREST's fallback is 500.
    const status = /^\d+$/.test(code.slice(2)) ? Number(code.slice(2)) : NaN;
    return status >= 100 && status <= 999 ? status : 500;
  }
  if (code === 'PGRST') return 500;
  return 400;
}

interface PgLikeError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

const PGRST_PARSE_MESSAGE = `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`;
const PGRST_DETAIL_HINT =
  "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";

function jsonObject(text: unknown): Record<string, unknown> | null {
  if (typeof text !== 'string') return null;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const optionalText = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * `RAISE SQLSTATE 'PGRST'`: MESSAGE is the error's JSON (`code`, `message`, optional `details`,
 * `hint`) and DETAIL the response's (`status`, `headers`, optional `status_text`), as PostgREST
 * reads them; either unreadable is 500 PGRST121.
 */
function raisedResponse(pg: PgLikeError): RestError {
  const message = jsonObject(pg.message);
  if (!message || typeof message.code !== 'string' || typeof message.message !== 'string') {
    return new RestError(
      500,
      'PGRST121',
      PGRST_PARSE_MESSAGE,
      `Invalid JSON value for MESSAGE: '${String(pg.message)}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  }
  if (typeof pg.detail !== 'string') {
    return new RestError(
      500,
      'PGRST121',
      PGRST_PARSE_MESSAGE,
      'DETAIL is missing in the RAISE statement',
      PGRST_DETAIL_HINT,
    );
  }
  const detail = jsonObject(pg.detail);
  const headers = detail?.headers;
  const status = detail?.status;
  if (
    !detail ||
    typeof status !== 'number' ||
    !Number.isInteger(status) ||
    status < 100 ||
    status > 999 ||
    typeof headers !== 'object' ||
    headers === null ||
    !Object.values(headers).every((v) => typeof v === 'string')
  ) {
    return new RestError(
      500,
      'PGRST121',
      PGRST_PARSE_MESSAGE,
      `Invalid JSON value for DETAIL: '${pg.detail}'`,
      PGRST_DETAIL_HINT,
    );
  }
  return new RestError(
    status,
    message.code,
    message.message,
    optionalText(message.details),
    optionalText(message.hint),
    headers as Record<string, string>,
    optionalText(detail.status_text) ?? undefined,
  );
}

/** Turns anything thrown while serving a request into a RestError. */
export function toRestError(error: unknown, role: string): RestError {
  if (error instanceof RestError) return error;
  const pg = (typeof error === 'object' && error !== null ? error : {}) as PgLikeError;
  if (pg.code === 'PGRST') return raisedResponse(pg);
  if (typeof pg.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) {
    return new RestError(
      statusForSqlState(pg.code, role, typeof pg.message === 'string' ? pg.message : ''),
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
  if (error.status === 401 && !('WWW-Authenticate' in headers)) headers['WWW-Authenticate'] = 'Bearer';
  if (error.statusText !== undefined) res.statusMessage = error.statusText;
  sendJson(
    res,
    error.status,
    { code: error.code, details: error.details, hint: error.hint, message: error.message },
    headers,
  );
}
