/**
 * PostgREST's horizontal filters (`col=op.value`, `not.`), logic trees (`or=(…)`, `and=(…)`,
 * nested), and `order=` terms.
 */
import { parseError } from './errors.ts';
import { identifier, parseColumnRef, splitTopLevel, type JsonStep } from './parse-select.ts';

export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
] as const;

/** Operators that take `(any)`/`(all)` and a `{a,b}` list: `name=like(any).{a*,b*}`. */
const QUANTIFIABLE = new Set(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
export type Operator = (typeof OPERATORS)[number];

export interface Condition {
  kind: 'condition';
  column: string;
  path: JsonStep[];
  negate: boolean;
  op: Operator;
  /** The raw value; for `in` the list. */
  value: string | string[];
  ftsConfig?: string;
  /** `op(any)`/`op(all)`: `value` is a Postgres array literal the column is compared with. */
  quantifier?: 'any' | 'all';
}

export interface LogicNode {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: FilterNode[];
}

export type FilterNode = Condition | LogicNode;

export interface OrderTerm {
  /** `order=rel(col)`: the embedded resource (its alias or name) whose column orders the rows. */
  relation?: string;
  column: string;
  path: JsonStep[];
  descending: boolean;
  nulls?: 'first' | 'last';
}

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replace(/\\(.)/g, '$1');
  return v;
}

/** `[not.]op[(config)].value` for `column`. */
export function parseCondition(columnRaw: string, expression: string): Condition {
  const ref = parseColumnRef(columnRaw);
  if (ref.cast)
    throw parseError(`"failed to parse filter (${columnRaw})"`, 'casts are not allowed in filters');
  let rest = expression;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0) throw parseError(`"failed to parse filter (${expression})"`, 'expected operator.value');
  let opText = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  let ftsConfig: string | undefined;
  let quantifier: 'any' | 'all' | undefined;
  const configMatch = /^(\w+)\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(opText);
  if (configMatch?.[1] && QUANTIFIABLE.has(configMatch[1]) && /^(any|all)$/.test(configMatch[2] ?? '')) {
    opText = configMatch[1];
    quantifier = configMatch[2] as 'any' | 'all';
    if (!value.startsWith('{') || !value.endsWith('}')) {
      throw parseError(
        `"failed to parse filter (${expression})"`,
        `${opText}(${quantifier}) expects a list in braces`,
      );
    }
  } else if (configMatch?.[1] && configMatch[2]) {
    opText = configMatch[1];
    ftsConfig = configMatch[2];
  }
  if (!(OPERATORS as readonly string[]).includes(opText)) {
    throw parseError(`"failed to parse filter (${expression})"`, `unknown operator "${opText}"`);
  }
  const op = opText as Operator;
  if (ftsConfig !== undefined && !['fts', 'plfts', 'phfts', 'wfts'].includes(op)) {
    throw parseError(`"failed to parse filter (${expression})"`, 'only text search takes a configuration');
  }
  let parsed: string | string[] = value;
  if (op === 'in') {
    if (!value.startsWith('(') || !value.endsWith(')')) {
      throw parseError(`"failed to parse filter (${expression})"`, 'in. expects a list in parentheses');
    }
    const inner = value.slice(1, -1);
    parsed = inner.trim() === '' ? [] : splitTopLevel(inner).map(unquote);
  } else if (op === 'is') {
    if (!['null', 'not_null', 'true', 'false', 'unknown'].includes(value.toLowerCase())) {
      throw parseError(
        `"failed to parse filter (${expression})"`,
        'is. expects null, not_null, true, false or unknown',
      );
    }
    parsed = value.toLowerCase();
  }
  const condition: Condition = {
    kind: 'condition',
    column: ref.name,
    path: ref.path,
    negate,
    op,
    value: parsed,
  };
  if (ftsConfig !== undefined) condition.ftsConfig = ftsConfig;
  if (quantifier !== undefined) condition.quantifier = quantifier;
  return condition;
}

/** The value of `or=`/`and=`: `(a.eq.1,b.gt.2,and(c.eq.3,not.d.is.null))`. */
export function parseLogic(op: 'and' | 'or', negate: boolean, value: string): LogicNode {
  const text = value.trim();
  if (!text.startsWith('(') || !text.endsWith(')')) {
    throw parseError(`"failed to parse logic tree (${value})"`, 'expected a list in parentheses');
  }
  const children = splitTopLevel(text.slice(1, -1)).map((raw): FilterNode => {
    let item = raw.trim();
    let childNegate = false;
    if (item.startsWith('not.')) {
      const after = item.slice(4);
      if (/^(and|or)\(/.test(after)) {
        childNegate = true;
        item = after;
      }
    }
    const nested = /^(and|or)(\(.*\))$/s.exec(item);
    if (nested?.[1] && nested[2]) return parseLogic(nested[1] as 'and' | 'or', childNegate, nested[2]);
    const dot = item.indexOf('.');
    if (dot <= 0) throw parseError(`"failed to parse logic tree (${value})"`, `unexpected "${item}"`);
    return parseCondition(item.slice(0, dot), item.slice(dot + 1));
  });
  if (children.length === 0) throw parseError(`"failed to parse logic tree (${value})"`, 'empty list');
  return { kind: 'logic', op, negate, children };
}

export function parseOrder(value: string): OrderTerm[] {
  return splitTopLevel(value).map((raw) => {
    const parts = raw.trim().split('.');
    let columnText = parts.shift() ?? '';
    // `rel(col)` and `rel(data->>key)`: the column of an embedded resource.
    let relation: string | undefined;
    const related = /^([^()]+)\(([^()]+)\)$/.exec(columnText.trim());
    if (related?.[1] && related[2]) {
      relation = identifier(related[1], 'embedded resource');
      columnText = related[2];
    } else if (/[()]/.test(columnText)) {
      throw parseError(`"failed to parse order (${value})"`, `unexpected "${columnText}"`);
    }
    const ref = parseColumnRef(columnText);
    if (ref.cast) throw parseError(`"failed to parse order (${value})"`, 'casts are not allowed in order');
    const term: OrderTerm = { column: ref.name, path: ref.path, descending: false };
    if (relation !== undefined) term.relation = relation;
    for (const part of parts) {
      if (part === 'asc') term.descending = false;
      else if (part === 'desc') term.descending = true;
      else if (part === 'nullsfirst') term.nulls = 'first';
      else if (part === 'nullslast') term.nulls = 'last';
      else throw parseError(`"failed to parse order (${value})"`, `unexpected "${part}"`);
    }
    return term;
  });
}

export function parseNonNegativeInt(name: string, value: string): number {
  if (!/^\d{1,15}$/.test(value.trim()))
    throw parseError(`"failed to parse ${name} (${value})"`, 'expected a non-negative integer');
  return Number(value.trim());
}
