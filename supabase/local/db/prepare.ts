/**
 * Brings a database to the state `supabase db reset` leaves: the platform's bootstrap, then the project's
 * migrations, then its seed files. Safe to run on every start: each step skips what is already done.
 */
import path from 'node:path';
import { loadSeedPaths } from '../config.ts';
import type { Db } from '../contracts.ts';
import { bootstrapDatabase, type BootstrapReport } from './bootstrap.ts';
import { applyMigrations, applySeed, type MigrationReport, type SeedOutcome } from './migrate.ts';

export interface PrepareOptions {
  /** The folder holding supabase/ (default: process.cwd()). */
  projectRoot?: string;
  /** Run the seed files of config.toml `[db.seed]` (default true; already-run seeds are skipped). */
  seed?: boolean;
}

export interface PrepareReport {
  bootstrap: BootstrapReport;
  migrations: MigrationReport;
  seeds: { file: string; outcome: SeedOutcome }[];
}

export async function prepareDatabase(db: Db, options: PrepareOptions = {}): Promise<PrepareReport> {
  const projectRoot = options.projectRoot ?? process.cwd();
  const bootstrap = await bootstrapDatabase(db);
  const migrations = await applyMigrations(db, path.join(projectRoot, 'supabase', 'migrations'));
  const seeds: PrepareReport['seeds'] = [];
  if (options.seed ?? true) {
    for (const file of loadSeedPaths(projectRoot)) {
      seeds.push({ file, outcome: await applySeed(db, file, { projectRoot }) });
    }
  }
  return { bootstrap, migrations, seeds };
}
