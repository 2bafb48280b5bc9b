/**
 * A fresh PGlite database starts with initdb, which takes seconds of WebAssembly (4 s on our 2-core
 * machines). Its result is the same every time for one PGlite version, so the first fresh database
 * saves its data folder as a tarball and later ones start from it instead: an in-memory test database
 * opens in under a second, a new data folder in about half the time.
 *
 * The tarball lives in supabase/local/.data/templates (git-ignored), named after the PGlite version.
 * Everything here is best effort: without a usable template, PGlite runs initdb as before.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';

export const TEMPLATE_DIR = fileURLToPath(new URL('../.data/templates/', import.meta.url));

export function pgliteVersion(): string {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const manifest = JSON.parse(readFileSync(path.join(entry, '..', '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

const templateFile = path.join(TEMPLATE_DIR, `pglite-${pgliteVersion()}-initdb.tar`);

// Read once per process: test files open many in-memory databases.
let cached: Blob | undefined;

/** The saved initdb result for this PGlite version, if any. */
export function readTemplate(): Blob | undefined {
  if (!cached) {
    try {
      cached = new Blob([readFileSync(templateFile)]);
    } catch {
      return undefined;
    }
  }
  return cached;
}

/** Saves the data folder of a database that has just been initialised (nothing written to it yet). */
export async function saveTemplate(pglite: PGlite): Promise<void> {
  try {
    const tarball = await pglite.dumpDataDir('none');
    mkdirSync(TEMPLATE_DIR, { recursive: true });
    // Write then rename: a concurrent reader (another test worker) never sees half a file.
    const partial = `${templateFile}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, templateFile);
  } catch {
    // Only an optimisation: the next fresh database runs initdb again.
  }
}

/** Forgets a template PGlite could not start from, so it is rebuilt. */
export function discardTemplate(): void {
  cached = undefined;
  rmSync(templateFile, { force: true });
}
