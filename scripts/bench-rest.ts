/**
 * Benchmarks the embedded data API (/rest/v1): an in-memory test platform with the project's
 * migrations and seed, signed in as the seeded ola@fjordror.no, then N requests per scenario with
 * a fixed concurrency through fetch (from a worker thread). Prints requests/s and p50/p95 latency; asserts nothing.
 *
 *   npm run bench:rest [-- --requests 2000 --concurrency 8]
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { prepareDatabase } from '../supabase/local/db/prepare.ts';
import { ANON_KEY } from '../supabase/local/keys.ts';
import { anonClient } from '../supabase/local/testing/auth-helpers.ts';
import { startTestPlatform } from '../supabase/local/testing/test-platform.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const REQUESTS = option('requests', 2000);
const CONCURRENCY = option('concurrency', 8);
const WARMUP = Math.min(100, REQUESTS);

interface Scenario {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

/**
 * The load generator runs in a worker thread so that the client's own HTTP work does not share the
 * event loop with the platform (PGlite runs on the main thread): closer to a separate client process.
 */
const LOAD_GENERATOR = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, total, concurrency } = workerData;
(async () => {
  const latencies = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      next += 1;
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status !== 200) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  parentPort.postMessage({ seconds: (performance.now() - started) / 1000, latencies, errors });
})();
`;

async function run(
  url: string,
  headers: Record<string, string>,
  scenario: Scenario,
  total: number,
): Promise<{ rps: number; p50: number; p95: number; errors: number }> {
  const worker = new Worker(LOAD_GENERATOR, {
    eval: true,
    workerData: {
      url: `${url}/rest/v1/${scenario.path}`,
      headers: { ...headers, ...scenario.headers },
      total,
      concurrency: CONCURRENCY,
    },
  });
  const result = await new Promise<{ seconds: number; latencies: number[]; errors: number }>(
    (resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  await worker.terminate();
  const latencies = [...result.latencies].sort((a, b) => a - b);
  return {
    rps: total / result.seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    errors: result.errors,
  };
}

async function main(): Promise<void> {
  const platform = await startTestPlatform();
  try {
    await prepareDatabase(platform.db, { projectRoot: PROJECT_ROOT });
    const client = anonClient(platform);
    const { data, error } = await client.auth.signInWithPassword({
      email: 'ola@fjordror.no',
      password: 'Demo-passord-1!',
    });
    if (error || !data.session) throw error ?? new Error('no session');
    const uid = data.session.user.id;
    const { rows } = await platform.db.query<{ id: string }>(
      'select organization_id::text as id from public.organizations_members where member_id = $1 limit 1',
      [uid],
    );
    const org = rows[0]?.id;
    if (!org) throw new Error('the seeded user has no organization');
    const headers = { apikey: ANON_KEY, Authorization: `Bearer ${data.session.access_token}` };
    const scenarios: Scenario[] = [
      {
        name: 'single-row select',
        path: `organizations?id=eq.${org}&select=id,name`,
        headers: { Accept: 'application/vnd.pgrst.object+json' },
      },
      {
        name: 'embedded select',
        path: `organizations_members?select=organization_id,role,organization:organizations(id,name)&member_id=eq.${uid}`,
      },
    ];
    console.log(`data API benchmark: ${REQUESTS} requests per scenario, concurrency ${CONCURRENCY}`);
    for (const scenario of scenarios) {
      await run(platform.url, headers, scenario, WARMUP);
      const r = await run(platform.url, headers, scenario, REQUESTS);
      console.log(
        `${scenario.name.padEnd(20)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms${r.errors ? `  (${r.errors} non-200)` : ''}`,
      );
    }
  } finally {
    await platform.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
