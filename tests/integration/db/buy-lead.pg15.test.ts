/**
 * public.buy_lead under concurrency on a real PostgreSQL 15 server (no oversell, docs/lead-marketplace.md): bootstrap +
 * supabase/migrations on a throwaway server, then many sessions buying at once, each as its buyer
 * (role authenticated + JWT claims). After every race: the ledger sums to the balances, no balance is
 * negative, every listing's buyers_count equals its purchases.
 */
import type pg from 'pg';
import { postgres15Unavailable } from '../../../supabase/local/db/testing/pg15.ts';
import { buyAs, id, INVARIANTS_SQL, listingsSql, runConcurrently, seedSql } from './buy-lead-load.ts';
import { startMigratedPostgres15, type MigratedPostgres15 } from './migrated-pg15.ts';

const unavailable = postgres15Unavailable();
if (unavailable) console.warn(`Skipping the buy_lead concurrency tests: ${unavailable}.`);

const RACERS = 64;
const RICH = RACERS + 1; // organization (and user) 65: the one with 100 tickets

describe.skipIf(unavailable)('buy_lead under concurrency (PostgreSQL 15)', () => {
  let database: MigratedPostgres15 | undefined;
  let pool: pg.Pool;

  const scalar = async <T>(sql: string): Promise<T> => {
    const result = await pool.query(sql);
    return Object.values(result.rows[0] as Record<string, unknown>)[0] as T;
  };

  const expectInvariants = async () => {
    const { rows } = await pool.query(INVARIANTS_SQL);
    expect(rows[0]).toEqual({ ledger_mismatches: 0, negative_balances: 0, slot_mismatches: 0 });
  };

  beforeAll(async () => {
    database = await startMigratedPostgres15(
      [
        seedSql({ buyers: RICH, tickets: 5 }),
        // organization 65: 100 tickets
        `select private.change_balance('${id('org', RICH)}', 95, 0, 'adjustment')`,
        listingsSql({ first: 1, last: 1, maxBuyers: 3 }),
        listingsSql({ first: 2, last: 2, maxBuyers: 3 }),
        listingsSql({ first: 3, last: 3, maxBuyers: 3 }),
        listingsSql({ first: 1001, last: 1500, maxBuyers: 1 }),
      ],
      RACERS,
    );
    pool = database.pool;
  }, 120_000);

  afterAll(async () => {
    await database?.stop();
  });

  it('64 organizations race for one listing with max_buyers = 3: exactly 3 purchases', async () => {
    const tasks = Array.from(
      { length: RACERS },
      (_, i) => () => buyAs(pool, id('user', i + 1), id('org', i + 1), id('lead', 1), id('listing', 1)),
    );
    const outcomes = await runConcurrently(tasks, RACERS);

    const won = outcomes.filter((o) => o.ok);
    expect(won).toHaveLength(3);
    expect(won.every((o) => o.result?.status === 'completed' && o.result.balance?.tickets === 4)).toBe(true);
    const codes = new Set(outcomes.filter((o) => !o.ok).map((o) => o.code));
    expect([...codes]).toEqual(['lead-not-available']);

    expect(
      await scalar<string>(`select status from public.advertised_leads where id = '${id('listing', 1)}'`),
    ).toBe('sold_out');
    expect(
      await scalar<number>(
        `select count(*)::int from public.leads_purchases where lead_id = '${id('lead', 1)}'`,
      ),
    ).toBe(3);
    // the 61 losers paid nothing
    expect(
      await scalar<number>(
        `select count(*)::int from public.organizations_payments where id <> '${id('org', RICH)}' and id <> '${id('org', 0)}' and tickets = 5`,
      ),
    ).toBe(RACERS - 3);
    await expectInvariants();
  });

  it('one organization races 64 ways for the same listing: one purchase, the rest lead-already-bought', async () => {
    const tasks = Array.from(
      { length: RACERS },
      () => () => buyAs(pool, id('user', 10), id('org', 10), id('lead', 2), id('listing', 2)),
    );
    const outcomes = await runConcurrently(tasks, RACERS);

    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(new Set(outcomes.filter((o) => !o.ok).map((o) => o.code))).toEqual(
      new Set(['lead-already-bought']),
    );
    expect(
      await scalar<number>(
        `select buyers_count from public.advertised_leads where id = '${id('listing', 2)}'`,
      ),
    ).toBe(1);
    await expectInvariants();
  });

  it('one organization with 100 tickets races 64 ways for 500 listings: exactly 100 purchases and 0 tickets', async () => {
    const tasks = Array.from(
      { length: 500 },
      (_, i) => () =>
        buyAs(pool, id('user', RICH), id('org', RICH), id('lead', 1001 + i), id('listing', 1001 + i)),
    );
    const outcomes = await runConcurrently(tasks, RACERS);

    expect(outcomes.filter((o) => o.ok)).toHaveLength(100);
    expect(new Set(outcomes.filter((o) => !o.ok).map((o) => o.code))).toEqual(
      new Set(['insufficient-tickets']),
    );
    expect(
      await scalar<number>(
        `select tickets from public.organizations_payments where id = '${id('org', RICH)}'`,
      ),
    ).toBe(0);
    expect(
      await scalar<number>(
        `select count(*)::int from public.leads_purchases where organization_id = '${id('org', RICH)}'`,
      ),
    ).toBe(100);
    expect(
      await scalar<number>(
        `select count(*)::int from public.organizations_payments_ledger where organization_id = '${id('org', RICH)}' and kind = 'lead_purchase'`,
      ),
    ).toBe(100);
    expect(
      await scalar<number>(
        `select count(*)::int from public.advertised_leads where status = 'sold_out' and id::text like '0000000e-%'`,
      ),
    ).toBe(100 + 1);
    await expectInvariants();
  });

  it('card reservations: 64 race for 3 slots, expired ones are released lazily under a second race, confirms are idempotent', async () => {
    const listing = id('listing', 3);
    await pool.query(`update public.advertised_leads set price_ore = 10000 where id = '${listing}'`);
    await pool.query(`
      insert into public.organizations_marketplaces_configs (organization_id, marketplace_id, plan)
      select ('0000000b-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, '${id('market', 0)}', 'on_demand'
      from generate_series(1, ${RACERS}) as n`);
    const race = () =>
      runConcurrently(
        Array.from(
          { length: RACERS },
          (_, i) => () => buyAs(pool, id('user', i + 1), id('org', i + 1), id('lead', 3), listing),
        ),
        RACERS,
      );

    const first = await race();
    const holders = first.filter((o) => o.ok);
    expect(holders).toHaveLength(3);
    expect(holders.every((o) => o.result?.status === 'reserved')).toBe(true);
    expect(new Set(first.filter((o) => !o.ok).map((o) => o.code))).toEqual(new Set(['lead-not-available']));

    // the three reservations expire unconfirmed; a second race releases them and takes the slots
    await pool.query(
      `update public.leads_purchases set reserved_until = now() - interval '1 second' where advertised_lead_id = '${listing}'`,
    );
    const second = await race();
    const winners = second.filter((o) => o.ok);
    expect(winners).toHaveLength(3);
    for (const code of new Set(second.filter((o) => !o.ok).map((o) => o.code))) {
      expect(['lead-not-available', 'lead-already-bought']).toContain(code);
    }
    expect(
      await scalar<string>(
        `select string_agg(state || ':' || n, ',' order by state) from (select state, count(*) as n from public.leads_purchases where advertised_lead_id = '${listing}' group by state) s`,
      ),
    ).toBe('released:3,reserved:3');
    await expectInvariants();

    // the edge function confirms each charge; retries confirm the same purchase at the same time
    const confirm = async (purchaseId: string) => {
      const client = await pool.connect();
      try {
        const results = (await client.query(
          `begin; set local role service_role; select public.confirm_lead_purchase('${purchaseId}', 'pi_${purchaseId}') as r; commit;`,
        )) as unknown as pg.QueryResult[];
        return (results[2]?.rows[0] as { r: { status: string } }).r.status;
      } finally {
        client.release();
      }
    };
    const ids = winners.map((o) => o.result?.purchase_id ?? '');
    const statuses = await Promise.all([...ids, ...ids, ...ids].map(confirm));
    expect(new Set(statuses)).toEqual(new Set(['completed']));
    expect(
      await scalar<number>(
        // the ledger holds what the card paid: 100 kr eks. mva with 25 % MVA
        `select count(*)::int from public.organizations_payments_ledger where amount_ore = 12500 and kind = 'lead_purchase'`,
      ),
    ).toBe(3);
    expect(await scalar<string>(`select status from public.advertised_leads where id = '${listing}'`)).toBe(
      'sold_out',
    );
    await expectInvariants();
  });
});
