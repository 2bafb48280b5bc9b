/**
 * One process at a time per PGlite data folder. Two PGlite instances writing the same files corrupt them
 * silently (PGlite runs Postgres in single-user mode, without the postmaster's own lock), which is easy to
 * do by running `npm run db:reset` while `npm start` is up.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Takes `<dataDir>.lock` for this process and returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  const file = `${path.resolve(dataDir)}.lock`;
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (owner === process.pid) {
      throw new Error(
        `${dataDir} is already open in this process: close the first Db before opening it again.`,
      );
    }
    if (Number.isInteger(owner) && isAlive(owner)) {
      throw new Error(
        `${dataDir} is in use by process ${owner} (is \`npm start\` running?). Stop it first; if no such ` +
          `process is yours, delete ${file}.`,
      );
    }
    // The owner died without cleaning up (SIGKILL, crash): the lock is stale.
    rmSync(file, { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
