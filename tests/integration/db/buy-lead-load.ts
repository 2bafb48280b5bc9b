/**
 * Load helpers for public.buy_lead on a real PostgreSQL server: the concurrency test
 * (tests/integration/db/buy-lead.pg15.test.ts) and the benchmark (scripts/bench-buy-lead.ts) share them.
 *
 * Every call runs as the buyer, as PostgREST would: `begin; set local role authenticated;
 * set_config('request.jwt.claims', …, true); select public.buy_lead(…); commit` — sent as ONE simple-protocol
 * message (one round trip; a second one, `rollback`, only after an error). Ids are uuids generated here
 * and checked, so inlining them is safe.
 */
import type pg from 'pg';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function uuid(value: string): string {
  if (!UUID.test(value)) throw new Error(`not a uuid: ${value}`);
  return value;
}

/** Deterministic uuids: `id(kind, n)` → kkkkkkkk-0000-4000-8000-nnnnnnnnnnnn. */
export function id(kind: 'user' | 'org' | 'market' | 'lead' | 'listing', n: number): string {
  const prefix = {
    user: '0000000a',
    org: '0000000b',
    market: '0000000c',
    lead: '0000000d',
    listing: '0000000e',
  }[kind];
  return `${prefix}-0000-4000-8000-${n.toString().padStart(12, '0')}`;
}

export interface BuyOutcome {
  ok: boolean;
  /** The error message (the code) when not ok. */
  code?: string;
  result?: { status: string; purchase_id: string; balance?: { tickets: number; credits: number } };
  ms: number;
}

/** One purchase as `userId` for `organizationId`, on a client from the pool. */
export async function buyAs(
  pool: pg.Pool,
  userId: string,
  organizationId: string,
  leadId: string,
  listingId: string,
): Promise<BuyOutcome> {
  const claims = JSON.stringify({ sub: uuid(userId), role: 'authenticated', aud: 'authenticated' });
  const sql =
    `begin; set local role authenticated; select set_config('request.jwt.claims', '${claims}', true); ` +
    `select public.buy_lead('${uuid(leadId)}', '${uuid(listingId)}', '${uuid(organizationId)}') as r; commit;`;
  const client = await pool.connect();
  const started = performance.now();
  let broken: Error | undefined;
  try {
    const results = (await client.query(sql)) as unknown as pg.QueryResult[];
    const row = results[3]?.rows[0] as { r: BuyOutcome['result'] } | undefined;
    return { ok: true, result: row?.r, ms: performance.now() - started };
  } catch (error) {
    const ms = performance.now() - started;
    await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
    return { ok: false, code: error instanceof Error ? error.message : String(error), ms };
  } finally {
    // A connection whose rollback failed is in an unknown state: drop it instead of pooling it.
    client.release(broken);
  }
}

/**
 * Seed as postgres: one marketplace (owner = user 0), the seller organization (org 0, owner user
 * `sellerUser`), `buyers` buyer organizations 1..n owned by users 1..n, every organization a member of the
 * marketplace, each buyer with `tickets` tickets (through private.change_balance: ledger rows).
 */
export function seedSql(options: { buyers: number; tickets: number }): string {
  const { buyers, tickets } = options;
  return `
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', ('0000000a-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
       'authenticated', 'authenticated', 'load' || n || '@example.no', '', now(), '{"provider":"email"}', '{}', now(), now()
from generate_series(0, ${buyers + 1}) as n;

insert into public.marketplaces (id, owner_id, name)
values ('0000000c-0000-4000-8000-000000000000', '0000000a-0000-4000-8000-000000000000', 'Lastmarked');

insert into public.organizations (id, name, owner_id)
select ('0000000b-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'Last ' || n,
       ('0000000a-0000-4000-8000-' || lpad((case when n = 0 then ${buyers + 1} else n end)::text, 12, '0'))::uuid
from generate_series(0, ${buyers}) as n;

insert into public.marketplaces_organizations (marketplace_id, organization_id)
select '0000000c-0000-4000-8000-000000000000', ('0000000b-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid
from generate_series(0, ${buyers}) as n;

select private.change_balance(('0000000b-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, ${tickets}, 0, 'adjustment')
from generate_series(1, ${buyers}) as n
where ${tickets} > 0;
`;
}

/** Leads first..last of the seller (org 0), each listed once with `maxBuyers` slots at 1 ticket. */
export function listingsSql(options: { first: number; last: number; maxBuyers: number }): string {
  const { first, last, maxBuyers } = options;
  return `
insert into public.leads (id, organization_id, name, email, phone, category, area, consent)
select ('0000000d-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, '0000000b-0000-4000-8000-000000000000',
       'Kunde ' || n, 'kunde' || n || '@example.no', '+4790' || lpad(n::text, 6, '0'), 'Bad', 'Oslo', true
from generate_series(${first}, ${last}) as n;

insert into public.advertised_leads (id, lead_id, marketplace_id, organization_id, title, price_tickets, max_buyers)
select ('0000000e-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, ('0000000d-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
       '0000000c-0000-4000-8000-000000000000', '0000000b-0000-4000-8000-000000000000', 'Oppdrag ' || n, 1, ${maxBuyers}
from generate_series(${first}, ${last}) as n;
`;
}

/** Ledger sums that differ from balances, and negative balances (both must be 0). */
export const INVARIANTS_SQL = `
select
  (select count(*)::int
   from public.organizations_payments b
   left join (
     select organization_id, sum(tickets_delta) as t, sum(credits_delta) as c
     from public.organizations_payments_ledger group by organization_id
   ) l on l.organization_id = b.id
   where b.tickets <> coalesce(l.t, 0) or b.credits <> coalesce(l.c, 0)) as ledger_mismatches,
  (select count(*)::int from public.organizations_payments where tickets < 0 or credits < 0) as negative_balances,
  (select count(*)::int from public.advertised_leads a
   where a.buyers_count <> (select count(*) from public.leads_purchases p
                            where p.advertised_lead_id = a.id and p.state <> 'released')) as slot_mismatches`;

/** Runs `tasks` with at most `concurrency` in flight; resolves with their outcomes in task order. */
export async function runConcurrently<T>(tasks: (() => Promise<T>)[], concurrency: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      const task = tasks[index];
      if (task) results[index] = await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  return results;
}
