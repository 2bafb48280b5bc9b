/**
 * public.buy_lead throughput and latency on a throwaway PostgreSQL 15 (the goal: ≥ 5,000 purchases/s at
 * 32 buyers, p95 ≤ 20 ms; docs/lead-marketplace.md «Benchmark»).
 *
 *   npm run bench:buy-lead                 # PostgreSQL's durable defaults (fsync, full_page_writes, synchronous_commit on)
 *   npm run bench:buy-lead -- --no-fsync   # the throwaway test server's fsync=off, full_page_writes=off
 *   npm run bench:buy-lead -- --pool 8     # the buyers share 8 connections (as through PostgREST's pool)
 *
 * Bootstrap + supabase/migrations, then purchases at 1, 8, 32 and 64 concurrent buyers in two shapes:
 * - random organizations: 2,000 buyer organizations, listings with 100 slots; each purchase a random
 *   (listing, organization) pair never used before — contention only where two buyers meet by chance;
 * - same organization: one organization buys distinct listings — every purchase updates the same
 *   balance row, so they queue on it (the worst case for the ledger).
 * Each purchase is one `begin; set local role authenticated; set_config(claims); select buy_lead(…);
 * commit` round trip from a `pg` pool of `concurrency` connections, or at most n with `--pool n`
 * (tests/integration/db/buy-lead-load.ts); latency counts from the request, any wait for a
 * connection included. The client's own CPU per purchase is printed too (it shares the cores).
 * Prints purchases/s and p50/p95/p99 per level, and the server settings that decide commit cost.
 * Goal: ≥ 5,000 purchases/s at 32 concurrent buyers, p95 ≤ 20 ms. Figures only; never fails on them.
 */
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { bootstrapDatabase } from '../supabase/local/db/bootstrap.ts';
import { applyMigrations } from '../supabase/local/db/migrate.ts';
import { openPg } from '../supabase/local/db/pg.ts';
import { startPostgres15 } from '../supabase/local/db/testing/pg15.ts';
import {
  buyAs,
  id,
  INVARIANTS_SQL,
  runConcurrently,
  seedSql,
  type BuyOutcome,
} from '../tests/integration/db/buy-lead-load.ts';

const LEVELS = [1, 8, 32, 64];
const PURCHASES: Record<number, number> = { 1: 2_000, 8: 6_000, 32: 10_000, 64: 10_000 };
const WARM_UP = 500;
const ORGS = 2_000;
const SAME_ORG = 1; // organization 1 buys alone in the same-organization shape
const RANDOM_SLOTS = 100; // max_buyers of the random-shape listings

const durable = !process.argv.includes('--no-fsync');
const poolAt = process.argv.indexOf('--pool');
const POOL =
  poolAt >= 0 && Number(process.argv[poolAt + 1]) > 0 ? Number(process.argv[poolAt + 1]) : undefined;

/** The purchase's latency as the buyer sees it: from the request, including any wait for a connection. */
async function timed(buy: () => Promise<BuyOutcome>): Promise<BuyOutcome> {
  const started = performance.now();
  const outcome = await buy();
  return { ...outcome, ms: performance.now() - started };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** Listings first..last (lead n ↔ listing n) of the seller, `slots` buyers each, 1 ticket. */
function listingsSql(first: number, last: number, slots: number): string {
  return `
insert into public.leads (id, organization_id, name, email, phone, category, area, consent)
select ('0000000d-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, '0000000b-0000-4000-8000-000000000000',
       'Kunde ' || n, 'kunde' || n || '@example.no', '+4790' || lpad(n::text, 6, '0'), 'Bad', 'Oslo', true
from generate_series(${first}, ${last}) as n;
insert into public.advertised_leads (id, lead_id, marketplace_id, organization_id, title, price_tickets, max_buyers)
select ('0000000e-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, ('0000000d-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
       '0000000c-0000-4000-8000-000000000000', '0000000b-0000-4000-8000-000000000000', 'Oppdrag ' || n, 1, ${slots}
from generate_series(${first}, ${last}) as n;`;
}

interface Purchase {
  org: number;
  listing: number;
}

async function runLevel(url: string, concurrency: number, purchases: Purchase[]) {
  // `--pool n`: at most n connections, as PostgREST's own pool (db-pool, 10 by default) or a
  // transaction-mode pooler would give the buyers; latency then includes the wait for a connection.
  const connections = Math.min(concurrency, POOL ?? concurrency);
  const pool = new pg.Pool({ connectionString: url, max: connections });
  pool.on('error', () => undefined);
  // open the connections before timing
  const clients = await Promise.all(Array.from({ length: connections }, () => pool.connect()));
  for (const client of clients) client.release();
  const tasks = purchases.map(
    (p) => () =>
      timed(() =>
        buyAs(pool, id('user', p.org), id('org', p.org), id('lead', p.listing), id('listing', p.listing)),
      ),
  );
  const started = performance.now();
  const cpu = process.cpuUsage();
  const outcomes: BuyOutcome[] = await runConcurrently(tasks, concurrency);
  const seconds = (performance.now() - started) / 1000;
  const client = process.cpuUsage(cpu);
  await pool.end();
  const failed = outcomes.filter((o) => !o.ok);
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  return {
    rate: (outcomes.length - failed.length) / seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    failed: failed.length,
    // the benchmark's own CPU (node + pg client) per purchase: it shares the cores with the server
    clientUs: (client.user + client.system) / outcomes.length,
    codes: [...new Set(failed.map((o) => o.code))].join(', '),
  };
}

async function main() {
  const server = await startPostgres15({ durable });
  const db = openPg(server.url, { max: 1 });
  try {
    await bootstrapDatabase(db);
    await applyMigrations(db, path.join(process.cwd(), 'supabase', 'migrations'));

    // Purchase plans per level (+ warm-up): random pairs never repeated, and the same-organization run.
    const randomTotal = WARM_UP + LEVELS.reduce((sum, level) => sum + (PURCHASES[level] ?? 0), 0);
    const sameTotal = randomTotal;
    const randomListings = Math.ceil((randomTotal * 1.2) / RANDOM_SLOTS) + 1;
    const started = performance.now();
    await db.exec(seedSql({ buyers: ORGS, tickets: 1_000_000 }));
    await db.exec(listingsSql(1, randomListings, RANDOM_SLOTS));
    await db.exec(listingsSql(100_001, 100_000 + sameTotal, 1));
    await db.exec('analyze');
    // write the seed out now, so no checkpoint of it competes with the timed commits
    await db.exec('checkpoint');
    console.log(
      `seeded ${ORGS} organizations, ${randomListings + sameTotal} listings in ${(performance.now() - started).toFixed(0)} ms`,
    );

    // random: each listing's slots go to distinct random organizations; all pairs shuffled together
    const randomPairs: Purchase[] = [];
    for (let listing = 1; listing <= randomListings; listing += 1) {
      const orgs = shuffle(Array.from({ length: ORGS }, (_, i) => i + 1)).slice(0, RANDOM_SLOTS);
      for (const org of orgs) randomPairs.push({ org, listing });
    }
    shuffle(randomPairs);
    const sameOrg: Purchase[] = Array.from({ length: sameTotal }, (_, i) => ({
      org: SAME_ORG,
      listing: 100_001 + i,
    }));

    const settings = await db.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings
       where name in ('fsync', 'synchronous_commit', 'full_page_writes', 'wal_level', 'shared_buffers', 'max_connections', 'commit_delay', 'wal_sync_method')
       order by name`,
    );
    const version = await db.query<{ version: string }>('select version()');
    console.log(
      `\n${version.rows[0]?.version}; ${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(`server settings: ${settings.rows.map((r) => `${r.name}=${r.setting}`).join(', ')}`);
    console.log(
      `client: node ${process.version}, pg pool of ${POOL ? `min(buyers, ${POOL})` : '<buyers>'} connections, one round trip per purchase\n`,
    );

    const shapes: [string, Purchase[]][] = [
      ['random organizations', randomPairs],
      ['same organization', sameOrg],
    ];
    for (const [name, plan] of shapes) {
      let next = 0;
      const take = (n: number) => plan.slice(next, (next += n));
      await runLevel(server.url, 8, take(WARM_UP));
      console.log(`== ${name}`);
      console.log('   buyers   purchases/s      p50 ms   p95 ms   p99 ms   client µs   errors');
      for (const level of LEVELS) {
        const r = await runLevel(server.url, level, take(PURCHASES[level] ?? 0));
        console.log(
          `   ${String(level).padStart(6)}   ${r.rate.toFixed(0).padStart(11)}   ${r.p50.toFixed(2).padStart(9)}   ${r.p95
            .toFixed(2)
            .padStart(
              6,
            )}   ${r.p99.toFixed(2).padStart(6)}   ${r.clientUs.toFixed(0).padStart(9)}   ${r.failed}${r.codes ? ` (${r.codes})` : ''}`,
        );
      }
    }

    const invariants = await db.query(INVARIANTS_SQL);
    console.log(`\ninvariants after the run: ${JSON.stringify(invariants.rows[0])} (all must be 0)`);
    console.log(
      `load average at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log('goal: ≥ 5,000 purchases/s at 32 buyers, p95 ≤ 20 ms');
  } finally {
    await db.close();
    await server.stop();
  }
}

await main();
