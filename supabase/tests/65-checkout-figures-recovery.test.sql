-- Checkout figures and recovery (supabase/migrations/20261129070000_checkout_figures_and_recovery.sql):
-- the figures count the right rows for members only; the recovery sequence goes out at 15 min, 6 h and
-- 24 h, once each, and stops for a purchase, an unsubscribe or a withdrawal of marketing.
begin;

select plan(20);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-06-10 12:00 Europe/Oslo', true);
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.65"}', true);

insert into public.products (id, organization_id, name, price_ore, vat_rate) values
  ('00000000-0000-4000-8000-0000000006c1', '00000000-0000-4000-8000-00000000000a', 'Rørkurs', 49900, 25);
insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text) values
  ('00000000-0000-4000-8000-0000000006c2', '00000000-0000-4000-8000-00000000000a', 'checkout', 'Kurs',
   null, 'Jeg godtar kjøpsvilkårene.');
insert into public.checkouts (id, organization_id) values
  ('00000000-0000-4000-8000-0000000006c2', '00000000-0000-4000-8000-00000000000a');
insert into public.checkout_products (checkout_id, product_id, organization_id) values
  ('00000000-0000-4000-8000-0000000006c2', '00000000-0000-4000-8000-0000000006c1', '00000000-0000-4000-8000-00000000000a');
insert into public.coupons (id, organization_id, code, percent_off) values
  ('00000000-0000-4000-8000-0000000006c3', '00000000-0000-4000-8000-00000000000a', 'KOMTILBAKE', 10);
update public.checkouts set recovery_coupon_id = '00000000-0000-4000-8000-0000000006c3'
where id = '00000000-0000-4000-8000-0000000006c2';
update public.campaigns set published_at = '2026-06-01 09:00 Europe/Oslo' where id = '00000000-0000-4000-8000-0000000006c2';

-- Three buyers give an e-mail at noon on 10 June: Kari asks for a reminder, Ola does not, Per asks and buys.
select tests.clear_authentication();
select set_config('fr.kari', public.start_checkout('00000000-0000-4000-8000-0000000006c2', 'kari@example.no', true,
  'visitor-kari-1', 'facebook', '{}', null, now() - interval '1 minute') ->> 'session_id', true);
select set_config('fr.ola', public.start_checkout('00000000-0000-4000-8000-0000000006c2', 'ola@example.no', false,
  'visitor-ola-12', null, '{}', null, now() - interval '1 minute') ->> 'session_id', true);
select set_config('fr.per', public.start_checkout('00000000-0000-4000-8000-0000000006c2', 'per@example.no', true,
  'visitor-per-12', 'facebook', '{}', null, now() - interval '1 minute') ->> 'session_id', true);
select public.record_checkout_visit('00000000-0000-4000-8000-0000000006c2', 'visitor-kari-1', 'facebook');
select public.record_checkout_visit('00000000-0000-4000-8000-0000000006c2', 'visitor-kari-1', 'facebook');
select public.record_checkout_visit('00000000-0000-4000-8000-0000000006c2', 'visitor-per-12', 'facebook');
select public.record_checkout_visit('00000000-0000-4000-8000-0000000006c2', 'visitor-ola-12', null);

-- Rows take the real clock's time; put them at noon on 10 June, where the campaigns' clock is.
select tests.authenticate_as_service_role();
update public.checkout_sessions set created_at = '2026-06-10 12:00 Europe/Oslo';
update public.campaign_events set created_at = '2026-06-10 12:00 Europe/Oslo';

-- Per's paid order (written as the order functions would) and a refund of 100 kr of it.
insert into public.orders (id, organization_id, number, checkout_id, session_id, participant_id, status,
  subtotal_ore, total_ore, refunded_ore, idempotency_key, access_token_sha256, source, expires_at, paid_at, created_at)
select '00000000-0000-4000-8000-0000000006c4', s.organization_id, 1001, s.checkout_id, s.id, s.participant_id, 'paid',
  59800, 59800, 10000, 'checkout:test-1', repeat('a', 64), 'facebook', now(),
  '2026-06-10 12:05 Europe/Oslo', '2026-06-10 12:04 Europe/Oslo'
from public.checkout_sessions as s where s.id = current_setting('fr.per')::uuid;
insert into public.order_items (order_id, organization_id, description, quantity, unit_price_ore, vat_rate, is_bump) values
  ('00000000-0000-4000-8000-0000000006c4', '00000000-0000-4000-8000-00000000000a', 'Rørkurs', 1, 49900, 25, false),
  ('00000000-0000-4000-8000-0000000006c4', '00000000-0000-4000-8000-00000000000a', 'Sjekkliste', 1, 9900, 25, true);
insert into public.order_refunds (order_id, organization_id, amount_ore, created_at) values
  ('00000000-0000-4000-8000-0000000006c4', '00000000-0000-4000-8000-00000000000a', 10000, '2026-06-11 10:00 Europe/Oslo');
-- A failed order counts for nothing.
insert into public.orders (organization_id, number, checkout_id, status, subtotal_ore, total_ore,
  idempotency_key, access_token_sha256, expires_at, created_at)
values ('00000000-0000-4000-8000-00000000000a', 1002, '00000000-0000-4000-8000-0000000006c2', 'failed', 49900, 49900,
  'checkout:test-2', repeat('b', 64), now(), '2026-06-10 12:06 Europe/Oslo');

-- ---------------------------------------------------------------------------------------------
-- Figures
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('member');
select set_config('fr.figures', public.checkout_figures('00000000-0000-4000-8000-0000000006c2', '2026-06-09', '2026-06-11')::text, true);
select is(
  current_setting('fr.figures')::jsonb -> 'totals',
  '{"visits": 4, "visitors": 3, "started": 3, "orders": 1, "gross_ore": 59800, "bump_orders": 1, "refunds": 1, "refunded_ore": 10000}'::jsonb,
  'member: the totals count visits, unique visitors, started, paid orders, gross, bumps and refunds'
);
select is(
  (select jsonb_agg(d -> 'visits') from jsonb_array_elements(current_setting('fr.figures')::jsonb -> 'days') as d),
  '[0, 4, 0]'::jsonb, 'one row per Oslo day of the range, empty days included'
);
select is(
  (select s from jsonb_array_elements(current_setting('fr.figures')::jsonb -> 'sources') as s where s ->> 'source' = 'facebook'),
  '{"source": "facebook", "visits": 3, "visitors": 2, "started": 2, "orders": 1, "gross_ore": 59800}'::jsonb,
  'per source: the visits, sessions and orders that came from it'
);
select throws_ok(
  $$ select public.checkout_figures('00000000-0000-4000-8000-0000000006c2', '2026-06-11', '2026-06-09') $$,
  '22023', 'checkout-figures-range-invalid', 'a range that ends before it starts is refused'
);
select tests.authenticate_as('other');
select throws_ok(
  $$ select public.checkout_figures('00000000-0000-4000-8000-0000000006c2', '2026-06-09', '2026-06-11') $$,
  'PT404', 'checkout-not-found', 'another organization gets no figures'
);
select tests.clear_authentication();
select throws_ok(
  $$ select public.checkout_figures('00000000-0000-4000-8000-0000000006c2', '2026-06-09', '2026-06-11') $$,
  '42501', null, 'anon gets no figures'
);
select throws_ok(
  $$ select * from public.claim_checkout_recoveries() $$,
  '42501', null, 'anon cannot claim recovery e-mails'
);

-- ---------------------------------------------------------------------------------------------
-- Recovery
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as_service_role();
select is(
  (select count(*)::int from public.claim_checkout_recoveries('2026-06-10 12:14 Europe/Oslo')), 0,
  'nothing is due before 15 minutes'
);
select results_eq(
  $$ select email, step, coupon_code, token is not null from public.claim_checkout_recoveries('2026-06-10 12:15 Europe/Oslo') $$,
  $$ values ('kari@example.no', 1, null::text, true) $$,
  'at 15 minutes: the first e-mail to Kari only (Ola asked for none, Per paid)'
);
select is(
  (select count(*)::int from public.claim_checkout_recoveries('2026-06-10 12:20 Europe/Oslo')), 0,
  'the first e-mail is sent once'
);
select is(
  (select recovery_due_at from public.checkout_sessions where id = current_setting('fr.per')::uuid), null,
  'the buyer''s session has nothing more due'
);
select is(
  (select count(*)::int from public.claim_checkout_recoveries('2026-06-10 17:59 Europe/Oslo')), 0,
  'the second is not due before 6 hours'
);
select results_eq(
  $$ select step, coupon_code, coupon_percent_off from public.claim_checkout_recoveries('2026-06-10 18:00 Europe/Oslo') $$,
  $$ values (2, 'KOMTILBAKE', 10) $$,
  'at 6 hours: the second e-mail, with the recovery coupon'
);
select lives_ok(
  $$ select public.release_checkout_recovery(current_setting('fr.kari')::uuid, 2) $$,
  'a failed e-mail is handed back'
);
select results_eq(
  $$ select step from public.claim_checkout_recoveries('2026-06-10 18:05 Europe/Oslo') $$,
  $$ values (2) $$,
  'and claimed again on the next run'
);
-- Kari uses the one-click unsubscribe of that e-mail: the reminders of this checkout end.
select set_config('fr.kari_token', public.issue_participant_token(p.id, '00000000-0000-4000-8000-0000000006c2'), true)
from public.participants as p where p.email = 'kari@example.no';
select tests.clear_authentication();
select lives_ok(
  $$ select public.withdraw_consent(current_setting('fr.kari_token'), 'reminders', '00000000-0000-4000-8000-0000000006c2') $$,
  'Kari unsubscribes'
);
select tests.authenticate_as_service_role();
select is(
  (select count(*)::int from public.claim_checkout_recoveries('2026-06-11 12:00 Europe/Oslo')), 0,
  'after the unsubscribe the 24-hour e-mail does not go'
);
select is(
  (select recovery_due_at from public.checkout_sessions where id = current_setting('fr.kari')::uuid), null,
  'and nothing more is due'
);

-- A buyer who withdrew marketing for the organization gets none either.
select set_config('fr.eva', public.start_checkout('00000000-0000-4000-8000-0000000006c2', 'eva@example.no', true,
  null, null, '{}', null, now() - interval '1 minute') ->> 'session_id', true);
update public.checkout_sessions set created_at = '2026-06-10 12:00 Europe/Oslo' where id = current_setting('fr.eva')::uuid;
update public.leads set marketing_withdrawn_at = now() where email = 'eva@example.no';
insert into public.leads (organization_id, source, email, marketing_withdrawn_at)
select '00000000-0000-4000-8000-00000000000a', 'manual', 'eva@example.no', now()
where not exists (select 1 from public.leads where email = 'eva@example.no');
select is(
  (select count(*)::int from public.claim_checkout_recoveries('2026-06-10 12:30 Europe/Oslo') where email = 'eva@example.no'), 0,
  'a person who withdrew marketing gets no recovery e-mail'
);
select is(
  (select recovery_due_at from public.checkout_sessions where id = current_setting('fr.eva')::uuid), null,
  'and nothing more is due for them'
);

select * from finish();
rollback;
