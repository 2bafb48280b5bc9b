-- Funnels (supabase/migrations/20261129170000_funnels.sql): who reads and writes funnels, steps,
-- variants and events; the standard template and the copy; the sticky split-test bucket; the figures
-- on a small hand-computed fixture; the public step read; an offer order inside and outside its window.
begin;

select plan(47);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-06-10 12:00 Europe/Oslo', true);
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.63"}', true);

insert into public.products (id, organization_id, name, price_ore, vat_rate, stock) values
  ('00000000-0000-4000-8000-000000006301', '00000000-0000-4000-8000-00000000000a', 'Rørkurs', 49900, 25, null),
  ('00000000-0000-4000-8000-000000006302', '00000000-0000-4000-8000-00000000000a', 'Rørkurs pluss', 19900, 25, 5);

-- ---------------------------------------------------------------------------------------------
-- Table × operation × identity
-- ---------------------------------------------------------------------------------------------

select tests.authenticate_as('member');
select set_config('fu.id', public.create_funnel('00000000-0000-4000-8000-00000000000a', 'Rørkurs-trakt')::text, true);
select is(
  (select array_agg(type || ':' || coalesce(offer_role, '-') order by position) from public.funnel_steps
   where funnel_id = current_setting('fu.id')::uuid),
  array['optin:-', 'sales:-', 'checkout:-', 'offer:upsell', 'offer:downsell', 'thankyou:-'],
  'a member creates a funnel with the standard template''s six steps'
);
select is(
  (select count(*)::integer from public.funnel_steps as s
   join public.funnel_steps as n on n.id = s.next_step_id
   where s.funnel_id = current_setting('fu.id')::uuid),
  5, 'every step but the thank-you page leads on'
);
select is(
  (select d.name from public.funnel_steps as s join public.funnel_steps as d on d.id = s.decline_step_id
   where s.funnel_id = current_setting('fu.id')::uuid and s.offer_role = 'upsell'),
  'Nedsalg', 'the upsell''s «Nei takk» leads to the downsell'
);
select is((select kind from public.campaigns where id = current_setting('fu.id')::uuid), 'funnel', 'its campaign is of kind funnel');
select lives_ok(
  $$ update public.funnels set offer_minutes = 20 where id = current_setting('fu.id')::uuid $$,
  'a member changes the offer window'
);
select throws_ok(
  $$ update public.funnels set offer_minutes = 61 where id = current_setting('fu.id')::uuid $$,
  '23514', null, 'the offer window is at most 60 minutes'
);
select lives_ok(
  $$ insert into public.funnel_step_variants (step_id, organization_id, label, content, traffic_percent)
     select id, organization_id, 'B', '[{"id": "h", "type": "heading", "text": "B", "level": 1}]', 60
     from public.funnel_steps where funnel_id = current_setting('fu.id')::uuid and type = 'sales' $$,
  'a member adds a variant'
);
select throws_ok(
  $$ insert into public.funnel_step_variants (step_id, organization_id, label, traffic_percent)
     select id, organization_id, 'C', 40 from public.funnel_steps where funnel_id = current_setting('fu.id')::uuid and type = 'sales' $$,
  '23514', 'funnel-variants-traffic-invalid', 'variants share at most 99 % of the traffic'
);
select throws_ok(
  $$ update public.funnel_steps set content = '[{"id": "x", "type": "marquee"}]'
     where funnel_id = current_setting('fu.id')::uuid and type = 'sales' $$,
  '23514', null, 'a block of an unknown type is refused'
);
select throws_ok(
  $$ update public.funnel_steps set form_id = '00000000-0000-4000-8000-000000006309'
     where funnel_id = current_setting('fu.id')::uuid and type = 'sales' $$,
  '23514', null, 'only an opt-in step has a form'
);
select is_empty(
  $$ delete from public.funnels where id = current_setting('fu.id')::uuid returning id $$,
  'a member cannot delete a funnel'
);
select lives_ok(
  $$ delete from public.funnel_step_variants where label = 'B' $$, 'a member removes a variant'
);
select set_config('fu.copy', public.duplicate_funnel(current_setting('fu.id')::uuid)::text, true);
select is(
  (select count(*)::integer from public.funnel_steps as s
   join public.funnel_steps as n on n.id = s.next_step_id and n.funnel_id = s.funnel_id
   where s.funnel_id = current_setting('fu.copy')::uuid),
  5, 'the copy''s steps lead to the copy''s own steps'
);
select is((select name from public.campaigns where id = current_setting('fu.copy')::uuid), 'Rørkurs-trakt (kopi)', 'the copy is named as a copy');
select is((select offer_minutes from public.funnels where id = current_setting('fu.copy')::uuid), 20, 'the copy keeps the offer window');

select tests.authenticate_as('other');
select is_empty($$ select id from public.funnels where id = current_setting('fu.id')::uuid $$, 'another organization reads no funnel');
select is_empty($$ select id from public.funnel_steps where funnel_id = current_setting('fu.id')::uuid $$, 'nor its steps');
select is_empty(
  $$ update public.funnel_steps set name = 'Kapret' where funnel_id = current_setting('fu.id')::uuid returning id $$,
  'nor changes them'
);
select throws_ok(
  $$ insert into public.funnels (id, organization_id) values (current_setting('fu.id')::uuid, '00000000-0000-4000-8000-00000000000a') $$,
  '42501', null, 'nor adds to another organization'
);
select throws_ok(
  $$ select public.duplicate_funnel(current_setting('fu.id')::uuid) $$,
  'PT404', 'funnel-not-found', 'nor copies it'
);
select is(
  (select count(*)::integer from public.funnel_summaries('00000000-0000-4000-8000-00000000000a')),
  0, 'nor lists another organization''s funnels'
);

select tests.clear_authentication();
select throws_ok($$ select * from public.funnels $$, '42501', null, 'anon reads no funnel table');
select throws_ok($$ select * from public.funnel_events $$, '42501', null, 'nor the events');
select throws_ok(
  $$ select public.create_funnel('00000000-0000-4000-8000-00000000000a', 'x') $$, '42501', null, 'nor creates funnels'
);

select tests.authenticate_as('member');
select throws_ok(
  $$ insert into public.funnel_events (funnel_id, organization_id, step_id, visitor_hash, kind)
     select funnel_id, organization_id, id, repeat('a', 64), 'view' from public.funnel_steps
     where funnel_id = current_setting('fu.id')::uuid limit 1 $$,
  '42501', null, 'a member cannot write events (only the checked functions)'
);

select tests.authenticate_as('owner');
select isnt_empty(
  $$ delete from public.funnels where id = current_setting('fu.copy')::uuid returning id $$,
  'the owner deletes a funnel'
);
select is_empty($$ select id from public.campaigns where id = current_setting('fu.copy')::uuid $$, 'and its campaign goes with it');

-- ---------------------------------------------------------------------------------------------
-- The public step and the sticky bucket
-- ---------------------------------------------------------------------------------------------

reset role;
-- A published funnel of its own: a sales page with a 50 % variant B, an offer and a thank-you page.
insert into public.campaigns (id, organization_id, kind, name, consent_text) values
  ('00000000-0000-4000-8000-000000006310', '00000000-0000-4000-8000-00000000000a', 'funnel', 'Kurs', 'Jeg godtar vilkårene.');
insert into public.funnels (id, organization_id) values ('00000000-0000-4000-8000-000000006310', '00000000-0000-4000-8000-00000000000a');
insert into public.funnel_steps (id, funnel_id, organization_id, position, type, name, offer_role, product_id, price_ore, content) values
  ('00000000-0000-4000-8000-000000006311', '00000000-0000-4000-8000-000000006310', '00000000-0000-4000-8000-00000000000a', 0, 'sales', 'Salg', null, null, null,
   '[{"id": "a", "type": "heading", "text": "A", "level": 1}]'),
  ('00000000-0000-4000-8000-000000006312', '00000000-0000-4000-8000-000000006310', '00000000-0000-4000-8000-00000000000a', 1, 'checkout', 'Kasse', null, null, null, '[]'),
  ('00000000-0000-4000-8000-000000006313', '00000000-0000-4000-8000-000000006310', '00000000-0000-4000-8000-00000000000a', 2, 'offer', 'Tilbud', 'upsell',
   '00000000-0000-4000-8000-000000006302', 14900, '[]'),
  ('00000000-0000-4000-8000-000000006314', '00000000-0000-4000-8000-000000006310', '00000000-0000-4000-8000-00000000000a', 3, 'offer', 'Nedsalg', 'downsell',
   '00000000-0000-4000-8000-000000006302', 9900, '[]'),
  ('00000000-0000-4000-8000-000000006315', '00000000-0000-4000-8000-000000006310', '00000000-0000-4000-8000-00000000000a', 4, 'thankyou', 'Takk', null, null, null, '[]');
insert into public.funnel_step_variants (step_id, organization_id, label, content, traffic_percent) values
  ('00000000-0000-4000-8000-000000006311', '00000000-0000-4000-8000-00000000000a', 'B', '[{"id": "b", "type": "heading", "text": "B", "level": 1}]', 50);
select throws_ok(
  $$ update public.campaigns set published_at = now() where id = '00000000-0000-4000-8000-000000006310' $$,
  'P0001', 'funnel-step-incomplete', 'a checkout step without a checkout cannot be published'
);
delete from public.funnel_steps where id = '00000000-0000-4000-8000-000000006312';
update public.campaigns set published_at = '2026-06-01 09:00 Europe/Oslo' where id = '00000000-0000-4000-8000-000000006310';

select tests.clear_authentication();
select throws_ok(
  $$ select public.public_funnel_step(current_setting('fu.id')::uuid, null, 'besokende-1') $$,
  'PT404', 'funnel-not-found', 'a draft funnel is not public'
);
select is(
  public.public_funnel_step('00000000-0000-4000-8000-000000006310', null, 'besokende-1') #>> '{step,id}',
  '00000000-0000-4000-8000-000000006311', 'without a step id the first step answers'
);
-- The variant follows the bucket: below 50 A, else B; and a visitor always gets the same.
select is(
  (select bool_and(
     (public.public_funnel_step('00000000-0000-4000-8000-000000006310', '00000000-0000-4000-8000-000000006311', v) #>> '{step,variant}')
     = case when ('x' || left(encode(sha256(convert_to(v || '00000000-0000-4000-8000-000000006311', 'UTF8')), 'hex'), 8))::bit(32)::bigint % 100 < 50
         then 'A' else 'B' end)
   from (select 'besokende-' || n as v from generate_series(1, 20) as n) as visitors),
  true, 'the variant is the bucket of sha256(visitor || step) over the percents'
);
select is(
  (select count(distinct public.public_funnel_step('00000000-0000-4000-8000-000000006310', '00000000-0000-4000-8000-000000006311', 'besokende-7') #>> '{step,content,0,text}')
   from generate_series(1, 5)),
  1::bigint, 'the same visitor sees the same variant every time'
);
select is(
  (public.public_funnel_step('00000000-0000-4000-8000-000000006310', '00000000-0000-4000-8000-000000006313', 'besokende-1') -> 'step' -> 'product')
    - 'id' - 'image_media_id' - 'description',
  '{"name": "Rørkurs pluss", "price_ore": 14900, "vat_rate": 25}'::jsonb, 'an offer answers its product at the step''s price'
);
select throws_ok(
  $$ select public.record_funnel_event('00000000-0000-4000-8000-000000006310', '00000000-0000-4000-8000-000000006311', 'besokende-1', 'decline') $$,
  '22023', 'funnel-event-invalid', 'a sales page has no decline'
);
select lives_ok(
  $$ select public.record_funnel_event('00000000-0000-4000-8000-000000006310', '00000000-0000-4000-8000-000000006311', 'besokende-1', 'click') $$,
  'a click on a sales page is recorded'
);

-- ---------------------------------------------------------------------------------------------
-- Offer orders and their window
-- ---------------------------------------------------------------------------------------------

reset role;
insert into public.orders (id, organization_id, number, status, subtotal_ore, total_ore, provider, idempotency_key,
  access_token_sha256, expires_at, paid_at, funnel_id, funnel_visitor_hash, provider_customer_id, provider_payment_method_id)
values ('00000000-0000-4000-8000-000000006320', '00000000-0000-4000-8000-00000000000a', 5001, 'paid', 49900, 49900, 'local',
  'checkout:63-1', encode(sha256(convert_to('kvittering-for-rorkurs-0000000000000001', 'UTF8')), 'hex'), now() + interval '30 minutes',
  '2026-06-10 11:50 Europe/Oslo', '00000000-0000-4000-8000-000000006310', private.campaign_visitor_hash('00000000-0000-4000-8000-000000006310', 'besokende-1'),
  'cus_local_1', 'pm_local_4242_1');

select tests.clear_authentication();
select throws_ok(
  $$ select public.begin_funnel_offer_order('00000000-0000-4000-8000-000000006320', 'kvittering-for-rorkurs-0000000000000001',
       '00000000-0000-4000-8000-000000006313', '00000000-0000-4000-8000-0000000063a1') $$,
  '42501', null, 'anon cannot begin an offer order itself (only funnel-offer)'
);
select tests.authenticate_as_service_role();
select throws_ok(
  $$ select public.begin_funnel_offer_order('00000000-0000-4000-8000-000000006320', 'feil',
       '00000000-0000-4000-8000-000000006313', '00000000-0000-4000-8000-0000000063a1') $$,
  'PT404', 'checkout-order-not-found', 'a wrong receipt secret is refused'
);
select set_config('fu.offer', public.begin_funnel_offer_order('00000000-0000-4000-8000-000000006320', 'kvittering-for-rorkurs-0000000000000001',
  '00000000-0000-4000-8000-000000006313', '00000000-0000-4000-8000-0000000063a1')::text, true);
select is(
  (current_setting('fu.offer')::jsonb -> 'order') ->> 'total_ore', '14900',
  'ten minutes after the payment the upsell is an order at the step''s price'
);
select is(
  current_setting('fu.offer')::jsonb ->> 'payment_method_id', 'pm_local_4242_1', 'charged on the saved payment method'
);
select is(
  (public.begin_funnel_offer_order('00000000-0000-4000-8000-000000006320', 'kvittering-for-rorkurs-0000000000000001',
     '00000000-0000-4000-8000-000000006313', '00000000-0000-4000-8000-0000000063a1') -> 'order') ->> 'id',
  (current_setting('fu.offer')::jsonb -> 'order') ->> 'id', 'the same request id answers the same order'
);
select throws_ok(
  $$ select public.begin_funnel_offer_order('00000000-0000-4000-8000-000000006320', 'kvittering-for-rorkurs-0000000000000001',
       '00000000-0000-4000-8000-000000006313', '00000000-0000-4000-8000-0000000063a2') $$,
  'P0001', 'funnel-offer-taken', 'an offer is bought once after the same order'
);
select is(
  public.settle_checkout_order(((current_setting('fu.offer')::jsonb -> 'order') ->> 'id')::uuid, 'visa', '4242',
    'cus_local_1', 'pm_local_4242_1') ->> 'settled', 'true', 'the offer order settles through the checkout path'
);
reset role;
select is(
  (select kind || ':' || variant from public.funnel_events where order_id = ((current_setting('fu.offer')::jsonb -> 'order') ->> 'id')::uuid),
  'accept:A', 'a paid offer is the step''s accept'
);
select tests.authenticate_as_service_role();
select set_config('leadtorget.test_now', '2026-06-10 12:06 Europe/Oslo', true);
select throws_ok(
  $$ select public.begin_funnel_offer_order('00000000-0000-4000-8000-000000006320', 'kvittering-for-rorkurs-0000000000000001',
       '00000000-0000-4000-8000-000000006314', '00000000-0000-4000-8000-0000000063a3') $$,
  'P0001', 'funnel-offer-expired', 'sixteen minutes after the payment the 15-minute window is closed'
);

-- ---------------------------------------------------------------------------------------------
-- Figures on a hand-computed fixture
-- ---------------------------------------------------------------------------------------------

reset role;
delete from public.funnel_events where funnel_id = '00000000-0000-4000-8000-000000006310';
-- Sales page: visitor 1 (A) views twice and clicks, visitor 2 (B) views once; the offer: visitor 1
-- views and accepts (the paid order above, 14900), visitor 3 views and declines.
insert into public.funnel_events (funnel_id, organization_id, step_id, variant, visitor_hash, kind, created_at)
select '00000000-0000-4000-8000-000000006310', '00000000-0000-4000-8000-00000000000a', s::uuid, v, repeat(h, 64), k,
  '2026-06-09 10:00 Europe/Oslo'
from (values
  ('00000000-0000-4000-8000-000000006311', 'A', '1', 'view'), ('00000000-0000-4000-8000-000000006311', 'A', '1', 'view'),
  ('00000000-0000-4000-8000-000000006311', 'A', '1', 'click'), ('00000000-0000-4000-8000-000000006311', 'B', '2', 'view'),
  ('00000000-0000-4000-8000-000000006313', 'A', '1', 'view'), ('00000000-0000-4000-8000-000000006313', 'A', '1', 'accept'),
  ('00000000-0000-4000-8000-000000006313', 'A', '3', 'view'), ('00000000-0000-4000-8000-000000006313', 'A', '3', 'decline')
) as e(s, v, h, k);
-- An event the day after the range counts nowhere.
insert into public.funnel_events (funnel_id, organization_id, step_id, visitor_hash, kind, created_at)
values ('00000000-0000-4000-8000-000000006310', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000006311',
  repeat('4', 64), 'view', '2026-06-11 00:30 Europe/Oslo');
update public.orders set paid_at = '2026-06-09 10:05 Europe/Oslo' where funnel_id = '00000000-0000-4000-8000-000000006310';

select tests.authenticate_as('member');
select set_config('fu.figures', public.funnel_figures('00000000-0000-4000-8000-000000006310', '2026-06-09', '2026-06-10')::text, true);
select is(
  (select jsonb_build_object('views', s -> 'views', 'visitors', s -> 'visitors', 'clicks', s -> 'clicks', 'variants', s -> 'variants')
   from jsonb_array_elements(current_setting('fu.figures')::jsonb -> 'steps') as s where s ->> 'name' = 'Salg'),
  '{"views": 3, "visitors": 2, "clicks": 1, "variants": [{"label": "A", "views": 2, "visitors": 1, "conversions": 1},
    {"label": "B", "views": 1, "visitors": 1, "conversions": 0}]}'::jsonb,
  'the sales page: 3 views by 2 visitors, 1 click; A converted 1 of 1, B 0 of 1'
);
select is(
  (select jsonb_build_object('visitors', s -> 'visitors', 'accepts', s -> 'accepts', 'declines', s -> 'declines',
     'orders', s -> 'orders', 'revenue_ore', s -> 'revenue_ore')
   from jsonb_array_elements(current_setting('fu.figures')::jsonb -> 'steps') as s where s ->> 'name' = 'Tilbud'),
  '{"visitors": 2, "accepts": 1, "declines": 1, "orders": 1, "revenue_ore": 14900}'::jsonb,
  'the upsell: 2 visitors, 1 accept, 1 decline, 1 order of 149 kr'
);
select is(
  current_setting('fu.figures')::jsonb - 'steps',
  '{"revenue_ore": 64800, "visitors": 3, "earnings_per_visitor_ore": 21600}'::jsonb,
  'the funnel: 499 + 149 kr from 3 visitors is 216 kr per visitor'
);

select * from finish();
rollback;
