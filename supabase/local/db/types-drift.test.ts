/**
 * src/lib/database.types.ts must be what `npm run db:types` generates from supabase/migrations today:
 * a migration changed without regenerating (or a hand edit of the generated file) fails here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDatabaseTypes, TYPES_FILE, typesUnavailable } from '../../../scripts/lib/db-types.ts';

const unavailable = typesUnavailable();
if (unavailable) console.warn(`types drift test skipped: ${unavailable}`);

describe.skipIf(unavailable)('generated database types', () => {
  it('match supabase/migrations', { timeout: 180_000 }, async () => {
    const generated = await generateDatabaseTypes();
    const committed = readFileSync(path.join(process.cwd(), TYPES_FILE), 'utf8');
    if (generated !== committed) {
      expect.fail(
        `${TYPES_FILE} has drifted from supabase/migrations. Run \`npm run db:types\` and commit the result ` +
          `(then \`npx tsc -b\`).\n` +
          firstDifference(committed, generated),
      );
    }
  });
});

function firstDifference(committed: string, generated: string): string {
  const a = committed.split('\n');
  const b = generated.split('\n');
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? a.length : line;
  return `First difference at line ${at + 1}:\n  committed: ${a[at] ?? '<end of file>'}\n  generated: ${b[at] ?? '<end of file>'}`;
}
