/**
 * The lead list and marketplace listing queries at volume, as a member through RLS (issue 4 "Done means").
 *
 *   npx tsx scripts/bench-leads-db.ts            # prints p50/p95 per query and one EXPLAIN ANALYZE each
 *
 * On a throwaway PostgreSQL 15 (bootstrap + supabase/migrations): 4 organizations, 3 marketplaces,
 * 100,000 leads and 10,000 listings generated in SQL, then 200 timed runs of each query in its own
 * transaction with `set local role authenticated` and the member's JWT claims, as PostgREST runs them.
 * Budget: p95 ≤ 20 ms (server-side execution plus one round trip on localhost).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { bootstrapDatabase } from '../supabase/local/db/bootstrap.ts';
import { applyMigrations } from '../supabase/local/db/migrate.ts';
import { openPg } from '../supabase/local/db/pg.ts';
import { startPostgres15 } from '../supabase/local/db/testing/pg15.ts';

const RUNS = 200;
const BUDGET_MS = 20;
const LEADS = 100_000;
const LISTINGS = 10_000;

const SEED_SQL = `
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', ('00000000-0000-4000-8000-00000000000' || n)::uuid, 'authenticated', 'authenticated',
       'bench' || n || '@example.no', '', now(), '{"provider":"email"}', '{}', now(), now()
from generate_series(1, 5) as n;

-- organizations 1..4, owned by users 1..4; user 5 owns the marketplaces
insert into public.organizations (id, name, owner_id)
select ('aaaaaaaa-0000-4000-8000-00000000000' || n)::uuid, 'Bench ' || n, ('00000000-0000-4000-8000-00000000000' || n)::uuid
from generate_series(1, 4) as n;

insert into public.marketplaces (id, owner_id, name)
select ('11111111-0000-4000-8000-00000000000' || n)::uuid, '00000000-0000-4000-8000-000000000005', 'Marked ' || n
from generate_series(1, 3) as n;

-- every organization in marketplaces 1 and 2; organization 1 also in 3
insert into public.marketplaces_organizations (marketplace_id, organization_id)
select ('11111111-0000-4000-8000-00000000000' || m)::uuid, ('aaaaaaaa-0000-4000-8000-00000000000' || o)::uuid
from generate_series(1, 2) as m, generate_series(1, 4) as o
union all select '11111111-0000-4000-8000-000000000003', 'aaaaaaaa-0000-4000-8000-000000000001';

insert into public.leads (organization_id, source, status, name, email, phone, postal_code, city, company, category, area, created_at)
select ('aaaaaaaa-0000-4000-8000-00000000000' || (1 + n % 4))::uuid,
       (enum_range(null::public.lead_source))[1 + n % 9],
       (enum_range(null::public.lead_status))[1 + (n / 7) % 5],
       'Kunde ' || n, 'kunde' || n || '@example.no', '+479' || lpad((n % 10000000)::text, 7, '0'),
       lpad((n % 10000)::text, 4, '0'), 'By ' || n % 50, case when n % 3 = 0 then 'Firma ' || n end,
       (array['Bad', 'Tak', 'Maling', 'Elektro', 'Rør'])[1 + n % 5], 'Område ' || n % 20,
       now() - make_interval(secs => n * 60)
from generate_series(1, ${LEADS}) as n;

-- 10,000 listings of the newest leads over marketplaces 1..3 (3 only for organization 1, the one member)
-- and statuses (60 % active, a tenth of them expired)
insert into public.advertised_leads (lead_id, marketplace_id, organization_id, title, category, area, price_tickets, max_buyers, status, expires_at, created_at)
select l.id,
       ('11111111-0000-4000-8000-00000000000' || case when l.organization_id = 'aaaaaaaa-0000-4000-8000-000000000001' then 1 + l.n % 3 else 1 + l.n % 2 end)::uuid,
       l.organization_id, 'Oppdrag ' || l.n, l.category, l.area, 1 + l.n % 3, 1 + l.n % 3,
       (array['active', 'active', 'active', 'paused', 'withdrawn'])[1 + l.n % 5],
       now() + make_interval(days => case when l.n % 10 = 0 then -1 else 30 end),
       now() - make_interval(secs => l.n * 60)
from (select id, organization_id, category, area, row_number() over (order by created_at desc) as n from public.leads) as l
where l.n <= ${LISTINGS};

analyze;
`;

/** As PostgREST runs ?select=*&…&order=created_at.desc&limit=50 with Prefer: count=exact: one statement, the count and the page as separate scans. */
const LISTING_QUERY = `
select
  (select count(*) from public.advertised_leads a
   where a.marketplace_id = $1 and a.status = 'active' and a.expires_at > now()) as total,
  (select coalesce(json_agg(p), '[]') from (
     select a.* from public.advertised_leads a
     where a.marketplace_id = $1 and a.status = 'active' and a.expires_at > now()
     order by a.created_at desc, a.id desc limit 50
   ) as p) as rows`;

const LEADS_QUERY = `
select
  (select count(*) from public.leads l where l.organization_id = $1 and l.status = $2) as total,
  (select coalesce(json_agg(p), '[]') from (
     select l.* from public.leads l
     where l.organization_id = $1 and l.status = $2
     order by l.created_at desc, l.id desc limit 50
   ) as p) as rows`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function main() {
  const server = await startPostgres15();
  const db = openPg(server.url, { max: 1 });
  try {
    await bootstrapDatabase(db);
    await applyMigrations(db, path.join(process.cwd(), 'supabase', 'migrations'));
    let started = performance.now();
    await db.exec(SEED_SQL);
    const counts = await db.query<{ leads: number; listings: number }>(
      'select (select count(*)::int from public.leads) as leads, (select count(*)::int from public.advertised_leads) as listings',
    );
    console.log(
      `seeded ${counts.rows[0]?.leads} leads, ${counts.rows[0]?.listings} listings in ${(performance.now() - started).toFixed(0)} ms`,
    );

    // a plain member of organization 2 (created as owner by the trigger: make them a member too)
    const member = '00000000-0000-4000-8000-000000000002';
    const claims = JSON.stringify({
      sub: member,
      role: 'authenticated',
      aud: 'authenticated',
      app_metadata: {},
    });
    const organization = 'aaaaaaaa-0000-4000-8000-000000000002';
    const marketplace = '11111111-0000-4000-8000-000000000001';

    const cases = [
      {
        name: 'marketplace listings (active, newest first, limit 50, count)',
        sql: LISTING_QUERY,
        params: [marketplace],
      },
      {
        name: 'leads list (organization, status=new, newest first, limit 50, count)',
        sql: LEADS_QUERY,
        params: [organization, 'new'],
      },
    ];
    let over = false;
    for (const c of cases) {
      const asMember = async <T>(
        work: (q: (sql: string, params?: unknown[]) => Promise<{ rows: T[] }>) => Promise<unknown>,
      ) =>
        db.transaction(async (tx) => {
          await tx.query(
            "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
            [claims],
          );
          return work((sql, params) => tx.query<T>(sql, params));
        });
      const plan = (await asMember<{ 'QUERY PLAN': string }>((q) =>
        q(`explain (analyze, buffers, costs off) ${c.sql}`, c.params),
      )) as { rows: { 'QUERY PLAN': string }[] };
      const first = (await asMember<{ total: number; rows: unknown[] }>((q) => q(c.sql, c.params))) as {
        rows: { total: number; rows: unknown[] }[];
      };
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        await asMember(async (q) => {
          started = performance.now();
          await q(c.sql, c.params);
          times.push(performance.now() - started);
        });
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      over ||= p95 > BUDGET_MS;
      console.log(`\n== ${c.name}: total ${first.rows[0]?.total}, page ${first.rows[0]?.rows.length}`);
      console.log(
        `   p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms over ${RUNS} runs (budget p95 ≤ ${BUDGET_MS} ms)`,
      );
      console.log(plan.rows.map((row) => `   ${row['QUERY PLAN']}`).join('\n'));
    }
    if (over) {
      console.error(`\np95 over budget (${BUDGET_MS} ms)`);
      process.exitCode = 1;
    }
  } finally {
    await db.close();
    await server.stop();
  }
}

await main();
