/**
 * Supabase Storage's HTTP API (the subset storage-js calls), mounted at /storage/v1. Files live on
 * local disk under `rootDir/<bucket>/<object name>`; their rows live in `storage.objects`. Every
 * operation for a caller runs in one transaction with the caller's role and `request.jwt.claims` set
 * as PostgREST sets them, so the project's policies on storage.objects/buckets decide, exactly as on
 * the hosted platform (service_role bypasses RLS). Bucket look-ups for uploads, public reads and
 * signed-URL reads run as the database owner, as storage-api does.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, PlatformConfig } from '../contracts.ts';
import { applyCors, BodyError, isRecord, mediaType, readBody, readRawBody, sendJson } from '../http.ts';
import type { Service } from '../http.ts';
import { signJwt } from '../jwt.ts';
import { RestError } from '../rest/errors.ts';
import { callerOf, verifyToken, type Caller } from '../rest/jwt.ts';
import { errors, fromDatabaseError, sendStorageError, StorageError } from './errors.ts';
import { bucketFolder, checkBucketId, checkObjectName, objectFile, parseSize } from './paths.ts';
import { byteRange } from './range.ts';

export interface StorageDeps {
  db: Db;
  config: PlatformConfig;
  /** Where files go; default supabase/local/.data/storage. */
  rootDir?: string;
  /** The global upload limit; default config.toml's `[storage] file_size_limit`. */
  fileSizeLimit?: number;
}

export const DEFAULT_STORAGE_DIR = fileURLToPath(new URL('../.data/storage', import.meta.url));

type Tx = Pick<Db, 'query'>;

interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

const BUCKET_COLUMNS = `id, name, owner, owner_id, public, file_size_limit, allowed_mime_types,
  created_at, updated_at`;
const OBJECT_COLUMNS = `id, name, bucket_id, owner, owner_id, version, metadata, user_metadata,
  created_at, updated_at, last_accessed_at`;

function bucketJson(row: BucketRow) {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner_id ?? row.owner ?? '',
    public: row.public,
    type: 'STANDARD',
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowed_mime_types: row.allowed_mime_types,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value as string).toISOString();
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function mimeAllowed(type: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const base = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return allowed.some((pattern) => {
    const wanted = pattern.trim().toLowerCase();
    if (wanted.endsWith('/*')) return base.startsWith(wanted.slice(0, -1));
    return wanted === base;
  });
}

/** Splits `/a/b%2Fc/d` into decoded segments; a bad escape is a 400. */
function decodeSegments(raw: string): string[] {
  return raw
    .split('/')
    .filter((segment, index, all) => segment !== '' || (index > 0 && index < all.length - 1))
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        throw errors.invalidRequest('Malformed URL escape');
      }
    });
}

interface Upload {
  data: Buffer;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/** storage.objects.metadata as Supabase Storage writes it for an upload. */
export function objectMetadata(data: Buffer, contentType: string, cacheControl: string) {
  return {
    eTag: `"${createHash('md5').update(data).digest('hex')}"`,
    size: data.length,
    mimetype: contentType,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: data.length,
    httpStatusCode: 200,
  };
}

/**
 * The Content-Type a download is served with: the stored one, except that HTML is served as plain
 * text (storage-api does the same), so a stored page never runs on the API's origin.
 */
export function servedContentType(stored: unknown): string {
  if (typeof stored !== 'string' || stored === '') return 'application/octet-stream';
  return /^text\/html\b/i.test(stored.trim()) ? 'text/plain' : stored;
}

/** Writes an object's file whole or not at all (a temporary file, then a rename). */
export async function writeObjectFile(file: string, data: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, data);
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export function createStorageHandler(deps: StorageDeps): Service {
  const { db, config } = deps;
  const rootDir = path.resolve(deps.rootDir ?? DEFAULT_STORAGE_DIR);
  const globalLimit = deps.fileSizeLimit ?? config.storageFileSizeLimit;

  function caller(req: IncomingMessage): Caller {
    try {
      return callerOf(req, config.jwtSecret);
    } catch (error) {
      if (error instanceof RestError) throw errors.invalidJwt(error.message);
      throw error;
    }
  }

  /** Runs `work` as the caller, inside one transaction, RLS deciding. */
  async function asCaller<T>(who: Caller, work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        await tx.query(
          `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                  set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true)`,
          [who.role, JSON.stringify(who.claims), typeof who.claims.sub === 'string' ? who.claims.sub : ''],
        );
        return work(tx);
      });
    } catch (error) {
      throw fromDatabaseError(error) ?? error;
    }
  }

  async function findBucket(id: string): Promise<BucketRow> {
    checkBucketId(id);
    const { rows } = await db.query<BucketRow>(
      `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`,
      [id],
    );
    const bucket = rows[0];
    if (!bucket) throw errors.noSuchBucket();
    return bucket;
  }

  async function readUpload(req: IncomingMessage, limit: number): Promise<Upload> {
    const type = mediaType(req);
    const cacheHeader = headerOf(req, 'cache-control');
    if (type === 'multipart/form-data') {
      const raw = await readRawBody(req, limit + 64 * 1024);
      let form: FormData;
      try {
        form = await new Response(new Uint8Array(raw), {
          headers: { 'content-type': headerOf(req, 'content-type') ?? '' },
        }).formData();
      } catch {
        throw errors.invalidRequest('Malformed multipart body');
      }
      let file: Blob | null = null;
      for (const [, value] of form.entries()) {
        if (typeof value !== 'string') {
          file = value;
          break;
        }
      }
      if (!file) throw errors.invalidRequest('No file in the multipart body');
      const data = Buffer.from(await file.arrayBuffer());
      if (data.length > limit) throw errors.tooLarge();
      const cacheField = form.get('cacheControl');
      const metadataField = form.get('metadata');
      return {
        data,
        contentType: file.type || 'application/octet-stream',
        cacheControl:
          typeof cacheField === 'string' && cacheField !== '' ? `max-age=${cacheField}` : 'no-cache',
        userMetadata: typeof metadataField === 'string' ? parseMetadata(metadataField) : null,
      };
    }
    const data = await readRawBody(req, limit);
    const metadataHeader = headerOf(req, 'x-metadata');
    return {
      data,
      contentType: headerOf(req, 'content-type') ?? 'application/octet-stream',
      cacheControl: cacheHeader ?? 'no-cache',
      userMetadata: metadataHeader
        ? parseMetadata(Buffer.from(metadataHeader, 'base64').toString('utf8'))
        : null,
    };
  }

  function parseMetadata(text: string): Record<string, unknown> {
    try {
      const value = JSON.parse(text) as unknown;
      if (isRecord(value)) return value;
    } catch {
      // fall through
    }
    throw errors.invalidRequest('metadata must be a JSON object');
  }

  async function removeFile(file: string): Promise<void> {
    await unlink(file).catch(() => undefined);
  }

  /** POST (upload, optionally upsert) and PUT (update) /object/{bucket}/{name}. */
  async function upload(
    req: IncomingMessage,
    res: ServerResponse,
    bucketId: string,
    name: string,
    mode: 'create' | 'update',
  ) {
    checkObjectName(name);
    const who = caller(req);
    const bucket = await findBucket(bucketId);
    const bucketLimit = bucket.file_size_limit === null ? globalLimit : Number(bucket.file_size_limit);
    const limit = Math.min(bucketLimit, globalLimit);
    let body: Upload;
    try {
      body = await readUpload(req, limit);
    } catch (error) {
      if (error instanceof BodyError && error.status === 413) throw errors.tooLarge();
      throw error;
    }
    if (!mimeAllowed(body.contentType, bucket.allowed_mime_types))
      throw errors.invalidMimeType(body.contentType);
    const file = objectFile(rootDir, bucket.id, name);
    const upsert = mode === 'create' && headerOf(req, 'x-upsert') === 'true';
    const version = randomUUID();
    const metadata = objectMetadata(body.data, body.contentType, body.cacheControl);
    const sub = typeof who.claims.sub === 'string' ? who.claims.sub : null;
    const owner = sub && /^[0-9a-f-]{36}$/i.test(sub) ? sub : null;
    const params = [
      bucket.id,
      name,
      owner,
      sub,
      version,
      JSON.stringify(metadata),
      body.userMetadata ? JSON.stringify(body.userMetadata) : null,
    ];
    const id = await asCaller(who, async (tx) => {
      let rows: { id: string }[];
      if (mode === 'update') {
        ({ rows } = await tx.query<{ id: string }>(
          `update storage.objects set owner = $3, owner_id = $4, version = $5, metadata = $6::jsonb,
             user_metadata = coalesce($7::jsonb, user_metadata), updated_at = now(), last_accessed_at = now()
           where bucket_id = $1 and name = $2 returning id`,
          params,
        ));
        if (rows.length === 0) throw errors.noSuchKey();
      } else {
        ({ rows } = await tx.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
           values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)
           ${
             upsert
               ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
                    version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata,
                    updated_at = now(), last_accessed_at = now()`
               : ''
           }
           returning id`,
          params,
        ));
      }
      // The file is written before the row commits: a failed write rolls the row back.
      await writeObjectFile(file, body.data);
      return rows[0]?.id;
    });
    sendJson(res, 200, { Id: id, Key: `${bucket.id}/${name}` });
  }

  async function sendFile(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    row: ObjectRow,
    url: URL,
  ) {
    const file = objectFile(rootDir, bucket, row.name);
    let size: number;
    try {
      size = (await stat(file)).size;
    } catch {
      throw errors.noSuchKey();
    }
    const meta = row.metadata ?? {};
    const headers: Record<string, string | number> = {
      'Content-Type': servedContentType(meta.mimetype),
      // The browser must take the type above at its word: never sniff a stored file into HTML or script.
      'X-Content-Type-Options': 'nosniff',
      'Content-Length': size,
      'Accept-Ranges': 'bytes',
      'Cache-Control': typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache',
      'Last-Modified': new Date(row.updated_at).toUTCString(),
    };
    if (typeof meta.eTag === 'string') headers.ETag = meta.eTag;
    const download = url.searchParams.get('download');
    if (download !== null) {
      const filename = download !== '' ? download : path.posix.basename(row.name);
      headers['Content-Disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;
    }
    if (typeof meta.eTag === 'string' && headerOf(req, 'if-none-match') === meta.eTag) {
      res.writeHead(304, { ETag: meta.eTag });
      res.end();
      return;
    }
    const range = byteRange(headerOf(req, 'range'), size);
    if (range.kind === 'unsatisfiable') throw errors.invalidRange(size);
    if (range.kind === 'part') {
      headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
      headers['Content-Length'] = range.end - range.start + 1;
    }
    res.writeHead(range.kind === 'part' ? 206 : 200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    await new Promise<void>((resolve) => {
      const stream = createReadStream(
        file,
        range.kind === 'part' ? { start: range.start, end: range.end } : {},
      );
      stream.on('error', () => {
        res.destroy();
        resolve();
      });
      stream.on('end', () => resolve());
      stream.pipe(res);
    });
  }

  async function objectAsCaller(who: Caller, bucket: string, name: string): Promise<ObjectRow> {
    checkObjectName(name);
    const row = await asCaller(who, async (tx) => {
      const { rows } = await tx.query<ObjectRow>(
        `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
        [bucket, name],
      );
      return rows[0];
    });
    if (!row) throw errors.noSuchKey();
    return row;
  }

  async function objectAsOwner(bucket: string, name: string): Promise<ObjectRow> {
    checkObjectName(name);
    const { rows } = await db.query<ObjectRow>(
      `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
      [bucket, name],
    );
    if (!rows[0]) throw errors.noSuchKey();
    return rows[0];
  }

  function infoJson(row: ObjectRow) {
    const meta = row.metadata ?? {};
    return {
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: meta.size ?? null,
      content_type: meta.mimetype ?? null,
      cache_control: meta.cacheControl ?? null,
      etag: meta.eTag ?? null,
      metadata: row.user_metadata ?? {},
      last_modified: iso(row.updated_at),
      created_at: iso(row.created_at),
    };
  }

  function signedUrl(bucket: string, name: string, expiresIn: number): string {
    const now = Math.floor(Date.now() / 1000);
    const token = signJwt({ url: `${bucket}/${name}`, iat: now, exp: now + expiresIn }, config.jwtSecret);
    return `/object/sign/${bucket}/${name}?token=${token}`;
  }

  function expiresInOf(body: Record<string, unknown>): number {
    const value = body.expiresIn;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 1) {
      throw errors.invalidRequest('body/expiresIn must be >= 1');
    }
    return Math.floor(value);
  }

  async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    const body = await readBody(req);
    if (!isRecord(body)) throw errors.invalidRequest('body must be object');
    return body;
  }

  function stringArray(value: unknown, field: string): string[] {
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
      throw errors.invalidRequest(`body/${field} must be an array of strings`);
    }
    return value as string[];
  }

  // ------------------------------------------------------------------------------------------
  // Buckets
  // ------------------------------------------------------------------------------------------

  async function bucketRoute(req: IncomingMessage, res: ServerResponse, url: URL, segments: string[]) {
    const method = req.method ?? 'GET';
    const who = caller(req);
    const [id, action, ...extra] = segments;
    if (extra.length > 0) throw errors.notFoundRoute();
    if (id === undefined) {
      if (method === 'GET') {
        const limit = Number(url.searchParams.get('limit') ?? NaN);
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const search = url.searchParams.get('search');
        const wantedColumn = url.searchParams.get('sortColumn') ?? '';
        const sortColumn = ['id', 'name', 'created_at', 'updated_at'].includes(wantedColumn)
          ? wantedColumn
          : 'name';
        const order = url.searchParams.get('sortOrder') === 'desc' ? 'desc' : 'asc';
        const rows = await asCaller(
          who,
          async (tx) =>
            (
              await tx.query<BucketRow>(
                `select ${BUCKET_COLUMNS} from storage.buckets
               where ($1::text is null or name ilike '%' || $1 || '%')
               order by ${sortColumn} ${order} limit $2 offset $3`,
                [
                  search,
                  Number.isFinite(limit) && limit >= 0 ? limit : null,
                  Number.isFinite(offset) && offset >= 0 ? offset : 0,
                ],
              )
            ).rows,
        );
        sendJson(res, 200, rows.map(bucketJson));
        return;
      }
      if (method === 'POST') {
        const body = await jsonBody(req);
        const name = typeof body.name === 'string' ? body.name : typeof body.id === 'string' ? body.id : '';
        const bucketId = checkBucketId(typeof body.id === 'string' ? body.id : name);
        const sub = typeof who.claims.sub === 'string' ? who.claims.sub : null;
        await asCaller(who, async (tx) => {
          const exists = await tx.query(`select 1 from storage.buckets where id = $1`, [bucketId]);
          if (exists.rows.length > 0) throw errors.bucketExists();
          await tx.query(
            `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
             values ($1, $2, $3, $4, $5, $6, $7)`,
            [
              bucketId,
              checkBucketId(name),
              sub && /^[0-9a-f-]{36}$/i.test(sub) ? sub : null,
              sub,
              body.public === true,
              parseSize(body.file_size_limit),
              body.allowed_mime_types === undefined || body.allowed_mime_types === null
                ? null
                : stringArray(body.allowed_mime_types, 'allowed_mime_types'),
            ],
          );
        }).catch((error: unknown) => {
          // A duplicate the caller cannot see still collides with the primary key.
          if (error instanceof StorageError && error.code === 'Duplicate') throw errors.bucketExists();
          throw error;
        });
        sendJson(res, 200, { name: bucketId });
        return;
      }
      throw errors.notFoundRoute();
    }
    checkBucketId(id);
    if (action === 'empty') {
      if (method !== 'POST') throw errors.notFoundRoute();
      await findBucket(id);
      const names = await asCaller(
        who,
        async (tx) =>
          (
            await tx.query<{ name: string }>(
              `delete from storage.objects where bucket_id = $1 returning name`,
              [id],
            )
          ).rows,
      );
      for (const row of names) await removeFile(objectFile(rootDir, id, row.name));
      sendJson(res, 200, { message: 'Successfully emptied' });
      return;
    }
    if (action !== undefined) throw errors.notFoundRoute();
    if (method === 'GET') {
      const row = await asCaller(
        who,
        async (tx) =>
          (await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]))
            .rows[0],
      );
      if (!row) throw errors.noSuchBucket();
      sendJson(res, 200, bucketJson(row));
      return;
    }
    if (method === 'PUT') {
      const body = await jsonBody(req);
      await findBucket(id);
      const updated = await asCaller(
        who,
        async (tx) =>
          (
            await tx.query(
              `update storage.buckets set
               public = coalesce($2, public),
               file_size_limit = case when $4 then $3::bigint else file_size_limit end,
               allowed_mime_types = case when $6 then $5::text[] else allowed_mime_types end,
               updated_at = now()
             where id = $1 returning id`,
              [
                id,
                typeof body.public === 'boolean' ? body.public : null,
                parseSize(body.file_size_limit),
                'file_size_limit' in body,
                body.allowed_mime_types === undefined || body.allowed_mime_types === null
                  ? null
                  : stringArray(body.allowed_mime_types, 'allowed_mime_types'),
                'allowed_mime_types' in body,
              ],
            )
          ).rows,
      );
      if (updated.length === 0) throw errors.noSuchBucket();
      sendJson(res, 200, { message: 'Successfully updated' });
      return;
    }
    if (method === 'DELETE') {
      await findBucket(id);
      await asCaller(who, async (tx) => {
        const { rows } = await tx.query(`select 1 from storage.objects where bucket_id = $1 limit 1`, [id]);
        if (rows.length > 0) throw errors.bucketNotEmpty();
        const deleted = await tx.query(`delete from storage.buckets where id = $1 returning id`, [id]);
        if (deleted.rows.length === 0) throw errors.noSuchBucket();
      });
      await rm(bucketFolder(rootDir, id), { recursive: true, force: true });
      sendJson(res, 200, { message: 'Successfully deleted' });
      return;
    }
    throw errors.notFoundRoute();
  }

  // ------------------------------------------------------------------------------------------
  // Objects
  // ------------------------------------------------------------------------------------------

  async function list(req: IncomingMessage, res: ServerResponse, bucketId: string) {
    const who = caller(req);
    const body = await jsonBody(req);
    await findBucket(bucketId);
    let prefix = typeof body.prefix === 'string' ? body.prefix : '';
    if (prefix.length > 0 && !prefix.endsWith('/')) prefix += '/';
    const limit = typeof body.limit === 'number' && body.limit > 0 ? Math.floor(body.limit) : 100;
    const offset = typeof body.offset === 'number' && body.offset > 0 ? Math.floor(body.offset) : 0;
    const search = typeof body.search === 'string' ? body.search.toLowerCase() : '';
    const sortBy = isRecord(body.sortBy) ? body.sortBy : {};
    const column = ['name', 'created_at', 'updated_at', 'last_accessed_at'].includes(String(sortBy.column))
      ? (sortBy.column as 'name' | 'created_at' | 'updated_at' | 'last_accessed_at')
      : 'name';
    const descending = String(sortBy.order).toLowerCase() === 'desc';
    const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows = await asCaller(
      who,
      async (tx) =>
        (
          await tx.query<ObjectRow>(
            `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name like $2 escape '\\'`,
            [bucketId, `${escaped}%`],
          )
        ).rows,
    );
    type Entry = {
      name: string;
      id: string | null;
      updated_at: string | null;
      created_at: string | null;
      last_accessed_at: string | null;
      metadata: Record<string, unknown> | null;
    };
    const entries = new Map<string, Entry>();
    for (const row of rows) {
      const rest = row.name.slice(prefix.length);
      const slash = rest.indexOf('/');
      const entryName = slash === -1 ? rest : rest.slice(0, slash);
      if (entryName === '' || (search !== '' && !entryName.toLowerCase().startsWith(search))) continue;
      if (slash !== -1) {
        if (!entries.has(`${entryName}/`)) {
          entries.set(`${entryName}/`, {
            name: entryName,
            id: null,
            updated_at: null,
            created_at: null,
            last_accessed_at: null,
            metadata: null,
          });
        }
        continue;
      }
      entries.set(entryName, {
        name: entryName,
        id: row.id,
        updated_at: iso(row.updated_at),
        created_at: iso(row.created_at),
        last_accessed_at: iso(row.last_accessed_at),
        metadata: row.metadata,
      });
    }
    const sorted = [...entries.values()].sort((a, b) => {
      const left = column === 'name' ? a.name : (a[column] ?? '');
      const right = column === 'name' ? b.name : (b[column] ?? '');
      const order = left < right ? -1 : left > right ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
      return descending ? -order : order;
    });
    sendJson(res, 200, sorted.slice(offset, offset + limit));
  }

  async function remove(req: IncomingMessage, res: ServerResponse, bucketId: string) {
    const who = caller(req);
    const body = await jsonBody(req);
    const prefixes = stringArray(body.prefixes, 'prefixes');
    if (prefixes.length === 0 || prefixes.length > 1000) {
      throw errors.invalidRequest('body/prefixes must have between 1 and 1000 items');
    }
    for (const name of prefixes) checkObjectName(name);
    await findBucket(bucketId);
    const rows = await asCaller(
      who,
      async (tx) =>
        (
          await tx.query<ObjectRow>(
            `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
            [bucketId, prefixes],
          )
        ).rows,
    );
    for (const row of rows) await removeFile(objectFile(rootDir, bucketId, row.name));
    sendJson(
      res,
      200,
      rows.map((row) => ({
        ...row,
        created_at: iso(row.created_at),
        updated_at: iso(row.updated_at),
        last_accessed_at: iso(row.last_accessed_at),
      })),
    );
  }

  async function moveOrCopy(req: IncomingMessage, res: ServerResponse, kind: 'move' | 'copy') {
    const who = caller(req);
    const body = await jsonBody(req);
    const source = typeof body.bucketId === 'string' ? body.bucketId : '';
    const target =
      typeof body.destinationBucket === 'string' && body.destinationBucket !== ''
        ? body.destinationBucket
        : source;
    const fromKey = checkObjectName(typeof body.sourceKey === 'string' ? body.sourceKey : '');
    const toKey = checkObjectName(typeof body.destinationKey === 'string' ? body.destinationKey : '');
    await findBucket(source);
    const targetBucket = await findBucket(target);
    const fromFile = objectFile(rootDir, source, fromKey);
    const toFile = objectFile(rootDir, target, toKey);
    if (kind === 'move') {
      await asCaller(who, async (tx) => {
        const { rows } = await tx.query(
          `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
           where bucket_id = $1 and name = $2 returning id`,
          [source, fromKey, target, toKey],
        );
        if (rows.length === 0) throw errors.noSuchKey();
        await mkdir(path.dirname(toFile), { recursive: true });
        await rename(fromFile, toFile);
      });
      sendJson(res, 200, { message: 'Successfully moved' });
      return;
    }
    const sub = typeof who.claims.sub === 'string' ? who.claims.sub : null;
    const id = await asCaller(who, async (tx) => {
      const { rows } = await tx.query<ObjectRow>(
        `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
        [source, fromKey],
      );
      const row = rows[0];
      if (!row) throw errors.noSuchKey();
      const mimetype =
        typeof row.metadata?.mimetype === 'string' ? row.metadata.mimetype : 'application/octet-stream';
      if (!mimeAllowed(mimetype, targetBucket.allowed_mime_types)) throw errors.invalidMimeType(mimetype);
      const inserted = await tx.query<{ id: string }>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
         values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb) returning id`,
        [
          target,
          toKey,
          sub && /^[0-9a-f-]{36}$/i.test(sub) ? sub : null,
          sub,
          randomUUID(),
          JSON.stringify(row.metadata),
          row.user_metadata ? JSON.stringify(row.user_metadata) : null,
        ],
      );
      await mkdir(path.dirname(toFile), { recursive: true });
      await copyFile(fromFile, toFile);
      return inserted.rows[0]?.id;
    });
    sendJson(res, 200, { Id: id, Key: `${target}/${toKey}` });
  }

  async function objectRoute(req: IncomingMessage, res: ServerResponse, url: URL, segments: string[]) {
    const method = req.method ?? 'GET';
    const [first, ...rest] = segments;
    if (first === undefined) throw errors.notFoundRoute();
    const split = (parts: string[]): [string, string] => {
      const [bucket = '', ...name] = parts;
      checkBucketId(bucket);
      return [bucket, checkObjectName(name.join('/'))];
    };
    if (method === 'POST' && (first === 'move' || first === 'copy') && rest.length === 0) {
      await moveOrCopy(req, res, first);
      return;
    }
    if (method === 'POST' && first === 'list' && rest.length === 1) {
      await list(req, res, checkBucketId(rest[0] ?? ''));
      return;
    }
    if (first === 'sign' && rest.length >= 1) {
      if (method === 'POST' && rest.length === 1) {
        const bucketId = checkBucketId(rest[0] ?? '');
        const who = caller(req);
        const body = await jsonBody(req);
        const expiresIn = expiresInOf(body);
        const paths = stringArray(body.paths, 'paths');
        for (const name of paths) checkObjectName(name);
        await findBucket(bucketId);
        const visible = await asCaller(who, async (tx) =>
          (
            await tx.query<{ name: string }>(
              `select name from storage.objects where bucket_id = $1 and name = any($2::text[])`,
              [bucketId, paths],
            )
          ).rows.map((row) => row.name),
        );
        const found = new Set(visible);
        sendJson(
          res,
          200,
          paths.map((name) =>
            found.has(name)
              ? { error: null, path: name, signedURL: signedUrl(bucketId, name, expiresIn) }
              : {
                  error: 'Either the object does not exist or you do not have access to it',
                  path: name,
                  signedURL: null,
                },
          ),
        );
        return;
      }
      const [bucketId, name] = split(rest);
      if (method === 'POST') {
        const who = caller(req);
        const body = await jsonBody(req);
        const expiresIn = expiresInOf(body);
        await findBucket(bucketId);
        await objectAsCaller(who, bucketId, name);
        sendJson(res, 200, { signedURL: signedUrl(bucketId, name, expiresIn) });
        return;
      }
      if (method === 'GET' || method === 'HEAD') {
        const token = url.searchParams.get('token');
        if (!token) throw errors.invalidRequest("querystring must have required property 'token'");
        let claims: Record<string, unknown>;
        try {
          claims = verifyToken(token, config.jwtSecret).claims;
        } catch (error) {
          if (error instanceof RestError)
            throw errors.invalidJwt(error.message === 'JWT expired' ? 'jwt expired' : 'invalid signature');
          throw error;
        }
        if (claims.url !== `${bucketId}/${name}` || typeof claims.exp !== 'number')
          throw errors.invalidSignature();
        await sendFile(req, res, bucketId, await objectAsOwner(bucketId, name), url);
        return;
      }
      throw errors.notFoundRoute();
    }
    if ((method === 'GET' || method === 'HEAD') && first === 'public' && rest.length >= 2) {
      const [bucketId, name] = split(rest);
      const bucket = await findBucket(bucketId);
      if (!bucket.public) throw errors.noSuchBucket();
      await sendFile(req, res, bucketId, await objectAsOwner(bucketId, name), url);
      return;
    }
    if ((method === 'GET' || method === 'HEAD') && first === 'info') {
      const parts = rest[0] === 'public' || rest[0] === 'authenticated' ? rest.slice(1) : rest;
      const [bucketId, name] = split(parts);
      const bucket = await findBucket(bucketId);
      const row =
        rest[0] === 'public'
          ? bucket.public
            ? await objectAsOwner(bucketId, name)
            : (() => {
                throw errors.noSuchBucket();
              })()
          : await objectAsCaller(caller(req), bucketId, name);
      sendJson(res, 200, infoJson(row));
      return;
    }
    if ((method === 'GET' || method === 'HEAD') && (first === 'authenticated' || rest.length >= 1)) {
      const [bucketId, name] = split(first === 'authenticated' ? rest : segments);
      const who = caller(req);
      await findBucket(bucketId);
      await sendFile(req, res, bucketId, await objectAsCaller(who, bucketId, name), url);
      return;
    }
    if (method === 'DELETE' && rest.length === 0) {
      await remove(req, res, checkBucketId(first));
      return;
    }
    if ((method === 'POST' || method === 'PUT') && rest.length >= 1) {
      const [bucketId, name] = split(segments);
      await upload(req, res, bucketId, name, method === 'POST' ? 'create' : 'update');
      return;
    }
    throw errors.notFoundRoute();
  }

  return async (req, res, servicePath) => {
    try {
      if (applyCors(req, res)) return;
      const url = new URL(req.url ?? '/', 'http://localhost');
      const segments = decodeSegments(servicePath);
      const [root, ...rest] = segments;
      if (root === 'bucket') await bucketRoute(req, res, url, rest);
      else if (root === 'object') await objectRoute(req, res, url, rest);
      else if (root === 'health' || root === 'status') sendJson(res, 200, { healthy: true });
      else throw errors.notFoundRoute();
    } catch (error) {
      if (error instanceof StorageError) {
        sendStorageError(res, error);
        return;
      }
      if (error instanceof BodyError) {
        sendStorageError(
          res,
          error.status === 413
            ? errors.tooLarge()
            : new StorageError(error.status, 'InvalidRequest', 'Invalid Input', error.message),
        );
        return;
      }
      const fsCode = (error as { code?: unknown }).code;
      if (fsCode === 'ENOTDIR' || fsCode === 'EISDIR' || fsCode === 'EEXIST') {
        // On disk a name cannot be both a file and a folder (`a` and `a/b`).
        sendStorageError(
          res,
          new StorageError(409, 'InvalidKey', 'Conflict', 'A file and a folder cannot share a name'),
        );
        return;
      }
      const mapped = fromDatabaseError(error);
      if (mapped) {
        sendStorageError(res, mapped);
        return;
      }
      console.error('[storage]', error);
      sendStorageError(res, errors.internal());
    }
  };
}
