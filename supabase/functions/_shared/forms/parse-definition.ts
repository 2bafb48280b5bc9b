/**
 * A structural check of untrusted JSON (a posted or stored definition): every field's type, known
 * kinds and operators, ids and keys of the right shape, and limits on sizes and counts. It returns a
 * copy holding only the known fields. Whether the definition makes sense is checkDefinition's job.
 * Hand-written so the public form does not carry a schema library.
 */
import { OPERATORS } from './conditions.ts';
import {
  type Block,
  type BlockKind,
  type Condition,
  type Ending,
  type FormDefinition,
  type Page,
  type Rule,
  TEXT_LIMITS,
  type When,
} from './definition.ts';

export type ParsedDefinition = { ok: true; definition: FormDefinition } | { ok: false; path: string };

/** Not `__proto__`: ids are keys of plain objects (answers by block id). */
const ID = /^(?!__proto__$)[A-Za-z0-9_-]{1,64}$/;
const KEY = /^[a-z][a-z0-9_]{0,39}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TEXT = 1000;
const LONG_TEXT = 5000;
const KINDS = [...Object.keys(OPERATORS).filter((kind) => kind !== 'score'), 'statement'] as BlockKind[];
const OPERATOR_NAMES = [...new Set(Object.values(OPERATORS).flat())];

class Invalid {
  constructor(readonly path: string) {}
}

type Json = Record<string, unknown>;

function record(value: unknown, path: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Invalid(path);
  return value as Json;
}

function list<T>(value: unknown, path: string, max: number, item: (value: unknown, path: string) => T): T[] {
  if (!Array.isArray(value) || value.length > max) throw new Invalid(path);
  return value.map((entry, index) => item(entry, `${path}[${index}]`));
}

/** The readers of one object's fields; a wrong field throws with its path. */
function fields(value: unknown, path: string) {
  const object = record(value, path);
  function get<T>(key: string, fits: (entry: unknown) => boolean, optional: boolean): T {
    const entry = object[key];
    if ((entry !== undefined || !optional) && !fits(entry)) throw new Invalid(`${path}.${key}`);
    return entry as T;
  }
  const isText = (max: number) => (entry: unknown) => typeof entry === 'string' && entry.length <= max;
  const isInt = (min: number, max: number) => (entry: unknown) =>
    Number.isInteger(entry) && (entry as number) >= min && (entry as number) <= max;
  return {
    object,
    id: (key: string) => get<string>(key, (entry) => typeof entry === 'string' && ID.test(entry), false),
    text: (key: string, max = TEXT) => get<string>(key, isText(max), false),
    optionalText: (key: string, max = TEXT) => get<string | undefined>(key, isText(max), true),
    int: (key: string, min: number, max: number) => get<number | undefined>(key, isInt(min, max), true),
    number: (key: string) => get<number | undefined>(key, Number.isFinite, true),
    flag: (key: string) => get<boolean | undefined>(key, (entry) => typeof entry === 'boolean', true),
    date: (key: string) =>
      get<string | undefined>(key, (entry) => typeof entry === 'string' && DATE.test(entry), true),
    oneOf: <T>(key: string, values: readonly T[]) =>
      get<T>(key, (entry) => values.includes(entry as T), false),
  };
}

function parseBlock(value: unknown, path: string): Block {
  const read = fields(value, path);
  const kind = read.oneOf('kind', KINDS);
  const id = read.id('id');
  if (kind === 'statement') {
    return {
      kind,
      id,
      heading: read.optionalText('heading'),
      text: read.optionalText('text', LONG_TEXT),
      hidden: read.flag('hidden'),
    };
  }
  const key = read.text('key');
  if (!KEY.test(key)) throw new Invalid(`${path}.key`);
  if (kind === 'hidden') return { kind, id, key, source: read.text('source', 100) };
  const base = {
    id,
    key,
    label: read.text('label'),
    help: read.optionalText('help'),
    required: read.flag('required'),
    hidden: read.flag('hidden'),
  };
  const placeholder = read.optionalText('placeholder');
  switch (kind) {
    case 'short_text':
    case 'long_text':
      return { kind, ...base, placeholder, maxLength: read.int('maxLength', 1, TEXT_LIMITS[kind]) };
    case 'email':
    case 'phone':
      return { kind, ...base, placeholder };
    case 'number':
      return {
        kind,
        ...base,
        placeholder,
        min: read.number('min'),
        max: read.number('max'),
        decimals: read.flag('decimals'),
        weight: read.number('weight'),
      };
    case 'rating':
    case 'nps':
      return {
        kind,
        ...base,
        max: kind === 'rating' ? read.int('max', 2, 10) : undefined,
        weight: read.number('weight'),
      };
    case 'date':
      return { kind, ...base, min: read.date('min'), max: read.date('max') };
    case 'file':
      return { kind, ...base, maxFiles: read.int('maxFiles', 1, 10) };
    case 'consent':
      return {
        kind,
        ...base,
        consent: read.oneOf('consent', ['marketing', 'sharing', 'participation'] as const),
      };
    default: {
      const options = list(read.object.options, `${path}.options`, 100, (option, at) => {
        const item = fields(option, at);
        return { id: item.id('id'), label: item.text('label'), points: item.number('points') };
      });
      return {
        kind,
        ...base,
        options,
        other: read.flag('other'),
        minChoices: read.int('minChoices', 0, 100),
        maxChoices: read.int('maxChoices', 1, 100),
      };
    }
  }
}

function parseCondition(value: unknown, path: string): Condition {
  const read = fields(value, path);
  const operator = read.oneOf('operator', OPERATOR_NAMES);
  if ('score' in read.object) {
    read.oneOf('score', [true]);
    const score = read.number('value');
    if (score === undefined) throw new Invalid(`${path}.value`);
    return { score: true, operator, value: score };
  }
  const given = read.object.value;
  const fits =
    ['boolean', 'undefined'].includes(typeof given) ||
    Number.isFinite(given) ||
    (typeof given === 'string' && given.length <= TEXT);
  if (!fits) throw new Invalid(`${path}.value`);
  return { block: read.id('block'), operator, value: given as Condition['value'] };
}

function parseWhen(value: unknown, path: string): When {
  const read = fields(value, path);
  const groups = list(read.object.groups, `${path}.groups`, 20, (group, at) => {
    const item = fields(group, at);
    return {
      join: item.oneOf('join', ['and', 'or'] as const),
      conditions: list(item.object.conditions, `${at}.conditions`, 20, parseCondition),
    };
  });
  return { join: read.oneOf('join', ['and', 'or'] as const), groups };
}

function parseRule(value: unknown, path: string): Rule {
  const read = fields(value, path);
  const rule = { id: read.id('id'), when: parseWhen(read.object.when, `${path}.when`) };
  const action = read.oneOf('action', ['show', 'hide', 'jump', 'end'] as const);
  if (action === 'show' || action === 'hide') return { ...rule, action, block: read.id('block') };
  if (action === 'jump') return { ...rule, action, page: read.id('page'), to: read.id('to') };
  return { ...rule, action, page: read.id('page'), ending: read.id('ending') };
}

function parsePage(value: unknown, path: string): Page {
  const read = fields(value, path);
  return { id: read.id('id'), blocks: list(read.object.blocks, `${path}.blocks`, 100, parseBlock) };
}

function parseEnding(value: unknown, path: string): Ending {
  const read = fields(value, path);
  return {
    id: read.id('id'),
    title: read.text('title'),
    text: read.optionalText('text', LONG_TEXT),
  };
}

/** The definition, or the path of the first field that is wrong (`pages[0].blocks[2].key`). */
export function parseDefinition(json: unknown): ParsedDefinition {
  try {
    const read = fields(json, 'definition');
    read.oneOf('version', [1]);
    return {
      ok: true,
      // Through JSON once more: the fields read as undefined (not given) are dropped from the copy.
      definition: JSON.parse(
        JSON.stringify({
          version: 1,
          pages: list(read.object.pages, 'pages', 50, parsePage),
          rules: list(read.object.rules, 'rules', 500, parseRule),
          endings: list(read.object.endings, 'endings', 20, parseEnding),
          defaultEnding: read.id('defaultEnding'),
        } satisfies FormDefinition),
      ) as FormDefinition,
    };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, path: error.path };
    throw error;
  }
}
