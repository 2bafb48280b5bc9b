/**
 * Edge functions on /functions/v1/<name>, like the hosted platform's edge runtime: the Deno function
 * in `supabase/functions/<name>/index.ts` runs in its own long-lived Deno process (started on the
 * first request, on a free local port, through worker-bootstrap.ts) and requests are proxied to it
 * — method, path (`/<name>/…`, as the function sees it when hosted), query, headers (the caller's
 * Authorization included) and body — with the response streamed back.
 *
 * Hosted behaviour we follow:
 * - OPTIONS goes to the function, and the gateway adds no CORS headers to a function's response:
 *   a function answers its own preflight (the `corsHeaders` pattern of Supabase's docs). Only the
 *   errors the gateway itself produces carry `Access-Control-Allow-Origin: *`, so a browser can read
 *   them.
 * - `verify_jwt` (default true, `[functions.<name>] verify_jwt = false` in config.toml to turn it
 *   off): a request without a valid JWT under the project's secret gets 401 before the function
 *   runs; OPTIONS is never checked.
 * - Environment: SUPABASE_URL (the gateway), SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY,
 *   SUPABASE_DB_URL, plus the secrets of `supabase/functions/.env` (names starting with SUPABASE_
 *   are skipped there, as the CLI does). Nothing else from the platform's environment leaks in.
 *   Defaults the functions' own code reads (supabase/functions/.env.example), which .env may
 *   override: MAILPIT_URL (the outbox, whose Mailpit-compatible `POST /api/v1/send` stores the
 *   e-mails functions send), SITE_URL and REDIRECT_ALLOW_LIST (config.toml's [auth] `site_url` and
 *   `additional_redirect_urls`, comma-separated).
 * - X-Forwarded-For: the gateway (../http.ts) has appended the client's address to what the request
 *   carries, as the hosted gateway does. Only that last entry is the platform's; the ones before it
 *   are whatever the caller sent, so functions take the rightmost entry that is not a trusted proxy
 *   (supabase/functions/_shared/client-ip.ts, TRUSTED_PROXIES).
 * - Errors: unknown function 404 NOT_FOUND; a function that fails to load 503 BOOT_ERROR; a handler
 *   that throws or a process that dies mid-request 500 WORKER_ERROR. The platform keeps running and
 *   the next request starts a fresh worker.
 *
 * Code changes are picked up without a restart: before each request the modification times of the
 * function's folder, `_shared` and `.env` are compared with the running worker's, and a changed
 * function gets a new worker.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { Agent, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'smol-toml';
import type { PlatformConfig } from '../contracts.ts';
import { sendJson } from '../http.ts';
import type { Service } from '../http.ts';
import { verifyJwt } from '../jwt.ts';
import { denoCacheDir, toolPath } from '../tools.ts';
import { FUNCTION_NAME, functionNames } from './names.ts';

const BOOTSTRAP = fileURLToPath(new URL('./worker-bootstrap.ts', import.meta.url));
const READY_MARKER = '__LEADTORGET_FUNCTION_READY__';
/** First start may download npm packages into the Deno cache. */
const DEFAULT_BOOT_TIMEOUT_MS = 60_000;
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
/** Variables Deno itself needs to reach the npm registry and write its cache; passed through. */
const PASSED_THROUGH = [
  'PATH',
  'HOME',
  'TMPDIR',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NPM_CONFIG_REGISTRY',
  'DENO_CERT',
  'DENO_TLS_CA_STORE',
];

export interface FunctionsOptions {
  config: PlatformConfig;
  projectRoot: string;
  /** The gateway's URL, given to functions as SUPABASE_URL. */
  externalUrl: string;
  /** The outbox's base URL, given to functions as MAILPIT_URL (default: config's outbox port). */
  outboxUrl?: string;
  /** Default `<projectRoot>/supabase/functions`; tests point it at testdata. */
  functionsDir?: string;
  /** Default `.tools/deno/…/deno` under projectRoot, or $DENO_BIN. */
  denoBin?: string;
  /** Default `.tools/deno-cache` under projectRoot, or $DENO_DIR. */
  denoDir?: string;
  /** Where the functions' stdout/stderr go, line by line (default: this process's stderr). */
  log?: (name: string, line: string) => void;
  bootTimeoutMs?: number;
}

export type FunctionsService = Service & {
  /** Stops every worker; later requests start them again. */
  stop(): Promise<void>;
  /** The functions there are (folders with an index.ts; `_shared` and the like excluded). */
  names(): string[];
  /**
   * Starts the function's worker ahead of its first request (the start-up health check): resolves
   * once it serves, rejects with why it could not start.
   */
  boot(name: string): Promise<void>;
  /** Names of functions with a live worker (for tests). */
  running(): string[];
};

interface Worker {
  version: string;
  child: ChildProcess;
  port: Promise<number>;
  exited: Promise<void>;
  alive: boolean;
}

/** `KEY=value` lines of a dotenv file (quotes stripped, `#` comments and `export ` ignored). */
export function parseDotenv(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim().replace(/^export\s+/, '');
    if (line === '' || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length >= 2) {
      value = value.slice(1, -1);
      if (quote === '"') value = value.replace(/\\n/g, '\n');
    } else {
      value = value.replace(/\s+#.*$/, '');
    }
    values[key] = value;
  }
  return values;
}

function gatewayError(res: ServerResponse, status: number, code: string, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, status, { code, message }, { 'Access-Control-Allow-Origin': '*' });
}

/** Modification times and sizes of every file under `dir` (missing → nothing). */
async function fingerprint(dir: string, into: string[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules') continue;
      await fingerprint(full, into);
    } else {
      try {
        const info = await stat(full);
        into.push(`${full}:${info.mtimeMs}:${info.size}`);
      } catch {
        // Removed while we looked; the next request sees the new state.
      }
    }
  }
}

export function createFunctionsHandler(options: FunctionsOptions): FunctionsService {
  const { config, projectRoot, externalUrl } = options;
  const functionsDir = options.functionsDir ?? path.join(projectRoot, 'supabase', 'functions');
  const denoBin = options.denoBin ?? process.env.DENO_BIN ?? toolPath('deno', projectRoot);
  const denoDir = options.denoDir ?? process.env.DENO_DIR ?? denoCacheDir(projectRoot);
  const bootTimeoutMs = options.bootTimeoutMs ?? DEFAULT_BOOT_TIMEOUT_MS;
  const log =
    options.log ?? ((name: string, line: string) => process.stderr.write(`[functions:${name}] ${line}\n`));
  const configFile = path.join(projectRoot, 'supabase', 'config.toml');
  const workers = new Map<string, Worker>();
  const agent = new Agent({ keepAlive: true });
  let stopping = false;

  async function versionOf(name: string): Promise<string> {
    const files: string[] = [];
    await fingerprint(path.join(functionsDir, name), files);
    await fingerprint(path.join(functionsDir, '_shared'), files);
    for (const file of [path.join(functionsDir, '.env'), configFile]) {
      try {
        const info = await stat(file);
        files.push(`${file}:${info.mtimeMs}:${info.size}`);
      } catch {
        // absent
      }
    }
    return createHash('sha1').update(files.sort().join('\n')).digest('hex');
  }

  function verifyJwtFor(name: string): boolean {
    if (!existsSync(configFile)) return true;
    try {
      const toml = parse(readFileSync(configFile, 'utf8')) as {
        functions?: Record<string, { verify_jwt?: unknown }>;
      };
      return toml.functions?.[name]?.verify_jwt !== false;
    } catch {
      return true;
    }
  }

  function environment(version: string, entry: string): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {};
    for (const key of PASSED_THROUGH) if (process.env[key] !== undefined) env[key] = process.env[key];
    // Deno trusts its own root store; honour a local CA the way Node is told about it.
    if (!env.DENO_CERT && process.env.NODE_EXTRA_CA_CERTS) env.DENO_CERT = process.env.NODE_EXTRA_CA_CERTS;
    env.MAILPIT_URL = options.outboxUrl ?? `http://127.0.0.1:${config.outboxPort}`;
    env.SITE_URL = config.siteUrl;
    env.REDIRECT_ALLOW_LIST = config.additionalRedirectUrls.join(',');
    const dotenv = path.join(functionsDir, '.env');
    if (existsSync(dotenv)) {
      for (const [key, value] of Object.entries(parseDotenv(readFileSync(dotenv, 'utf8')))) {
        if (!key.startsWith('SUPABASE_')) env[key] = value;
      }
    }
    Object.assign(env, {
      DENO_DIR: denoDir,
      DENO_NO_PACKAGE_JSON: '1',
      DENO_NO_UPDATE_CHECK: '1',
      NO_COLOR: '1',
      SUPABASE_URL: externalUrl,
      SUPABASE_ANON_KEY: config.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
      SUPABASE_DB_URL: `postgresql://postgres:postgres@127.0.0.1:${config.dbPort}/postgres`,
      LEADTORGET_FUNCTION_ENTRY: `${pathToFileURL(entry).href}?v=${version}`,
    });
    return env;
  }

  function startWorker(name: string, version: string, entry: string): Worker {
    const folder = path.dirname(entry);
    const denoConfig = ['deno.json', 'deno.jsonc'].map((file) => path.join(folder, file)).find(existsSync);
    const args = [
      'run',
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--no-prompt',
      ...(denoConfig ? ['--config', denoConfig] : ['--no-config']),
      BOOTSTRAP,
    ];
    const child = spawn(denoBin, args, {
      cwd: folder,
      env: environment(version, entry),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let resolvePort: (port: number) => void = () => undefined;
    let rejectPort: (error: Error) => void = () => undefined;
    const port = new Promise<number>((resolve, reject) => {
      resolvePort = resolve;
      rejectPort = reject;
    });
    port.catch(() => undefined); // observed by whoever awaits it
    const timer = setTimeout(() => {
      rejectPort(new Error(`function ${name} did not start within ${bootTimeoutMs} ms`));
      child.kill('SIGKILL');
    }, bootTimeoutMs);
    const lines = (stream: NodeJS.ReadableStream | null, onLine: (line: string) => void) => {
      let buffered = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        buffered += chunk;
        const parts = buffered.split('\n');
        buffered = parts.pop() ?? '';
        for (const part of parts) onLine(part);
      });
      stream?.on('end', () => {
        if (buffered !== '') onLine(buffered);
      });
    };
    lines(child.stdout, (line) => {
      if (line.startsWith(`${READY_MARKER} `)) {
        clearTimeout(timer);
        resolvePort(Number(line.slice(READY_MARKER.length + 1)));
      } else {
        log(name, line);
      }
    });
    lines(child.stderr, (line) => log(name, line));
    const worker: Worker = { version, child, port, alive: true, exited: Promise.resolve() };
    worker.exited = new Promise<void>((resolve) => {
      child.once('error', (error) => {
        worker.alive = false;
        clearTimeout(timer);
        rejectPort(error);
        resolve();
      });
      child.once('exit', (code, signal) => {
        worker.alive = false;
        clearTimeout(timer);
        rejectPort(new Error(`function ${name} exited (${signal ?? `code ${code}`}) before it was ready`));
        if (workers.get(name) === worker) workers.delete(name);
        resolve();
      });
    });
    return worker;
  }

  async function stopWorker(worker: Worker): Promise<void> {
    if (worker.alive) {
      worker.child.kill('SIGTERM');
      const timer = setTimeout(() => worker.child.kill('SIGKILL'), 2000);
      await worker.exited;
      clearTimeout(timer);
    }
  }

  async function workerFor(name: string, entry: string): Promise<number> {
    const version = await versionOf(name);
    let worker = workers.get(name);
    if (!worker || !worker.alive || worker.version !== version) {
      if (worker) void stopWorker(worker);
      worker = startWorker(name, version, entry);
      workers.set(name, worker);
    }
    return worker.port;
  }

  function proxy(req: IncomingMessage, res: ServerResponse, port: number, target: string): void {
    const headers: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(key)) headers[key] = value;
    }
    // X-Forwarded-For already ends with the address that connected (the gateway appended it).
    headers['x-forwarded-proto'] = 'http';
    const upstream = httpRequest(
      { host: '127.0.0.1', port, method: req.method, path: target, headers, agent },
      (response) => {
        const out: Record<string, string | string[]> = {};
        for (const [key, value] of Object.entries(response.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(key)) out[key] = value;
        }
        res.writeHead(response.statusCode ?? 502, out);
        response.pipe(res);
        response.on('error', () => res.destroy());
      },
    );
    upstream.on('error', () =>
      gatewayError(res, 500, 'WORKER_ERROR', 'Function exited due to an error (please check logs)'),
    );
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  }

  const service = async (req: IncomingMessage, res: ServerResponse, pathAfterPrefix: string) => {
    try {
      const query = (req.url ?? '').includes('?') ? (req.url ?? '').slice((req.url ?? '').indexOf('?')) : '';
      const match = /^\/([^/]+)(\/.*)?$/.exec(pathAfterPrefix);
      const name = match?.[1] ?? '';
      const entry = entryOf(name);
      if (!FUNCTION_NAME.test(name) || !existsSync(entry)) {
        req.resume();
        gatewayError(res, 404, 'NOT_FOUND', 'Requested function was not found');
        return;
      }
      if (req.method !== 'OPTIONS' && verifyJwtFor(name)) {
        const authorization = req.headers.authorization ?? '';
        const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
        if (!token) {
          req.resume();
          gatewayError(res, 401, 'UNAUTHORIZED_NO_AUTH_HEADER', 'Missing authorization header');
          return;
        }
        if (!verifyJwt(token, config.jwtSecret, Math.floor(Date.now() / 1000)).ok) {
          req.resume();
          gatewayError(res, 401, 'UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT');
          return;
        }
      }
      if (stopping) {
        req.resume();
        gatewayError(res, 503, 'BOOT_ERROR', 'Functions are shutting down');
        return;
      }
      let port: number;
      try {
        port = await workerFor(name, entry);
      } catch {
        req.resume();
        gatewayError(res, 503, 'BOOT_ERROR', 'Worker failed to boot (please check logs)');
        return;
      }
      proxy(req, res, port, `/${name}${match?.[2] ?? ''}${query}`);
    } catch (error) {
      log('gateway', `functions: ${error instanceof Error ? error.message : String(error)}`);
      gatewayError(res, 500, 'WORKER_ERROR', 'Function exited due to an error (please check logs)');
    }
  };

  function entryOf(name: string): string {
    return path.join(functionsDir, name, 'index.ts');
  }

  return Object.assign(service, {
    names: () => functionNames(functionsDir),
    async boot(name: string) {
      await workerFor(name, entryOf(name));
    },
    async stop() {
      stopping = true;
      const all = [...workers.values()];
      workers.clear();
      await Promise.all(all.map(stopWorker));
      agent.destroy();
      stopping = false;
    },
    running: () => [...workers.entries()].filter(([, worker]) => worker.alive).map(([name]) => name),
  });
}
