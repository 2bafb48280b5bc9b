/**
 * PostgREST's `select=` grammar: columns with `alias:` renames, `::type` casts and `->`/`->>` JSON
 * paths, `*`, and embedded resources `alias:relation!hint!inner(…)`, nested, or spread
 * (`...relation(…)`).
 */
import { parseError, RestError } from './errors.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface ColumnItem {
  kind: 'column';
  name: string;
  path: JsonStep[];
  alias?: string;
  cast?: string;
}

export interface EmbedItem {
  kind: 'embed';
  relation: string;
  alias?: string;
  hint?: string;
  inner: boolean;
  /** `...relation(cols)`: the to-one embed's columns become the parent's. */
  spread?: boolean;
  /** `relation()`: no columns; the embed filters (`!inner`) but is not part of the response. */
  empty?: boolean;
  select: SelectItem[];
}

export type SelectItem = { kind: 'star' } | ColumnItem | EmbedItem;

const IDENT = /^[A-Za-z_][A-Za-z0-9_$]*$/;
const CAST = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?$/;
const JSON_KEY = /^[A-Za-z0-9_$ -]+$/;

/** Splits on `sep` outside parentheses and double quotes. */
export function splitTopLevel(input: string, sep = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input[i] ?? '';
    if (ch === '\\' && quoted) {
      current += ch + (input[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') depth++;
    else if (!quoted && ch === ')') {
      depth--;
      if (depth < 0) throw parseError(`"failed to parse select parameter (${input})"`, 'unexpected ")"');
    }
    if (ch === sep && depth === 0 && !quoted) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  if (depth !== 0 || quoted)
    throw parseError(`"failed to parse (${input})"`, 'unbalanced parentheses or quotes');
  parts.push(current);
  return parts;
}

export function identifier(raw: string, what = 'identifier'): string {
  const name = raw.trim();
  if (name.startsWith('"') && name.endsWith('"') && name.length >= 2) {
    const inner = name.slice(1, -1);
    if (inner === '' || /["\\\0]/.test(inner)) throw parseError(`invalid ${what} ${name}`);
    return inner;
  }
  if (!IDENT.test(name)) throw parseError(`"failed to parse ${what} (${raw})"`, `unexpected "${raw}"`);
  return name;
}

/** `col`, `col::text`, `data->a->>b`. */
export function parseColumnRef(raw: string): { name: string; path: JsonStep[]; cast?: string } {
  let text = raw.trim();
  let cast: string | undefined;
  const castAt = text.indexOf('::');
  if (castAt >= 0) {
    cast = text.slice(castAt + 2).trim();
    text = text.slice(0, castAt);
    if (!CAST.test(cast)) throw parseError(`"failed to parse cast (${raw})"`, `invalid type "${cast}"`);
  }
  const pieces = text.split(/(->>|->)/);
  const name = identifier(pieces[0] ?? '', 'column');
  const path: JsonStep[] = [];
  for (let i = 1; i < pieces.length; i += 2) {
    const arrow = pieces[i] as '->' | '->>';
    const key = (pieces[i + 1] ?? '').trim();
    if (!JSON_KEY.test(key)) throw parseError(`"failed to parse json path (${raw})"`, `invalid key "${key}"`);
    path.push({ arrow, key });
  }
  return cast === undefined ? { name, path } : { name, path, cast };
}

/** `count()`, `col.sum()`, `alias:col::cast.avg()::cast`: PostgREST's aggregate functions. */
const AGGREGATE =
  /^(?:[^:(]+:)?(?:count\(\)|[^(]+\.(?:sum|avg|count|max|min)\(\))(?:::[A-Za-z_][A-Za-z0-9_ ]*)?$/;

export function parseSelect(input: string): SelectItem[] {
  if (input.trim() === '') return [];
  return splitTopLevel(input).map((rawItem) => {
    const item = rawItem.trim();
    if (item === '') throw parseError(`"failed to parse select parameter (${input})"`, 'empty item');
    if (item === '*') return { kind: 'star' as const };
    // Supabase runs PostgREST with aggregates disabled (db-aggregates-enabled = false).
    if (AGGREGATE.test(item))
      throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
    if (item.startsWith('...')) {
      const [embed] = parseSelect(item.slice(3));
      if (embed?.kind !== 'embed' || embed.alias !== undefined) {
        throw parseError(
          `"failed to parse select parameter (${input})"`,
          `only an embedded resource without an alias can be spread: "${item}"`,
        );
      }
      return { ...embed, spread: true };
    }
    const open = item.indexOf('(');
    if (open >= 0) {
      if (!item.endsWith(')'))
        throw parseError(`"failed to parse select parameter (${input})"`, `unexpected "${item}"`);
      let head = item.slice(0, open).trim();
      const body = item.slice(open + 1, -1);
      let alias: string | undefined;
      const colon = head.indexOf(':');
      if (colon >= 0) {
        alias = identifier(head.slice(0, colon), 'alias');
        head = head.slice(colon + 1);
      }
      const [relationRaw = '', ...modifiers] = head.split('!');
      const relation = identifier(relationRaw, 'relation');
      let inner = false;
      let hint: string | undefined;
      for (const modifier of modifiers) {
        if (modifier === 'inner') inner = true;
        else if (modifier === 'left') inner = false;
        else if (hint === undefined) hint = identifier(modifier, 'hint');
        else throw parseError(`"failed to parse select parameter (${input})"`, `unexpected "!${modifier}"`);
      }
      const embed: EmbedItem = {
        kind: 'embed',
        relation,
        inner,
        select: parseSelect(body === '' ? '*' : body),
      };
      if (alias !== undefined) embed.alias = alias;
      if (hint !== undefined) embed.hint = hint;
      if (body.trim() === '') embed.empty = true;
      return embed;
    }
    let alias: string | undefined;
    let rest = item;
    const colon = /^([^:]+):(?!:)/.exec(item);
    if (colon?.[1] !== undefined) {
      alias = identifier(colon[1], 'alias');
      rest = item.slice(colon[0].length);
    }
    const ref = parseColumnRef(rest);
    const column: ColumnItem = { kind: 'column', ...ref };
    if (alias !== undefined) column.alias = alias;
    return column;
  });
}
