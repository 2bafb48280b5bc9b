/**
 * /lifetimevalue at volume (the goal: ≤ 300 ms per function at 100,000 orders and 50,000 leads), as a
 * member, with the calls the screen makes.
 *
 *   npm run bench:ltv                   # PostgreSQL 15 (what hosted Supabase runs)
 *   npm run bench:ltv -- --pglite       # the embedded platform's PGlite
 *   npm run bench:ltv -- --runs 50      # timed runs per function (default 20)
 *   npm run -s bench:ltv -- --print-seed > seed.sql   # the data only, to EXPLAIN against by hand
 *
 * A throwaway database brought to the migrations (scripts/lib/throwaway-db.ts, as bench:leads): a
 * scratch organization with 50,000 leads over the sources, 40,000 participants, 100,000 paid orders over
 * two years (a third with a second line at another MVA rate, one in ten an upsell, one in twenty half
 * refunded, one in fifty fully refunded), 5,000 revenue entries, and 2,000 leads bought from a second
 * organization, 1,000 of them with revenue. The orders are inserted as the checkout writes them, so the
 * triggers that keep private.customer_purchases run too (the load time is printed).
 *
 * Each call runs in its own transaction as PostgREST runs it (`role authenticated`, the member's JWT
 * claims); the statement is timed from the client. The last 365 days unless the name says two years (every
 * customer is new then). Figures only: exits 1 only when a call fails.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { startThrowawayDatabase } from './lib/throwaway-db.ts';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const RUNS = option('runs', 20);
const ENGINE = process.argv.includes('--pglite') ? 'pglite' : 'pg15';
const BUDGET_MS = 300;
const LEADS = 50_000;
const PARTICIPANTS = 40_000;
const ORDERS = 100_000;
const ENTRIES = 5_000;
const BOUGHT = 2_000;

const ORG = 'bbbbbbbb-0000-4000-8000-000000000001';
const SELLER = 'bbbbbbbb-0000-4000-8000-000000000002';
const MEMBER = 'cccccccc-0000-4000-8000-000000000001';
const MARKETPLACE = 'dddddddd-0000-4000-8000-000000000001';

// Days back from today: orders and entries over two years, leads over the same span.
const SEED_SQL = `
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', ('cccccccc-0000-4000-8000-00000000000' || n)::uuid, 'authenticated', 'authenticated',
       'ltv-bench' || n || '@example.no', '', now(), '{"provider":"email"}', '{}', now(), now()
from generate_series(1, 2) as n;

insert into public.organizations (id, name, owner_id) values
  ('${ORG}'::uuid, 'Bench LTV', '${MEMBER}'),
  ('${SELLER}'::uuid, 'Bench selger', 'cccccccc-0000-4000-8000-000000000002');

insert into public.marketplaces (id, owner_id, name) values ('${MARKETPLACE}'::uuid, 'cccccccc-0000-4000-8000-000000000002', 'Benchtorget');
insert into public.marketplaces_ticket_packs (marketplace_id, tickets, price_ore) values ('${MARKETPLACE}'::uuid, 10, 50000);

insert into public.campaigns (id, organization_id, kind, name)
select ('eeeeeeee-0000-4000-8000-0000000000' || lpad(n::text, 2, '0'))::uuid, '${ORG}'::uuid,
       (array['calendar', 'competition', 'form', 'popup', 'checkout', 'booking'])[1 + n % 6], 'Kampanje ' || n
from generate_series(1, 24) as n;

insert into public.leads (id, organization_id, source, campaign_id, name, email, phone, created_at)
select ('ffffffff-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, '${ORG}'::uuid, s.source,
       (select c.id from public.campaigns as c where c.organization_id = '${ORG}'::uuid and c.kind = s.source
        order by c.id offset n % 4 limit 1),
       'Kunde ' || n, 'kunde' || n || '@example.no', '+479' || lpad(n::text, 7, '0'),
       now() - make_interval(days => 730 - (n * 730 / ${LEADS}))
from generate_series(1, ${LEADS}) as n
cross join lateral (select (array['import', 'form', 'popup', 'calendar', 'competition', 'checkout', 'booking', 'manual'])[1 + n % 8] as source) as s;

insert into public.participants (id, organization_id, email, lead_id)
select ('99999999-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, '${ORG}'::uuid, 'kunde' || n || '@example.no',
       ('ffffffff-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid
from generate_series(1, ${PARTICIPANTS}) as n;

-- Order n belongs to participant 1 + (n * 7919) % 40000 (each buys two or three times), paid between
-- two years ago and today.
insert into public.orders (id, organization_id, number, participant_id, parent_order_id, status, subtotal_ore, total_ore,
  refunded_ore, idempotency_key, access_token_sha256, expires_at, paid_at)
select ('88888888-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, '${ORG}'::uuid, 1000 + n,
       ('99999999-0000-4000-8000-' || lpad((1 + (n * 7919) % ${PARTICIPANTS})::text, 12, '0'))::uuid,
       case when n % 10 = 0 then ('88888888-0000-4000-8000-' || lpad((n - 1)::text, 12, '0'))::uuid end,
       case when n % 50 = 0 then 'refunded' else 'paid' end,
       t.total, t.total, case when n % 50 = 0 then t.total when n % 20 = 0 then t.total / 2 else 0 end,
       'ltv-bench:' || n, repeat('a', 64), now(),
       now() - make_interval(days => (n * 7) % 730)
from generate_series(1, ${ORDERS}) as n
cross join lateral (select 10000 + (n % 97) * 1000 + case when n % 3 = 0 then 5000 else 0 end as total) as t;

insert into public.order_items (order_id, organization_id, description, quantity, unit_price_ore, vat_rate)
select ('88888888-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, '${ORG}'::uuid, 'Vare', 1, 10000 + (n % 97) * 1000, 25
from generate_series(1, ${ORDERS}) as n
union all
select ('88888888-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, '${ORG}'::uuid, 'Tillegg', 1, 5000, 12
from generate_series(3, ${ORDERS}, 3) as n;

insert into public.revenue_entries (organization_id, lead_id, occurred_on, amount_ore, vat_rate, kind)
select '${ORG}'::uuid, ('ffffffff-0000-4000-8000-' || lpad((${PARTICIPANTS} + 1 + n % 5000)::text, 12, '0'))::uuid,
       current_date - (n * 13) % 700, 20000 + (n % 50) * 1000, (array[0, 12, 15, 25])[1 + n % 4], 'manual'
from generate_series(1, ${ENTRIES}) as n;

insert into public.leads (id, organization_id, source, name, email, consent, created_at)
select ('77777777-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, '${SELLER}'::uuid, 'form', 'Solgt ' || n,
       'solgt' || n || '@example.no', true, now() - make_interval(days => 400)
from generate_series(1, ${BOUGHT}) as n;
insert into public.advertised_leads (id, lead_id, marketplace_id, organization_id, title, category, price_tickets, max_buyers, buyers_count, status)
select ('66666666-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, ('77777777-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
       '${MARKETPLACE}'::uuid, '${SELLER}'::uuid, 'Oppdrag ' || n, (array['Bad', 'Tak', 'Maler', 'Elektriker', 'Rørlegger'])[1 + n % 5],
       1 + n % 3, 1, 1, 'sold_out'
from generate_series(1, ${BOUGHT}) as n;
insert into public.leads_purchases (lead_id, advertised_lead_id, organization_id, paid_with, price_tickets, created_at, completed_at)
select ('77777777-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, ('66666666-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
       '${ORG}'::uuid, 'tickets', 1 + n % 3, now() - make_interval(days => 1 + n % 360), now() - make_interval(days => 1 + n % 360)
from generate_series(1, ${BOUGHT}) as n;
insert into public.revenue_entries (organization_id, lead_id, occurred_on, amount_ore, vat_rate, kind)
select '${ORG}'::uuid, ('77777777-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, current_date - n % 300, 150000, 25, 'manual'
from generate_series(1, ${BOUGHT}, 2) as n;

analyze;
`;

const CALLS: Record<string, string> = {
  lifetime_value_report: `select public.lifetime_value_report('${ORG}'::uuid, current_date - 365, current_date)`,
  'lifetime_value_report (inkl. mva, source form)': `select public.lifetime_value_report('${ORG}'::uuid, current_date - 365, current_date, 'form', null, true)`,
  'lifetime_value_report (two years: every customer)': `select public.lifetime_value_report('${ORG}'::uuid, current_date - 730, current_date)`,
  // Ends before many customers' last purchase: their revenue is added up from the purchases.
  'lifetime_value_report (two years to 100 days ago)': `select public.lifetime_value_report('${ORG}'::uuid, current_date - 830, current_date - 100)`,
  lifetime_value_cohorts: `select public.lifetime_value_cohorts('${ORG}'::uuid, current_date - 365, current_date)`,
  'lifetime_value_cohorts (first_touch)': `select public.lifetime_value_cohorts('${ORG}'::uuid, current_date - 365, current_date, 'first_touch')`,
  'lifetime_value_cohorts (two years)': `select public.lifetime_value_cohorts('${ORG}'::uuid, current_date - 730, current_date)`,
  lifetime_value_customers: `select public.lifetime_value_customers('${ORG}'::uuid, current_date - 365, current_date)`,
  'lifetime_value_customers (search)': `select public.lifetime_value_customers('${ORG}'::uuid, current_date - 365, current_date, input_search => 'kunde12')`,
  'lifetime_value_customers (two years)': `select public.lifetime_value_customers('${ORG}'::uuid, current_date - 730, current_date)`,
  lifetime_value_marketplace: `select public.lifetime_value_marketplace('${ORG}'::uuid, current_date - 365, current_date)`,
};

const CLAIMS = JSON.stringify({ sub: MEMBER, role: 'authenticated', aud: 'authenticated' });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function main() {
  let started = performance.now();
  const database = await startThrowawayDatabase({ engine: ENGINE });
  try {
    console.log(`${ENGINE}: migrated in ${(performance.now() - started).toFixed(0)} ms`);
    started = performance.now();
    await database.db.exec(SEED_SQL);
    // What autovacuum does after a bulk load: the triggers rewrote each customer's totals row per line.
    await database.db.query('vacuum analyze');
    const counts = await database.db.query(
      `select (select count(*) from public.orders) as orders, (select count(*) from public.leads) as leads,
              (select count(*) from private.customer_purchases) as facts,
              (select count(*) from private.customer_totals) as customers`,
    );
    console.log(
      `seeded ${JSON.stringify(counts.rows[0])} in ${(performance.now() - started).toFixed(0)} ms; ` +
        `${RUNS} timed runs per function; load average ${loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
    );
    // The machine's pace, to scale the figures: a million-row count, median of five.
    const pace: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const begun = performance.now();
      await database.db.query('select count(*) from generate_series(1, 1000000)');
      pace.push(performance.now() - begun);
    }
    pace.sort((a, b) => a - b);
    console.log(
      `pace: select count(*) from generate_series(1, 1000000) takes ${percentile(pace, 50).toFixed(0)} ms`,
    );
    for (const [name, sql] of Object.entries(CALLS)) {
      const times: number[] = [];
      for (let run = 0; run < RUNS + 1; run += 1) {
        const elapsed = await database.db.transaction(async (tx) => {
          await tx.query(
            `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
            [CLAIMS],
          );
          const begun = performance.now();
          await tx.query(sql);
          return performance.now() - begun;
        });
        if (run > 0) times.push(elapsed); // the first run warms the caches and plans
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      const mark = p95 <= BUDGET_MS ? 'ok' : 'OVER';
      console.log(
        `${name.padEnd(52)} p50 ${p50.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  ${mark}`,
      );
    }
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await database.stop();
  }
}

if (process.argv.includes('--print-seed')) console.log(SEED_SQL);
else await main();
