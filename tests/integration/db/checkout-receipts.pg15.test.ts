/**
 * One receipt series per seller under concurrency, on a real PostgreSQL 15 server (docs/payments.md
 * «Receipts»; migration 20261129130000_checkout_receipts.sql): 20 paid checkout orders, each issued
 * twice at once (the page’s confirm and Stripe’s webhook), and 20 card-payment receipts of the same
 * seller number, all racing; then a refund of every order at once. Expected: one receipt per order,
 * the numbers 1…40 without a gap or a repeat, then the 20 credit notes 41…60, each naming its order’s
 * receipt.
 */
import { postgres15Unavailable } from '../../../supabase/local/db/testing/pg15.ts';
import { callAsServiceRole, countOf } from './anon-call.ts';
import { runConcurrently } from './buy-lead-load.ts';
import { startMigratedPostgres15, type MigratedPostgres15 } from './migrated-pg15.ts';

const unavailable = postgres15Unavailable();
if (unavailable) console.warn(`Skipping the receipt series concurrency tests: ${unavailable}.`);

const ORDERS = 20;
const ORGANIZATION = '0000000b-0000-4000-8000-000000000002';
const order = (n: number) => `00000007-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SELLER = JSON.stringify({
  name: 'Fjord Rør AS',
  organizationNumber: '999999999',
  streetAddress: 'Strandkaien 12',
  postalCode: '5013',
  city: 'Bergen',
});

const SEED_SQL = `
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', '0000000a-0000-4000-8000-000000000002', 'authenticated', 'authenticated',
        'eier2@example.no', '', now(), '{"provider":"email"}', '{}', now(), now());
insert into public.organizations (id, name, owner_id, organization_number, street_address, postal_code, city)
values ('${ORGANIZATION}', 'Fjord Rør AS', '0000000a-0000-4000-8000-000000000002', '999999999', 'Strandkaien 12', '5013', 'Bergen');
insert into public.orders (id, organization_id, number, status, subtotal_ore, total_ore, provider, provider_payment_id,
  idempotency_key, access_token_sha256, expires_at, paid_at, buyer)
select ('00000007-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, '${ORGANIZATION}', 1000 + n, 'paid', 49900, 49900,
  'local', 'pi_local_' || n, 'checkout:r' || n, encode(sha256(convert_to('o' || n, 'UTF8')), 'hex'), now(), now(),
  jsonb_build_object('name', 'Kjøper ' || n)
from generate_series(1, ${ORDERS}) as n;
insert into public.order_items (order_id, organization_id, description, quantity, unit_price_ore, vat_rate)
select ('00000007-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, '${ORGANIZATION}', 'Kurs', 1, 49900, 25
from generate_series(1, ${ORDERS}) as n;
`;

describe.skipIf(unavailable)('one receipt series per seller under concurrency (PostgreSQL 15)', () => {
  let database: MigratedPostgres15 | undefined;
  const count = (sql: string) => countOf(database!.pool, sql);
  const asService = (select: string, n: number) => callAsServiceRole(database!.pool, select, n);

  beforeAll(async () => {
    database = await startMigratedPostgres15([SEED_SQL], 40);
  }, 120_000);

  afterAll(async () => {
    await database?.stop();
  });

  it('orders issued twice at once and card payments of the same seller share one unbroken series', async () => {
    const orderReceipt = (n: number) => () =>
      asService(
        `select public.issue_checkout_order_receipt('${order(n)}', repeat('t', 40) || ${n}) ->> 'created' as outcome`,
        n,
      );
    const cardReceipt = () => async () => {
      const result = await database!.pool.query<{ outcome: string }>(
        `select private.issue_receipt('card_payment', gen_random_uuid(), $1::jsonb, '{"name": "Ola"}',
           '[{"description": "Vare", "quantity": 1, "unit_price_ore": 1000, "vat_rate": 25}]', null, null, now())
           ->> 'created' as outcome`,
        [SELLER],
      );
      return { ok: true, outcome: result.rows[0]?.outcome };
    };
    const tasks = Array.from({ length: ORDERS }, (_, i) => [
      orderReceipt(i + 1),
      orderReceipt(i + 1),
      cardReceipt(),
    ]).flat();
    const outcomes = await runConcurrently(tasks, 40);

    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(outcomes.filter((o) => o.outcome === 'true')).toHaveLength(ORDERS * 2);
    expect(await count(`select count(*)::int as n from public.receipts where source_kind = 'order'`)).toBe(
      ORDERS,
    );
    expect(
      await count(`select count(*)::int as n from public.receipts
                   where seller_organization_number = '999999999' and number between 1 and ${ORDERS * 2}`),
    ).toBe(ORDERS * 2);
    expect(await count(`select max(number)::int as n from public.receipts`)).toBe(ORDERS * 2);
  });

  it('refunds of every order at once: one credit note each, numbered on', async () => {
    const tasks = Array.from(
      { length: ORDERS },
      (_, i) => () =>
        asService(
          `select (public.record_checkout_refund('${order(i + 1)}', 10000, 're_${i + 1}')).status as outcome`,
          i + 1,
        ),
    );
    const outcomes = await runConcurrently(tasks, ORDERS);

    expect(outcomes.every((o) => o.ok && o.outcome === 'paid')).toBe(true);
    expect(
      await count(`select count(distinct number)::int as n from public.receipts
                   where kind = 'credit_note' and number between ${ORDERS * 2 + 1} and ${ORDERS * 3}`),
    ).toBe(ORDERS);
    expect(
      await count(`select count(*)::int as n from public.receipts as c
                   join public.receipts as r on r.id = c.credited_receipt_id and r.source_kind = 'order'
                   where c.kind = 'credit_note' and c.total_ore = 10000 and c.vat_ore = 2000`),
    ).toBe(ORDERS);
  });
});
