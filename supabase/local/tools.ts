/**
 * The project's own tools that npm's lockfile cannot hold: Deno (runs the edge functions) and the
 * Supabase CLI (type generation, advisors, migration checks). Both ship as npm packages that pull one
 * binary package per platform, and the registry our machines reach lacks the other platforms' ones,
 * which would leave package-lock.json unusable for `npm ci`. So they are installed on first use into
 * `.tools/<dir>` with the machine's npm, pinned here, and found there by everything else (the
 * platform, the test scripts, the tests). Once installed they are used offline.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { functionNames } from './functions/names.ts';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface ToolSpec {
  /** What a person reads in progress lines and messages. */
  title: string;
  npmPackage: string;
  version: string;
  /** Folder under `.tools/`. */
  dir: string;
  bin: string;
  /** What the project needs it for (said while installing). */
  purpose: string;
  /** The `npm run` script that installs it alone. */
  script: string;
  /** True when `--version`'s output is the pinned version. */
  isPinned(versionOutput: string): boolean;
}

export const TOOLS = {
  deno: {
    title: 'Deno',
    npmPackage: 'deno',
    version: '2.9.6',
    dir: 'deno',
    bin: 'deno',
    purpose: 'runs the edge functions',
    script: 'setup:deno',
    isPinned: (output) => output.startsWith('deno 2.9.6 '),
  },
  supabase: {
    title: 'the Supabase CLI',
    npmPackage: 'supabase',
    version: '3.1.0',
    dir: 'supabase-cli',
    bin: 'supabase',
    purpose: 'generates the database types and runs the advisors',
    script: 'setup:cli',
    isPinned: (output) => output.trim() === '3.1.0',
  },
} satisfies Record<string, ToolSpec>;

export type ToolName = keyof typeof TOOLS;

/** Where the tool's binary is (it may not be installed yet). */
export function toolPath(name: ToolName, projectRoot = PROJECT_ROOT): string {
  const tool = TOOLS[name];
  return path.join(projectRoot, '.tools', tool.dir, 'node_modules', '.bin', tool.bin);
}

/** Deno's module cache (the functions' npm: packages), kept beside the binary. */
export function denoCacheDir(projectRoot = PROJECT_ROOT): string {
  return path.join(projectRoot, '.tools', 'deno-cache');
}

/** True when the pinned version is installed and runs. */
export function toolReady(name: ToolName, projectRoot = PROJECT_ROOT): boolean {
  const bin = toolPath(name, projectRoot);
  if (!existsSync(bin)) return false;
  const result = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return result.status === 0 && TOOLS[name].isPinned(result.stdout);
}

/** Why a test that needs the tool cannot run, or undefined when it can. */
export function toolUnavailable(name: ToolName, projectRoot = PROJECT_ROOT): string | undefined {
  if (existsSync(toolPath(name, projectRoot))) return undefined;
  return `${TOOLS[name].title} is not installed: \`npm run ${TOOLS[name].script}\` installs it`;
}

export class ToolInstallError extends Error {}

export interface EnsureToolOptions {
  projectRoot?: string;
  /** Progress lines (default: stdout). */
  log?: (line: string) => void;
}

/**
 * Returns the tool's path, installing the pinned version first when it is missing: into a temporary
 * folder that replaces `.tools/<dir>` only once npm succeeded, so an interrupted install never looks
 * installed. Throws a ToolInstallError that says what failed and the command to run.
 */
export async function ensureTool(name: ToolName, options: EnsureToolOptions = {}): Promise<string> {
  const projectRoot = options.projectRoot ?? PROJECT_ROOT;
  const log = options.log ?? ((line: string) => console.log(line));
  const tool = TOOLS[name];
  const bin = toolPath(name, projectRoot);
  if (toolReady(name, projectRoot)) return bin;

  const started = performance.now();
  log(
    `Installing ${tool.title} ${tool.version} into .tools/${tool.dir} (it ${tool.purpose}; once per machine) …`,
  );
  const finalDir = path.join(projectRoot, '.tools', tool.dir);
  const stagingDir = `${finalDir}.installing`;
  rmSync(stagingDir, { recursive: true, force: true });
  mkdirSync(stagingDir, { recursive: true });
  const output = await runNpmInstall(stagingDir, `${tool.npmPackage}@${tool.version}`);
  if (output.code !== 0) {
    rmSync(stagingDir, { recursive: true, force: true });
    throw new ToolInstallError(
      `Could not install ${tool.title} ${tool.version} (it ${tool.purpose}) with npm:\n${npmFailure(output.text)}\n` +
        `Run \`npm run ${tool.script}\` once the npm registry can be reached.`,
    );
  }
  rmSync(finalDir, { recursive: true, force: true });
  renameSync(stagingDir, finalDir);
  if (!toolReady(name, projectRoot)) {
    throw new ToolInstallError(
      `${tool.title} ${tool.version} was installed into .tools/${tool.dir} but does not run on this machine. ` +
        `Remove .tools/${tool.dir} and run \`npm run ${tool.script}\`.`,
    );
  }
  log(`Installed ${tool.title} ${tool.version} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return bin;
}

/**
 * Downloads the npm: packages the edge functions import into Deno's cache, once (later starts find
 * them there and run offline). One `deno cache` for all functions, instead of every worker fetching
 * the same packages at its first start.
 */
export async function ensureFunctionPackages(options: EnsureToolOptions = {}): Promise<void> {
  const projectRoot = options.projectRoot ?? PROJECT_ROOT;
  const log = options.log ?? ((line: string) => console.log(line));
  const cacheDir = denoCacheDir(projectRoot);
  const functionsDir = path.join(projectRoot, 'supabase', 'functions');
  const entries = functionNames(functionsDir).map((name) => path.join(functionsDir, name, 'index.ts'));
  if (entries.length === 0) return;
  const firstTime = !existsSync(path.join(cacheDir, 'npm'));
  if (firstTime) log(`Downloading the edge functions' npm packages into .tools/deno-cache (once) …`);
  const result = await run(toolPath('deno', projectRoot), ['cache', '--no-config', ...entries], {
    ...process.env,
    DENO_DIR: cacheDir,
    DENO_NO_PACKAGE_JSON: '1',
    DENO_NO_UPDATE_CHECK: '1',
  });
  if (result.code !== 0) {
    const detail = result.text.trim().split('\n').slice(-6).join('\n');
    throw new ToolInstallError(
      `Could not download the edge functions' npm packages:\n${detail}\n` +
        `Run \`npm run ${TOOLS.deno.script}\` once the npm registry can be reached.`,
    );
  }
}

/** The lines of npm's error output that say what went wrong (not its stack trace or log hints). */
function npmFailure(text: string): string {
  const lines = text
    .split('\n')
    .filter((line) => /^npm error \S/.test(line))
    .map((line) => line.slice('npm error '.length))
    .filter((line) => !/^(syscall|errno|[{}]|A complete log|If you are behind)/.test(line));
  return (lines.length > 0 ? lines : text.trim().split('\n').slice(-3))
    .slice(0, 3)
    .map((line) => `  ${line}`)
    .join('\n');
}

function runNpmInstall(prefix: string, spec: string): Promise<{ code: number; text: string }> {
  // npm's own progress spinner is hidden when piped; our progress lines say what is happening.
  return run('npm', [
    'install',
    '--prefix',
    prefix,
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    spec,
  ]);
}

/** Runs a command with its output collected (for the message when it fails). */
function run(
  command: string,
  args: string[],
  env?: NodeJS.ProcessEnv,
): Promise<{ code: number; text: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', (error) => resolve({ code: 1, text: `${text}\n${error.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, text }));
  });
}
