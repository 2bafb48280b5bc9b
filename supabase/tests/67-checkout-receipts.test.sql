-- Checkout orders' receipts and credit notes (supabase/migrations/20261129130000_checkout_receipts.sql):
-- a paid order's receipt in the seller's one series, MVA per rate taken out of what was paid, a
-- discount per rate, once; a refund's credit note naming the receipt; the buyer's tokens; the expiry
-- job's search.
begin;

select plan(25);

select tests.seed_calendar_cast();

insert into public.campaigns (id, organization_id, kind, name, consent_text) values
  ('00000000-0000-4000-8000-0000000007d1', '00000000-0000-4000-8000-00000000000a', 'checkout', 'Kurs', 'Jeg godtar.');
insert into public.checkouts (id, organization_id) values
  ('00000000-0000-4000-8000-0000000007d1', '00000000-0000-4000-8000-00000000000a');
insert into public.coupons (id, organization_id, code, percent_off) values
  ('00000000-0000-4000-8000-0000000007c1', '00000000-0000-4000-8000-00000000000a', 'VELKOMMEN10', 10);
-- Paid: 1 490 kr (25 %) + 2 × 49,90 kr (15 %), 10 % off spread over the lines: 1 341 + 89,82 = 1 430,82 kr.
insert into public.orders (id, organization_id, number, checkout_id, status, subtotal_ore, discount_ore, total_ore,
  coupon_id, provider, provider_payment_id, idempotency_key, access_token_sha256, expires_at, paid_at, buyer,
  card_brand, card_last4) values
  ('00000000-0000-4000-8000-0000000007a1', '00000000-0000-4000-8000-00000000000a', 1001,
   '00000000-0000-4000-8000-0000000007d1', 'paid', 158980, 15898, 143082, '00000000-0000-4000-8000-0000000007c1',
   'local', 'pi_local_paid', 'checkout:a1', encode(sha256(convert_to(repeat('k', 48), 'UTF8')), 'hex'),
   '2026-11-29 12:30+00', '2026-11-29 12:05+00', '{"name": "Kari Nordmann", "company": "Kari AS", "organization_number": "999999999"}',
   'visa', '4242'),
  ('00000000-0000-4000-8000-0000000007a2', '00000000-0000-4000-8000-00000000000a', 1002,
   '00000000-0000-4000-8000-0000000007d1', 'pending', 49900, 0, 49900, null, 'local', 'pi_local_pending',
   'checkout:a2', repeat('b', 64), '2026-11-29 12:30+00', null, '{}', null, null),
  ('00000000-0000-4000-8000-0000000007a3', '00000000-0000-4000-8000-00000000000a', 1003,
   '00000000-0000-4000-8000-0000000007d1', 'requires_action', 49900, 0, 49900, null, 'local', 'pi_local_3ds',
   'checkout:a3', repeat('c', 64), '2026-11-29 12:40+00', null, '{}', null, null),
  ('00000000-0000-4000-8000-0000000007a4', '00000000-0000-4000-8000-00000000000a', 1004,
   '00000000-0000-4000-8000-0000000007d1', 'processing', 49900, 0, 49900, null, 'local', 'pi_local_processing',
   'checkout:a4', repeat('d', 64), '2026-11-29 12:00+00', null, '{}', null, null);
insert into public.order_items (order_id, organization_id, description, quantity, unit_price_ore, vat_rate, discount_ore, is_bump) values
  ('00000000-0000-4000-8000-0000000007a1', '00000000-0000-4000-8000-00000000000a', 'Rørsjekk hjemme', 1, 149000, 25, 14900, false),
  ('00000000-0000-4000-8000-0000000007a1', '00000000-0000-4000-8000-00000000000a', 'Pakningssett', 2, 4990, 15, 998, true),
  ('00000000-0000-4000-8000-0000000007a2', '00000000-0000-4000-8000-00000000000a', 'Vannlekkasjealarm', 1, 49900, 25, 0, false);

select ok(not has_function_privilege('anon', 'public.issue_checkout_order_receipt(uuid, text)', 'execute')
  and not has_function_privilege('authenticated', 'public.issue_checkout_order_receipt(uuid, text)', 'execute'),
  'only the service role issues an order''s receipt');

select throws_ok(
  $$ select public.issue_checkout_order_receipt('00000000-0000-4000-8000-0000000007a1') $$,
  'P0001', 'receipt-seller-incomplete', 'a seller without organization number and address issues no receipt');

update public.organizations set organization_number = '999999999', street_address = 'Strandkaien 12',
  postal_code = '5013', city = 'Bergen', vat_registered = true, foretaksregisteret = true
  where id = '00000000-0000-4000-8000-00000000000a';

select throws_ok(
  $$ select public.issue_checkout_order_receipt('00000000-0000-4000-8000-0000000007a2') $$,
  'P0001', 'checkout-order-not-paid', 'an unpaid order has no receipt');

-- A card payment's receipt of the same seller number first: the series is one.
select is((private.issue_receipt('card_payment', gen_random_uuid(),
  '{"name": "Fjord Rør AS", "organizationNumber": "999999999", "streetAddress": "Strandkaien 12", "postalCode": "5013", "city": "Bergen"}',
  '{"name": "Ola"}', '[{"description": "Vare", "quantity": 1, "unit_price_ore": 1000, "vat_rate": 25}]', null, null, now())
  -> 'receipt' ->> 'number')::int, 1, 'a card payment''s receipt still issues through the same numbering');

create temporary table issued as
  select public.issue_checkout_order_receipt('00000000-0000-4000-8000-0000000007a1', repeat('r', 40)) as first,
         public.issue_checkout_order_receipt('00000000-0000-4000-8000-0000000007a1', repeat('s', 40)) as again;

select is((select (first ->> 'created')::boolean from issued), true, 'the first issue creates the receipt');
select is((select not (again ->> 'created')::boolean and again -> 'receipt' ->> 'id' = first -> 'receipt' ->> 'id' from issued),
  true, 'issuing again answers the same receipt, created false');
select is((select (first -> 'receipt' ->> 'number')::int from issued), 2, 'the next number of the seller''s one series');
select is((select jsonb_build_array(kind, source_kind, total_ore, issued_at = '2026-11-29 12:05+00'::timestamptz) from public.receipts
           where source_id = '00000000-0000-4000-8000-0000000007a1'),
  '["receipt", "order", 143082, true]'::jsonb, 'the receipt''s total is exactly what was paid, dated when it was paid');
-- 25 %: 134 100 paid → MVA round(134100 × 25 / 125) = 26 820; 15 %: 8 982 → round(8982 × 15 / 115) = 1 172.
select is((select vat_totals from public.receipts where source_id = '00000000-0000-4000-8000-0000000007a1'),
  '[{"rate": 25, "net_ore": 107280, "vat_ore": 26820}, {"rate": 15, "net_ore": 7810, "vat_ore": 1172}]'::jsonb,
  'MVA per rate taken out of what was paid at each rate');
select is((select jsonb_agg(jsonb_build_array(l ->> 'description', (l ->> 'line_total_ore')::int, (l ->> 'vat_rate')::int))
           from public.receipts, jsonb_array_elements(lines) as l where source_id = '00000000-0000-4000-8000-0000000007a1'),
  '[["Rørsjekk hjemme", 119200, 25], ["Pakningssett", 8678, 15], ["Rabatt (VELKOMMEN10)", -11920, 25], ["Rabatt (VELKOMMEN10)", -868, 15]]'::jsonb,
  'the lines eks. mva, and the discount as a line per rate');
select is((select sum((l ->> 'line_total_ore')::int)::int from public.receipts, jsonb_array_elements(lines) as l
           where source_id = '00000000-0000-4000-8000-0000000007a1'), 115090, 'the lines add up to the net total');
select is((select jsonb_build_array(seller_name, seller_city, seller_vat_registered, seller_foretaksregisteret,
             buyer_name, buyer_organization_number, card_last4) from public.receipts
           where source_id = '00000000-0000-4000-8000-0000000007a1'),
  '["Fjord Rør AS", "Bergen", true, true, "Kari AS", "999999999", "4242"]'::jsonb, 'the seller and the buyer as they were');

-- The buyer's tokens.
select is((public.checkout_order_by_token('00000000-0000-4000-8000-0000000007a1', repeat('r', 40))).number, 1001,
  'the receipt''s token opens the order (the e-mail''s link)');
select is((public.checkout_order_by_token('00000000-0000-4000-8000-0000000007a1', repeat('s', 40))).id, null,
  'a token that is neither opens nothing');
set local role anon;
select is((select count(*)::int from public.receipt_by_token(repeat('k', 48))), 1, 'the order''s secret reads its receipt');
select is((public.checkout_receipt('00000000-0000-4000-8000-0000000007a1', repeat('r', 40)) ->> 'number')::int, 1001,
  'the receipt page opens with the receipt''s token');
reset role;

-- A refund: its credit note, once.
select public.record_checkout_refund('00000000-0000-4000-8000-0000000007a1', 14308, 're_1', 'Delvis', null);
select public.record_checkout_refund('00000000-0000-4000-8000-0000000007a1', 14308, 're_1', 'Delvis', null);
select is((select count(*)::int from public.receipts where kind = 'credit_note'), 1, 'one credit note per refund');
select is((select jsonb_build_array(c.number, c.total_ore, c.credited_receipt_id = r.id, c.source_kind)
           from public.receipts as c join public.receipts as r on r.source_id = '00000000-0000-4000-8000-0000000007a1'
           where c.kind = 'credit_note'),
  '[3, 14308, true, "order_refund"]'::jsonb, 'the credit note takes the next number and names the receipt it credits');
-- 14 308 over 134 100 / 8 982 of 143 082: 13 410 at 25 % (MVA 2 682), the rest 898 at 15 % (MVA 117).
select is((select vat_totals from public.receipts where kind = 'credit_note'),
  '[{"rate": 25, "net_ore": 10728, "vat_ore": 2682}, {"rate": 15, "net_ore": 781, "vat_ore": 117}]'::jsonb,
  'the refund spread over the rates as paid, MVA per rate');
set local role anon;
select is((select array_agg(kind order by number) from public.receipt_by_token(repeat('r', 40))),
  array['receipt', 'credit_note'], 'the buyer''s token reads the receipt and its credit notes');
reset role;
select tests.authenticate_as('member');
select is((select count(*)::int from public.receipts where seller_organization_id = '00000000-0000-4000-8000-00000000000a'), 2,
  'members of the seller read its receipts and credit notes');
reset role;

-- Expiry: unpaid orders past their time, not those still paying at the bank.
select is((select array_agg(order_id order by order_id) from public.checkout_orders_past_expiry('2026-11-29 12:35+00', 10)),
  array['00000000-0000-4000-8000-0000000007a2']::uuid[], 'at 12:35 only the pending order of 12:30 is due');
select is((select array_agg(order_id order by order_id) from public.checkout_orders_past_expiry('2026-11-29 12:40+00', 10)),
  array['00000000-0000-4000-8000-0000000007a2', '00000000-0000-4000-8000-0000000007a3']::uuid[],
  'at 12:40 the one waiting for 3-D Secure too; a processing payment is never expired');
select ok(not has_function_privilege('anon', 'public.checkout_orders_past_expiry(timestamptz, integer)', 'execute'),
  'only the service role lists orders past expiry');
select is((select schedule from private.scheduled_jobs where name = 'checkout-order-expiry'), '*/5 * * * *',
  'the expiry job runs every five minutes');

select * from finish();
rollback;
