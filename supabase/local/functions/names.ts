import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** What a function folder may be called (also the `/functions/v1/<name>` path segment). */
export const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * The functions in `functionsDir`: folders with an index.ts (`_shared` and the like are not
 * functions). A project without the folder has none, as under `supabase start`.
 */
export function functionNames(functionsDir: string): string[] {
  if (!existsSync(functionsDir)) return [];
  return readdirSync(functionsDir, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() &&
        FUNCTION_NAME.test(entry.name) &&
        existsSync(path.join(functionsDir, entry.name, 'index.ts')),
    )
    .map((entry) => entry.name)
    .sort();
}
