/**
 * Measures the embedded platform against supabase-js's own integration suites: postgrest-js's and
 * auth-js's jest tests, with their own `test/supabase` folders (config.toml, migration, seed) and
 * their own assertions. A measuring tool: it prints figures and always exits 0 (not part of `npm
 * test`; it needs a supabase-js checkout and the npm registry).
 *
 *   npm run compat:supabase-js -- --checkout /tmp/sjs [--platform ../plat-rest] [--suite postgrest-js]
 *                                 [--out summary.json] [--markdown <dir>]
 *
 * --checkout  an extracted supabase-js (the folder holding packages/core and tsconfig.base.json)
 * --platform  the repo whose supabase/local/platform.ts is measured (default: this one)
 * --markdown  writes <dir>/postgrest-failures.md and <dir>/auth-failures.md
 * --hs256-keys  auth-js's keys signed with the JWT secret instead of its RS256 signing key
 * --install   only installs the test dependencies (run it once with network; a run inside
 *             `unshare -n` has none, and reuses the cached install)
 *
 * How (all in a temp folder, nothing written into the repo):
 * - The suite's package is copied; its test runner and devDependencies are installed with npm into a
 *   cache under the OS temp folder (keyed by the package list; never the repo's node_modules).
 * - The suite's `test/supabase` becomes `<tmp>/project/supabase` and the platform starts there with a
 *   fresh data folder on free ports (`startPlatform`, as start-anywhere.test.ts does).
 * - URL shim: in the copied tests each `'http://localhost:54321` / `'http://127.0.0.1:54321` string
 *   starts with `process.env.COMPAT_API_URL` instead, the platform's API address (postgrest-js's
 *   REST_URL is already `…/rest/v1`, auth-js's GoTrue URL `…/auth/v1`), so the copy's text stays the
 *   same from run to run and ts-jest's cache holds. Nothing else in the tests changes, but:
 *   - only with --hs256-keys: auth-js signs its API keys and admin JWT with the RS256 key of
 *     `signing_keys.json` (config.toml's `signing_keys_path`); the shim signs the same payloads with
 *     HS256 under config.toml's `jwt_secret`, for a platform that does not read signing keys.
 *   - postgrest-js's migration creates PostGIS (`create extension postgis`, a `geometry` column);
 *     PGlite has no PostGIS, so the line goes and the column is `text`. Only the geojson test reads it.
 * - Jest runs with `--ci` (inline snapshots are compared, never rewritten: the suite's own `-u` would
 *   make every snapshot pass).
 *
 * What counts:
 * - Server-facing: a test that sends at least one request to the platform's address. A setup file
 *   (jest's --setupFilesAfterEnv, the only addition to the suites' configs) wraps the global fetch and
 *   logs the current test's name for every request to COMPAT_API_URL, from the test's beforeEach to
 *   its end. Tests that bring their own fetch (mocked retry and fetch-error tests, client-side
 *   helpers, type-level checks) send none and are not counted, pass or fail. A test that fails
 *   without a request, in a file whose beforeAll/afterAll sent some (a failed hook fails its tests
 *   unrun), counts as a failed server-facing test.
 * - Opt-in features (not counted): postgrest-js's aggregates, `explain` and PostGIS (geojson) tests,
 *   and its v12 folder (another PostgREST in Docker); auth-js's docker-tests (phone-otp,
 *   asymmetric-jwt, signup-disabled, anonymous-disabled: another GoTrue configuration), which its CLI
 *   config skips too. `*.test-d.ts` are type tests jest never runs.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));

interface Suite {
  name: 'postgrest-js' | 'auth-js';
  jestConfig: string;
  /** Jest's path ignore patterns beyond the config's own. */
  ignore: string[];
  /** Tests of an opt-in feature, by file or full name. */
  optIn: (file: string, fullName: string) => boolean;
  markdown: string;
  /** What its opt-in tests are, for the reports. */
  optInLabel: string;
  /** Changes to the copied project folder (`<dir>/supabase`) the platform needs, stated in the header. */
  patchProject?: (projectDir: string) => void;
  /** The key shim (--hs256-keys), stated in the header. */
  shimKeys?: (pkgDir: string, secret: string) => void;
}

const SUITES: Suite[] = [
  {
    name: 'postgrest-js',
    jestConfig: 'jest.config.ts',
    ignore: ['/test/v12/'],
    optIn: (file, fullName) =>
      file.includes('relationships-aggregate-operations') || /aggregate|explain|geojson/i.test(fullName),
    markdown: 'postgrest-failures.md',
    optInLabel: 'aggregates, explain, PostGIS',
    patchProject: (projectDir) => {
      const migrations = path.join(projectDir, 'supabase', 'migrations');
      for (const name of readdirSync(migrations)) {
        const file = path.join(migrations, name);
        const sql = readFileSync(file, 'utf8')
          .replace(/^create extension if not exists postgis[^;]*;/gim, '-- (compat: no PostGIS in PGlite)')
          .replace(/extensions\.geometry\([^)]*\)/g, 'text');
        writeFileSync(file, sql);
      }
    },
  },
  {
    name: 'auth-js',
    jestConfig: 'jest.config.cli.js',
    // The CLI's patterns replace the config's: its own (example/) stay listed.
    ignore: ['/docker-tests/', '/example/'],
    optIn: () => false,
    markdown: 'auth-failures.md',
    optInLabel: 'none run: the docker-tests are left out',
    shimKeys: (pkgDir, secret) => {
      const clients = path.join(pkgDir, 'test', 'lib', 'clients.ts');
      const source = readFileSync(clients, 'utf8');
      const shimmed = source.replace(
        /privateKey,\s*\{ algorithm: 'RS256', keyid: rsaKey\.kid \}/g,
        `${JSON.stringify(secret)}, { algorithm: 'HS256' }`,
      );
      if (shimmed === source) console.warn('auth-js: the key shim found no RS256 signing in clients.ts');
      writeFileSync(clients, shimmed);
    },
  },
];

/** Packages the suites' devDependencies name that running jest does not need (build, docs, type tests). */
const NOT_FOR_JEST = new Set(['tsdown', 'typedoc', 'chokidar-cli', 'tstyche', 'prettier']);

interface TestResult {
  file: string;
  fullName: string;
  status: 'passed' | 'failed' | 'skipped';
  message: string;
  /** It sent at least one request to the platform (a file that did not run counts as one). */
  serverFacing: boolean;
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const format = (counts: Counts) =>
  `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;

/** Every test that needs no opt-in feature: the server-facing ones and those that send no request. */
const withoutOptIn = ({ counted, notServerFacing }: SuiteSummary): Counts => ({
  passed: counted.passed + notServerFacing.passed,
  failed: counted.failed + notServerFacing.failed,
  skipped: counted.skipped + notServerFacing.skipped,
});

interface SuiteSummary {
  suite: string;
  optInLabel: string;
  startedAt: string;
  platform: string;
  error?: string;
  total: number;
  /** Tests that sent no request (mocked fetch, client-side): not server-facing. */
  notServerFacing: Counts;
  optIn: Counts;
  counted: Counts;
  failures: { file: string; test: string; counted: boolean; optIn: boolean; message: string }[];
}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      checkout: { type: 'string' },
      platform: { type: 'string', default: REPO_ROOT },
      suite: { type: 'string', multiple: true },
      out: { type: 'string' },
      markdown: { type: 'string' },
      install: { type: 'boolean', default: false },
      'hs256-keys': { type: 'boolean', default: false },
    },
  });
  if (!values.checkout) {
    console.error(
      'Usage: npm run compat:supabase-js -- --checkout <extracted supabase-js> [--platform <repo>]',
    );
    process.exit(2);
  }
  return {
    checkout: path.resolve(values.checkout),
    platform: path.resolve(values.platform),
    suites: SUITES.filter((suite) => !values.suite || values.suite.includes(suite.name)),
    out: values.out ? path.resolve(values.out) : undefined,
    markdown: values.markdown ? path.resolve(values.markdown) : undefined,
    installOnly: values.install,
    hs256Keys: values['hs256-keys'],
  };
}

/** The pnpm catalog of the checkout (`catalog:` versions), read from pnpm-workspace.yaml. */
function readCatalog(checkout: string): Map<string, string> {
  const catalog = new Map<string, string>();
  const file = path.join(checkout, 'pnpm-workspace.yaml');
  if (!existsSync(file)) return catalog;
  let inside = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^catalog:\s*$/.test(line)) inside = true;
    else if (/^\S/.test(line)) inside = false;
    else if (inside) {
      const match = /^\s+'?([^':]+)'?:\s*(\S+)/.exec(line);
      if (match?.[1] && match[2]) catalog.set(match[1], match[2]);
    }
  }
  return catalog;
}

/** Installs (once, cached by the list) the suites' test dependencies; returns the node_modules folder. */
function installDependencies(checkout: string, packageDirs: string[]): string {
  const catalog = readCatalog(checkout);
  const wanted = new Map<string, string>([['ts-node', '^10.9.2']]);
  for (const dir of packageDirs) {
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    for (const [name, spec] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
      if (NOT_FOR_JEST.has(name)) continue;
      wanted.set(name, spec === 'catalog:' ? (catalog.get(name) ?? 'latest') : spec);
    }
  }
  // Jest's prettierPath in the suites' configs resolves prettier: any 3.x does.
  wanted.set('prettier', catalog.get('prettier') ?? '^3');
  const dependencies = Object.fromEntries([...wanted].sort(([a], [b]) => a.localeCompare(b)));
  const key = createHash('sha256').update(JSON.stringify(dependencies)).digest('hex').slice(0, 12);
  const dir = path.join(tmpdir(), 'leadtorget-compat-deps', key);
  const done = path.join(dir, '.installed');
  if (existsSync(done)) return path.join(dir, 'node_modules');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ private: true, dependencies }, null, 2));
  console.log(`Installing the suites' test dependencies into ${dir} …`);
  const install = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--legacy-peer-deps'],
    {
      cwd: dir,
      stdio: 'inherit',
    },
  );
  if (install.status !== 0) throw new Error(`npm install failed in ${dir}`);
  writeFileSync(done, new Date().toISOString());
  return path.join(dir, 'node_modules');
}

/** Makes the suites' fixed API address (54321) in every test source read COMPAT_API_URL. */
function pointTestsAtEnv(testDir: string) {
  for (const entry of readdirSync(testDir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(testDir, entry);
    if (!/\.(ts|js|cjs|mjs)$/.test(entry) || !statSync(file).isFile()) continue;
    const source = readFileSync(file, 'utf8');
    const pointed = source.replace(
      /'http:\/\/(localhost|127\.0\.0\.1):54321/g,
      "(process.env.COMPAT_API_URL ?? '') + '",
    );
    if (pointed !== source) writeFileSync(file, pointed);
  }
}

const testKey = (test: { file: string; fullName: string }) => `${test.file}\u0000${test.fullName}`;

/** Logs, per request to COMPAT_API_URL, the test that sent it (file and jest's full name). */
const REQUEST_LOG_SETUP = `
const { appendFileSync } = require('node:fs');
const base = process.env.COMPAT_API_URL;
const log = process.env.COMPAT_REQUEST_LOG;
const original = globalThis.fetch;
if (base && log && original) {
  globalThis.fetch = function (input, init) {
    const url = typeof input === 'string' ? input : String(input?.url ?? input?.href ?? input);
    if (url.startsWith(base)) {
      const { testPath, currentTestName } = expect.getState();
      appendFileSync(log, JSON.stringify({ testPath, currentTestName }) + '\\n');
    }
    return original.call(this, input, init);
  };
}
`;

const PLATFORM_RUNNER = `
import { pathToFileURL } from 'node:url';
const [platformFile, projectRoot, dataDir] = process.argv.slice(2);
const { startPlatform } = await import(pathToFileURL(platformFile).href);
const platform = await startPlatform({ projectRoot, dataDir, ports: { api: 0, db: 0, outbox: 0 } });
console.log('COMPAT_READY ' + JSON.stringify(platform.urls));
const stop = async () => { await platform.stop(); process.exit(0); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
`;

/** Starts the platform of `platformDir` in `projectDir` (a child process, its log in `logFile`). */
async function startPlatformProcess(
  platformDir: string,
  projectDir: string,
  logFile: string,
): Promise<{ apiUrl: string; child: ChildProcess }> {
  const runner = path.join(projectDir, 'compat-platform.mts');
  writeFileSync(runner, PLATFORM_RUNNER);
  const platformFile = path.join(platformDir, 'supabase', 'local', 'platform.ts');
  // cwd is the platform's repo so that `--import tsx` resolves from its node_modules.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', runner, platformFile, projectDir, path.join(projectDir, '.data', 'pgdata')],
    { cwd: platformDir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const append = (chunk: Buffer) => {
    log += chunk.toString();
    writeFileSync(logFile, log);
  };
  child.stderr.on('data', append);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the platform did not start within 5 minutes')), 300_000);
    child.stdout.on('data', (chunk: Buffer) => {
      append(chunk);
      const match = /COMPAT_READY (\{.*\})/.exec(log);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ apiUrl: (JSON.parse(match[1]) as { api: string }).api, child });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the platform exited (${code}) before it was ready:\n${log.slice(-2000)}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

interface JestJson {
  testResults: {
    name: string;
    message: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const stripAnsi = (text: string) => text.replace(ANSI, '');

/** One line of what came vs what was expected, from jest's failure message. */
function oneLine(message: string): string {
  const lines = stripAnsi(message).split('\n');
  const squash = (list: string[]) =>
    list
      .map((line) => line.slice(1).trim())
      .join(' ')
      .replace(/\s+/g, ' ')
      .slice(0, 220);
  const expected = lines.filter((line) => /^-\s/.test(line) && !/^- (Snapshot|Expected)\s/.test(line));
  const received = lines.filter((line) => /^\+\s/.test(line) && !/^\+ Received\s/.test(line));
  if (expected.length > 0 || received.length > 0) {
    return `expected: ${squash(expected) || '—'} | got: ${squash(received) || '—'}`;
  }
  const labelled = lines
    .filter((line) => /^\s*(Expected|Received)[^:]*:/.test(line))
    .map((line) => line.trim());
  if (labelled.length > 0) return labelled.join(' | ').replace(/\s+/g, ' ').slice(0, 400);
  return (lines.find((line) => line.trim() !== '') ?? '').trim().slice(0, 300);
}

/** Runs the suite's jest in `pkgDir` against `apiUrl`, logging which tests send requests there. */
async function runJest(
  suite: Suite,
  pkgDir: string,
  nodeModules: string,
  work: string,
  apiUrl: string,
): Promise<TestResult[]> {
  const jsonFile = path.join(work, 'results.json');
  const requestLog = path.join(work, 'requests.ndjson');
  const setupFile = path.join(work, 'compat-request-log.cjs');
  rmSync(jsonFile, { force: true });
  rmSync(requestLog, { force: true });
  writeFileSync(setupFile, REQUEST_LOG_SETUP);
  const jest = path.join(nodeModules, 'jest', 'bin', 'jest.js');
  const args = [
    jest,
    '--config',
    suite.jestConfig,
    '--runInBand',
    '--ci',
    '--coverage=false',
    '--forceExit',
    '--json',
    '--outputFile',
    jsonFile,
    '--setupFilesAfterEnv',
    setupFile,
    ...suite.ignore.flatMap((pattern) => ['--testPathIgnorePatterns', pattern]),
    '--testPathIgnorePatterns',
    '/node_modules/',
  ];
  const child = spawn(process.execPath, args, {
    cwd: pkgDir,
    env: { ...process.env, COMPAT_API_URL: apiUrl, COMPAT_REQUEST_LOG: requestLog },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    const text = stripAnsi(chunk.toString());
    // Jest's own per-file lines, as progress.
    for (const line of text.split('\n')) if (/^(PASS|FAIL) /.test(line)) console.log(`  ${line}`);
    stderr = (stderr + text).slice(-4000);
  });
  await new Promise((resolve) => child.on('exit', resolve));
  if (!existsSync(jsonFile)) throw new Error(`jest wrote no results (${suite.name}):\n${stderr}`);
  const report = JSON.parse(readFileSync(jsonFile, 'utf8')) as JestJson;
  const entries = (existsSync(requestLog) ? readFileSync(requestLog, 'utf8').split('\n') : [])
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { testPath: string; currentTestName?: string });
  const sent = new Set(
    entries.map((entry) =>
      testKey({ file: path.relative(pkgDir, entry.testPath), fullName: entry.currentTestName ?? '' }),
    ),
  );
  // Files that sent requests outside any test (beforeAll/afterAll): when such a hook fails, jest fails
  // the tests without running them, so they sent nothing; they count as failed server-facing tests.
  const hookFiles = new Set(
    entries.filter((entry) => !entry.currentTestName).map((entry) => path.relative(pkgDir, entry.testPath)),
  );
  return report.testResults.flatMap((file): TestResult[] => {
    const relative = path.relative(pkgDir, file.name);
    if (file.assertionResults.length === 0) {
      const fullName = '(the file did not run)';
      return [{ file: relative, fullName, status: 'failed', message: file.message, serverFacing: true }];
    }
    return file.assertionResults.map((test) => ({
      file: relative,
      fullName: test.fullName,
      status: test.status === 'passed' ? 'passed' : test.status === 'failed' ? 'failed' : 'skipped',
      message: test.failureMessages.join('\n'),
      serverFacing:
        sent.has(testKey({ file: relative, fullName: test.fullName })) ||
        (test.status === 'failed' && hookFiles.has(relative)),
    }));
  });
}

/**
 * Copies the suite's package (and the checkout's tsconfig.base.json) into `root`, with its signing
 * keys, its tests pointed at COMPAT_API_URL and the key shim when asked to (`secret`).
 */
function prepareCopy(checkout: string, suite: Suite, root: string, nodeModules: string, secret?: string) {
  rmSync(root, { recursive: true, force: true });
  const pkgDir = path.join(root, 'packages', 'core', suite.name);
  cpSync(path.join(checkout, 'packages', 'core', suite.name), pkgDir, { recursive: true });
  cpSync(path.join(checkout, 'tsconfig.base.json'), path.join(root, 'tsconfig.base.json'));
  symlinkSync(nodeModules, path.join(root, 'node_modules'), 'dir');
  const generateKeys = path.join(pkgDir, 'test', 'generate-signing-keys.js');
  if (existsSync(generateKeys)) spawnSync(process.execPath, [generateKeys], { cwd: pkgDir, stdio: 'ignore' });
  pointTestsAtEnv(path.join(pkgDir, 'test'));
  if (secret) suite.shimKeys?.(pkgDir, secret);
  return pkgDir;
}

/** config.toml's auth.jwt_secret (the CLI's well-known one when absent). */
function jwtSecret(supabaseDir: string): string {
  const toml = readFileSync(path.join(supabaseDir, 'config.toml'), 'utf8');
  return (
    /^\s*jwt_secret\s*=\s*"([^"]+)"/m.exec(toml)?.[1] ??
    'super-secret-jwt-token-with-at-least-32-characters-long'
  );
}

async function measure(suite: Suite, options: ReturnType<typeof parseOptions>, nodeModules: string) {
  const startedAt = new Date().toISOString();
  const source = path.join(options.checkout, 'packages', 'core', suite.name);
  const secret = options.hs256Keys ? jwtSecret(path.join(source, 'test', 'supabase')) : undefined;
  // One work folder per measured platform, the same path every run (ts-jest's cache keys on it).
  const platformKey = createHash('sha256').update(options.platform).digest('hex').slice(0, 8);
  const work = path.join(
    tmpdir(),
    'leadtorget-compat-work',
    `${path.basename(options.platform)}-${platformKey}`,
    suite.name,
  );
  const summary: SuiteSummary = {
    suite: suite.name,
    optInLabel: suite.optInLabel,
    startedAt,
    platform: options.platform,
    total: 0,
    notServerFacing: { passed: 0, failed: 0, skipped: 0 },
    optIn: { passed: 0, failed: 0, skipped: 0 },
    counted: { passed: 0, failed: 0, skipped: 0 },
    failures: [],
  };

  let platform: { apiUrl: string; child: ChildProcess } | undefined;
  let results: TestResult[] = [];
  try {
    const pkgDir = prepareCopy(options.checkout, suite, path.join(work, 'copy'), nodeModules, secret);
    // The platform runs in the suite's own supabase folder (with the keys the copy generated).
    const projectDir = path.join(work, 'project');
    rmSync(projectDir, { recursive: true, force: true });
    cpSync(path.join(pkgDir, 'test', 'supabase'), path.join(projectDir, 'supabase'), { recursive: true });
    suite.patchProject?.(projectDir);
    console.log(`${suite.name}: starting the platform of ${options.platform} …`);
    platform = await startPlatformProcess(options.platform, projectDir, path.join(work, 'platform.log'));
    console.log(`${suite.name}: running against the platform at ${platform.apiUrl} …`);
    results = await runJest(suite, pkgDir, nodeModules, work, platform.apiUrl);
  } catch (error) {
    summary.error = error instanceof Error ? error.message : String(error);
  } finally {
    if (platform) await stopChild(platform.child);
  }

  for (const test of results) {
    summary.total += 1;
    if (!test.serverFacing) {
      summary.notServerFacing[test.status] += 1;
      if (test.status === 'failed') {
        summary.failures.push({
          file: test.file,
          test: test.fullName,
          counted: false,
          optIn: false,
          message: oneLine(test.message),
        });
      }
      continue;
    }
    const optIn = suite.optIn(test.file, test.fullName);
    (optIn ? summary.optIn : summary.counted)[test.status] += 1;
    if (test.status === 'failed') {
      summary.failures.push({
        file: test.file,
        test: test.fullName,
        counted: !optIn,
        optIn,
        message: oneLine(test.message),
      });
    }
  }
  if (summary.error) summary.error += `\n(the platform's log: ${path.join(work, 'platform.log')})`;
  return summary;
}

function printSummary(summary: SuiteSummary) {
  const { counted, optIn } = summary;
  console.log(`\n== ${summary.suite} (platform: ${summary.platform})`);
  if (summary.error) console.log(`ERROR: ${summary.error}`);
  console.log(`server-facing, no opt-in:     ${format(counted)}`);
  console.log(`all without opt-in:          ${format(withoutOptIn(summary))} (mocked-fetch tests too)`);
  console.log(`opt-in (${summary.optInLabel}): ${format(optIn)}; all tests run: ${summary.total}`);
  let file = '';
  for (const failure of summary.failures) {
    if (failure.file !== file) console.log(`  ${(file = failure.file)}`);
    const tag = failure.optIn ? ' [opt-in]' : failure.counted ? '' : ' [not server-facing]';
    console.log(`    ✗ ${failure.test}${tag}`);
  }
}

function markdown(summary: SuiteSummary): string {
  const { counted, optIn } = summary;
  const lines = [
    `# ${summary.suite} against the embedded platform`,
    '',
    `Run at ${summary.startedAt} (UTC) by \`npm run compat:supabase-js\` against \`${summary.platform}\`.`,
    '',
    `**Server-facing tests (they send a request to the platform) without opt-in features: ${format(counted)}.**`,
    '',
    `All tests without opt-in features, those that send no request (mocked fetch, client-side) too: ${format(withoutOptIn(summary))}.`,
    `Opt-in (${summary.optInLabel}): ${format(optIn)}. All tests run: ${summary.total}.`,
    '',
  ];
  if (summary.error) lines.push('**The run failed:**', '', '```', summary.error, '```', '');
  let file = '';
  for (const failure of summary.failures) {
    if (failure.file !== file) lines.push('', `## ${(file = failure.file)}`, '');
    const tag = failure.optIn ? ' *(opt-in)*' : failure.counted ? '' : ' *(not server-facing)*';
    lines.push(`- **${failure.test}**${tag}: ${failure.message.replace(/\|/g, '¦').replace(/`/g, "'")}`);
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  const options = parseOptions();
  const summaries: SuiteSummary[] = [];
  try {
    const nodeModules = installDependencies(
      options.checkout,
      // Both suites' packages whatever is measured: one install serves every run.
      SUITES.map((suite) => path.join(options.checkout, 'packages', 'core', suite.name)),
    );
    if (options.installOnly) {
      console.log(`Installed: ${nodeModules}`);
      process.exit(0);
    }
    for (const suite of options.suites) {
      const summary = await measure(suite, options, nodeModules);
      summaries.push(summary);
      printSummary(summary);
      if (options.markdown) {
        mkdirSync(options.markdown, { recursive: true });
        writeFileSync(path.join(options.markdown, suite.markdown), markdown(summary));
      }
    }
  } catch (error) {
    console.error(error);
  }
  const out = options.out ?? path.join(tmpdir(), 'compat-supabase-js.json');
  writeFileSync(out, JSON.stringify(summaries, null, 2));
  console.log(`\nSummary: ${pathToFileURL(out).href}`);
  process.exit(0);
}

await main();
