/**
 * What the data API may touch: the `public` schema's tables and views with their columns, primary
 * and unique keys, foreign keys, and functions, read from pg_catalog. Reloaded when a cheap
 * fingerprint of the catalog changes (checked at most every `ttlMs`), so migrations run while the
 * platform is up are picked up without a restart.
 */
import type { Db } from '../contracts.ts';

export interface Column {
  name: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

/**
 * A computed column (PostgREST's computed field): a function of the exposed schema taking the
 * table's row type as its one argument, selected, filtered and ordered by like a column but never
 * part of `*`.
 */
export interface ComputedColumn {
  name: string;
  /** The function's return type, as `format_type` prints it. */
  type: string;
}

export interface Table {
  name: string;
  columns: Map<string, Column>;
  /** Computed columns by name; a real column of the same name wins. */
  computed: Map<string, ComputedColumn>;
  primaryKey: string[];
  /** Primary key and unique constraints/indexes, each a column list. */
  uniqueKeys: string[][];
  isView: boolean;
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FnArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface Fn {
  name: string;
  args: FnArg[];
  returnsSet: boolean;
  /** Returns rows (composite/table/setof composite) rather than a scalar. */
  returnsRows: boolean;
  returnType: string;
  volatile: boolean;
}

/**
 * A computed relationship (PostgREST's): a function of the exposed schema taking one table's or
 * view's row and returning rows of another (`setof other`, or one `other`), embedded by its name.
 */
export interface ComputedRelationship {
  /** The function's name, which is the embed's name. */
  name: string;
  /** The relation whose row the function takes. */
  table: string;
  /** The relation whose rows it returns. */
  refTable: string;
  /** One row (`returns other`, or `setof other` declared `rows 1`): embedded as an object. */
  toOne: boolean;
}

export interface SchemaCache {
  /** The exposed schema this cache describes (a request's profile). */
  schema: string;
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  functions: Map<string, Fn[]>;
  computedRelationships: ComputedRelationship[];
}

/** Every catalog query takes the schema's name as `$1` (null when it does not exist: nothing found). */
const SCHEMA = 'to_regnamespace($1)';

/**
 * Every catalog row the cache is built from gets a new xmin when DDL inserts or updates it (renames
 * and type changes included), so count + sum of xmin per catalog changes with any such DDL.
 */
const FINGERPRINT_SQL = `
with c as (select oid, xmin from pg_catalog.pg_class where relnamespace = ${SCHEMA})
select concat_ws(':',
  (select count(*) || '.' || coalesce(sum(xmin::text::int8), 0) from c),
  (select count(*) || '.' || coalesce(sum(a.xmin::text::int8), 0)
     from pg_catalog.pg_attribute a where a.attrelid in (select oid from c)),
  (select count(*) || '.' || coalesce(sum(xmin::text::int8), 0)
     from pg_catalog.pg_constraint where connamespace = ${SCHEMA}),
  (select count(*) || '.' || coalesce(sum(xmin::text::int8), 0)
     from pg_catalog.pg_proc where pronamespace = ${SCHEMA})
) as fingerprint`;

const COLUMNS_SQL = `
select c.relname as table_name, c.oid::int8 as oid, a.attnum::int as attnum,
       c.relkind::text as kind, a.attname as column_name,
       pg_catalog.format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as nullable,
       (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default
from pg_catalog.pg_class c
join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
where c.relnamespace = ${SCHEMA} and c.relkind in ('r', 'v', 'm', 'p', 'f')
order by c.relname, a.attnum`;

const KEYS_SQL = `
select c.relname as table_name, i.indisprimary as is_primary,
       array(select a.attname::text from unnest(i.indkey) with ordinality k(attnum, n)
             join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum order by k.n) as columns
from pg_catalog.pg_index i
join pg_catalog.pg_class c on c.oid = i.indrelid
where c.relnamespace = ${SCHEMA} and i.indisunique and i.indpred is null
  and i.indexprs is null`;

const FOREIGN_KEYS_SQL = `
select k.conname as name, c.relname as table_name, r.relname as ref_table,
       array(select a.attname::text from unnest(k.conkey) with ordinality x(attnum, n)
             join pg_catalog.pg_attribute a on a.attrelid = k.conrelid and a.attnum = x.attnum order by x.n) as columns,
       array(select a.attname::text from unnest(k.confkey) with ordinality x(attnum, n)
             join pg_catalog.pg_attribute a on a.attrelid = k.confrelid and a.attnum = x.attnum order by x.n) as ref_columns
from pg_catalog.pg_constraint k
join pg_catalog.pg_class c on c.oid = k.conrelid
join pg_catalog.pg_class r on r.oid = k.confrelid
where k.contype = 'f' and c.relnamespace = ${SCHEMA} and r.relnamespace = ${SCHEMA}`;

/** The query trees of the public views, for where their columns come from. */
const VIEWS_SQL = `
select c.relname as view_name, r.ev_action::text as action
from pg_catalog.pg_rewrite r
join pg_catalog.pg_class c on c.oid = r.ev_class
where c.relnamespace = ${SCHEMA} and c.relkind in ('v', 'm') and r.rulename = '_RETURN'`;

const FUNCTIONS_SQL = `
select p.proname as name, p.proretset as returns_set, p.provolatile::text as volatility,
       pg_catalog.format_type(p.prorettype, null) as return_type,
       (t.typtype = 'c' or p.proargmodes is not null and 't' = any(p.proargmodes::text[])) as returns_rows,
       coalesce(p.proargnames, array[]::text[]) as arg_names,
       coalesce(p.proargmodes::text[], array[]::text[]) as arg_modes,
       array(select pg_catalog.format_type(x, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) x) as arg_types,
       p.pronargs as nargs, p.pronargdefaults as ndefaults
from pg_catalog.pg_proc p
join pg_catalog.pg_type t on t.oid = p.prorettype
where p.pronamespace = ${SCHEMA} and p.prokind = 'f'
order by p.oid`;

/** The types of a function's one unnamed parameter that PostgREST can call it with (the whole body). */
const UNNAMED_PARAMETER_TYPES = new Set(['json', 'jsonb', 'text', 'xml', 'bytea']);

/**
 * Computed columns: functions of the exposed schema with exactly one argument, of a public table's
 * or view's row type, returning neither void nor rows (a set, or another relation's row type: those
 * are PostgREST's computed relationships). Whether the role may execute one is left to Postgres
 * when it is called (42501), as PostgREST leaves it.
 */
const COMPUTED_SQL = `
select p.proname as name, c.relname as table_name,
       pg_catalog.format_type(p.prorettype, null) as return_type
from pg_catalog.pg_proc p
join pg_catalog.pg_class c on c.reltype = p.proargtypes[0]
where p.pronamespace = ${SCHEMA} and p.prokind = 'f' and p.pronargs = 1
  and c.relnamespace = ${SCHEMA} and c.relkind in ('r', 'v', 'm', 'p', 'f')
  and not p.proretset and p.prorettype <> 'pg_catalog.void'::regtype
  and not exists (select 1 from pg_catalog.pg_class r where r.reltype = p.prorettype
                  and r.relkind in ('r', 'v', 'm', 'p', 'f'))
order by p.proname`;

const COMPUTED_RELATIONSHIPS_SQL = `
select p.proname as name, c.relname as table_name, r.relname as ref_table,
       (not p.proretset or p.prorows = 1) as to_one
from pg_catalog.pg_proc p
join pg_catalog.pg_class c on c.reltype = p.proargtypes[0]
join pg_catalog.pg_class r on r.reltype = p.prorettype
where p.pronamespace = ${SCHEMA} and p.prokind = 'f' and p.pronargs = 1
  and c.relnamespace = ${SCHEMA} and c.relkind in ('r', 'v', 'm', 'p', 'f')
  and r.relnamespace = ${SCHEMA} and r.relkind in ('r', 'v', 'm', 'p', 'f')`;

type Row = Record<string, unknown>;

function strings(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') {
    // A Postgres array literal, should the driver not parse it.
    const inner = value.replace(/^\{|\}$/g, '');
    return inner === '' ? [] : inner.split(',').map((s) => s.replace(/^"|"$/g, ''));
  }
  return [];
}

export async function loadSchema(db: Pick<Db, 'query'>, schema = 'public'): Promise<SchemaCache> {
  const tables = new Map<string, Table>();
  const columns = await db.query<Row>(COLUMNS_SQL, [schema]);
  /** `oid:attnum` → [table, column], for view column origins. */
  const byAttnum = new Map<string, [string, string]>();
  for (const row of columns.rows) {
    const name = String(row.table_name);
    byAttnum.set(`${String(row.oid)}:${String(row.attnum)}`, [name, String(row.column_name)]);
    let table = tables.get(name);
    if (!table) {
      table = {
        name,
        columns: new Map(),
        computed: new Map(),
        primaryKey: [],
        uniqueKeys: [],
        isView: row.kind !== 'r' && row.kind !== 'p',
      };
      tables.set(name, table);
    }
    table.columns.set(String(row.column_name), {
      name: String(row.column_name),
      type: String(row.type),
      nullable: row.nullable === true,
      hasDefault: row.has_default === true,
    });
  }
  const keys = await db.query<Row>(KEYS_SQL, [schema]);
  for (const row of keys.rows) {
    const table = tables.get(String(row.table_name));
    if (!table) continue;
    const cols = strings(row.columns);
    table.uniqueKeys.push(cols);
    if (row.is_primary === true) table.primaryKey = cols;
  }
  const fks = await db.query<Row>(FOREIGN_KEYS_SQL, [schema]);
  const foreignKeys: ForeignKey[] = fks.rows.map((row) => ({
    name: String(row.name),
    table: String(row.table_name),
    columns: strings(row.columns),
    refTable: String(row.ref_table),
    refColumns: strings(row.ref_columns),
  }));
  const views = await db.query<Row>(VIEWS_SQL, [schema]);
  const sources = new Map<string, Map<string, [string, string]>>();
  for (const row of views.rows) {
    sources.set(String(row.view_name), viewColumnSources(String(row.action), byAttnum));
  }
  inferViewKeys(tables, foreignKeys, sources);
  const functions = new Map<string, Fn[]>();
  const fns = await db.query<Row>(FUNCTIONS_SQL, [schema]);
  for (const row of fns.rows) {
    const names = strings(row.arg_names);
    const modes = strings(row.arg_modes);
    const types = strings(row.arg_types);
    const nargs = Number(row.nargs);
    const ndefaults = Number(row.ndefaults);
    const args: FnArg[] = [];
    types.forEach((type, i) => {
      const mode = modes[i] ?? 'i';
      if (mode !== 'i' && mode !== 'b' && mode !== 'v') return;
      args.push({ name: names[i] ?? '', type, hasDefault: false });
    });
    args.forEach((arg, i) => {
      arg.hasDefault = i >= nargs - ndefaults;
    });
    // PostgREST cannot name an unnamed parameter: such functions are left out of its cache, unless
    // the one parameter takes the whole body (row-typed ones still serve as computed fields).
    const callable =
      args.every((a) => a.name !== '') ||
      (args.length === 1 && UNNAMED_PARAMETER_TYPES.has(args[0]?.type ?? ''));
    if (!callable) continue;
    const fn: Fn = {
      name: String(row.name),
      args,
      returnsSet: row.returns_set === true,
      returnsRows: row.returns_rows === true,
      returnType: String(row.return_type),
      volatile: row.volatility === 'v',
    };
    const list = functions.get(fn.name) ?? [];
    list.push(fn);
    functions.set(fn.name, list);
  }
  const computed = await db.query<Row>(COMPUTED_SQL, [schema]);
  for (const row of computed.rows) {
    const name = String(row.name);
    tables.get(String(row.table_name))?.computed.set(name, { name, type: String(row.return_type) });
  }
  const related = await db.query<Row>(COMPUTED_RELATIONSHIPS_SQL, [schema]);
  const computedRelationships = related.rows.map((row) => ({
    name: String(row.name),
    table: String(row.table_name),
    refTable: String(row.ref_table),
    toOne: row.to_one === true,
  }));
  return { schema, tables, foreignKeys, functions, computedRelationships };
}

/**
 * Where a view's columns come from: for each output column a plain reference to a base column
 * (`:resorigtbl`/`:resorigcol` of the view's target list). The top-level target list comes last
 * in the printed query tree, so the last entry of a name wins.
 */
export function viewColumnSources(
  action: string,
  byAttnum: Map<string, [string, string]>,
): Map<string, [string, string]> {
  const result = new Map<string, [string, string]>();
  const entry = /:resname (\S+) :ressortgroupref \d+ :resorigtbl (\d+) :resorigcol (\d+)/g;
  for (const match of action.matchAll(entry)) {
    const [, name = '', tbl = '0', col = '0'] = match;
    const origin = byAttnum.get(`${tbl}:${col}`);
    if (origin && tbl !== '0') result.set(name, origin);
    else result.delete(name);
  }
  return result;
}

/**
 * PostgREST's relationships for views: a view exposing all columns of a base table's foreign key
 * (or of the key it references) takes part in that relationship, and keeps the base table's
 * primary and unique keys it exposes.
 */
function inferViewKeys(
  tables: Map<string, Table>,
  foreignKeys: ForeignKey[],
  sources: Map<string, Map<string, [string, string]>>,
): void {
  /** The relations exposing all `columns` of `table`, with their own names for them. */
  const exposing = (table: string, columns: string[]): [string, string[]][] => {
    const found: [string, string[]][] = [[table, columns]];
    for (const [view, cols] of sources) {
      const mapped = columns.map((col) => {
        for (const [name, [t, c]] of cols) if (t === table && c === col) return name;
        return undefined;
      });
      if (mapped.every((m): m is string => m !== undefined)) found.push([view, mapped]);
    }
    return found;
  };
  for (const table of tables.values()) {
    if (table.isView) continue;
    for (const key of table.uniqueKeys) {
      for (const [view, mapped] of exposing(table.name, key).slice(1)) {
        const target = tables.get(view);
        if (!target) continue;
        target.uniqueKeys.push(mapped);
        if (key === table.primaryKey && target.primaryKey.length === 0) target.primaryKey = mapped;
      }
    }
  }
  for (const fk of [...foreignKeys]) {
    for (const [from, columns] of exposing(fk.table, fk.columns)) {
      for (const [to, refColumns] of exposing(fk.refTable, fk.refColumns)) {
        if (from === fk.table && to === fk.refTable) continue;
        foreignKeys.push({ name: fk.name, table: from, columns, refTable: to, refColumns });
      }
    }
  }
}

/** The schema cache, reloaded when the catalog's fingerprint changes. */
export class SchemaCacheHolder {
  private cache: SchemaCache | null = null;
  private fingerprint = '';
  private checkedAt = 0;
  private loading: Promise<SchemaCache> | null = null;

  constructor(
    private readonly db: Pick<Db, 'query'>,
    private readonly schema = 'public',
    private readonly ttlMs = 1000,
  ) {}

  /** The current cache; `force` re-checks the fingerprint now (after an unknown-name miss). */
  async get(force = false): Promise<SchemaCache> {
    if (this.cache && !force && Date.now() - this.checkedAt < this.ttlMs) return this.cache;
    if (this.loading) return this.loading;
    this.loading = this.refresh().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async refresh(): Promise<SchemaCache> {
    const { rows } = await this.db.query<{ fingerprint: string }>(FINGERPRINT_SQL, [this.schema]);
    const fingerprint = String(rows[0]?.fingerprint ?? '');
    this.checkedAt = Date.now();
    if (this.cache && fingerprint === this.fingerprint) return this.cache;
    this.cache = await loadSchema(this.db, this.schema);
    this.fingerprint = fingerprint;
    return this.cache;
  }
}
