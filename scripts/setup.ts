/**
 * `npm run setup` (the first step of `npm test`): everything the tests need that `npm install` does not
 * bring. The project's own tools (Deno, the Supabase CLI) go into `.tools/`; the system packages
 * (Chromium for the end-to-end tests, PostgreSQL 15 with pgTAP and pg_prove for the database tests, Go
 * for the e-mail template check) come from Debian: installed with apt-get when we run as root (CI, a
 * fresh container), otherwise we stop and print the one apt-get line to run. Each check is a file
 * test, so a machine that has everything passes through in well under a second.
 *
 *   npm run setup              tools and system packages
 *   npm run setup -- deno      Deno only (what `npm start` needs), also `npm run setup:deno`
 *   npm run setup -- supabase  the Supabase CLI only, also `npm run setup:cli`
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  ensureFunctionPackages,
  ensureTool,
  ToolInstallError,
  TOOLS,
  type ToolName,
} from '../supabase/local/tools.ts';

interface SystemPackage {
  /** Debian package name. */
  name: string;
  /** What the tests use it for. */
  usedFor: string;
  /** Files that are there when it is installed (any one of each inner list). */
  provides: string[];
}

const SYSTEM_PACKAGES: SystemPackage[] = [
  { name: 'chromium', usedFor: 'the end-to-end tests', provides: ['/usr/bin/chromium'] },
  {
    name: 'postgresql-15',
    usedFor: 'the database tests (a throwaway PostgreSQL 15)',
    provides: ['/usr/lib/postgresql/15/bin/initdb', '/usr/lib/postgresql/15/bin/pg_ctl'],
  },
  { name: 'postgresql-client-15', usedFor: 'the socket client tests (psql)', provides: ['/usr/bin/psql'] },
  {
    name: 'postgresql-15-pgtap',
    usedFor: 'the database tests (pgTAP)',
    provides: ['/usr/share/postgresql/15/extension/pgtap.control'],
  },
  {
    name: 'libtap-parser-sourcehandler-pgtap-perl',
    usedFor: 'the database tests (pg_prove)',
    provides: ['/usr/bin/pg_prove'],
  },
  {
    name: 'golang-go',
    usedFor: "the e-mail templates' check against Go's html/template",
    provides: ['/usr/bin/go'],
  },
];

function missingSystemPackages(): SystemPackage[] {
  return SYSTEM_PACKAGES.filter((pkg) => !pkg.provides.every((file) => existsSync(file)));
}

function aptInstallLine(packages: SystemPackage[]): string {
  return `apt-get install -y --no-install-recommends ${packages.map((pkg) => pkg.name).join(' ')}`;
}

/** Runs apt-get quietly: its output is shown only when it fails. */
function aptGet(args: string[]): boolean {
  const result = spawnSync('apt-get', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status === 0) return true;
  console.error(`${result.stdout}${result.stderr}`.trim().split('\n').slice(-15).join('\n'));
  return false;
}

/** Installs what is missing as root; otherwise says exactly what to run. Returns false when it could not. */
function ensureSystemPackages(): boolean {
  const missing = missingSystemPackages();
  if (missing.length === 0) return true;
  const list = missing.map((pkg) => `  ${pkg.name.padEnd(40)} ${pkg.usedFor}`).join('\n');
  const hasApt = existsSync('/usr/bin/apt-get');
  if (process.getuid?.() !== 0 || !hasApt) {
    console.error(
      `The tests need these system packages:\n${list}\n` +
        (hasApt
          ? `Install them, then run the tests again:\n  sudo ${aptInstallLine(missing)}`
          : `This is not a Debian-like system: install their equivalents (on Debian: ${aptInstallLine(missing)}).`),
    );
    return false;
  }
  const started = performance.now();
  console.log(`Installing system packages for the tests (once per machine):\n${list}`);
  if (
    !aptGet(['update']) ||
    !aptGet(['install', '-y', '--no-install-recommends', ...missing.map((pkg) => pkg.name)])
  ) {
    console.error(`apt-get failed. Run it yourself, then the tests again:\n  ${aptInstallLine(missing)}`);
    return false;
  }
  const still = missingSystemPackages();
  if (still.length > 0) {
    console.error(`Still missing after apt-get: ${still.map((pkg) => pkg.name).join(', ')}.`);
    return false;
  }
  console.log(`Installed the system packages in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

async function ensureTools(names: ToolName[]): Promise<boolean> {
  for (const name of names) {
    try {
      await ensureTool(name);
      if (name === 'deno') await ensureFunctionPackages();
    } catch (error) {
      if (!(error instanceof ToolInstallError)) throw error;
      console.error(error.message);
      return false;
    }
  }
  return true;
}

async function main(): Promise<void> {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((arg) => !(arg in TOOLS));
  if (unknown.length > 0) {
    console.error(`Unknown: ${unknown.join(' ')}. Usage: npm run setup [-- ${Object.keys(TOOLS).join('|')}]`);
    process.exit(2);
  }
  const ok =
    asked.length > 0
      ? await ensureTools(asked as ToolName[])
      : (await ensureTools(Object.keys(TOOLS) as ToolName[])) && ensureSystemPackages();
  process.exit(ok ? 0 : 1);
}

await main();
