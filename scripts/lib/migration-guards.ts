/**
 * Two guards of `npm run check:migrations` besides the function copies (docs/database.md):
 *
 * - **The engine's tables stay the only ones.** A person is one `participants` row per organization,
 *   with its consents, tokens and draws in the engine's tables, so a new `*_participants`, `*_tokens`
 *   or `*_draws` table, or an `email` column outside `participants` and `leads`, would start a second
 *   copy of a person. The few justified exceptions are listed with their reason.
 * - **Landed migrations are frozen.** A migration that is on main may not change: a deployed database
 *   has applied it and would never see the edit. New files are allowed.
 *
 * Pure (no file or git access), so it is unit-tested with inline migrations; scripts/check-migrations.ts
 * runs it on supabase/migrations and main's copies of them.
 */
import type { MigrationSource } from './migration-copies.ts';

/** Tables that may hold a person's own copy of an e-mail address, and why. */
export const EMAIL_COLUMN_ALLOWED: Record<string, string> = {
  'public.participants': 'the engine: one person per organization',
  'public.leads': 'the organization’s contacts, imported or from the engine',
  'public.organizations_invitations': 'an invitation goes to an address before any account exists',
  'private.sign_in_requests': 'the address asking for a sign-in link, before any account exists',
  'public.booking_staff':
    'a staff member’s or resource’s work address for booking notices; customers are participants',
};

/** Tables whose names look like a second engine table but are the engine's own, and why. */
export const ENGINE_LIKE_TABLE_ALLOWED: Record<string, string> = {
  'private.participant_tokens': 'the engine: participation links',
  'public.campaign_draws': 'the engine: draws of every kind',
};

const ENGINE_LIKE = /_(participants|tokens|draws)$/;
const CREATE_TABLE =
  /create\s+table\s+(?:if\s+not\s+exists\s+)?((?:[a-z_][a-z0-9_]*\.)?[a-z_][a-z0-9_]*)\s*\(/gi;
const ALTER_TABLE_ADD_EMAIL =
  /alter\s+table\s+(?:only\s+)?((?:[a-z_][a-z0-9_]*\.)?[a-z_][a-z0-9_]*)[^;]*?\badd\s+column\s+(?:if\s+not\s+exists\s+)?email\b/gi;

const qualified = (name: string) =>
  name.includes('.') ? name.toLowerCase() : `public.${name.toLowerCase()}`;

/** The column list of a `create table … (` that starts at `open` (the index of its parenthesis). */
function tableBody(sql: string, open: number): string {
  let depth = 0;
  for (let index = open; index < sql.length; index += 1) {
    if (sql[index] === '(') depth += 1;
    if (sql[index] === ')') depth -= 1;
    if (depth === 0) return sql.slice(open + 1, index);
  }
  return sql.slice(open + 1);
}

/** New engine-like tables and e-mail columns outside the allowed tables. */
export function findPersonCopies(migrations: MigrationSource[]): string[] {
  const problems: string[] = [];
  for (const { file, sql } of migrations) {
    const code = sql.replace(/--[^\n]*/g, '');
    for (const match of code.matchAll(CREATE_TABLE)) {
      const table = qualified(match[1] ?? '');
      if (ENGINE_LIKE.test(table) && !(table in ENGINE_LIKE_TABLE_ALLOWED)) {
        problems.push(
          `${file}: ${table} copies the campaign engine (participants, participant_tokens, campaign_draws): ` +
            'use the engine’s table, keyed by campaign and item.',
        );
      }
      const body = tableBody(code, (match.index ?? 0) + match[0].length - 1);
      if (/(^|,)\s*email\s/i.test(body) && !(table in EMAIL_COLUMN_ALLOWED)) {
        problems.push(
          `${file}: ${table} has an email column: a person's address lives in participants (or leads); ` +
            'reference the participant instead.',
        );
      }
    }
    for (const match of code.matchAll(ALTER_TABLE_ADD_EMAIL)) {
      const table = qualified(match[1] ?? '');
      if (!(table in EMAIL_COLUMN_ALLOWED)) {
        problems.push(
          `${file}: ${table} gains an email column: a person's address lives in participants (or leads); ` +
            'reference the participant instead.',
        );
      }
    }
  }
  return problems;
}

/** Landed migrations that were edited or deleted. `landed` is main's version of each migration. */
export function findLandedEdits(current: MigrationSource[], landed: MigrationSource[]): string[] {
  const now = new Map(current.map((migration) => [migration.file, migration.sql]));
  const problems: string[] = [];
  for (const { file, sql } of landed) {
    const mine = now.get(file);
    if (mine === sql) continue;
    problems.push(
      mine === undefined
        ? `${file} is on main and was deleted: landed migrations are frozen; undo it with a new migration.`
        : `${file} is on main and was edited: landed migrations are frozen; put the change in a new migration.`,
    );
  }
  return problems;
}
