/**
 * `npm run db:reset`: throw the embedded database away and rebuild it — bootstrap, migrations, seed —
 * like `supabase db reset` does for the Docker stack.
 */
import { rmSync } from 'node:fs';
import { lockDataDir } from './data-dir-lock.ts';
import { defaultDataDir, openPglite } from './pglite.ts';
import { prepareDatabase, type PrepareReport } from './prepare.ts';

export interface ResetOptions {
  /** Default: supabase/local/.data/pgdata under the project root. */
  dataDir?: string;
  /** The folder holding supabase/ (default: process.cwd()). */
  projectRoot?: string;
}

export async function resetDatabase(options: ResetOptions = {}): Promise<PrepareReport> {
  const projectRoot = options.projectRoot ?? process.cwd();
  const dataDir = options.dataDir ?? defaultDataDir(projectRoot);
  // Refuse while another process (a running `npm start`) has the database open.
  lockDataDir(dataDir)();
  rmSync(dataDir, { recursive: true, force: true });
  const { db } = await openPglite({ dataDir });
  try {
    return await prepareDatabase(db, { projectRoot });
  } finally {
    await db.close();
  }
}
