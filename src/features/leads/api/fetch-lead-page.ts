import type { PostgrestClient } from '@supabase/postgrest-js';
// Relative imports only: scripts/bench-leads-db.ts runs this module under tsx (no `@/` alias), so the
// benchmark times exactly the requests the screen sends.
import type { Database } from '../../../lib/database.types';
import { nextDateKey, osloDayStart } from '../../../lib/format';

/**
 * The /leads list query: filters, sort and keyset ("cursor") pagination over PostgREST.
 *
 * Deep pages stay fast: a page after a cursor (the sort value and id of the row before it) starts
 * its index scan at the cursor instead of reading and throwing away every row before it as an offset
 * does. PostgREST has no row comparison `(col, id) > (v, i)`, and values in `or=(…)` trees would need
 * quoting (names hold «,» and parentheses), so a page after a cursor is two plain requests sent
 * together: the rows tied with the cursor's value (`col = v and id > i`, by id) and the rows past it
 * (`col > v`), each an index range scan. Nullable sort columns (name, company) keep their nulls last
 * in both directions: the values and the nulls are separate segments, each read in index order.
 * Indexes: migration 20261122101500_leads_paging.sql.
 */

export const LIST_SORT_KEYS = ['created_at', 'name', 'company', 'status', 'source'] as const;
export type ListSortKey = (typeof LIST_SORT_KEYS)[number];
/** Sort columns that may be null; their nulls come last whichever the direction. */
const NULLABLE_SORT_KEYS: readonly ListSortKey[] = ['name', 'company'];

export const LEAD_LIST_COLUMNS =
  'id, organization_id, source, status, name, email, phone, postal_code, city, company, category, area, notes, consent, created_at, updated_at';

/**
 * The «Kjøpte leads» tab reads `purchased_leads` (migration 20261124110100): the same column names,
 * where status and notes are the buyer's own, created_at is when it was bought and source is
 * 'marketplace' — never the seller's notes, status or consent. erasure_requested_at marks a lead whose
 * person asked the seller for erasure: the buyer must erase its copy too.
 */
export const PURCHASED_LIST_COLUMNS =
  'id, organization_id, purchase_id, source, status, name, email, phone, postal_code, city, company, category, area, notes, created_at, erasure_requested_at';

/** What the list is filtered and sorted by (the URL's view, without the page). */
export type ListFilters = {
  scope: 'own' | 'bought';
  q: string;
  source: string;
  status: string;
  category: string;
  area: string;
  /** Oslo calendar dates, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  sort: ListSortKey;
  dir: 'asc' | 'desc';
};

/** A position in the list: the sort value and id of a row (the value as the API returned it). */
export type Cursor = { value: string | null; id: string };

export type PageWanted =
  | { kind: 'first' }
  /** The page after this row (Neste). */
  | { kind: 'after'; cursor: Cursor }
  /** The page before this row (Forrige). */
  | { kind: 'before'; cursor: Cursor }
  /** A link without a cursor (`?page=7`): offset paging, as before. */
  | { kind: 'offset'; offset: number };

export type ListPage<Row> = { rows: Row[]; hasNext: boolean; hasPrevious: boolean };

export type LeadsClient = Pick<PostgrestClient<Database>, 'from'>;
const leadsRelation = (client: LeadsClient) => client.from('leads');
type LeadsRelation = ReturnType<typeof leadsRelation>;
type ListRow = Record<string, unknown> & { id: string };

/** Characters with a meaning in PostgREST's or=(…) syntax or in ilike patterns become spaces. */
export function searchTerm(q: string): string {
  return q
    .replace(/[,()"\\*%_:.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const isNullable = (key: ListSortKey) => NULLABLE_SORT_KEYS.includes(key);

/** The filtered request without order or paging; `count` asks for PostgREST's estimated total. */
export function leadsListRequest(
  client: LeadsClient,
  organizationId: string,
  filters: ListFilters,
  options: { columns?: string; count?: 'estimated' } = {},
) {
  const bought = filters.scope === 'bought';
  const columns = options.columns ?? (bought ? PURCHASED_LIST_COLUMNS : LEAD_LIST_COLUMNS);
  // purchased_leads has every column the filters and sorts below use, under the same names; typed as
  // `leads` so that one chain serves both.
  const relation = bought
    ? (client.from('purchased_leads') as unknown as LeadsRelation)
    : leadsRelation(client);
  let query = relation
    .select(columns, options.count ? { count: options.count } : undefined)
    .eq('organization_id', organizationId);
  if (filters.status) query = query.eq('status', filters.status);
  if (filters.source) query = query.eq('source', filters.source);
  if (filters.category) query = query.ilike('category', searchTerm(filters.category));
  if (filters.area) query = query.ilike('area', searchTerm(filters.area));
  if (filters.from) query = query.gte('created_at', osloDayStart(filters.from).toISOString());
  if (filters.to) query = query.lt('created_at', osloDayStart(nextDateKey(filters.to)).toISOString());
  const term = searchTerm(filters.q);
  if (term) {
    // «912 34 567» finds «+4791234567»: phone numbers are compared without their spaces.
    const digits = term.replace(/[\s-]/g, '');
    const phone = /^\+?\d{3,}$/.test(digits) ? digits : term;
    query = query.or(
      [
        `name.ilike.*${term}*`,
        `email.ilike.*${term}*`,
        `phone.ilike.*${phone}*`,
        `company.ilike.*${term}*`,
      ].join(','),
    );
  }
  return query;
}

/**
 * The estimated number of leads of the filter (Prefer: count=estimated; no rows). Hosted PostgREST
 * counts exactly up to max_rows (1,000) and takes the planner's estimate above; the screen shows «ca.».
 */
export async function fetchLeadCount(
  client: LeadsClient,
  organizationId: string,
  filters: ListFilters,
): Promise<number | null> {
  const result = await leadsListRequest(client, organizationId, filters, {
    columns: 'id',
    count: 'estimated',
  }).limit(0);
  if (result.error) throw asError(result.error);
  return result.count ?? null;
}

type Segment = 'values' | 'nulls';

/** PostgREST's error (code, message, details, hint) as an Error, for the caller's toAppError. */
function asError(error: unknown): Error {
  if (error instanceof Error) return error;
  const fields = typeof error === 'object' && error !== null ? error : {};
  const message = 'message' in fields ? fields.message : undefined;
  return Object.assign(new Error(typeof message === 'string' ? message : 'request failed'), fields);
}

/** One page of `size` rows (plus whether there are more either way). */
export async function fetchLeadPage<Row extends ListRow = ListRow>(
  client: LeadsClient,
  organizationId: string,
  filters: ListFilters,
  wanted: PageWanted,
  size: number,
): Promise<ListPage<Row>> {
  const column = filters.sort;
  const request = () => leadsListRequest(client, organizationId, filters);
  const read = async (query: PromiseLike<{ data: unknown; error: unknown }>): Promise<Row[]> => {
    const { data, error } = await query;
    if (error) throw asError(error);
    return (data ?? []) as Row[];
  };

  if (wanted.kind === 'offset') {
    const ascending = filters.dir === 'asc';
    // Nulls last only where there are nulls: on a NOT NULL column `desc.nullslast` would not match
    // the index's order (desc = nulls first) and every offset page would sort the whole list.
    const rows = await read(
      request()
        .order(column, isNullable(column) ? { ascending, nullsFirst: false } : { ascending })
        .order('id', { ascending })
        .range(wanted.offset, wanted.offset + size),
    );
    return { rows: rows.slice(0, size), hasNext: rows.length > size, hasPrevious: wanted.offset > 0 };
  }

  const forward = wanted.kind !== 'before';
  // The direction of this read: backwards for «Forrige» (then the rows are turned around).
  const ascending = (filters.dir === 'asc') === forward;
  const nullable = isNullable(column);
  const segments: Segment[] = !nullable ? ['values'] : forward ? ['values', 'nulls'] : ['nulls', 'values'];
  const cursor = wanted.kind === 'first' ? null : wanted.cursor;
  const past = ascending ? 'gt' : 'lt';

  const segmentRows = async (segment: Segment, from: Cursor | null, limit: number): Promise<Row[]> => {
    if (segment === 'nulls') {
      let query = request().is(column, null);
      if (from) query = query.filter('id', past, from.id);
      return read(query.order('id', { ascending }).limit(limit));
    }
    const value = from?.value ?? null;
    if (from === null || value === null) {
      const query = nullable ? request().not(column, 'is', null) : request();
      return read(query.order(column, { ascending }).order('id', { ascending }).limit(limit));
    }
    const [ties, after] = await Promise.all([
      read(request().eq(column, value).filter('id', past, from.id).order('id', { ascending }).limit(limit)),
      read(
        request()
          .filter(column, past, value)
          .order(column, { ascending })
          .order('id', { ascending })
          .limit(limit),
      ),
    ]);
    return [...ties, ...after].slice(0, limit);
  };

  const want = size + 1;
  const rows: Row[] = [];
  const first = cursor ? segments.indexOf(cursor.value === null ? 'nulls' : 'values') : 0;
  for (let index = Math.max(first, 0); index < segments.length && rows.length < want; index += 1) {
    const segment = segments[index] ?? 'values';
    rows.push(...(await segmentRows(segment, index === first ? cursor : null, want - rows.length)));
  }
  const more = rows.length > size;
  const page = rows.slice(0, size);
  if (forward) return { rows: page, hasNext: more, hasPrevious: wanted.kind === 'after' };
  return { rows: page.reverse(), hasNext: true, hasPrevious: more };
}

/** The cursor of a row for the current sort. */
export function cursorOf(row: ListRow, sort: ListSortKey): Cursor {
  const value = row[sort];
  return { value: typeof value === 'string' ? value : null, id: row.id };
}

// ---------------------------------------------------------------------------------------------------
// Cursors in the URL: base64url of [sort, dir, value, id], so a cursor of another sort is ignored
// ---------------------------------------------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
  } catch {
    return null;
  }
}

export function encodeCursor(cursor: Cursor, sort: ListSortKey, dir: 'asc' | 'desc'): string {
  return toBase64Url(JSON.stringify([sort, dir, cursor.value, cursor.id]));
}

/** The cursor in a link, or null when it is damaged or made for another sort or direction. */
export function decodeCursor(text: string, sort: ListSortKey, dir: 'asc' | 'desc'): Cursor | null {
  if (text === '' || text.length > 1000) return null;
  const json = fromBase64Url(text);
  if (json === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return null;
  const parts: unknown[] = parsed;
  const [cursorSort, cursorDir, value, id] = parts;
  if (cursorSort !== sort || cursorDir !== dir) return null;
  if (typeof id !== 'string' || !UUID.test(id)) return null;
  if (value === null) return isNullable(sort) ? { value: null, id } : null;
  if (typeof value !== 'string' || value.length > 500) return null;
  if (sort === 'created_at' && Number.isNaN(Date.parse(value))) return null;
  return { value, id };
}
