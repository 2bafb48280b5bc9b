/**
 * `npm start` and `npm run platform`: start the embedded platform (and with --app the Vite dev
 * server), print where everything is and the demo accounts, say "ready" once everything answers, and
 * shut it all down cleanly on Ctrl-C or SIGTERM (a second Ctrl-C forces).
 *
 * `LEADTORGET_DATA_DIR` picks the database folder (default supabase/local/.data/pgdata); the e2e tests
 * give every run a fresh one. The first start on a machine installs Deno into `.tools/` (the edge
 * functions need it; see tools.ts); before "ready" every function is started once and the health line
 * says which are ready. The ready line is a contract the e2e tests wait for: it is printed only when
 * the API and, with --app, the app at http://localhost:5173 answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { accountsTable, demoAccounts } from './demo-accounts.ts';
import type { FunctionsService } from './functions/index.ts';
import { functionNames } from './functions/names.ts';
import { ANON_KEY, SERVICE_ROLE_KEY } from './keys.ts';
import { startPlatform, type Platform } from './platform.ts';
import { ensureFunctionPackages, ensureTool, ToolInstallError } from './tools.ts';

const USAGE = `Usage: node --import tsx supabase/local/cli.ts start [--app]

  start         the embedded platform on 54321 (API), 54322 (database), 54324 (outbox)
  --app         also the Vite dev server on http://localhost:5173 (what \`npm start\` runs)
  --help        this text

LEADTORGET_DATA_DIR picks the database folder (default supabase/local/.data/pgdata).`;

// Anything but `start` prints the usage instead of starting: a mistyped flag must not touch the data.
const args = process.argv.slice(2);
const knownArgs = new Set(['start', '--app']);
if (!args.includes('start') || args.some((arg) => !knownArgs.has(arg))) {
  const asked = args.includes('--help') || args.includes('-h');
  (asked ? console.log : console.error)(USAGE);
  process.exit(asked ? 0 : 2);
}
const withApp = args.includes('--app');
const APP_URL = 'http://localhost:5173';
/** Vite listens on 127.0.0.1 (vite.config.ts); asking Node for `localhost` may try ::1 first. */
const APP_PROBE_URL = 'http://127.0.0.1:5173/';
/** The first Ctrl-C stops everything; if that hangs, this long after it the process is ended anyway. */
const STOP_TIMEOUT_MS = 10_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when `url` answers with a status below 500; rejects after `timeoutMs` or when `gaveUp` says so. */
async function waitForHttp(url: string, timeoutMs: number, gaveUp: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gaveUp()) throw new Error(`stopped before ${url} answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${seconds(timeoutMs)}`);
    await sleep(200);
  }
}

/**
 * Starts every edge function once (in parallel) and returns the health line: each function and
 * whether it serves. A function that fails keeps its log above; the platform runs on without it.
 */
async function functionsHealth(functions: FunctionsService): Promise<string> {
  const started = performance.now();
  const names = functions.names();
  if (names.length === 0) return 'Functions      none (no supabase/functions/<name>/index.ts)';
  const results = await Promise.allSettled(names.map((name) => functions.boot(name)));
  const failures = names.flatMap((name, index) => {
    const result = results[index];
    return result?.status === 'rejected' ? [`  ${name}: ${String(result.reason)}`] : [];
  });
  const list = names.map(
    (name, index) => `${name} ${results[index]?.status === 'fulfilled' ? 'ready' : 'FAILED'}`,
  );
  const summary = `${names.length - failures.length} of ${names.length} ready in ${seconds(performance.now() - started)}`;
  const line = `Functions      ${list.join(', ')} (${summary})`;
  if (failures.length === 0) return line;
  return `${line}\nNot started (their log is above; the next request tries again):\n${failures.join('\n')}`;
}

/**
 * Deno runs the edge functions; without it every function answers BOOT_ERROR. The first start on a
 * machine installs it (a progress line); when that is impossible we stop and say the one command.
 */
async function ensureDeno(): Promise<boolean> {
  if (process.env.DENO_BIN) return true;
  // A project without functions (`supabase start` accepts one) needs no Deno.
  if (functionNames(path.join(process.cwd(), 'supabase', 'functions')).length === 0) return true;
  try {
    await ensureTool('deno');
    await ensureFunctionPackages();
    return true;
  } catch (error) {
    if (!(error instanceof ToolInstallError)) throw error;
    console.error(`\nThe edge functions cannot run without Deno. ${error.message}`);
    return false;
  }
}

function startVite(): ChildProcess {
  // Vite itself, not `npx vite`: a wrapper in between would keep running (or die) without its child.
  const require = createRequire(import.meta.url);
  const viteBin = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  return spawn(process.execPath, [viteBin, '--clearScreen', 'false'], { stdio: 'inherit', env: process.env });
}

/** Stops the Vite child: SIGTERM, then SIGKILL when it has not exited after a few seconds. */
function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (child?.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

let platform: Platform | undefined;
let app: ChildProcess | undefined;
let stopping = false;

/** When the first stop signal came: npm and tsx relay the terminal's Ctrl-C, so one press arrives 2–3 times. */
let stopRequestedAt = 0;

async function stop(code: number) {
  if (stopping) {
    if (performance.now() - stopRequestedAt < 1_000) return;
    // A second Ctrl-C: do not wait for a clean shutdown.
    console.log('Forced stop.');
    app?.kill('SIGKILL');
    process.exit(code === 0 ? 130 : code);
  }
  stopping = true;
  stopRequestedAt = performance.now();
  console.log('\nStopping …');
  setTimeout(() => {
    console.error(`Not stopped after ${seconds(STOP_TIMEOUT_MS)}; forcing.`);
    app?.kill('SIGKILL');
    process.exit(1);
  }, STOP_TIMEOUT_MS).unref();
  await stopChild(app);
  await platform?.stop();
  console.log('Stopped.');
  process.exit(code);
}

async function main() {
  const started = performance.now();
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  // `npm start` runs us under `sh -c`, which does not pass npm's SIGTERM on: when the parent is gone
  // (we were re-parented), stop instead of running on as an orphan that holds the ports.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void stop(0);
  }, 1_000).unref();

  if (!(await ensureDeno())) {
    process.exitCode = 1;
    return;
  }
  platform = await startPlatform({ dataDir: process.env.LEADTORGET_DATA_DIR });
  if (stopping) return;
  const { report } = platform.database;
  const applied = report.migrations.applied.length;
  const seeded = report.seeds.some((seed) => seed.outcome !== 'absent');

  if (withApp) {
    // Vite starts while the rest is printed; the ready line waits for it.
    app = startVite();
    app.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`The Vite dev server exited (${signal ?? `code ${code ?? '?'}`}).`);
      // Even a clean exit is unexpected here: the app is gone, so is the point of running.
      void stop(code === null || code === 0 ? 1 : code);
    });
  }

  console.log(`
Leadtorget local platform (no Docker) — platform started in ${seconds(platform.timings.totalMs)}
  App            ${withApp ? `${APP_URL}  (competition host: http://fyllopp.localhost:5173)` : '(not started: npm start runs it)'}
  API            ${platform.urls.api}  (/auth/v1, /rest/v1, /functions/v1, /storage/v1)
  Database       ${platform.urls.db}
  Outbox         ${platform.urls.outbox}   (e-mails and SMS the platform sent)
  anon key       ${ANON_KEY}
  service_role   ${SERVICE_ROLE_KEY}
  data           ${process.env.LEADTORGET_DATA_DIR ?? 'supabase/local/.data/pgdata'}
  migrations     ${applied} applied now, ${report.migrations.skipped.length} already there
`);
  if (seeded) {
    const accounts = await demoAccounts(platform.db);
    if (accounts.length > 0) console.log(`${accountsTable(accounts)}\n`);
  }

  const health = functionsHealth(platform.functions);
  await waitForHttp(`${platform.urls.api}/auth/v1/health`, 30_000, () => stopping);
  console.log(`${await health}\n`);
  if (withApp) {
    await waitForHttp(APP_PROBE_URL, 120_000, () => stopping);
    // The dev server compiles on first request: load the entry once, so the first page is quick too.
    await fetch(new URL('src/main.tsx', APP_PROBE_URL))
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
  }
  if (stopping) return;
  console.log(
    `Leadtorget is ready${withApp ? ` on ${APP_URL}` : ''} (${seconds(performance.now() - started)}). Ctrl-C stops everything.`,
  );
}

main().catch((error: unknown) => {
  if (stopping) return;
  console.error(error);
  void stop(1);
});
