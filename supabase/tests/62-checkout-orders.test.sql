-- Checkout orders (supabase/migrations/20261129100000_checkout_orders.sql): an order from a session
-- with its secret, the lines, the bump and the coupon's discount spread per line; the same request id
-- makes one order; stock and coupon uses are reserved and given back once; settling once makes the
-- buyer's consents and lead; the receipt only by its link.
begin;

select plan(21);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-06-10 12:00 Europe/Oslo', true);
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.62"}', true);

insert into public.products (id, organization_id, name, price_ore, vat_rate, stock, max_per_order) values
  ('00000000-0000-4000-8000-0000000006e1', '00000000-0000-4000-8000-00000000000a', 'Rørsjekk', 149000, 25, 2, 3),
  ('00000000-0000-4000-8000-0000000006e2', '00000000-0000-4000-8000-00000000000a', 'Matpakke', 11500, 15, null, 1);
insert into public.campaigns (id, organization_id, kind, name, consent_text, marketing_consent_text) values
  ('00000000-0000-4000-8000-0000000006e3', '00000000-0000-4000-8000-00000000000a', 'checkout', 'Rørsjekk',
   'Jeg godtar kjøpsvilkårene.', 'Ja takk, send meg tilbud.');
insert into public.checkouts (id, organization_id, custom_fields) values
  ('00000000-0000-4000-8000-0000000006e3', '00000000-0000-4000-8000-00000000000a',
   '[{"id": "f_bolig", "label": "Bolig", "type": "text", "required": true}]');
insert into public.checkout_products (checkout_id, product_id, organization_id, role, quantity_editable) values
  ('00000000-0000-4000-8000-0000000006e3', '00000000-0000-4000-8000-0000000006e1', '00000000-0000-4000-8000-00000000000a', 'main', true),
  ('00000000-0000-4000-8000-0000000006e3', '00000000-0000-4000-8000-0000000006e2', '00000000-0000-4000-8000-00000000000a', 'bump', false);
insert into public.coupons (id, organization_id, code, percent_off, max_uses) values
  ('00000000-0000-4000-8000-0000000006e4', '00000000-0000-4000-8000-00000000000a', 'TI', 10, 1);
update public.campaigns set published_at = '2026-06-01 09:00 Europe/Oslo' where id = '00000000-0000-4000-8000-0000000006e3';

select tests.clear_authentication();
select set_config('co.start', public.start_checkout('00000000-0000-4000-8000-0000000006e3', 'kari@example.no', false,
  null, 'facebook', '{}', null, now() - interval '1 minute')::text, true);
select throws_ok(
  $$ select public.begin_checkout_order((current_setting('co.start')::jsonb ->> 'session_id')::uuid,
       current_setting('co.start')::jsonb ->> 'token', gen_random_uuid(), '[]', false, null, '{}', '{}', true, false, 'local') $$,
  '42501', null, 'anon cannot begin an order itself (only checkout-pay)'
);

select tests.authenticate_as_service_role();
create temporary table co_args as select
  (current_setting('co.start')::jsonb ->> 'session_id')::uuid as session_id,
  current_setting('co.start')::jsonb ->> 'token' as token;
grant select on co_args to service_role;
select throws_ok(
  $$ select public.begin_checkout_order(session_id, 'feil', gen_random_uuid(), '[{"product_id": "00000000-0000-4000-8000-0000000006e1", "quantity": 1}]',
       false, null, '{}', '{"f_bolig": "Enebolig"}', true, false, 'local') from co_args $$,
  'P0001', 'checkout-session-invalid', 'a wrong session secret is refused'
);
select throws_ok(
  $$ select public.begin_checkout_order(session_id, token, gen_random_uuid(), '[{"product_id": "00000000-0000-4000-8000-0000000006e1", "quantity": 1}]',
       false, null, '{}', '{}', true, false, 'local') from co_args $$,
  'P0001', 'checkout-fields-invalid', 'a required question left blank is refused'
);
select throws_ok(
  $$ select public.begin_checkout_order(session_id, token, gen_random_uuid(), '[{"product_id": "00000000-0000-4000-8000-0000000006e1", "quantity": 4}]',
       false, null, '{}', '{"f_bolig": "Enebolig"}', true, false, 'local') from co_args $$,
  'P0001', 'checkout-quantity-invalid', 'more than max_per_order is refused'
);
select throws_ok(
  $$ select public.begin_checkout_order(session_id, token, gen_random_uuid(), '[{"product_id": "00000000-0000-4000-8000-0000000006e2", "quantity": 1}]',
       false, null, '{}', '{"f_bolig": "Enebolig"}', true, false, 'local') from co_args $$,
  'P0001', 'checkout-quantity-invalid', 'the bump is not a main product'
);
select throws_ok(
  $$ select public.begin_checkout_order(session_id, token, gen_random_uuid(), '[{"product_id": "00000000-0000-4000-8000-0000000006e1", "quantity": 3}]',
       false, null, '{}', '{"f_bolig": "Enebolig"}', true, false, 'local') from co_args $$,
  'P0001', 'checkout-sold-out', 'more than is in stock is refused'
);
select throws_ok(
  $$ select public.begin_checkout_order(session_id, token, gen_random_uuid(), '[{"product_id": "00000000-0000-4000-8000-0000000006e1", "quantity": 1}]',
       false, null, '{}', '{"f_bolig": "Enebolig"}', false, false, 'local') from co_args $$,
  'P0001', 'participant-consent-required', 'the terms must be accepted'
);

select set_config('co.request', gen_random_uuid()::text, true);
select set_config('co.first', public.begin_checkout_order(session_id, token, current_setting('co.request')::uuid,
  '[{"product_id": "00000000-0000-4000-8000-0000000006e1", "quantity": 2}]', true, ' ti ',
  '{"name": "Kari Nordmann", "phone": "912 34 567"}', '{"f_bolig": "Enebolig"}', true, true, 'local')::text, true)
from co_args;
select results_eq(
  $$ select (o ->> 'number')::int, (o ->> 'subtotal_ore')::int, (o ->> 'discount_ore')::int, (o ->> 'total_ore')::int,
       o #>> '{buyer,phone}', o ->> 'source', o ->> 'status'
     from (select current_setting('co.first')::jsonb -> 'order' as o) as x $$,
  $$ values (1001, 309500, 30950, 278550, '+4791234567', 'facebook', 'pending') $$,
  'the order: 2 × 1 490 + the 115 kr bump, 10 % off, number 1001, the buyer''s phone as +47, the session''s source'
);
select results_eq(
  $$ select description, quantity, discount_ore, is_bump from public.order_items
     where order_id = (current_setting('co.first')::jsonb #>> '{order,id}')::uuid order by is_bump $$,
  $$ values ('Rørsjekk', 2, 29800, false), ('Matpakke', 1, 1150, true) $$,
  'the discount is spread over the lines in proportion to their totals'
);
select results_eq(
  $$ select (select stock from public.products where id = '00000000-0000-4000-8000-0000000006e1'),
            (select uses from public.coupons where code = 'TI') $$,
  $$ values (0, 1) $$,
  'the stock and the coupon''s use are reserved'
);
select results_eq(
  $$ select (r -> 'order' ->> 'id') = (current_setting('co.first')::jsonb #>> '{order,id}'), r -> 'token'
     from (select public.begin_checkout_order(session_id, token, current_setting('co.request')::uuid,
       '[{"product_id": "00000000-0000-4000-8000-0000000006e1", "quantity": 2}]', true, 'TI', '{}',
       '{"f_bolig": "Enebolig"}', true, true, 'local') as r from co_args) as x $$,
  $$ values (true, 'null'::jsonb) $$,
  'the same request id answers the same order (no new token), reserving nothing again'
);
select is((select stock from public.products where id = '00000000-0000-4000-8000-0000000006e1'), 0, 'still 0 left');
select throws_ok(
  $$ select public.begin_checkout_order(session_id, token, gen_random_uuid(), '[{"product_id": "00000000-0000-4000-8000-0000000006e1", "quantity": 1}]',
       false, null, '{}', '{"f_bolig": "Enebolig"}', true, false, 'local') from co_args $$,
  'P0001', 'checkout-sold-out', 'sold out while the order holds the units'
);

-- The receipt by its link.
select tests.clear_authentication();
select is(
  (public.checkout_receipt((current_setting('co.first')::jsonb #>> '{order,id}')::uuid,
    current_setting('co.first')::jsonb ->> 'token') -> 'vat'),
  '[{"rate": 25, "vat_ore": 53640, "total_ore": 268200}, {"rate": 15, "vat_ore": 1350, "total_ore": 10350}]'::jsonb,
  'anon with the link: the receipt with MVA per rate after the discount'
);
select throws_ok(
  $$ select public.checkout_receipt((current_setting('co.first')::jsonb #>> '{order,id}')::uuid, 'feil') $$,
  'PT404', 'checkout-order-not-found', 'a wrong link finds no order'
);

-- Settling, once.
select tests.authenticate_as_service_role();
select is(
  (public.settle_checkout_order((current_setting('co.first')::jsonb #>> '{order,id}')::uuid, 'visa', '4242', null, null) ->> 'settled')::boolean,
  true, 'the first settle marks the order paid'
);
select is(
  (public.settle_checkout_order((current_setting('co.first')::jsonb #>> '{order,id}')::uuid, 'visa', '4242', null, null) ->> 'settled')::boolean,
  false, 'a second settle changes nothing'
);
select results_eq(
  $$ select l.source::text, (select count(*)::int from public.consents as c join public.participants as p on p.id = c.participant_id
       where p.email = 'kari@example.no' and c.campaign_id = '00000000-0000-4000-8000-0000000006e3')
     from public.leads as l where l.email = 'kari@example.no' $$,
  $$ values ('checkout', 2) $$,
  'the buyer became a lead (source checkout) with the terms and marketing consents'
);
select is(
  (select recovery_due_at from public.checkout_sessions where id = (select session_id from co_args)), null,
  'the session''s recovery stops'
);
select is(
  (public.release_checkout_order((current_setting('co.first')::jsonb #>> '{order,id}')::uuid, 'failed')).status, 'paid',
  'a paid order is never released'
);

-- Another buyer's order released: the stock and the code come back, once.
update public.products set stock = 1 where id = '00000000-0000-4000-8000-0000000006e1';
update public.coupons set max_uses = 2 where code = 'TI';
select set_config('co.second', public.begin_checkout_order(session_id, token, gen_random_uuid(),
  '[{"product_id": "00000000-0000-4000-8000-0000000006e1", "quantity": 1}]', false, 'TI', '{}', '{"f_bolig": "Hytte"}',
  true, false, 'local') #>> '{order,id}', true) from co_args;
select public.release_checkout_order(current_setting('co.second')::uuid, 'expired');
select public.release_checkout_order(current_setting('co.second')::uuid, 'expired');
select results_eq(
  $$ select (select stock from public.products where id = '00000000-0000-4000-8000-0000000006e1'),
            (select uses from public.coupons where code = 'TI'),
            (select status from public.orders where id = current_setting('co.second')::uuid) $$,
  $$ values (1, 1, 'expired') $$,
  'a released order gives its unit and code use back, once'
);

select * from finish();
rollback;
