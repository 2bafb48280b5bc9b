/**
 * Most platform and integration test files start from a database with the bootstrap and every
 * migration applied: on PGlite's one thread that took 5–20 s per file, the same work each time. The
 * first such database is saved as a tarball beside the initdb template (pglite-template.ts), named
 * after a hash of the PGlite version, the bootstrap files and the migrations, so a changed migration
 * makes a new one; later files start from it. The callers still run bootstrap and migrations, which
 * find everything applied. Best effort, like the initdb template: without a usable tarball the
 * database is migrated as before.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOOTSTRAP_DIR, bootstrapDatabase } from '../db/bootstrap.ts';
import { applyMigrations } from '../db/migrate.ts';
import { pgliteVersion, TEMPLATE_DIR } from '../db/pglite-template.ts';
import { openPglite } from '../db/pglite.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

function sqlFilesHash(hash: ReturnType<typeof createHash>, dir: string) {
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()) {
    hash
      .update(`${name}\0`)
      .update(readFileSync(path.join(dir, name)))
      .update('\0');
  }
}

function templateFile(): string {
  const hash = createHash('sha256').update(pgliteVersion());
  sqlFilesHash(hash, BOOTSTRAP_DIR);
  sqlFilesHash(hash, MIGRATIONS_DIR);
  return path.join(TEMPLATE_DIR, `pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** An in-memory PGlite with the bootstrap and every migration applied (no seed). */
export async function openMigratedPglite(): ReturnType<typeof openPglite> {
  const file = templateFile();
  let saved: Buffer | undefined;
  try {
    saved = readFileSync(file);
  } catch {
    // Not made yet.
  }
  if (saved) {
    try {
      return await openPglite({ startFrom: new Blob([new Uint8Array(saved)]) });
    } catch {
      rmSync(file, { force: true });
    }
  }
  const opened = await openPglite();
  await bootstrapDatabase(opened.db);
  await applyMigrations(opened.db, MIGRATIONS_DIR);
  try {
    const tarball = await opened.pglite.dumpDataDir('none');
    mkdirSync(TEMPLATE_DIR, { recursive: true });
    // Write then rename: another test worker never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, file);
  } catch {
    // Only an optimisation: the next file migrates its own database.
  }
  return opened;
}
