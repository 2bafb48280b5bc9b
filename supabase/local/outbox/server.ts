/**
 * The outbox on 127.0.0.1:54324 — the port where `supabase start` runs Mailpit — with the part of
 * Mailpit's API (https://mailpit.axllent.org/docs/api-v1/) that e2e tests use, in Mailpit's JSON shapes,
 * so one test suite runs against either stack. Plus a small page for people.
 *
 * `POST /api/v1/send` is Mailpit's sending API, which edge functions use as their local mailer
 * (supabase/functions/_shared/mailer.ts): `{ From: {Email, Name}, To/Cc/Bcc: [{Email, Name}], Subject,
 * Text, HTML, Tags, Headers, Attachments: [{ Content (base64), Filename, ContentType }] }` →
 * `{ "ID": "…" }`, stored like the auth e-mails; an attachment is read back from
 * `GET /api/v1/message/{ID}/part/{PartID}` as Mailpit serves it. The outbox keeps one recipient
 * line per message, so every To, Cc and Bcc address goes into it (names and tags are not kept).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listen } from '../http.ts';
import { htmlToText } from './html-text.ts';
import { PAGE_SIZE, renderPage, renderView } from './page.ts';
import { SearchError } from './search.ts';
import type { ListResult, Outbox, OutboxAttachment, OutboxMessage } from './store.ts';

export interface OutboxServerOptions {
  /** 54324 in the platform; 0 picks a free port (tests). */
  port: number;
  host?: string;
}

export interface OutboxServer {
  port: number;
  stop(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const MAX_BODY_BYTES = 1024 * 1024;
const MAX_LIMIT = 10_000;
const MAX_START = 1_000_000_000;
const DEFAULT_LIMIT = 50; // Mailpit's

// ---------------------------------------------------------------------------------------------------
// Mailpit's JSON

const mailpitAddress = (name: string, address: string) => ({ Name: name, Address: address });

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 250 ? `${flat.slice(0, 250)}...` : flat;
}

const size = (message: OutboxMessage) =>
  Buffer.byteLength(message.subject) + Buffer.byteLength(message.html) + Buffer.byteLength(message.text);
const tags = (message: OutboxMessage) => (message.channel === 'sms' ? ['sms'] : []);
/** E-mails sent through the API may have several recipients, kept as "a@x, b@y". */
const recipients = (message: OutboxMessage) =>
  message.to.split(', ').map((address) => mailpitAddress('', address));

function mailpitSummary(message: OutboxMessage) {
  return {
    ID: message.id,
    MessageID: message.messageId,
    Read: message.read,
    From: mailpitAddress(message.from.name, message.from.address),
    To: recipients(message),
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject: message.subject,
    Created: message.createdAt.toISOString(),
    Tags: tags(message),
    Size: size(message),
    Attachments: message.attachments.length,
    Snippet: snippet(message.text),
  };
}

function mailpitMessage(message: OutboxMessage) {
  return {
    ID: message.id,
    MessageID: message.messageId,
    From: mailpitAddress(message.from.name, message.from.address),
    To: recipients(message),
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    ReturnPath: message.from.address,
    Subject: message.subject,
    Date: message.createdAt.toISOString(),
    Tags: tags(message),
    Text: message.text,
    HTML: message.html,
    Size: size(message),
    Inline: [],
    Attachments: message.attachments.map((file, index) => ({
      PartID: partId(index),
      FileName: file.filename,
      ContentType: file.contentType,
      ContentID: '',
      Size: Buffer.from(file.content, 'base64').length,
    })),
  };
}

/** Mailpit numbers a message's parts; ours: the text and HTML are 1.1 and 1.2, attachments 2, 3, … */
const partId = (index: number) => String(index + 2);

function mailpitList(result: ListResult, start: number) {
  return {
    total: result.total,
    unread: result.unread,
    count: result.messages.length,
    messages_count: result.matched,
    messages_unread: result.matchedUnread,
    start,
    tags: result.tags,
    messages: result.messages.map(mailpitSummary),
  };
}

// ---------------------------------------------------------------------------------------------------
// Request helpers

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    // Messages carry sign-in links: never cached, never leaked through a Referer.
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(body);
}

const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume(); // drain what is still coming, unread, so the 413 can be delivered
        reject(new HttpError(413, `request body larger than ${MAX_BODY_BYTES} bytes`));
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Mailpit's start/limit: absent or 0 means the default; anything but a whole number is refused. */
function intParam(url: URL, name: string, fallback: number, max: number): number {
  const raw = url.searchParams.get(name);
  if (raw === null || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new HttpError(400, `${name} must be a whole number`);
  const value = Number(raw.trim());
  if (value > max) throw new HttpError(400, `${name} must be at most ${max}`);
  return value === 0 && name === 'limit' ? fallback : value;
}

/** DELETE /api/v1/messages: no body, `{}` or no IDs means all (as Mailpit); otherwise IDs must be strings. */
function parseDeleteBody(body: string): string[] | undefined {
  if (body.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new HttpError(400, 'request body is not valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new HttpError(400, 'request body must be a JSON object like {"IDs": ["…"]}');
  }
  const ids = (parsed as { IDs?: unknown }).IDs;
  if (ids === undefined || ids === null) return undefined;
  if (!Array.isArray(ids) || !ids.every((id): id is string => typeof id === 'string')) {
    throw new HttpError(400, 'IDs must be an array of strings');
  }
  return ids.length === 0 ? undefined : ids;
}

const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/;

function sendAddress(value: unknown, field: string): { address: string; name: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(400, `${field} must be an object like {"Email": "…", "Name": "…"}`);
  }
  const { Email: email, Name: name } = value as { Email?: unknown; Name?: unknown };
  if (typeof email !== 'string' || !EMAIL.test(email.trim()))
    throw new HttpError(400, `${field}.Email is invalid`);
  if (name !== undefined && name !== null && typeof name !== 'string') {
    throw new HttpError(400, `${field}.Name must be a string`);
  }
  return { address: email.trim(), name: typeof name === 'string' ? name : '' };
}

function sendAddresses(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new HttpError(400, `${field} must be an array`);
  return value.map((item, index) => sendAddress(item, `${field}[${index}]`).address);
}

function optionalString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new HttpError(400, `${field} must be a string`);
  return value;
}

/** Mailpit's send request, validated; 400 for anything it would refuse. */
function parseSendBody(body: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new HttpError(400, 'request body is not valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new HttpError(400, 'request body must be a JSON object');
  }
  const input = parsed as Record<string, unknown>;
  const from = sendAddress(input.From, 'From');
  const to = [
    ...sendAddresses(input.To, 'To'),
    ...sendAddresses(input.Cc, 'Cc'),
    ...sendAddresses(input.Bcc, 'Bcc'),
  ];
  if (to.length === 0) throw new HttpError(400, 'at least one To, Cc or Bcc recipient is required');
  const tagList = input.Tags;
  if (
    tagList !== undefined &&
    tagList !== null &&
    (!Array.isArray(tagList) || !tagList.every((tag) => typeof tag === 'string'))
  ) {
    throw new HttpError(400, 'Tags must be an array of strings');
  }
  const html = optionalString(input, 'HTML');
  const text = optionalString(input, 'Text');
  return {
    from,
    to,
    subject: optionalString(input, 'Subject'),
    html,
    text: text === '' && html !== '' ? htmlToText(html) : text,
    headers: sendHeaders(input.Headers),
    attachments: sendAttachments(input.Attachments),
  };
}

/** Mailpit's `Attachments`: `[{ Content (base64), Filename, ContentType? }]`. */
function sendAttachments(value: unknown): OutboxAttachment[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new HttpError(400, 'Attachments must be an array');
  return value.map((item: unknown, index) => {
    const file = (item ?? {}) as Record<string, unknown>;
    const { Content: content, Filename: filename, ContentType: contentType } = file;
    if (typeof content !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(content)) {
      throw new HttpError(400, `Attachments[${index}].Content must be base64`);
    }
    if (typeof filename !== 'string' || filename.trim() === '') {
      throw new HttpError(400, `Attachments[${index}].Filename is required`);
    }
    return {
      filename,
      contentType: typeof contentType === 'string' && contentType ? contentType : 'application/octet-stream',
      content,
    };
  });
}

/** Mailpit's `Headers`: an object of header names (RFC 5322 field names) and string values. */
function sendHeaders(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(400, 'Headers must be an object of header names and string values');
  }
  const headers: Record<string, string> = {};
  for (const [name, text] of Object.entries(value)) {
    if (!/^[!-9;-~]+$/.test(name) || typeof text !== 'string' || /[\r\n]/.test(text)) {
      throw new HttpError(400, `Headers.${name} must be a header name with a one-line string value`);
    }
    headers[name] = text;
  }
  return headers;
}

/**
 * Mailpit's `GET /api/v1/message/{ID}/headers`: every header as name → values. The usual ones are
 * made from the stored message, the rest are what the sender set.
 */
function mailpitHeaders(message: OutboxMessage): Record<string, string[]> {
  const from = message.from.name ? `${message.from.name} <${message.from.address}>` : message.from.address;
  return {
    'Message-Id': [`<${message.messageId}>`],
    Date: [message.createdAt.toUTCString()],
    From: [from],
    To: [message.to],
    Subject: [message.subject],
    ...Object.fromEntries(Object.entries(message.headers).map(([name, value]) => [name, [value]])),
  };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, 'malformed message id');
  }
}

/** A form POST from another site (or a page it frames) must not empty the outbox. */
function isCrossSite(req: IncomingMessage): boolean {
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = req.headers.origin;
  return origin !== undefined && origin !== `http://${req.headers.host ?? ''}`;
}

function methodNotAllowed(res: ServerResponse, allow: string) {
  send(res, 405, 'application/json; charset=utf-8', JSON.stringify({ error: 'method not allowed' }), {
    Allow: allow,
  });
}

// ---------------------------------------------------------------------------------------------------

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
// Even opened directly, an e-mail's HTML runs no script; links may open a new tab.
const VIEW_CSP =
  "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src * data:; font-src *; frame-ancestors 'self'";

export async function startOutboxServer(outbox: Outbox, options: OutboxServerOptions): Promise<OutboxServer> {
  async function byIdOrLatest(id: string): Promise<OutboxMessage | null> {
    // Mailpit accepts "latest" wherever it takes an id.
    if (id === 'latest') return (await outbox.list({ limit: 1 })).messages[0] ?? null;
    return outbox.get(id);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://outbox.invalid');
    const path = url.pathname;
    const method = req.method ?? 'GET';

    if (path === '/api/v1/messages') {
      if (method === 'GET') {
        const start = intParam(url, 'start', 0, MAX_START);
        const limit = intParam(url, 'limit', DEFAULT_LIMIT, MAX_LIMIT);
        return sendJson(res, 200, mailpitList(await outbox.list({ start, limit }), start));
      }
      if (method === 'DELETE') {
        const ids = parseDeleteBody(await readBody(req));
        await outbox.deleteAll(ids);
        return send(res, 200, 'text/plain; charset=utf-8', 'ok'); // Mailpit answers exactly this
      }
      return methodNotAllowed(res, 'GET, DELETE');
    }

    if (path === '/api/v1/send') {
      if (method !== 'POST') return methodNotAllowed(res, 'POST');
      // Servers (functions, tests) send; a web page the developer visits may not fill the outbox.
      if (isCrossSite(req)) throw new HttpError(403, 'cross-site request refused');
      const id = await outbox.sendEmail(parseSendBody(await readBody(req)));
      return sendJson(res, 200, { ID: id });
    }

    if (path === '/api/v1/search') {
      if (method !== 'GET') return methodNotAllowed(res, 'GET');
      const query = (url.searchParams.get('query') ?? '').trim();
      if (query === '') throw new HttpError(400, 'no search query');
      const start = intParam(url, 'start', 0, MAX_START);
      const limit = intParam(url, 'limit', DEFAULT_LIMIT, MAX_LIMIT);
      return sendJson(res, 200, mailpitList(await outbox.list({ start, limit, search: query }), start));
    }

    const headersMatch = /^\/api\/v1\/message\/([^/]+)\/headers$/.exec(path);
    if (headersMatch) {
      if (method !== 'GET') return methodNotAllowed(res, 'GET');
      const message = await byIdOrLatest(decodeSegment(headersMatch[1]!));
      if (!message) throw new HttpError(404, 'message not found');
      return sendJson(res, 200, mailpitHeaders(message));
    }

    const partMatch = /^\/api\/v1\/message\/([^/]+)\/part\/([^/]+)$/.exec(path);
    if (partMatch) {
      if (method !== 'GET') return methodNotAllowed(res, 'GET');
      const message = await byIdOrLatest(decodeSegment(partMatch[1]!));
      const index = message?.attachments.findIndex((_, at) => partId(at) === partMatch[2]) ?? -1;
      const file = message?.attachments[index];
      if (!file) throw new HttpError(404, 'part not found');
      const bytes = Buffer.from(file.content, 'base64');
      res.writeHead(200, {
        'Content-Type': file.contentType,
        'Content-Length': bytes.length,
        'Content-Disposition': `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      return void res.end(bytes);
    }

    const messageMatch = /^\/api\/v1\/message\/([^/]+)$/.exec(path);
    if (messageMatch) {
      if (method !== 'GET') return methodNotAllowed(res, 'GET');
      const message = await byIdOrLatest(decodeSegment(messageMatch[1]!));
      if (!message) throw new HttpError(404, 'message not found');
      // Mailpit marks a message read when it is fetched.
      if (!message.read) await outbox.markRead(message.id);
      return sendJson(res, 200, mailpitMessage({ ...message, read: true }));
    }

    if (path.startsWith('/api/')) throw new HttpError(404, 'not found');

    const viewMatch = /^\/view\/([^/]+)\.html$/.exec(path);
    if (viewMatch) {
      if (method !== 'GET') return methodNotAllowed(res, 'GET');
      const message = await byIdOrLatest(decodeSegment(viewMatch[1]!));
      if (!message) throw new HttpError(404, 'message not found');
      return send(res, 200, 'text/html; charset=utf-8', renderView(message), {
        'Content-Security-Policy': VIEW_CSP,
      });
    }

    if (path === '/delete-all') {
      if (method !== 'POST') return methodNotAllowed(res, 'POST');
      if (isCrossSite(req)) throw new HttpError(403, 'cross-site request refused');
      await readBody(req); // the form's (empty) body
      await outbox.deleteAll();
      res.writeHead(303, { Location: '/', 'Cache-Control': 'no-store' });
      return void res.end();
    }

    if (path === '/') {
      if (method !== 'GET') return methodNotAllowed(res, 'GET');
      const id = url.searchParams.get('id') ?? undefined;
      let selected = id === undefined ? null : await byIdOrLatest(id);
      if (selected && !selected.read) {
        await outbox.markRead(selected.id);
        selected = { ...selected, read: true };
      }
      const result = await outbox.list({ limit: PAGE_SIZE });
      const html = renderPage({
        result,
        selected,
        missingId: id !== undefined && !selected ? id : undefined,
      });
      return send(res, 200, 'text/html; charset=utf-8', html, { 'Content-Security-Policy': PAGE_CSP });
    }

    throw new HttpError(404, 'not found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : error instanceof SearchError ? 400 : 500;
      if (status === 500) console.error('outbox: request failed', error);
      const message = status === 500 ? 'internal error' : (error as Error).message;
      if (res.headersSent) return void res.destroy();
      sendJson(res, status, { error: message });
    });
  });
  // Malformed HTTP never reaches the handler; answer it instead of dropping the socket silently.
  server.on('clientError', (_error, socket) => {
    if (socket.writable)
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });

  const port = await listen(server, options.port, options.host ?? '127.0.0.1');
  return { port, stop: () => closeServer(server) };
}
