/**
 * Serves the built app (dist/) with `vite preview` on http://localhost:4173 — what the end-to-end tests
 * visit (playwright.config.ts). Builds first when dist/ is missing, older than the sources or made
 * with other `VITE_*` variables than this shell's, so `npm run test:e2e` alone tests the code as it
 * is, while `npm test` (which has just built) does not build twice.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { preview } from 'vite';
import { BUILD_ENV_FILE, viteEnvJson } from '../vite/build-env.ts';

const BUILT = path.join('dist', '.vite', 'manifest.json');
/** What the build reads: a change to any of these makes dist/ stale. */
const SOURCES = [
  'src',
  'public',
  'vite',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  '.env',
  '.env.local',
];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    stat.mtimeMs,
  );
}

function staleReason(): string | undefined {
  if (!existsSync(BUILT)) return 'there is no build';
  const builtAt = statSync(BUILT).mtimeMs;
  const changed = SOURCES.find((entry) => newestChange(entry) > builtAt);
  if (changed) return `${changed} changed since the last build`;
  const builtEnv = path.join('dist', BUILD_ENV_FILE);
  if (!existsSync(builtEnv) || readFileSync(builtEnv, 'utf8') !== viteEnvJson(process.env))
    return 'the VITE_ variables differ from the last build';
  return undefined;
}

const reason = staleReason();
if (reason) {
  console.log(`Building the app (${reason}) …`);
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = await preview({ preview: { port: 4173, strictPort: true, open: false } });
console.log(`The built app is served on ${server.resolvedUrls?.local[0] ?? 'http://localhost:4173/'}`);

const close = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', close);
process.on('SIGTERM', close);
