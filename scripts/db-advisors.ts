/**
 * `npm run db:advisors` — Supabase's database advisors (the splinter lints behind the dashboard's
 * Security and Performance advisors) against a throwaway PostgreSQL 15 prepared with bootstrap and
 * supabase/migrations: `supabase db advisors --remote=<url> --type all --level info`.
 *
 * Exits 1 on any security finding, and on any performance finding not in supabase/advisors-allowlist.json
 * (each entry: the finding's cache_key and the reason it is accepted). Allow-list entries that no longer
 * match a finding are reported so the list stays short.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { postgres15Unavailable } from '../supabase/local/db/testing/pg15.ts';
import { toolPath } from '../supabase/local/tools.ts';
import { typesUnavailable } from './lib/db-types.ts';
import { seconds, startThrowawayDatabase, stopOnSignals } from './lib/throwaway-db.ts';

const run = promisify(execFile);
const ROOT = process.cwd();
const ALLOWLIST = path.join(ROOT, 'supabase', 'advisors-allowlist.json');

interface Finding {
  name: string;
  title: string;
  level: 'ERROR' | 'WARN' | 'INFO';
  categories: string[];
  detail: string;
  remediation?: string;
  cacheKey?: string;
  cache_key?: string;
}

/** One finding (`cache_key`), or every finding of a lint (`lint`, its name) where that lint is meaningless here. */
interface AllowEntry {
  cache_key?: string;
  lint?: string;
  reason: string;
}

function loadAllowlist(): AllowEntry[] {
  if (!existsSync(ALLOWLIST)) return [];
  const parsed = JSON.parse(readFileSync(ALLOWLIST, 'utf8')) as { allowed?: AllowEntry[] };
  const allowed = parsed.allowed ?? [];
  for (const entry of allowed) {
    if ((!entry.cache_key && !entry.lint) || !entry.reason?.trim()) {
      throw new Error(
        `${path.relative(ROOT, ALLOWLIST)}: every entry needs a cache_key (or lint) and a reason`,
      );
    }
  }
  return allowed;
}

async function advisors(url: string): Promise<Finding[]> {
  const { stdout } = await run(
    toolPath('supabase', ROOT),
    [
      'db',
      'advisors',
      `--remote=${url}`,
      '--type',
      'all',
      '--level',
      'info',
      '--fail-on',
      'none',
      '--output-format',
      'json',
    ],
    {
      cwd: ROOT,
      timeout: 120_000,
      maxBuffer: 32 * 1024 * 1024,
      env: { ...process.env, PGSSLMODE: 'disable' },
    },
  ).catch((error: Error & { stderr?: string }) => {
    throw new Error(
      `supabase db advisors failed: ${error.stderr?.trim() ? error.stderr.trim() : error.message}`,
      {
        cause: error,
      },
    );
  });
  const start = stdout.indexOf('{');
  if (start === -1) throw new Error(`supabase db advisors printed no JSON:\n${stdout.slice(0, 500)}`);
  const parsed = JSON.parse(stdout.slice(start)) as { results?: Finding[] | null };
  return parsed.results ?? [];
}

async function main(): Promise<number> {
  const missing = typesUnavailable(ROOT) ?? postgres15Unavailable();
  if (missing) {
    console.error(`db:advisors cannot run: ${missing}`);
    return 1;
  }
  const allowlist = loadAllowlist();
  const started = performance.now();
  const database = await startThrowawayDatabase({ engine: 'pg15' });
  const removeSignalHandlers = stopOnSignals(database);
  let findings: Finding[];
  try {
    findings = await advisors(database.url);
  } finally {
    removeSignalHandlers();
    await database.stop();
  }

  const entryKey = (entry: AllowEntry) => entry.cache_key ?? `lint:${entry.lint ?? ''}`;
  const allowed = new Map(allowlist.map((entry) => [entryKey(entry), entry.reason]));
  const used = new Set<string>();
  let failures = 0;
  for (const finding of findings) {
    const key = finding.cache_key ?? finding.cacheKey ?? finding.name;
    const security = finding.categories.includes('SECURITY');
    const byKey = allowed.get(key);
    const reason = byKey ?? allowed.get(`lint:${finding.name}`);
    const allowedBy = byKey ? key : `lint:${finding.name}`;
    let verdict: string;
    if (security) {
      verdict = 'FAIL (security)';
      failures += 1;
    } else if (reason) {
      verdict = `allowed (${allowedBy})`;
      used.add(allowedBy);
    } else {
      verdict = 'FAIL (not in the allow-list)';
      failures += 1;
    }
    const line = `${finding.level.padEnd(5)} ${finding.categories.join(',')} ${key}: ${verdict}`;
    console.log(reason && !security ? line : `${line}\n      ${finding.detail}`);
  }
  for (const entry of allowlist) {
    const reason = `${entryKey(entry)}: ${entry.reason}`;
    console.log(used.has(entryKey(entry)) ? `allowed ${reason}` : `note: unused allow-list entry ${reason}`);
  }
  console.log(
    `db:advisors: ${findings.length} findings, ${failures} failing, ${used.size} allowed (${seconds(started)}).`,
  );
  return failures > 0 ? 1 : 0;
}

main().then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    console.error(`db:advisors failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
