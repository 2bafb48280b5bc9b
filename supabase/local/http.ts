/**
 * Tiny HTTP helpers shared by the embedded platform's node:http services (auth, REST, functions,
 * storage): body reading with a size limit, JSON responses, CORS like the hosted API gateway, and a
 * minimal method + path router. Nothing here knows about any one service's error format: body
 * problems are thrown as `BodyError` (status + reason) and each service turns them into its own JSON
 * (GoTrue, PostgREST, … errors look different).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { normalizeIp } from './client-ip.ts';

/** Largest request body we accept by default (GoTrue and PostgREST sit behind Kong with ~1 MB). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * Bodies beyond this are not even drained: we answer and close the connection. Between the limit
 * and this we keep reading (and discarding) so the client sees our 413 instead of a reset socket.
 */
const DRAIN_LIMIT = 16 * 1024 * 1024;

/** Why a body could not be read; `status` is the HTTP status to answer with. */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    readonly reason: 'malformed' | 'too_large' | 'content_type',
    message: string,
  ) {
    super(message);
    this.name = 'BodyError';
  }
}

/** Reads the raw body, at most `limit` bytes; throws `BodyError(413)` beyond that. */
export async function readRawBody(req: IncomingMessage, limit = DEFAULT_BODY_LIMIT): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = Number.isFinite(declared) && declared > DRAIN_LIMIT;
  if (tooLarge) {
    // Do not read 100 MB just to refuse it.
    req.resume();
    throw new BodyError(413, 'too_large', `Request body too large (limit ${limit} bytes)`);
  }
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      tooLarge = true;
      if (size > DRAIN_LIMIT) {
        req.destroy();
        break;
      }
      continue;
    }
    chunks.push(chunk);
  }
  if (tooLarge) throw new BodyError(413, 'too_large', `Request body too large (limit ${limit} bytes)`);
  return Buffer.concat(chunks);
}

/** The media type of the request without parameters, lower-cased ('' when absent). */
export function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export interface ReadBodyOptions {
  limit?: number;
  /** Also accept `application/x-www-form-urlencoded` (OAuth-style endpoints, HTML forms). */
  allowForm?: boolean;
  /** Value for an empty body (default `{}`, as supabase-js sends no body on some POSTs). */
  empty?: unknown;
}

/**
 * Reads a JSON body (or a form body when `allowForm`), returning the parsed value. A missing
 * content type is treated as JSON (curl and some clients omit it); any other type is a 415.
 * Malformed JSON is a 400. The value is `unknown`: validate it before use.
 */
export async function readBody(req: IncomingMessage, options: ReadBodyOptions = {}): Promise<unknown> {
  const type = mediaType(req);
  const isForm = type === 'application/x-www-form-urlencoded';
  const isJson = type === '' || type === 'application/json' || type.endsWith('+json');
  if (!isJson && !(isForm && options.allowForm)) {
    // Drain so the connection stays usable, then refuse.
    req.resume();
    throw new BodyError(415, 'content_type', `Unsupported Content-Type "${type}": send application/json`);
  }
  const raw = await readRawBody(req, options.limit ?? DEFAULT_BODY_LIMIT);
  const text = raw.toString('utf8');
  if (text.trim() === '') return options.empty ?? {};
  if (isForm) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new BodyError(400, 'malformed', `Could not parse request body as JSON: ${detail}`);
  }
}

/** True for a plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sends `body` as JSON with `status` and extra headers. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

/** Sends an HTML page. */
export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    // The local provider page must not be framed by another site (clickjacking), like real IdPs.
    'X-Frame-Options': 'DENY',
  });
  res.end(html);
}

/** 303 See Other to `location` (what GoTrue uses after /verify and OAuth callbacks). */
export function redirect(res: ServerResponse, location: string, status: 302 | 303 = 303): void {
  res.writeHead(status, { Location: location, 'Content-Length': 0 });
  res.end();
}

/** Headers supabase-js (and PostgREST/storage clients) send; allowed in preflight. */
export const CORS_ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'content-type',
  'x-client-info',
  'x-supabase-api-version',
  'prefer',
  'range',
  'accept-profile',
  'content-profile',
  'x-upsert',
  'cache-control',
];

/** Response headers the browser may read: pagination, counts, API version. */
export const CORS_EXPOSED_HEADERS = [
  'content-range',
  'range-unit',
  'x-total-count',
  'link',
  'location',
  'x-supabase-api-version',
  'content-profile',
  'preference-applied',
];

/**
 * Adds CORS headers like the hosted gateway (any origin, no cookies: supabase-js authenticates with
 * headers, not cookies). Returns true when the request was a preflight and has been answered.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS.join(', '));
  if (req.method === 'OPTIONS') {
    const requested = req.headers['access-control-request-headers'];
    res.writeHead(204, {
      'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      // Echo what was asked for when present (custom x-* headers from apps), else our list.
      'Access-Control-Allow-Headers':
        typeof requested === 'string' && requested.trim() !== ''
          ? requested
          : CORS_ALLOWED_HEADERS.join(', '),
      'Access-Control-Max-Age': '3600',
      'Content-Length': 0,
    });
    res.end();
    return true;
  }
  return false;
}

export type RouteParams = Record<string, string>;

export type RouteHandler<Ctx> = (ctx: Ctx, params: RouteParams) => Promise<void>;

interface Route<Ctx> {
  method: string;
  segments: string[];
  handler: RouteHandler<Ctx>;
}

export type RouteMatch<Ctx> =
  | { kind: 'found'; handler: RouteHandler<Ctx>; params: RouteParams }
  | { kind: 'method_not_allowed'; allowed: string[] }
  | { kind: 'not_found' };

/**
 * A minimal router: `add('POST', '/factors/:id/verify', handler)`. Paths are matched segment by
 * segment; `:name` captures one (URI-decoded) segment. A trailing slash is ignored.
 */
export class Router<Ctx> {
  private readonly routes: Route<Ctx>[] = [];

  add(method: string, pattern: string, handler: RouteHandler<Ctx>): this {
    this.routes.push({ method: method.toUpperCase(), segments: splitPath(pattern), handler });
    return this;
  }

  match(method: string, path: string): RouteMatch<Ctx> {
    const segments = splitPath(path);
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, segments);
      if (!params) continue;
      const wanted = method.toUpperCase();
      if (route.method === wanted || (wanted === 'HEAD' && route.method === 'GET')) {
        return { kind: 'found', handler: route.handler, params };
      }
      allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: 'method_not_allowed', allowed } : { kind: 'not_found' };
  }
}

function splitPath(path: string): string[] {
  return (path.split('?')[0] ?? '').split('/').filter((segment) => segment !== '');
}

function matchSegments(pattern: string[], actual: string[]): RouteParams | null {
  if (pattern.length !== actual.length) return null;
  const params: RouteParams = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] ?? '';
    const got = actual[i] ?? '';
    if (expected.startsWith(':')) {
      try {
        params[expected.slice(1)] = decodeURIComponent(got);
      } catch {
        return null;
      }
    } else if (expected !== got) {
      return null;
    }
  }
  return params;
}

/** A service mounted under the gateway: gets the request and the path after its prefix. */
export type Service = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>;

/**
 * Appends the address that connected to X-Forwarded-For and sets X-Real-IP to it, as Supabase's
 * gateway (Kong, `$proxy_add_x_forwarded_for`) does before any service sees the request. Entries to
 * the left of ours are whatever the caller wrote; only the rightmost is the gateway's word, which is
 * what the database (`private.request_client_ip`) and the functions read.
 */
export function forwardClientAddress(req: IncomingMessage): void {
  const peer = normalizeIp(req.socket.remoteAddress ?? '') ?? '127.0.0.1';
  const header = req.headers['x-forwarded-for'];
  const previous = (Array.isArray(header) ? header.join(', ') : (header ?? '')).trim();
  req.headers['x-forwarded-for'] = previous === '' ? peer : `${previous}, ${peer}`;
  req.headers['x-real-ip'] = peer;
}

/**
 * Routes /<prefix>/… to its service, like the hosted platform's gateway (Kong). `services` is read
 * on every request, so services may be mounted after the server starts.
 */
export function createGateway(services: Record<string, Service>): Server {
  return createServer((req, res) => {
    forwardClientAddress(req);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    for (const [prefix, service] of Object.entries(services)) {
      if (path === prefix || path.startsWith(`${prefix}/`)) {
        void service(req, res, path.slice(prefix.length) || '/');
        return;
      }
    }
    if (applyCors(req, res)) return;
    sendJson(res, 404, { message: 'no Route matched with those values' });
  });
}

/** Listens on `port` (0 = any free port) and resolves with the port actually bound. */
export function listen(server: Server, port: number, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** Stops accepting connections and drops the open ones (keep-alive clients would hold it open). */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
