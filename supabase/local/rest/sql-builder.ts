/**
 * Turns a parsed request into one SQL statement. Identifiers are checked against the schema cache
 * and quoted; every value is a `$n` parameter. Rows come back as one JSON text (like PostgREST's
 * `json_agg`), so Postgres does the type conversions.
 */
import { parseError, RestError } from './errors.ts';
import type { Condition, FilterNode, OrderTerm } from './parse-filters.ts';
import type { EmbedItem, JsonStep, SelectItem } from './parse-select.ts';
import type { SchemaCache, Table } from './schema-cache.ts';

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `"schema"."name"` of a relation or function in the request's schema. */
export function qualified(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`;
}

/** Filters, order and paging for one level of the select tree (root or an embed). */
export interface QueryLevel {
  filters: FilterNode[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  children: Map<string, QueryLevel>;
}

export function emptyLevel(): QueryLevel {
  return { filters: [], order: [], children: new Map() };
}

/** A many-to-many relationship's junction table and how it joins both sides. */
export interface Junction {
  table: string;
  /** [parent column, junction column] pairs. */
  parentJoin: [string, string][];
  /** [target column, junction column] pairs. */
  childJoin: [string, string][];
  fkNames: [string, string];
}

export interface Relationship {
  child: Table;
  toOne: boolean;
  /** [parent column, child column] pairs of a direct foreign key; empty through a junction. */
  join: [string, string][];
  junction?: Junction;
  /** A computed relationship: the function called on the parent's row (of `parent`'s type). */
  computed?: { fn: string; parent: string };
}

/** One relationship of a table, before the request's name and hint pick among them. */
interface Candidate {
  child: string;
  toOne: boolean;
  /** [this side's column, the child's column] pairs; empty through a junction. */
  join: [string, string][];
  fkName: string;
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';
  /** A key of a table to itself. */
  self: boolean;
  junction?: Junction;
}

export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export class Builder {
  private aliasCounter = 0;
  constructor(
    readonly cache: SchemaCache,
    readonly params: Params = new Params(),
  ) {}

  nextAlias(): string {
    this.aliasCounter += 1;
    return `t${this.aliasCounter}`;
  }

  table(name: string): Table {
    const table = this.cache.tables.get(name);
    if (!table) {
      throw new RestError(
        404,
        'PGRST205',
        `Could not find the table '${this.cache.schema}.${name}' in the schema cache`,
        null,
        null,
      );
    }
    return table;
  }

  column(table: Table | null, name: string): string {
    if (table && !table.columns.has(name)) {
      throw new RestError(400, '42703', `column ${table.name}.${name} does not exist`);
    }
    return quoteIdent(name);
  }

  /**
   * Aliases whose rows are records rather than the table's row type (the `_w` of a write), so a
   * computed column's function gets them cast to the table's type.
   */
  readonly recordAliases = new Set<string>();

  /** A column, or a computed column as a call of its function on the row (`public."fn"(t0)`). */
  private fieldExpr(table: Table | null, alias: string, name: string): string {
    if (table && !table.columns.has(name) && table.computed.has(name)) {
      const row = this.recordAliases.has(alias)
        ? `${alias}::${qualified(this.cache.schema, table.name)}`
        : alias;
      return `${qualified(this.cache.schema, name)}(${row})`;
    }
    return `${alias}.${this.column(table, name)}`;
  }

  /** The type of a column or computed column, when known. */
  columnType(table: Table | null, name: string): string | undefined {
    return table?.columns.get(name)?.type ?? table?.computed.get(name)?.type;
  }

  columnExpr(table: Table | null, alias: string, name: string, path: JsonStep[]): string {
    let expr = this.fieldExpr(table, alias, name);
    for (const step of path) {
      const key = /^-?\d+$/.test(step.key)
        ? `${this.params.add(Number(step.key))}::int`
        : `${this.params.add(step.key)}::text`;
      expr = `(${expr}${step.arrow}${key})`;
    }
    return expr;
  }

  // ---------------------------------------------------------------- filters

  condition(table: Table | null, alias: string, c: Condition): string {
    const expr = this.columnExpr(table, alias, c.column, c.path);
    const value = typeof c.value === 'string' ? c.value : '';
    if (c.quantifier) return this.quantified(expr, c);
    let sql: string;
    switch (c.op) {
      case 'eq':
        sql = `${expr} = ${this.params.add(value)}`;
        break;
      case 'neq':
        sql = `${expr} <> ${this.params.add(value)}`;
        break;
      case 'gt':
        sql = `${expr} > ${this.params.add(value)}`;
        break;
      case 'gte':
        sql = `${expr} >= ${this.params.add(value)}`;
        break;
      case 'lt':
        sql = `${expr} < ${this.params.add(value)}`;
        break;
      case 'lte':
        sql = `${expr} <= ${this.params.add(value)}`;
        break;
      case 'like':
        sql = `${expr}::text like ${this.params.add(value.replace(/\*/g, '%'))}::text`;
        break;
      case 'ilike':
        sql = `${expr}::text ilike ${this.params.add(value.replace(/\*/g, '%'))}::text`;
        break;
      case 'match':
        sql = `${expr}::text ~ ${this.params.add(value)}::text`;
        break;
      case 'imatch':
        sql = `${expr}::text ~* ${this.params.add(value)}::text`;
        break;
      case 'is':
        sql =
          {
            null: `${expr} is null`,
            not_null: `${expr} is not null`,
            true: `${expr} is true`,
            false: `${expr} is false`,
            unknown: `${expr} is unknown`,
          }[value] ?? 'false';
        break;
      case 'isdistinct':
        sql = `${expr} is distinct from ${this.params.add(value)}`;
        break;
      case 'in': {
        const list = Array.isArray(c.value) ? c.value : [];
        sql = list.length === 0 ? 'false' : `${expr} in (${list.map((v) => this.params.add(v)).join(', ')})`;
        break;
      }
      case 'cs':
        sql = `${expr} @> ${this.params.add(value)}`;
        break;
      case 'cd':
        sql = `${expr} <@ ${this.params.add(value)}`;
        break;
      case 'ov':
        sql = `${expr} && ${this.params.add(value)}`;
        break;
      case 'sl':
        sql = `${expr} << ${this.params.add(value)}`;
        break;
      case 'sr':
        sql = `${expr} >> ${this.params.add(value)}`;
        break;
      case 'nxl':
        sql = `${expr} &> ${this.params.add(value)}`;
        break;
      case 'nxr':
        sql = `${expr} &< ${this.params.add(value)}`;
        break;
      case 'adj':
        sql = `${expr} -|- ${this.params.add(value)}`;
        break;
      case 'fts':
      case 'plfts':
      case 'phfts':
      case 'wfts': {
        const fn = {
          fts: 'to_tsquery',
          plfts: 'plainto_tsquery',
          phfts: 'phraseto_tsquery',
          wfts: 'websearch_to_tsquery',
        }[c.op];
        const config = c.ftsConfig !== undefined ? `${this.params.add(c.ftsConfig)}::regconfig, ` : '';
        const columnType = this.columnType(table, c.column);
        const vector =
          columnType === 'tsvector' && c.path.length === 0 ? expr : `to_tsvector(${config}${expr}::text)`;
        sql = `${vector} @@ ${fn}(${config}${this.params.add(value)}::text)`;
        break;
      }
    }
    return c.negate ? `not (${sql})` : sql;
  }

  /** `col op any|all ($1)`, the list passed as one array literal (`{a,b}`), as PostgREST does. */
  private quantified(expr: string, c: Condition): string {
    const value = typeof c.value === 'string' ? c.value : '';
    const operator = {
      eq: '=',
      gt: '>',
      gte: '>=',
      lt: '<',
      lte: '<=',
      like: 'like',
      ilike: 'ilike',
      match: '~',
      imatch: '~*',
    }[c.op as string];
    const textual = ['like', 'ilike', 'match', 'imatch'].includes(c.op);
    const list = c.op === 'like' || c.op === 'ilike' ? value.replace(/\*/g, '%') : value;
    const sql = textual
      ? `${expr}::text ${operator} ${c.quantifier}(${this.params.add(list)}::text[])`
      : `${expr} ${operator} ${c.quantifier}(${this.params.add(list)})`;
    return c.negate ? `not (${sql})` : sql;
  }

  filter(table: Table | null, alias: string, node: FilterNode): string {
    if (node.kind === 'condition') return this.condition(table, alias, node);
    const joined = node.children.map((child) => `(${this.filter(table, alias, child)})`).join(` ${node.op} `);
    // Parenthesised whole: beside an embed's join condition an `or` must not escape it.
    return node.negate ? `not (${joined})` : `(${joined})`;
  }

  /**
   * ` order by …` ('' when none). A term naming an embedded resource (`order=rel(col)`) orders by
   * the column of that to-one embed, which must be part of `items`.
   */
  orderBy(
    table: Table | null,
    alias: string,
    terms: OrderTerm[],
    items: SelectItem[] = [],
    level: QueryLevel = emptyLevel(),
  ): string {
    if (terms.length === 0) return '';
    const parts = terms.map((term) => {
      const expr =
        term.relation === undefined
          ? this.columnExpr(table, alias, term.column, term.path)
          : this.relatedOrderExpr(table, alias, term, items, level);
      let sql = `${expr} ${term.descending ? 'desc' : 'asc'}`;
      if (term.nulls) sql += ` nulls ${term.nulls}`;
      return sql;
    });
    return ` order by ${parts.join(', ')}`;
  }

  private relatedOrderExpr(
    table: Table | null,
    alias: string,
    term: OrderTerm,
    items: SelectItem[],
    level: QueryLevel,
  ): string {
    const name = term.relation ?? '';
    const item = items.find(
      (i): i is EmbedItem => i.kind === 'embed' && (i.spread ? i.relation : (i.alias ?? i.relation)) === name,
    );
    if (!table || !item) {
      throw new RestError(
        400,
        'PGRST108',
        `'${name}' is not an embedded resource in this request`,
        null,
        `Verify that '${name}' is included in the 'select' query parameter.`,
      );
    }
    const rel = this.relationship(table, item);
    if (!rel.toOne) {
      throw new RestError(
        400,
        'PGRST118',
        `A related order on '${name}' is not possible`,
        `'${table.name}' and '${name}' do not form a many-to-one or one-to-one relationship`,
      );
    }
    const childAlias = this.nextAlias();
    const childLevel = level.children.get(name) ?? emptyLevel();
    const where = [
      this.relCondition(alias, childAlias, rel),
      ...childLevel.filters.map((f) => this.filter(rel.child, childAlias, f)),
    ];
    const expr = this.columnExpr(rel.child, childAlias, term.column, term.path);
    return `(select ${expr} from ${this.relSource(alias, childAlias, rel)} where ${where.join(' and ')} limit 1)`;
  }

  static paging(level: QueryLevel): string {
    let sql = '';
    if (level.limit !== undefined) sql += ` limit ${level.limit}`;
    if (level.offset !== undefined && level.offset > 0) sql += ` offset ${level.offset}`;
    return sql;
  }

  // ---------------------------------------------------------------- relationships

  /**
   * Every relationship of `parent`, as PostgREST's schema cache lists them: each foreign key from it
   * (many-to-one, one-to-one when the key is unique) and to it (one-to-many or one-to-one; a key of
   * a table to itself gives both), and many-to-many through a junction table whose primary key
   * holds the columns of a key to each side.
   */
  private candidates(parent: Table): Candidate[] {
    const candidates: Candidate[] = [];
    const zip = (a: string[], b: string[]) => a.map((col, i): [string, string] => [col, b[i] ?? col]);
    const isUnique = (table: string, columns: string[]) =>
      this.cache.tables
        .get(table)
        ?.uniqueKeys.some(
          (key) => key.length === columns.length && key.every((col) => columns.includes(col)),
        ) ?? false;
    for (const fk of this.cache.foreignKeys) {
      const self = fk.table === fk.refTable;
      const unique = isUnique(fk.table, fk.columns);
      if (fk.table === parent.name) {
        candidates.push({
          child: fk.refTable,
          toOne: true,
          join: zip(fk.columns, fk.refColumns),
          fkName: fk.name,
          cardinality: unique ? 'one-to-one' : 'many-to-one',
          self,
        });
      }
      if (fk.refTable === parent.name) {
        candidates.push({
          child: fk.table,
          toOne: unique,
          join: zip(fk.refColumns, fk.columns),
          fkName: fk.name,
          cardinality: unique ? 'one-to-one' : 'one-to-many',
          self,
        });
      }
    }
    for (const toParent of this.cache.foreignKeys) {
      if (toParent.refTable !== parent.name) continue;
      const junction = this.cache.tables.get(toParent.table);
      if (!junction || junction.name === parent.name) continue;
      const inKey = (cols: string[]) =>
        junction.primaryKey.length > 0 && cols.every((c) => junction.primaryKey.includes(c));
      if (!inKey(toParent.columns)) continue;
      for (const toChild of this.cache.foreignKeys) {
        if (toChild === toParent || toChild.table !== junction.name || toChild.refTable === junction.name)
          continue;
        if (!inKey(toChild.columns)) continue;
        candidates.push({
          child: toChild.refTable,
          toOne: false,
          join: [],
          fkName: junction.name,
          cardinality: 'many-to-many',
          self: false,
          junction: {
            table: junction.name,
            parentJoin: zip(toParent.refColumns, toParent.columns),
            childJoin: zip(toChild.refColumns, toChild.columns),
            fkNames: [toParent.name, toChild.name],
          },
        });
      }
    }
    return candidates;
  }

  relationship(parent: Table, embed: EmbedItem): Relationship {
    const name = embed.relation;
    const computed = this.cache.computedRelationships.find((r) => r.table === parent.name && r.name === name);
    if (computed) {
      return {
        child: this.table(computed.refTable),
        toOne: computed.toOne,
        join: [],
        computed: { fn: computed.name, parent: parent.name },
      };
    }
    const candidates = this.candidates(parent);
    const hint = embed.hint;
    /** PostgREST's `relColumns` of a single-column key: [this side's column, the other side's]. */
    const single = (c: Candidate, side: 0 | 1) => (c.join.length === 1 ? c.join[0]?.[side] : undefined);
    const matches = candidates.filter((c) => {
      if (c.self) {
        // One key, two directions: the table's name (or the key column as hint) is the rows pointing
        // here, the key column's name is the row it points to (PostgREST's convention).
        if (hint === undefined) {
          return (c.child === name && c.cardinality === 'one-to-many') || (single(c, 0) === name && c.toOne);
        }
        return c.child === name && c.cardinality === 'one-to-many' && single(c, 1) === hint;
      }
      if (hint === undefined) {
        const childIsView = this.cache.tables.get(c.child)?.isView ?? false;
        return (
          c.child === name || (!c.junction && !childIsView && (c.fkName === name || single(c, 0) === name))
        );
      }
      if (c.child !== name) return false;
      if (c.junction) return c.junction.table === hint;
      return c.fkName === hint || single(c, 0) === hint || single(c, 1) === hint;
    });
    if (matches.length === 0) {
      throw new RestError(
        400,
        'PGRST200',
        `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
        `Searched for a foreign key relationship between '${parent.name}' and '${name}${hint !== undefined ? `' using the hint '${hint}` : ''}' in the schema '${this.cache.schema}', but no matches were found.`,
      );
    }
    if (matches.length > 1) {
      // PostgREST's details: each candidate's cardinality and the key that would join it.
      const described = matches
        .map((m) => {
          const relationship = m.junction
            ? `${m.junction.table} using ${m.junction.fkNames[0]}(${m.junction.parentJoin.map(([, c]) => c).join(', ')}) and ${m.junction.fkNames[1]}(${m.junction.childJoin.map(([, c]) => c).join(', ')})`
            : `${m.fkName} using ${parent.name}(${m.join.map(([p]) => p).join(', ')}) and ${m.child}(${m.join.map(([, c]) => c).join(', ')})`;
          const detail = {
            cardinality: m.cardinality,
            embedding: `${parent.name} with ${m.child}`,
            relationship,
          };
          return { detail, hint: `'${m.child}!${m.junction ? m.junction.table : m.fkName}'` };
        })
        .sort((a, b) => a.detail.relationship.localeCompare(b.detail.relationship));
      throw new RestError(
        300,
        'PGRST201',
        `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
        described.map((d) => d.detail),
        `Try changing '${name}' to one of the following: ${described.map((d) => d.hint).join(', ')}. Find the desired relationship in the 'details' key.`,
      );
    }
    const match = matches[0]!;
    const rel: Relationship = { child: this.table(match.child), toOne: match.toOne, join: match.join };
    if (match.junction) rel.junction = match.junction;
    return rel;
  }

  /**
   * The FROM item of a relationship's child rows: the child relation, or for a computed
   * relationship its function called on the parent's row.
   */
  relSource(parentAlias: string, childAlias: string, rel: Relationship): string {
    if (!rel.computed) return `${qualified(this.cache.schema, rel.child.name)} ${childAlias}`;
    const row = this.recordAliases.has(parentAlias)
      ? `${parentAlias}::${qualified(this.cache.schema, rel.computed.parent)}`
      : parentAlias;
    return `${qualified(this.cache.schema, rel.computed.fn)}(${row}) ${childAlias}`;
  }

  /** The condition tying a child row (`childAlias`) to its parent row (`parentAlias`). */
  relCondition(parentAlias: string, childAlias: string, rel: Relationship): string {
    if (rel.computed) return 'true';
    if (!rel.junction) return this.joinCondition(parentAlias, childAlias, rel.join);
    const j = `${childAlias}j`;
    const on = [
      ...rel.junction.parentJoin.map(([p, c]) => `${j}.${quoteIdent(c)} = ${parentAlias}.${quoteIdent(p)}`),
      ...rel.junction.childJoin.map(([r, c]) => `${j}.${quoteIdent(c)} = ${childAlias}.${quoteIdent(r)}`),
    ];
    return `exists (select 1 from ${qualified(this.cache.schema, rel.junction.table)} ${j} where ${on.join(' and ')})`;
  }

  // ---------------------------------------------------------------- select lists

  /** `left join lateral …` clauses spread embeds need, by the alias of the level they belong to. */
  private readonly lateral = new Map<string, string[]>();

  /** The lateral joins `selectList` registered for `alias` ('' when none); call after it. */
  joins(alias: string): string {
    const list = this.lateral.get(alias) ?? [];
    this.lateral.delete(alias);
    return list.map((j) => ` ${j}`).join('');
  }

  /** `expr as "name", …` for one level; `table` null means columns are not checked (RPC rows). */
  selectList(table: Table | null, alias: string, items: SelectItem[], level: QueryLevel): string {
    const list = items.length === 0 ? [{ kind: 'star' as const }] : items;
    const parts: string[] = [];
    const embedNames = new Set<string>();
    for (const item of list) {
      // `rel()` only filters (with `!inner` or its own filters): PostgREST leaves it out.
      if (item.kind === 'embed' && item.empty) continue;
      if (item.kind === 'embed' && !item.spread) {
        const name = item.alias ?? item.relation;
        if (embedNames.has(name)) {
          // PostgREST's SQL names both joins alike and Postgres refuses it; one key would be lost.
          throw new RestError(
            400,
            '42712',
            `table name "${table?.name ?? 'rpc'}_${item.relation}_1" specified more than once`,
          );
        }
        embedNames.add(name);
      }
      if (item.kind === 'star') {
        if (table)
          for (const column of table.columns.keys())
            parts.push(`${alias}.${quoteIdent(column)} as ${quoteIdent(column)}`);
        else parts.push(`${alias}.*`);
      } else if (item.kind === 'column') {
        let expr = this.columnExpr(table, alias, item.name, item.path);
        if (item.cast) expr = `(${expr})::${item.cast}`;
        const name = item.alias ?? item.path[item.path.length - 1]?.key ?? item.name;
        parts.push(`${expr} as ${quoteIdent(name)}`);
      } else if (item.spread) {
        if (!table) throw parseError('embedding needs a table or a function returning a table');
        parts.push(this.spread(table, alias, item, level.children.get(item.relation) ?? emptyLevel()));
      } else {
        if (!table) throw parseError('embedding needs a table or a function returning a table');
        const name = item.alias ?? item.relation;
        parts.push(
          `${this.embed(table, alias, item, level.children.get(name) ?? emptyLevel())} as ${quoteIdent(name)}`,
        );
      }
    }
    return parts.join(', ');
  }

  /**
   * `...relation(cols)`: the to-one embed's columns become columns of the parent, through a
   * `left join lateral` on the parent's level.
   */
  private spread(parent: Table, parentAlias: string, item: EmbedItem, level: QueryLevel): string {
    const rel = this.relationship(parent, item);
    const alias = this.nextAlias();
    const joinAlias = `_${alias}`;
    const where = [
      this.relCondition(parentAlias, alias, rel),
      ...level.filters.map((f) => this.filter(rel.child, alias, f)),
      ...this.innerConditions(rel.child, alias, item.select, level),
    ];
    const select = item.select.length === 0 ? [{ kind: 'star' as const }] : item.select;
    const list = this.selectList(rel.child, alias, select, level);
    const names = this.outputNames(rel.child, select);
    const rows = `select ${list} from ${this.relSource(parentAlias, alias, rel)}${this.joins(alias)} where ${where.join(' and ')}`;
    // To-one: the row's columns; to-many: each column as the list of its values (PostgREST 13).
    const inner = rel.toOne
      ? `${rows} limit 1`
      : `select ${names.map((n) => `coalesce(json_agg(_s.${quoteIdent(n)}), '[]'::json) as ${quoteIdent(n)}`).join(', ')} from (${rows}${this.orderBy(rel.child, alias, level.order)}${Builder.paging(level)}) _s`;
    const joins = this.lateral.get(parentAlias) ?? [];
    joins.push(`left join lateral (${inner}) ${joinAlias} on true`);
    this.lateral.set(parentAlias, joins);
    return names.map((name) => `${joinAlias}.${quoteIdent(name)} as ${quoteIdent(name)}`).join(', ');
  }

  /** The keys a select list produces (spread embeds contribute their own columns). */
  private outputNames(table: Table, items: SelectItem[]): string[] {
    const names: string[] = [];
    for (const item of items) {
      if (item.kind === 'star') names.push(...table.columns.keys());
      else if (item.kind === 'column')
        names.push(item.alias ?? item.path[item.path.length - 1]?.key ?? item.name);
      else if (item.spread) {
        const rel = this.relationship(table, item);
        names.push(
          ...this.outputNames(rel.child, item.select.length === 0 ? [{ kind: 'star' }] : item.select),
        );
      } else names.push(item.alias ?? item.relation);
    }
    return names;
  }

  private joinCondition(parentAlias: string, childAlias: string, join: [string, string][]): string {
    return join
      .map(([p, c]) => `${childAlias}.${quoteIdent(c)} = ${parentAlias}.${quoteIdent(p)}`)
      .join(' and ');
  }

  private embed(parent: Table, parentAlias: string, item: EmbedItem, level: QueryLevel): string {
    const rel = this.relationship(parent, item);
    const alias = this.nextAlias();
    const rowAlias = `_${alias}`;
    const where = [
      this.relCondition(parentAlias, alias, rel),
      ...level.filters.map((f) => this.filter(rel.child, alias, f)),
      ...this.innerConditions(rel.child, alias, item.select, level),
    ];
    const order = this.orderBy(rel.child, alias, level.order);
    const list = this.selectList(rel.child, alias, item.select, level);
    const inner = `select ${list} from ${this.relSource(parentAlias, alias, rel)}${this.joins(alias)} where ${where.join(' and ')}${order}`;
    if (rel.toOne) return `(select row_to_json(${rowAlias}) from (${inner} limit 1) ${rowAlias})`;
    return `(select coalesce(json_agg(${rowAlias}), '[]'::json) from (${inner}${Builder.paging(level)}) ${rowAlias})`;
  }

  /** `exists (…)` conditions for `!inner` embeds (and embeds filtered with `is.not_null`). */
  innerConditions(table: Table, alias: string, items: SelectItem[], level: QueryLevel): string[] {
    const conditions: string[] = [];
    for (const item of items) {
      if (item.kind !== 'embed' || !item.inner) continue;
      const rel = this.relationship(table, item);
      const childAlias = this.nextAlias();
      const childLevel =
        level.children.get(item.spread ? item.relation : (item.alias ?? item.relation)) ?? emptyLevel();
      const where = [
        this.relCondition(alias, childAlias, rel),
        ...childLevel.filters.map((f) => this.filter(rel.child, childAlias, f)),
        ...this.innerConditions(rel.child, childAlias, item.select, childLevel),
      ];
      conditions.push(
        `exists (select 1 from ${this.relSource(alias, childAlias, rel)} where ${where.join(' and ')})`,
      );
    }
    return conditions;
  }

  /** The WHERE clause of the root level (filters + inner embeds), '' when none. */
  where(table: Table | null, alias: string, items: SelectItem[], level: QueryLevel): string {
    const conditions = level.filters.map((f) => this.filter(table, alias, f));
    if (table) conditions.push(...this.innerConditions(table, alias, items, level));
    return conditions.length === 0 ? '' : ` where ${conditions.map((c) => `(${c})`).join(' and ')}`;
  }
}

/** Wraps a row source into `select <json text> as body, <n> as n`. */
export function jsonBody(inner: string): string {
  return `select coalesce(json_agg(_r), '[]'::json)::text as body, count(*)::int as n from (${inner}) _r`;
}

/**
 * The same as CSV, as PostgREST writes it: the first row's keys, then each row's text form without
 * its parentheses (so Postgres quotes the values, and arrays and JSON are their text).
 */
export function csvBody(inner: string): string {
  return `select (select coalesce(string_agg(_k, ','), '') from json_object_keys(_a.first) _k) || E'\\n' || _a.rows as body, _a.n
    from (select (array_agg(row_to_json(_r)))[1] as first, count(*)::int as n,
      coalesce(string_agg(substring(_r::text, 2, length(_r::text) - 2), E'\\n'), '') as rows from (${inner}) _r) _a`;
}
