/**
 * A structural check of untrusted JSON (a posted or stored definition): every field's type, known
 * kinds and operators, ids and keys of the right shape, and limits on sizes and counts. It returns a
 * copy holding only the known fields. Whether the definition makes sense is checkDefinition's job.
 * Hand-written so the public form does not carry a schema library: each shape below is a table of
 * its fields' readers, and the tests read the example forms back unchanged through it.
 */
import { OPERATORS } from './conditions.ts';
import { type BlockKind, type FormDefinition, type Rule, TEXT_LIMITS } from './definition.ts';

export type ParsedDefinition = { ok: true; definition: FormDefinition } | { ok: false; path: string };

/** Not `__proto__`: ids are keys of plain objects (answers by block id). */
const ID = /^(?!__proto__$)[A-Za-z0-9_-]{1,64}$/;
const KEY = /^[a-z][a-z0-9_]{0,39}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TEXT = 1000;
const LONG_TEXT = 5000;

class Invalid {
  constructor(readonly path: string) {}
}

/** Reads one value at `path`: returns what the copy keeps, or throws Invalid with the path. */
type Reader = (value: unknown, path: string) => unknown;

const check =
  (fits: (value: unknown) => boolean): Reader =>
  (value, path) => {
    if (!fits(value)) throw new Invalid(path);
    return value;
  };
const optional =
  (reader: Reader): Reader =>
  (value, path) =>
    value === undefined ? undefined : reader(value, path);
const listOf =
  (max: number, item: Reader): Reader =>
  (value, path) => {
    if (!Array.isArray(value) || value.length > max) throw new Invalid(path);
    return value.map((entry, index) => item(entry, `${path}[${index}]`));
  };
function record(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Invalid(path);
  return value as Record<string, unknown>;
}
/** An object with these fields, each read by its reader; fields left undefined stay out of the copy. */
const shape =
  (fields: Record<string, Reader>): Reader =>
  (value, path) => {
    const object = record(value, path || 'definition');
    const copy: Record<string, unknown> = {};
    for (const [key, reader] of Object.entries(fields)) {
      const read = reader(object[key], path ? `${path}.${key}` : key);
      if (read !== undefined) copy[key] = read;
    }
    return copy;
  };
/** A `kind` or `action` picks the fields of the rest. */
const variants =
  (tag: string, shapes: Record<string, Record<string, Reader>>): Reader =>
  (value, path) => {
    const name = record(value, path)[tag];
    if (typeof name !== 'string' || !Object.hasOwn(shapes, name)) throw new Invalid(`${path}.${tag}`);
    return { [tag]: name, ...(shape(shapes[name] as Record<string, Reader>)(value, path) as object) };
  };

/**
 * The definition's reader, built on first use: a page that imports the engine but never parses
 * keeps none of these tables (a bundler cannot drop calls made when the module loads).
 */
function definitionReader(): Reader {
  const id = check((value) => typeof value === 'string' && ID.test(value));
  const text = (max = TEXT) => check((value) => typeof value === 'string' && value.length <= max);
  const int = (min: number, max: number) =>
    optional(
      check((value) => Number.isInteger(value) && (value as number) >= min && (value as number) <= max),
    );
  const number = optional(check(Number.isFinite));
  const flag = optional(check((value) => typeof value === 'boolean'));
  const date = optional(check((value) => typeof value === 'string' && DATE.test(value)));
  const oneOf = (...values: unknown[]) => check((value) => values.includes(value));

  const answerable = {
    id,
    key: check((value) => typeof value === 'string' && KEY.test(value)),
    label: text(),
    help: optional(text()),
    required: flag,
    hidden: flag,
  };
  const typed = { ...answerable, placeholder: optional(text()) };
  const choice = {
    ...answerable,
    options: listOf(100, shape({ id, label: text(), points: number })),
    other: flag,
    minChoices: int(0, 100),
    maxChoices: int(1, 100),
  };
  const blocks: Record<BlockKind, Record<string, Reader>> = {
    short_text: { ...typed, maxLength: int(1, TEXT_LIMITS.short_text) },
    long_text: { ...typed, maxLength: int(1, TEXT_LIMITS.long_text) },
    email: typed,
    phone: typed,
    number: { ...typed, min: number, max: number, decimals: flag, weight: number },
    single_choice: choice,
    multiple_choice: choice,
    dropdown: choice,
    rating: { ...answerable, max: int(2, 10), weight: number },
    nps: { ...answerable, weight: number },
    date: { ...answerable, min: date, max: date },
    file: { ...answerable, maxFiles: int(1, 10) },
    consent: { ...answerable, consent: oneOf('marketing', 'sharing', 'participation') },
    statement: { id, heading: optional(text()), text: optional(text(LONG_TEXT)), hidden: flag },
    hidden: { id, key: answerable.key, source: text(100) },
  };

  const operator = oneOf(...new Set(Object.values(OPERATORS).flat()));
  const conditionValue = (value: unknown) =>
    typeof value === 'boolean' ||
    Number.isFinite(value) ||
    (typeof value === 'string' && value.length <= TEXT);
  const condition: Reader = (value, path) =>
    'score' in record(value, path)
      ? shape({ score: oneOf(true), operator, value: check(Number.isFinite) })(value, path)
      : shape({ block: id, operator, value: optional(check(conditionValue)) })(value, path);
  const join = oneOf('and', 'or');
  const when = shape({ join, groups: listOf(20, shape({ join, conditions: listOf(20, condition) })) });
  const rules: Record<Rule['action'], Record<string, Reader>> = {
    show: { id, when, block: id },
    hide: { id, when, block: id },
    jump: { id, when, page: id, to: id },
    end: { id, when, page: id, ending: id },
  };

  return shape({
    version: oneOf(1),
    pages: listOf(50, shape({ id, blocks: listOf(100, variants('kind', blocks)) })),
    rules: listOf(500, variants('action', rules)),
    endings: listOf(20, shape({ id, title: text(), text: optional(text(LONG_TEXT)) })),
    defaultEnding: id,
  });
}

let reader: Reader | undefined;

/** The definition, or the path of the first field that is wrong (`pages[0].blocks[2].key`). */
export function parseDefinition(json: unknown): ParsedDefinition {
  try {
    reader ??= definitionReader();
    return { ok: true, definition: reader(json, '') as FormDefinition };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, path: error.path };
    throw error;
  }
}
