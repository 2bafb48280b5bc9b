/**
 * Responses of the functions: CORS (a function answers its own preflight; the gateway adds nothing),
 * JSON bodies and the `{ error: { code } }` shape of failures, with the HTTP status that fits; and the
 * preamble every POST function shares (`withCaller`, `withServiceKey`).
 */
import { bearerToken, type Caller } from './auth.ts';
import type { z } from './deps.ts';

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      ...corsHeaders,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    },
  });
}

export function errorResponse(status: number, code: string, headers: Record<string, string> = {}): Response {
  return json(status, { error: { code } }, headers);
}

export function preflight(): Response {
  return new Response('ok', { headers: corsHeaders });
}

export function methodNotAllowed(): Response {
  return errorResponse(405, 'method-not-allowed', { Allow: 'POST, OPTIONS' });
}

/**
 * The request's JSON body; not ok when it is not JSON at all, is over 64 KiB, or holds text Postgres
 * cannot store (see storableText), so every function answers such a body with its 400.
 */
export async function readJson(request: Request): Promise<{ ok: true; value: unknown } | { ok: false }> {
  let text: string;
  try {
    text = await request.text();
  } catch {
    return { ok: false };
  }
  if (text.length > 64 * 1024) return { ok: false };
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return { ok: false };
  }
  return storableText(value) ? { ok: true, value } : { ok: false };
}

/**
 * Whether every string (and key) in a parsed JSON value is text Postgres can store: JSON may carry
 * `\u0000` and lone surrogates (`\ud800`), which a text or jsonb value refuses (SQLSTATE 22P05 /
 * 22P02). Reaching the database they failed as a 500 in the middle of a function; refused here they
 * are the function's usual 400. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function storableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000') || !item.isWellFormed()) return false;
    } else if (Array.isArray(item)) {
      pending.push(...(item as unknown[]));
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) pending.push(key, child);
    }
  }
  return true;
}

/**
 * A request's JSON body as `schema` reads it: first a plain object, then the function's own input.
 * Null when the body is not JSON or either check fails; the function answers 400 invalid-input.
 */
export async function readBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<z.infer<Schema> | null> {
  const body = await readJson(request);
  if (!body.ok || !isPlainObject(body.value)) return null;
  const input = schema.safeParse(body.value);
  return input.success ? input.data : null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Logs without e-mail addresses or tokens: only what helps find the failure. */
export type Log = (message: string, error?: unknown) => void;

export const consoleLog: Log = (message, error) => {
  if (error === undefined) console.error(message);
  else console.error(message, error instanceof Error ? error.message : error);
};

const silent: Log = () => undefined;

/** What withCaller needs of a function's dependencies. */
export interface CallerDeps {
  /** The user of the request's JWT, or null (no JWT, an expired or revoked one, a key). */
  authenticate(request: Request): Promise<Caller | null>;
  log?: Log;
}

/** What withServiceKey needs of a function's dependencies. */
export interface ServiceKeyDeps {
  /** Whether the request's bearer token is the service key. */
  isServiceKey(token: string): boolean;
  log?: Log;
}

/**
 * A POST function with a signed-in caller, in the order every such function answers: OPTIONS → its
 * preflight; another method → 405; no valid user JWT → 401 not-signed-in; a body `schema` refuses →
 * 400 invalid-input; then `run`. Whatever `run` throws is logged under `name` and answered 500 unknown.
 */
export async function withCaller<Schema extends z.ZodType>(
  request: Request,
  deps: CallerDeps,
  name: string,
  schema: Schema,
  run: (caller: Caller, input: z.infer<Schema>, log: Log) => Promise<Response>,
): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed();
  const log = deps.log ?? silent;
  try {
    const caller = await deps.authenticate(request);
    if (!caller) return errorResponse(401, 'not-signed-in');
    const input = await readBody(request, schema);
    if (!input) return errorResponse(400, 'invalid-input');
    return await run(caller, input, log);
  } catch (error) {
    log(`${name}: unexpected failure`, error);
    return errorResponse(500, 'unknown');
  }
}

/**
 * A POST function only the service role may call (scheduled work): as `withCaller`, but the bearer
 * token must be the service key — none is 401 not-signed-in, any other key or a user's JWT is 403
 * forbidden.
 */
export async function withServiceKey<Schema extends z.ZodType>(
  request: Request,
  deps: ServiceKeyDeps,
  name: string,
  schema: Schema,
  run: (input: z.infer<Schema>, log: Log) => Promise<Response>,
): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed();
  const log = deps.log ?? silent;
  const token = bearerToken(request);
  if (!token) return errorResponse(401, 'not-signed-in');
  if (!deps.isServiceKey(token)) return errorResponse(403, 'forbidden');
  try {
    const input = await readBody(request, schema);
    if (!input) return errorResponse(400, 'invalid-input');
    return await run(input, log);
  } catch (error) {
    log(`${name}: unexpected failure`, error);
    return errorResponse(500, 'unknown');
  }
}
