/**
 * `npm run test:functions` — `deno test` of the edge functions (supabase/functions/**\/*.test.ts), plus
 * a type check of every function's index.ts (the tests import handler.ts only) and `deno lint`.
 *
 * Deno is found like the embedded platform finds it: $DENO_BIN, else the project's pinned Deno in
 * `.tools/` (supabase/local/tools.ts; installed here when missing). Its module cache is $DENO_DIR, else
 * .tools/deno-cache. npm: packages come from npm's configured registry (NPM_CONFIG_REGISTRY, else
 * `npm config get registry`), so a machine behind a registry mirror works with an empty cache.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { functionNames } from '../supabase/local/functions/names.ts';
import { denoCacheDir, ensureTool, ToolInstallError } from '../supabase/local/tools.ts';

const FUNCTIONS = path.join('supabase', 'functions');

async function denoBinary(): Promise<string> {
  if (process.env.DENO_BIN) return process.env.DENO_BIN;
  try {
    return await ensureTool('deno');
  } catch (error) {
    if (!(error instanceof ToolInstallError)) throw error;
    console.error(`test:functions: ${error.message}`);
    process.exit(1);
  }
}
const deno = await denoBinary();

function npmRegistry() {
  if (process.env.NPM_CONFIG_REGISTRY) return process.env.NPM_CONFIG_REGISTRY;
  try {
    const value = execFileSync('npm', ['config', 'get', 'registry'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return value && value !== 'undefined' ? value : undefined;
  } catch {
    return undefined;
  }
}

const registry = npmRegistry();
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DENO_DIR: process.env.DENO_DIR ?? denoCacheDir(),
  DENO_NO_PACKAGE_JSON: '1',
  DENO_NO_UPDATE_CHECK: '1',
  ...(registry ? { NPM_CONFIG_REGISTRY: registry } : {}),
};
if (!env.DENO_CERT && process.env.NODE_EXTRA_CA_CERTS) env.DENO_CERT = process.env.NODE_EXTRA_CA_CERTS;

const entries = functionNames(FUNCTIONS).map((name) => path.join(FUNCTIONS, name, 'index.ts'));

const steps = [
  ['lint', '--no-config', FUNCTIONS],
  ['check', '--no-config', ...entries],
  ['test', '--no-config', '--allow-env', '--allow-net', '--allow-read', FUNCTIONS],
];
for (const args of steps) {
  const result = spawnSync(deno, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`test:functions: deno ${args[0]} failed`);
    process.exit(result.status ?? 1);
  }
}
