/**
 * The PostgREST-compatible data API of the embedded platform, mounted at /rest/v1. Every request
 * runs in one transaction with the caller's role and `request.*` settings set as PostgREST sets
 * them, so the database's grants and RLS policies decide what is visible.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db, PlatformConfig } from '../contracts.ts';
import { applyCors, BodyError, isRecord, readBody } from '../http.ts';
import type { Service } from '../http.ts';
import { parseError, RestError, sendRestError, toRestError } from './errors.ts';
import { callerOf, TokenCache, type Caller } from './jwt.ts';
import { parseCondition, parseLogic, parseNonNegativeInt, parseOrder } from './parse-filters.ts';
import { identifier, parseSelect, splitTopLevel, type SelectItem } from './parse-select.ts';
import { SchemaCacheHolder, type Fn, type SchemaCache, type Table } from './schema-cache.ts';
import {
  Builder,
  csvBody,
  emptyLevel,
  jsonBody,
  qualified,
  quoteIdent,
  type QueryLevel,
} from './sql-builder.ts';

export interface RestDeps {
  db: Db;
  config: PlatformConfig;
}

interface Prefer {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missingDefault: boolean;
  rollback: boolean;
  /** `params=single-object`: an RPC's JSON body is the function's one json/jsonb argument. */
  singleObject: boolean;
  /** `handling=strict`: unknown or invalid preferences are an error (PGRST122). */
  strict: boolean;
  /** `max-affected=n` (with handling=strict): more affected rows roll back with PGRST124. */
  maxAffected?: number;
  /** Preferences that were not understood, as given. */
  invalid: string[];
  /** Preferences honoured, for `Preference-Applied`. */
  applied: string[];
}

function headerValue(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return (Array.isArray(value) ? value.join(',') : value) ?? '';
}

const PREFERENCES: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  params: ['single-object', 'multiple-objects'],
  handling: ['strict', 'lenient'],
};

function parsePrefer(req: IncomingMessage): Prefer {
  const prefer: Prefer = {
    missingDefault: false,
    rollback: false,
    singleObject: false,
    strict: false,
    invalid: [],
    applied: [],
  };
  for (const part of headerValue(req, 'prefer').split(/[,;]/)) {
    const text = part.trim();
    if (text === '') continue;
    const [key = '', value = ''] = text.split('=').map((s) => s.trim());
    if (key === 'max-affected' && /^\d{1,15}$/.test(value)) {
      prefer.maxAffected = Number(value);
      continue;
    }
    if (key === 'timezone') continue;
    if (!PREFERENCES[key]?.includes(value)) {
      prefer.invalid.push(text);
      continue;
    }
    if (key === 'return') prefer.return = value as Prefer['return'];
    if (key === 'count') prefer.count = value as Prefer['count'];
    if (key === 'resolution') prefer.resolution = value as Prefer['resolution'];
    if (key === 'missing' && value === 'default') prefer.missingDefault = true;
    if (key === 'tx' && value === 'rollback') prefer.rollback = true;
    if (key === 'params' && value === 'single-object') prefer.singleObject = true;
    if (key === 'handling' && value === 'strict') prefer.strict = true;
  }
  if (prefer.strict) {
    prefer.applied.push('handling=strict');
    if (prefer.invalid.length > 0) {
      throw new RestError(
        400,
        'PGRST122',
        'Invalid preferences given with handling=strict',
        `Invalid preferences: ${prefer.invalid.join(', ')}`,
      );
    }
  } else delete prefer.maxAffected;
  return prefer;
}

/** Query string → select tree + filters per level. `argNames`: GET RPC arguments to skip. */
function parseQuery(url: URL, argNames = new Set<string>()): { select: SelectItem[]; level: QueryLevel } {
  const level = emptyLevel();
  let select: SelectItem[] = [];
  const levelAt = (path: string[]): QueryLevel => {
    let current = level;
    for (const name of path) {
      const key = identifier(name, 'embedded resource');
      let next = current.children.get(key);
      if (!next) {
        next = emptyLevel();
        current.children.set(key, next);
      }
      current = next;
    }
    return current;
  };
  for (const [key, value] of url.searchParams) {
    if (key === 'select') {
      select = parseSelect(value);
      continue;
    }
    if (key === 'columns' || key === 'on_conflict' || argNames.has(key)) continue;
    const segments = key.split('.');
    let last = segments.pop() ?? '';
    let negate = false;
    if ((last === 'or' || last === 'and') && segments[segments.length - 1] === 'not') {
      segments.pop();
      negate = true;
    }
    const target = levelAt(segments);
    if (last === 'order') target.order.push(...parseOrder(value));
    else if (last === 'limit') target.limit = parseNonNegativeInt('limit', value);
    else if (last === 'offset') target.offset = parseNonNegativeInt('offset', value);
    else if (last === 'or' || last === 'and') target.filters.push(parseLogic(last, negate, value));
    else {
      if (last === '') throw parseError(`"failed to parse filter (${key})"`);
      last = last.trim();
      target.filters.push(parseCondition(last, value));
    }
  }
  return { select, level };
}

/**
 * The schema a request addresses: `Accept-Profile` for reads, `Content-Profile` for writes and RPC
 * by POST, else the first exposed schema (PostgREST's profiles).
 */
function requestProfile(req: IncomingMessage, method: string, exposed: string[]): string {
  const header = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const value = headerValue(req, header).trim();
  return value === '' ? (exposed[0] ?? 'public') : value;
}

/** A type name as `format_type` prints it, without the schema's qualification and quotes. */
function unqualifiedType(type: string, schema: string): string {
  const prefix = `${schema}.`;
  const bare = type.startsWith(prefix) ? type.slice(prefix.length) : type;
  return bare.replace(/^"|"$/g, '');
}

function applyRangeHeader(req: IncomingMessage, level: QueryLevel): void {
  const range = headerValue(req, 'range');
  if (range === '') return;
  const match = /^(?:items=)?(\d+)-(\d*)$/.exec(range.trim());
  if (!match) return;
  const from = Number(match[1]);
  const to = match[2] === '' ? undefined : Number(match[2]);
  if (to !== undefined && to < from) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable');
  level.offset = Math.max(level.offset ?? 0, from);
  if (to !== undefined) level.limit = Math.min(level.limit ?? Infinity, to - from + 1);
}

/**
 * An Accept naming only media types Supabase's PostgREST does not serve (execution plans, with
 * db-plan-enabled off; GeoJSON, without PostGIS): 406 PGRST107 as PostgREST answers.
 */
function refuseDisabledMediaTypes(accept: string): void {
  const types = accept
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const disabled = (t: string) => /^application\/(?:vnd\.pgrst\.plan|geo\+json)\b/i.test(t);
  if (types.length > 0 && types.every(disabled)) {
    throw new RestError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`);
  }
}

/** `nulls=stripped`: object fields that are null are left out, at every depth (json_strip_nulls). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([, field]) => field !== null);
  return Object.fromEntries(entries.map(([key, field]) => [key, withoutNulls(field)]));
}

/** What shapes an answer beyond the path, query and body. */
interface Answering {
  req: IncomingMessage;
  /** config.toml `[api] max_rows`. */
  maxRows: number;
  /** `Accept: text/csv`: rows come as CSV, written by the database. */
  csv: boolean;
}

interface Outcome {
  status: number;
  /** JSON, or CSV when `csv`. */
  body?: string;
  csv?: boolean;
  rows?: number;
  headers: Record<string, string>;
}

/** The request settings PostgREST makes, in one statement; GET and HEAD also turn read-only. */
const SETTINGS_SQL = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
  set_config('request.headers', $3, true), set_config('request.method', $4, true),
  set_config('request.path', $5, true)`;
const READ_ONLY_SETTINGS_SQL = `${SETTINGS_SQL}, set_config('transaction_read_only', 'on', true)`;

export function createRestHandler(deps: RestDeps): Service {
  const exposed = deps.config.apiSchemas;
  const schemas = new Map(exposed.map((name) => [name, new SchemaCacheHolder(deps.db, name)]));
  const tokens = new TokenCache(deps.config.jwtSecret);

  async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    let caller: Caller = { role: 'anon', claims: {} };
    try {
      caller = callerOf(req, tokens);
      const url = new URL(req.url ?? '/', 'http://localhost');
      const method = (req.method ?? 'GET').toUpperCase();
      const segments = path.split('/').filter((s) => s !== '');
      const profile = requestProfile(req, method, exposed);
      const schema = schemas.get(profile);
      if (!schema) {
        throw new RestError(
          406,
          'PGRST106',
          `Invalid schema: ${profile}`,
          null,
          `Only the following schemas are exposed: ${exposed.join(', ')}`,
        );
      }
      let cache = await schema.get();
      const isRpc = segments[0] === 'rpc' && segments.length === 2;
      if (!isRpc && segments.length !== 1) {
        if (segments.length === 0)
          throw new RestError(404, 'PGRST205', 'Could not find a table at the root path');
        throw new RestError(404, 'PGRST125', `Invalid path specified in request URL: ${path}`);
      }
      const name = identifier(decodeURIComponent(isRpc ? (segments[1] ?? '') : (segments[0] ?? '')), 'table');
      const known = isRpc ? cache.functions.has(name) : cache.tables.has(name);
      if (!known) cache = await schema.get(true);

      let body: unknown;
      if (method === 'POST' || method === 'PATCH' || method === 'PUT')
        body = await readBody(req, { empty: method === 'POST' && isRpc ? {} : null });
      const prefer = parsePrefer(req);
      const accept = headerValue(req, 'accept');
      refuseDisabledMediaTypes(accept);
      const single = accept.includes('application/vnd.pgrst.object+json');
      const csv = accept.includes('text/csv') && !single;
      const answering: Answering = { req, maxRows: deps.config.apiMaxRows, csv };
      const stripNulls = /application\/vnd\.pgrst\.(?:object|array)\+json\s*;\s*nulls=stripped/.test(accept);

      const outcome = await deps.db
        .transaction(async (tx) => {
          const readOnly = method === 'GET' || method === 'HEAD';
          await tx.query(readOnly ? READ_ONLY_SETTINGS_SQL : SETTINGS_SQL, [
            caller.role,
            JSON.stringify(caller.claims),
            JSON.stringify(req.headers),
            method,
            `/${segments.join('/')}`,
          ]);
          const result = isRpc
            ? await rpc(tx, cache, name, method, url, body, prefer, answering)
            : await table(tx, cache, name, method, url, body, prefer, answering);
          if (single && result.body !== undefined && result.rows !== 1) {
            throw new RestError(
              406,
              'PGRST116',
              'Cannot coerce the result to a single JSON object',
              `The result contains ${result.rows ?? 0} rows`,
            );
          }
          if (prefer.rollback) throw new Rollback(result);
          return result;
        })
        .catch((error: unknown) => {
          if (error instanceof Rollback) return error.outcome;
          throw error;
        });

      let payload = outcome.body;
      let contentType = 'application/json; charset=utf-8';
      if (payload !== undefined && stripNulls && !outcome.csv)
        payload = JSON.stringify(withoutNulls(JSON.parse(payload)));
      if (payload !== undefined && single) {
        const rows = JSON.parse(payload) as unknown;
        payload = JSON.stringify(Array.isArray(rows) ? rows[0] : rows);
        contentType = `application/vnd.pgrst.object+json${stripNulls ? ';nulls=stripped' : ''}; charset=utf-8`;
      } else if (payload !== undefined && stripNulls) {
        contentType = 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8';
      } else if (payload !== undefined && outcome.csv) {
        contentType = 'text/csv; charset=utf-8';
      }
      const headers: Record<string, string> = { ...outcome.headers };
      if (exposed.length > 1) headers['Content-Profile'] = profile;
      if (payload !== undefined) headers['Content-Type'] = contentType;
      const text = method === 'HEAD' ? '' : (payload ?? '');
      headers['Content-Length'] = String(Buffer.byteLength(text));
      res.writeHead(outcome.status, headers);
      res.end(text);
    } catch (error) {
      if (error instanceof BodyError) {
        sendRestError(
          res,
          new RestError(error.status, error.status === 415 ? 'PGRST107' : 'PGRST102', error.message),
        );
        return;
      }
      const restError = toRestError(error, caller.role);
      if (restError.status >= 500) console.error('[rest] unexpected error', error);
      sendRestError(res, restError);
    }
  }

  return async (req, res, path) => {
    if (applyCors(req, res)) return;
    try {
      await handle(req, res, path);
    } catch (error) {
      sendRestError(res, toRestError(error, 'anon'));
    }
  };
}

class Rollback extends Error {
  constructor(readonly outcome: Outcome) {
    super('rollback requested');
  }
}

type Tx = Pick<Db, 'query'>;

async function runJson(
  tx: Tx,
  sql: string,
  params: unknown[],
): Promise<{ body: string; n: number; total: number | null }> {
  const { rows } = await tx.query<{ body: string; n: number; total?: number | null }>(sql, params);
  const total = rows[0]?.total;
  return {
    body: rows[0]?.body ?? '[]',
    n: Number(rows[0]?.n ?? 0),
    total: total === undefined || total === null ? null : Number(total),
  };
}

function contentRange(offset: number, n: number, total: number | null): string {
  const range = n === 0 ? '*' : `${offset}-${offset + n - 1}`;
  return `${range}/${total ?? '*'}`;
}

/** The planner's row estimate for a query (PostgREST's `count=planned`): EXPLAIN's top "Plan Rows". */
async function plannedRows(tx: Tx, sql: string, builder: Builder): Promise<number> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `explain (format json) ${sql}`,
    builder.params.values,
  );
  const raw = Object.values(rows[0] ?? {})[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  return Number(plan[0]?.Plan?.['Plan Rows'] ?? 0);
}

async function table(
  tx: Tx,
  cache: SchemaCache,
  name: string,
  method: string,
  url: URL,
  body: unknown,
  prefer: Prefer,
  { req, maxRows, csv }: Answering,
): Promise<Outcome> {
  const { select, level } = parseQuery(url);
  const rowsBody = csv ? csvBody : jsonBody;
  const builder = new Builder(cache);
  const target = builder.table(name);

  if (method === 'GET' || method === 'HEAD') {
    applyRangeHeader(req, level);
    const where = builder.where(target, 't0', select, level);
    const order = builder.orderBy(target, 't0', level.order, select, level);
    const list = builder.selectList(target, 't0', select, level);
    const joins = builder.joins('t0');
    let sql = rowsBody(
      `select ${list} from ${qualified(cache.schema, name)} t0${joins}${where}${order}${Builder.paging(level)}`,
    );
    const exact = prefer.count === 'exact' || prefer.count === 'estimated';
    if (exact) {
      // The total in the same statement: one round trip less.
      const countWhere = builder.where(target, 't0', select, level);
      sql = `select _b.body, _b.n, (select count(*)::int from ${qualified(cache.schema, name)} t0${countWhere}) as total from (${sql}) _b`;
    }
    const result = await runJson(tx, sql, builder.params.values);
    let total = exact ? result.total : null;
    // PostgREST's planned count is the planner's estimate; estimated is exact up to max_rows, then
    // the larger of the exact count and the estimate.
    if (prefer.count === 'planned' || (prefer.count === 'estimated' && (total ?? 0) > maxRows)) {
      const counter = new Builder(cache);
      const where = counter.where(target, 't0', select, level);
      const planned = await plannedRows(
        tx,
        `select 1 from ${qualified(cache.schema, name)} t0${where}`,
        counter,
      );
      total = prefer.count === 'planned' ? planned : Math.max(total ?? 0, planned);
    }
    const offset = level.offset ?? 0;
    const headers: Record<string, string> = prefer.count
      ? { 'Preference-Applied': [`count=${prefer.count}`, ...prefer.applied].join(', ') }
      : {};
    if (total !== null && offset > total) {
      throw new RestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${offset} was requested, but there are only ${total} rows.`,
        null,
        { 'Content-Range': `*/${total}` },
      );
    }
    const partial = total !== null && result.n < total;
    headers['Content-Range'] = contentRange(offset, result.n, total);
    return { status: partial ? 206 : 200, body: result.body, csv, rows: result.n, headers };
  }

  let source: string;
  if (method === 'POST') {
    const rows = Array.isArray(body) ? body : [body];
    if (!rows.every(isRecord)) throw new RestError(400, 'PGRST102', 'All object keys must match');
    const columnsParam = url.searchParams.get('columns');
    const columns =
      columnsParam !== null
        ? splitTopLevel(columnsParam).map((c) => identifier(c, 'column'))
        : [...new Set(rows.flatMap((row) => Object.keys(row)))];
    for (const column of columns) {
      if (!target.columns.has(column)) {
        throw new RestError(
          400,
          'PGRST204',
          `Could not find the '${column}' column of '${name}' in the schema cache`,
        );
      }
    }
    if (rows.length === 0)
      return {
        status: 201,
        body: prefer.return === 'representation' ? '[]' : undefined,
        rows: 0,
        headers: {},
      };
    let insert: string;
    if (columns.length === 0) insert = `insert into ${qualified(cache.schema, name)} as t0 default values`;
    else {
      const values = rows.map((row) => {
        const p = builder.params.add(JSON.stringify(row));
        return `(${columns
          .map((c) =>
            c in row || !prefer.missingDefault
              ? `(json_populate_record(null::${qualified(cache.schema, name)}, ${p}::json)).${quoteIdent(c)}`
              : 'default',
          )
          .join(', ')})`;
      });
      insert = `insert into ${qualified(cache.schema, name)} as t0 (${columns.map(quoteIdent).join(', ')}) values ${values.join(', ')}`;
    }
    if (prefer.resolution) {
      const onConflict = url.searchParams.get('on_conflict');
      const target_ =
        onConflict !== null
          ? splitTopLevel(onConflict).map((c) => identifier(c, 'column'))
          : target.primaryKey;
      for (const column of target_) builder.column(target, column);
      const conflict = target_.length > 0 ? `(${target_.map(quoteIdent).join(', ')})` : '';
      let updates = columns.filter((c) => !target_.includes(c));
      // Only the key given: the existing row still comes back, as PostgREST's no-op update does.
      if (updates.length === 0 && conflict !== '') updates = target_.slice(0, 1);
      if (prefer.resolution === 'ignore-duplicates' || updates.length === 0)
        insert += ` on conflict ${conflict} do nothing`;
      else {
        if (conflict === '') throw parseError('on_conflict is needed for a table without a primary key');
        insert += ` on conflict ${conflict} do update set ${updates.map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`).join(', ')}`;
      }
    }
    source = insert;
  } else if (method === 'PATCH') {
    if (!isRecord(body)) throw new RestError(400, 'PGRST102', 'Expected a JSON object to update with');
    const columns = Object.keys(body);
    for (const column of columns) {
      if (!target.columns.has(column)) {
        throw new RestError(
          400,
          'PGRST204',
          `Could not find the '${column}' column of '${name}' in the schema cache`,
        );
      }
    }
    if (columns.length === 0)
      return {
        status: prefer.return === 'representation' ? 200 : 204,
        body: prefer.return === 'representation' ? '[]' : undefined,
        rows: 0,
        headers: {},
      };
    const p = builder.params.add(JSON.stringify(body));
    const where = writeWhere(builder, target, level);
    source = `update ${qualified(cache.schema, name)} as t0 set ${columns.map((c) => `${quoteIdent(c)} = _p.${quoteIdent(c)}`).join(', ')} from json_populate_record(null::${qualified(cache.schema, name)}, ${p}::json) _p${where}`;
  } else if (method === 'DELETE') {
    const where = writeWhere(builder, target, level);
    source = `delete from ${qualified(cache.schema, name)} as t0${where}`;
  } else {
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  }

  builder.recordAliases.add('t0');
  const list = builder.selectList(target, 't0', select, level);
  // Headers-only reads the first row's key for Location: JSON then whatever was asked.
  const csvOut = csv && prefer.return === 'representation';
  const rowsOut = (csvOut ? csvBody : jsonBody)(`select ${list} from _w t0${builder.joins('t0')}`);
  // A merging upsert also counts the rows it inserted (xmax 0): all updated answers 200, not 201.
  const merging = method === 'POST' && prefer.resolution === 'merge-duplicates' && !target.isView;
  const columnList = [...target.columns.keys()].map(quoteIdent).join(', ');
  const sql = merging
    ? `with _wx as (${source} returning t0.*, (t0.xmax = 0) as _pgrst_inserted), _w as (select ${columnList} from _wx)
       select _b.body, _b.n, (select count(*)::int from _wx where _pgrst_inserted) as total from (${rowsOut}) _b`
    : `with _w as (${source} returning t0.*) ${rowsOut}`;
  const result = await runJson(tx, sql, builder.params.values);
  const allUpdated = merging && result.n > 0 && result.total === 0;
  if (method === 'PATCH' || method === 'DELETE') checkMaxAffected(prefer, result.n);
  const headers: Record<string, string> = {};
  if (prefer.applied.length > 0) headers['Preference-Applied'] = prefer.applied.join(', ');
  if (prefer.count) headers['Content-Range'] = `*/${result.n}`;
  const created = method === 'POST';
  if (prefer.return === 'representation') {
    return {
      status: created && !allUpdated ? 201 : 200,
      body: result.body,
      csv: csvOut,
      rows: result.n,
      headers,
    };
  }
  if (prefer.return === 'headers-only' && created) {
    const first = (JSON.parse(result.body) as Record<string, unknown>[])[0];
    if (first && target.primaryKey.length > 0) {
      headers.Location = `/${name}?${target.primaryKey.map((k) => `${k}=eq.${encodeURIComponent(String(first[k]))}`).join('&')}`;
    }
  }
  return { status: created ? 201 : 204, headers };
}

/**
 * `max-affected` (with handling=strict): more rows than allowed throw, so the transaction's writes
 * roll back (PGRST124); within the limit the preference is reported as applied.
 */
function checkMaxAffected(prefer: Prefer, n: number): void {
  if (prefer.maxAffected === undefined) return;
  if (n > prefer.maxAffected) {
    throw new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${n} rows`,
    );
  }
  prefer.applied.push(`max-affected=${prefer.maxAffected}`);
}

/**
 * The WHERE of an update or delete. With `limit`/`offset` (and `order`) only those rows are
 * touched: PostgREST's limited update/delete, through the rows' ctid.
 */
function writeWhere(builder: Builder, target: Table, level: QueryLevel): string {
  if (level.limit === undefined && level.offset === undefined) return builder.where(target, 't0', [], level);
  if (target.isView) {
    throw new RestError(
      400,
      'PGRST100',
      `"limit" and "offset" are not supported when updating or deleting through the view '${target.name}'`,
    );
  }
  const alias = builder.nextAlias();
  const where = builder.where(target, alias, [], level);
  const order = builder.orderBy(target, alias, level.order);
  return ` where t0.ctid = any(array(select ${alias}.ctid from ${qualified(builder.cache.schema, target.name)} ${alias}${where}${order}${Builder.paging(level)}))`;
}

const JSON_TYPES = new Set(['json', 'jsonb']);
/** The types of a function's one unnamed argument that takes a POST's whole body. */
const WHOLE_BODY_TYPES = new Set(['json', 'jsonb', 'text']);

/**
 * The function a POST passes its whole body to: with `Prefer: params=single-object` the overload
 * whose one (required) argument is json/jsonb; without it, one whose only argument is an unnamed
 * json, jsonb or text (as PostgREST does) — unless the body is empty and an overload needs nothing.
 */
function singleObjectFunction(
  cache: SchemaCache,
  name: string,
  prefer: Prefer,
  body: unknown,
): Fn | undefined {
  const candidates = cache.functions.get(name) ?? [];
  const takesJson = (fn: Fn) =>
    fn.args.length > 0 &&
    JSON_TYPES.has(fn.args[0]?.type ?? '') &&
    fn.args.slice(1).every((a) => a.hasDefault);
  const unnamed = candidates.find(
    (fn) => fn.args.length === 1 && fn.args[0]?.name === '' && WHOLE_BODY_TYPES.has(fn.args[0].type),
  );
  const emptyBody = isRecord(body) && Object.keys(body).length === 0;
  const needsNothing = candidates.some((fn) => fn.args.every((a) => a.hasDefault));
  if (unnamed && !(emptyBody && needsNothing)) return unnamed;
  if (!prefer.singleObject) return undefined;
  const match = candidates.find(takesJson);
  if (!match) {
    throw new RestError(
      404,
      'PGRST202',
      `Could not find the function ${cache.schema}.${name} with a single json or jsonb argument in the schema cache`,
      `Prefer: params=single-object needs ${cache.schema}.${name} to take one json or jsonb argument.`,
    );
  }
  prefer.applied.push('params=single-object');
  return match;
}

/** `public.f(a => integer, b => text)`, as PostgREST names a candidate in PGRST203. */
function signature(schema: string, fn: Fn): string {
  return `${schema}.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`;
}

/**
 * The overload whose parameters the arguments name: every argument a parameter, every parameter
 * without a default given. More than one such overload is PostgREST's 300 PGRST203.
 */
function chooseFunction(cache: SchemaCache, name: string, argNames: string[], post: boolean): Fn {
  const candidates = cache.functions.get(name) ?? [];
  const matches = candidates.filter((fn) => {
    const names = new Set(fn.args.map((a) => a.name));
    return (
      argNames.every((a) => names.has(a)) && fn.args.every((a) => a.hasDefault || argNames.includes(a.name))
    );
  });
  if (matches.length > 1) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches.map((fn) => signature(cache.schema, fn)).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const match = matches[0];
  if (!match) {
    const named = argNames.length === 0 ? ' without parameters' : `(${argNames.join(', ')})`;
    const searched =
      argNames.length === 0
        ? 'without parameters'
        : `with parameter${argNames.length > 1 ? 's' : ''} ${argNames.join(', ')}`;
    // A POST could also have meant the whole body for one unnamed json argument.
    const orJson = post ? ' or with a single unnamed json/jsonb parameter' : '';
    throw new RestError(
      404,
      'PGRST202',
      `Could not find the function ${cache.schema}.${name}${named} in the schema cache`,
      `Searched for the function ${cache.schema}.${name} ${searched}${orJson}, but no matches were found in the schema cache.`,
    );
  }
  return match;
}

async function rpc(
  tx: Tx,
  cache: SchemaCache,
  name: string,
  method: string,
  url: URL,
  body: unknown,
  prefer: Prefer,
  { req, csv }: Answering,
): Promise<Outcome> {
  let args: Record<string, unknown>;
  const whole = method === 'POST' ? singleObjectFunction(cache, name, prefer, body) : undefined;
  if (whole) args = {};
  else if (method === 'POST') {
    if (!isRecord(body)) throw new RestError(400, 'PGRST102', 'RPC arguments must be a JSON object');
    args = body;
  } else if (method === 'GET' || method === 'HEAD') {
    const all = cache.functions.get(name) ?? [];
    const known = new Set(all.flatMap((fn) => fn.args.map((a) => a.name)));
    args = {};
    for (const [key, value] of url.searchParams) if (known.has(key)) args[key] = value;
  } else {
    throw new RestError(405, 'PGRST101', 'Only GET and POST are allowed for functions');
  }
  const fn = whole ?? chooseFunction(cache, name, Object.keys(args), method === 'POST');
  const { select, level } = parseQuery(url, new Set(Object.keys(args)));
  applyRangeHeader(req, level);
  const builder = new Builder(cache);
  const given = fn.args.filter((a) => a.name in args);
  let from = '';
  let call = `${qualified(cache.schema, name)}()`;
  if (whole) {
    // The whole JSON body is the one argument, passed by position (it may have no name).
    const arg = whole.args[0];
    const type = arg?.type === 'jsonb' || arg?.type === 'text' ? arg.type : 'json';
    call = `${qualified(cache.schema, name)}(${builder.params.add(JSON.stringify(body ?? null))}::${type})`;
  } else if (given.length > 0) {
    const p = builder.params.add(JSON.stringify(args));
    from = ` from json_to_record(${p}::json) as _a(${given.map((a) => `${quoteIdent(a.name)} ${a.type}`).join(', ')})`;
    call = `${qualified(cache.schema, name)}(${given.map((a) => `${quoteIdent(a.name)} => _a.${quoteIdent(a.name)}`).join(', ')})`;
  }
  // An exact count (estimated too: PostgREST plans no count for a function) counts the filtered
  // rows before limit/offset, so the call's rows are kept in a CTE and read twice.
  const counted = prefer.count === 'exact' || prefer.count === 'estimated';
  if (!fn.returnsSet && !fn.returnsRows) {
    const { rows } = await tx.query<{ body: string | null }>(
      `select to_json(${call})::text as body${from}`,
      builder.params.values,
    );
    const applied: Record<string, string> =
      prefer.applied.length > 0 ? { 'Preference-Applied': prefer.applied.join(', ') } : {};
    if (fn.returnType === 'void') return { status: 204, headers: applied };
    const range = { 'Content-Range': contentRange(0, 1, counted ? 1 : null) };
    return { status: 200, body: rows[0]?.body ?? 'null', rows: 1, headers: { ...applied, ...range } };
  }
  const rowTable = cache.tables.get(unqualifiedType(fn.returnType, cache.schema)) ?? null;
  let cte = '';
  let rows = from === '' ? ` from ${call} t0` : `${from} cross join lateral ${call} t0`;
  if (counted && fn.returnsRows) {
    cte = `with _src as materialized (select t0.*${rows}) `;
    rows = ' from _src t0';
    // The CTE's rows are records: a computed column's function gets them cast to the row type.
    builder.recordAliases.add('t0');
  } else if (counted) {
    cte = `with _src as materialized (select t0 as v${rows}) `;
    rows = ' from _src _x(t0)';
  }
  const where = builder.where(rowTable, 't0', select, level);
  const order = builder.orderBy(rowTable, 't0', level.order, select, level);
  const list = select.length === 0 ? 't0.*' : builder.selectList(rowTable, 't0', select, level);
  const joins = builder.joins('t0');
  const total = counted
    ? `, (select count(*)::int${rows}${builder.where(rowTable, 't0', select, level)}) as total`
    : '';
  const page = fn.returnsRows
    ? (csv ? csvBody : jsonBody)(`select ${list}${rows}${joins}${where}${order}${Builder.paging(level)}`)
    : `select coalesce(json_agg(t0), '[]'::json)::text as body, count(*)::int as n from (select t0${rows}${where}${order}${Builder.paging(level)}) _s(t0)`;
  const result = await runJson(
    tx,
    `${cte}select _b.body, _b.n${total} from (${page}) _b`,
    builder.params.values,
  );
  if (fn.returnsSet) checkMaxAffected(prefer, result.n);
  const applied: Record<string, string> =
    prefer.applied.length > 0 ? { 'Preference-Applied': prefer.applied.join(', ') } : {};
  if (!fn.returnsSet) {
    const one = (JSON.parse(result.body) as unknown[])[0] ?? null;
    const range = { 'Content-Range': contentRange(0, 1, counted ? 1 : null) };
    return { status: 200, body: JSON.stringify(one), rows: 1, headers: { ...applied, ...range } };
  }
  const offset = level.offset ?? 0;
  const headers = { ...applied, 'Content-Range': contentRange(offset, result.n, result.total) };
  const partial = result.total !== null && result.n < result.total;
  return {
    status: partial ? 206 : 200,
    body: result.body,
    csv: csv && fn.returnsRows,
    rows: result.n,
    headers,
  };
}
