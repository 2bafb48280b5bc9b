/**
 * Finds SQL functions that a migration re-creates by copying an earlier migration's whole body. Such a
 * copy hides the function's current text among several files and doubles every later review. A change
 * to a large function goes into a smaller function of its own, and only that one is re-created;
 * supabase/schema.md shows every function's current text. Pure (no file access), so it is unit-tested
 * with inline migrations; scripts/check-migrations.ts runs it on supabase/migrations.
 */

export interface MigrationSource {
  /** The file name, e.g. 20261122100900_buy_lead.sql. */
  file: string;
  sql: string;
}

interface FunctionDefinition {
  /** schema.name as written, lower-cased. */
  name: string;
  file: string;
  orReplace: boolean;
  /** The body's lines that say something (see `meaningfulLines`). */
  lines: string[];
}

/** A re-created function may keep fewer unchanged body lines than this. */
export const MAX_COPIED_LINES = 20;

const CREATE_FUNCTION =
  /create\s+(or\s+replace\s+)?function\s+((?:[a-z_][a-z0-9_]*\.)?[a-z_][a-z0-9_]*)\s*\(/gi;
const DOLLAR_QUOTE = /\$([a-z_]*)\$/gi;

/** Lines every body has (block keywords, closing brackets) prove nothing about copying. */
const STRUCTURAL = new Set([
  '',
  'begin',
  'end',
  'end;',
  'end if;',
  'end loop;',
  'else',
  'declare',
  ')',
  ');',
]);

function meaningfulLines(body: string): string[] {
  return body
    .split('\n')
    .map((line) => line.trim().replace(/\s+/g, ' ').toLowerCase())
    .filter((line) => !STRUCTURAL.has(line) && !line.startsWith('--'));
}

function functionDefinitions(migration: MigrationSource): FunctionDefinition[] {
  const definitions: FunctionDefinition[] = [];
  for (const match of migration.sql.matchAll(CREATE_FUNCTION)) {
    DOLLAR_QUOTE.lastIndex = (match.index ?? 0) + match[0].length;
    const open = DOLLAR_QUOTE.exec(migration.sql);
    if (!open) continue;
    const bodyStart = open.index + open[0].length;
    const bodyEnd = migration.sql.indexOf(open[0], bodyStart);
    if (bodyEnd < 0) continue;
    definitions.push({
      name: match[2]!.toLowerCase(),
      file: migration.file,
      orReplace: Boolean(match[1]),
      lines: meaningfulLines(migration.sql.slice(bodyStart, bodyEnd)),
    });
  }
  return definitions;
}

/** How many of `later`'s lines also occur in `earlier` (each earlier line matched once). */
function unchangedLines(earlier: string[], later: string[]): number {
  const remaining = new Map<string, number>();
  for (const line of earlier) remaining.set(line, (remaining.get(line) ?? 0) + 1);
  let count = 0;
  for (const line of later) {
    const left = remaining.get(line) ?? 0;
    if (left > 0) {
      remaining.set(line, left - 1);
      count += 1;
    }
  }
  return count;
}

/** One message per function that a migration copies from an earlier one; empty when there is none. */
export function findFunctionCopies(migrations: MigrationSource[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, FunctionDefinition[]>();
  const ordered = [...migrations].sort((a, b) => a.file.localeCompare(b.file));
  for (const migration of ordered) {
    for (const definition of functionDefinitions(migration)) {
      const earlier = (seen.get(definition.name) ?? []).filter((other) => other.file !== migration.file);
      const first = earlier[0];
      if (first && !definition.orReplace) {
        problems.push(
          `${migration.file}: create function ${definition.name} again (first defined in ${first.file}). ` +
            'Change the one definition instead, or move the part you change into a smaller function and re-create only that.',
        );
      }
      for (const other of earlier) {
        const copied = unchangedLines(other.lines, definition.lines);
        if (copied >= MAX_COPIED_LINES) {
          problems.push(
            `${migration.file}: ${definition.name} re-creates the function defined in ${other.file} and keeps ` +
              `${copied} of its body lines unchanged (at most ${MAX_COPIED_LINES - 1} allowed). Move the part ` +
              'you change into a smaller function and re-create only that.',
          );
          break;
        }
      }
      seen.set(definition.name, [...(seen.get(definition.name) ?? []), definition]);
    }
  }
  return problems;
}
