/**
 * `npm start` and `npm run platform`: start the embedded platform (and with --app the Vite dev
 * server), print where everything is, and shut it all down cleanly on Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { ANON_KEY, SERVICE_ROLE_KEY } from './keys.ts';
import { startPlatform } from './platform.ts';

const withApp = process.argv.includes('--app');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const platform = await startPlatform({ dataDir: process.env.LEADTORGET_DATA_DIR });
  const { report } = platform.database;
  let app: ChildProcess | undefined;

  let stopping = false;
  async function stop(code = 0) {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping …');
    app?.kill('SIGTERM');
    await platform.stop();
    process.exit(code);
  }
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  const applied = report.migrations.applied.length;
  console.log(`
Leadtorget local platform (no Docker) — started in ${seconds(platform.timings.totalMs)}
  API (auth)     ${platform.urls.api}
  Database       ${platform.urls.db}
  Outbox         ${platform.urls.outbox}   (e-mails and SMS the platform sent)
  anon key       ${ANON_KEY}
  service_role   ${SERVICE_ROLE_KEY}
  migrations     ${applied} applied now, ${report.migrations.skipped.length} already there
`);

  if (withApp) {
    app = spawn('npx', ['vite', '--clearScreen', 'false'], { stdio: 'inherit', env: process.env });
    app.on('exit', (code) => void stop(code ?? 0));
    console.log('  App            http://localhost:5173  (fyllopp host: http://fyllopp.localhost:5173)\n');
  }
  console.log('Leadtorget is ready. Ctrl-C stops everything.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
