-- Receipts (supabase/migrations/20261129110000_receipts.sql): issued once per source with the next
-- number of the seller's unbroken series, MVA per rate; the paying organization reads its receipts,
-- others do not; nobody writes from the client; a buyer token reads one receipt; the organization's
-- postal address is validated.
begin;

select plan(17);

select tests.seed_calendar_cast();

insert into public.card_payments (id, organization_id, purpose, pack_id, tickets, amount_ore, description,
  provider, idempotency_key, created_by, status, settled_at, card_brand, card_last4) values
  ('f0000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-00000000000a', 'tickets_pack',
   gen_random_uuid(), 10, 111250, '10 klipp – Leadtorget', 'local', 'pack:one', tests.get_supabase_uid('owner'),
   'succeeded', now(), 'visa', '4242'),
  ('f0000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-00000000000b', 'tickets_pack',
   gen_random_uuid(), 10, 62375, '10 klipp – Leadtorget', 'local', 'pack:two', tests.get_supabase_uid('other'),
   'succeeded', now(), null, null),
  ('f0000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-00000000000a', 'tickets_pack',
   gen_random_uuid(), 10, 111250, '10 klipp – Leadtorget', 'local', 'pack:three', null, 'pending', null, null, null);

create temporary table seller (value jsonb) on commit drop;
insert into seller values ('{"name": "Leadtorget AS", "organizationNumber": "999999999",
  "streetAddress": "Testveien 1", "postalCode": "0150", "city": "Oslo", "vatRegistered": true,
  "foretaksregisteret": true}');
grant select on seller to authenticated;

select ok(not has_function_privilege('authenticated', 'public.issue_card_payment_receipt(uuid, jsonb)', 'execute'),
  'only the service role issues receipts');

create temporary table issued as
  select public.issue_card_payment_receipt('f0000000-0000-4000-8000-000000000001', (select value from seller)) as first,
         public.issue_card_payment_receipt('f0000000-0000-4000-8000-000000000001', (select value from seller)) as again,
         public.issue_card_payment_receipt('f0000000-0000-4000-8000-000000000002', (select value from seller)) as second;

select is((select (first ->> 'created')::boolean from issued), true, 'the first issue creates the receipt');
select is((select (again ->> 'created')::boolean from issued), false, 'issuing again creates nothing');
select is((select again -> 'receipt' ->> 'id' from issued), (select first -> 'receipt' ->> 'id' from issued),
  '… and returns the same receipt');
select is((select count(*)::int from public.receipts), 2, 'one receipt per payment');
select is((select array[(first -> 'receipt' ->> 'number')::int, (second -> 'receipt' ->> 'number')::int] from issued),
  array[1, 2], 'the numbers follow one another in the seller''s series');
select is((select jsonb_build_array(net_ore, vat_ore, total_ore) from public.receipts
           where source_id = 'f0000000-0000-4000-8000-000000000001'),
  '[89000, 22250, 111250]'::jsonb, 'the total incl. mva is what was paid, split into net and 25 % MVA');
select is((select vat_totals from public.receipts where source_id = 'f0000000-0000-4000-8000-000000000001'),
  '[{"rate": 25, "net_ore": 89000, "vat_ore": 22250}]'::jsonb, 'MVA per rate');
select is((select jsonb_build_array(seller_name, seller_organization_number, buyer_name, buyer_email, card_last4)
           from public.receipts where source_id = 'f0000000-0000-4000-8000-000000000001'),
  '["Leadtorget AS", "999999999", "Fjord Rør AS", "owner@example.com", "4242"]'::jsonb,
  'the seller and the buyer as they were');
select throws_ok(
  $$ select public.issue_card_payment_receipt('f0000000-0000-4000-8000-000000000003', (select value from seller)) $$,
  'P0001', 'card-payment-not-settled', 'an unsettled payment has no receipt');

-- Several rates: MVA per rate on each rate's net total.
select is(
  (select private.issue_receipt('order', gen_random_uuid(), (select value from seller), '{"name": "Kari"}',
     '[{"description": "Vare", "quantity": 2, "unit_price_ore": 1000, "vat_rate": 25},
       {"description": "Mat", "quantity": 1, "unit_price_ore": 999, "vat_rate": 15}]', null, null, now())
     -> 'receipt' -> 'vat_totals'),
  '[{"rate": 25, "net_ore": 2000, "vat_ore": 500}, {"rate": 15, "net_ore": 999, "vat_ore": 150}]'::jsonb,
  'a line per rate and MVA per rate');
select throws_ok(
  $$ select private.issue_receipt('order', gen_random_uuid(), (select value from seller), '{"name": "Kari"}',
       '[{"description": "Vare", "quantity": 1, "unit_price_ore": 1000, "vat_rate": 20}]', null, null, now()) $$,
  '22023', 'receipt-lines-invalid', 'a rate that is not 25, 15, 12 or 0 is refused');

select tests.authenticate_as('member');
select is((select count(*)::int from public.receipts), 1, 'a member of the paying organization reads its receipt only');
select throws_ok($$ delete from public.receipts $$, '42501', null, 'nobody deletes a receipt from the client');

-- The organization's postal address.
select tests.authenticate_as('owner');
select throws_ok(
  $$ update public.organizations set postal_code = '501' where id = '00000000-0000-4000-8000-00000000000a' $$,
  '23514', null, 'a postal code is four digits');
select lives_ok(
  $$ update public.organizations set street_address = 'Strandkaien 12', postal_code = '5013', city = 'Bergen'
     where id = '00000000-0000-4000-8000-00000000000a' $$,
  'the owner saves the postal address');

reset role;
update public.receipts set buyer_token_hash = encode(sha256(convert_to(repeat('k', 40), 'UTF8')), 'hex')
where source_id = 'f0000000-0000-4000-8000-000000000002';
set local role anon;
select is((select buyer_name from public.receipt_by_token(repeat('k', 40))), 'Nordlys Bygg AS',
  'a buyer''s token reads its receipt');

select * from finish();
rollback;
