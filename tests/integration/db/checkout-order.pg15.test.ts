/**
 * public.begin_checkout_order under concurrency on a real PostgreSQL 15 server (docs/checkouts.md
 * «Paying»): bootstrap + supabase/migrations on a throwaway server, then 64 buyers at once, each as the
 * checkout-pay edge function asks for them (the service role, its own session and secret). 64 buyers
 * for a product's last 3 units: exactly 3 orders, stock 0, 61 meet checkout-sold-out; 64 buyers with a
 * code that has 3 uses left: exactly 3 orders with it, 61 meet checkout-coupon-used-up.
 */
import { postgres15Unavailable } from '../../../supabase/local/db/testing/pg15.ts';
import { callAsServiceRole, countOf } from './anon-call.ts';
import { runConcurrently } from './buy-lead-load.ts';
import { startMigratedPostgres15, type MigratedPostgres15 } from './migrated-pg15.ts';

const unavailable = postgres15Unavailable();
if (unavailable) console.warn(`Skipping the checkout order concurrency tests: ${unavailable}.`);

const RACERS = 64;
const ORGANIZATION = '0000000b-0000-4000-8000-000000000001';
const CHECKOUT = '0000000c-0000-4000-8000-000000000001';
const SCARCE = '0000000d-0000-4000-8000-000000000001';
const PLENTY = '0000000d-0000-4000-8000-000000000002';
const session = (n: number) => `00000005-0000-4000-8000-${String(n).padStart(12, '0')}`;

// A published checkout of Fjord Rør AS selling a product with 3 units left and one without a limit,
// the code TRE with 3 of 5 uses left, and a session (with the secret «t<n>») for each of 128 buyers.
const SEED_SQL = `
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', '0000000a-0000-4000-8000-000000000001', 'authenticated', 'authenticated',
        'eier@example.no', '', now(), '{"provider":"email"}', '{}', now(), now());
insert into public.organizations (id, name, owner_id)
values ('${ORGANIZATION}', 'Fjord Rør AS', '0000000a-0000-4000-8000-000000000001');
insert into public.products (id, organization_id, name, price_ore, vat_rate, stock) values
  ('${SCARCE}', '${ORGANIZATION}', 'Kurs', 49900, 25, 3),
  ('${PLENTY}', '${ORGANIZATION}', 'Sjekkliste', 9900, 25, null);
insert into public.campaigns (id, organization_id, kind, name, consent_text)
values ('${CHECKOUT}', '${ORGANIZATION}', 'checkout', 'Kurs', 'Jeg godtar kjøpsvilkårene.');
insert into public.checkouts (id, organization_id) values ('${CHECKOUT}', '${ORGANIZATION}');
insert into public.checkout_products (checkout_id, product_id, organization_id) values
  ('${CHECKOUT}', '${SCARCE}', '${ORGANIZATION}'), ('${CHECKOUT}', '${PLENTY}', '${ORGANIZATION}');
update public.campaigns set published_at = now() - interval '1 day' where id = '${CHECKOUT}';
insert into public.coupons (organization_id, code, percent_off, max_uses, uses) values ('${ORGANIZATION}', 'TRE', 10, 5, 2);
insert into public.participants (id, organization_id, email)
select ('00000006-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, '${ORGANIZATION}', 'kjoper' || n || '@example.no'
from generate_series(1, ${RACERS * 2}) as n;
insert into public.checkout_sessions (id, checkout_id, organization_id, participant_id, token_sha256)
select ('00000005-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, '${CHECKOUT}', '${ORGANIZATION}',
  ('00000006-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, encode(sha256(convert_to('t' || n, 'UTF8')), 'hex')
from generate_series(1, ${RACERS * 2}) as n;
`;

/** Buyer n's order of one unit of `product` (with `code`), as checkout-pay asks for it. */
function order(pool: MigratedPostgres15['pool'], n: number, product: string, code = '') {
  return callAsServiceRole(
    pool,
    `select public.begin_checkout_order('${session(n)}', 't${n}', gen_random_uuid(), ` +
      `'[{"product_id": "${product}", "quantity": 1}]', false, '${code}', '{}', '{}', true, false, 'local') ` +
      `#>> '{order,id}' as outcome`,
    n,
  );
}

describe.skipIf(unavailable)('begin_checkout_order under concurrency (PostgreSQL 15)', () => {
  let database: MigratedPostgres15 | undefined;
  const count = (sql: string) => countOf(database!.pool, sql);

  beforeAll(async () => {
    database = await startMigratedPostgres15([SEED_SQL], RACERS);
  }, 120_000);

  afterAll(async () => {
    await database?.stop();
  });

  it("64 buyers race for a product's last 3 units: exactly 3 orders, none oversold", async () => {
    const tasks = Array.from({ length: RACERS }, (_, i) => () => order(database!.pool, i + 1, SCARCE));
    const outcomes = await runConcurrently(tasks, RACERS);

    expect(outcomes.filter((o) => o.ok)).toHaveLength(3);
    expect(outcomes.filter((o) => !o.ok && o.code === 'checkout-sold-out')).toHaveLength(RACERS - 3);
    expect(await count(`select stock as n from public.products where id = '${SCARCE}'`)).toBe(0);
    expect(
      await count(`select count(*)::int as n from public.order_items where product_id = '${SCARCE}'`),
    ).toBe(3);
  });

  it("64 buyers race for a code's last 3 uses: exactly 3 orders with it", async () => {
    const tasks = Array.from(
      { length: RACERS },
      (_, i) => () => order(database!.pool, RACERS + i + 1, PLENTY, 'TRE'),
    );
    const outcomes = await runConcurrently(tasks, RACERS);

    expect(outcomes.filter((o) => o.ok)).toHaveLength(3);
    expect(outcomes.filter((o) => !o.ok && o.code === 'checkout-coupon-used-up')).toHaveLength(RACERS - 3);
    expect(await count(`select uses as n from public.coupons where code = 'TRE'`)).toBe(5);
    expect(await count(`select count(*)::int as n from public.orders where coupon_id is not null`)).toBe(3);
  });
});
