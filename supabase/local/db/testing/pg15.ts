/**
 * A throwaway PostgreSQL 15 server for tests and benchmarks (initdb into a temporary folder, pg_ctl on a
 * free port, everything removed on stop). The platform targets PGlite, but concurrency only shows on a
 * real multi-session server, and the bootstrap must work on both.
 *
 *   const reason = postgres15Unavailable();            // a message when the binaries are missing
 *   describe.skipIf(reason)('…', () => { … startPostgres15() … });
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const BIN_CANDIDATES = ['/usr/lib/postgresql/15/bin', '/usr/local/pgsql/bin', '/usr/local/bin', '/usr/bin'];

export interface Postgres15 {
  /** postgresql://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  url: string;
  port: number;
  stop(): Promise<void>;
}

interface Setup {
  bin: string;
  /** initdb refuses to run as root: then the server runs as the `postgres` system user. */
  user?: { uid: number; gid: number };
}

function findSetup(): Setup | string {
  const bin = BIN_CANDIDATES.find((dir) =>
    ['initdb', 'pg_ctl', 'postgres'].every((b) => existsSync(path.join(dir, b))),
  );
  if (!bin) return `PostgreSQL 15 binaries (initdb, pg_ctl) not found in ${BIN_CANDIDATES.join(', ')}`;
  const version = execFileSync(path.join(bin, 'postgres'), ['--version'], { encoding: 'utf8' });
  if (!/\b15\./.test(version)) return `${bin}/postgres is not PostgreSQL 15: ${version.trim()}`;
  if (process.getuid?.() !== 0) return { bin };
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    return { bin, user: { uid, gid } };
  } catch {
    return 'running as root, and there is no `postgres` system user to run initdb as';
  }
}

let cached: Setup | string | undefined;
function setup(): Setup | string {
  cached ??= findSetup();
  return cached;
}

/** Why PostgreSQL 15 tests must be skipped on this machine, or undefined when they can run. */
export function postgres15Unavailable(): string | undefined {
  const found = setup();
  return typeof found === 'string' ? found : undefined;
}

export interface Postgres15Options {
  /**
   * Keep PostgreSQL's durable defaults (fsync, full_page_writes on) instead of turning them off for speed:
   * for benchmarks whose figures should hold on a real server.
   */
  durable?: boolean;
}

export async function startPostgres15(options: Postgres15Options = {}): Promise<Postgres15> {
  const found = setup();
  if (typeof found === 'string') throw new Error(found);
  const dir = mkdtempSync(path.join(tmpdir(), 'pg15-'));
  const dataDir = path.join(dir, 'data');
  if (found.user) chownSync(dir, found.user.uid, found.user.gid);
  const runOptions = { ...(found.user ?? {}), cwd: dir };
  const port = await freePort();
  await run(
    path.join(found.bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    runOptions,
  );
  const fast = options.durable ? '' : ' -c fsync=off -c full_page_writes=off';
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${fast}`;
  const pgCtl = path.join(found.bin, 'pg_ctl');
  await run(
    pgCtl,
    ['-D', dataDir, '-l', path.join(dir, 'log'), '-o', serverOptions, '-w', 'start'],
    runOptions,
  );
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await run(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], runOptions).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
