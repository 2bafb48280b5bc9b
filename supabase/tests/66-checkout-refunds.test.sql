-- Refunds of checkout orders (supabase/migrations/20261129090000_checkout_refunds.sql): only owners and
-- admins of the seller learn what a refund needs; a refund is recorded once per provider refund id,
-- never beyond the total, and a full refund marks the order refunded.
begin;

select plan(12);

select tests.seed_calendar_cast();

insert into public.campaigns (id, organization_id, kind, name, consent_text) values
  ('00000000-0000-4000-8000-0000000006d1', '00000000-0000-4000-8000-00000000000a', 'checkout', 'Kurs', 'Jeg godtar.');
insert into public.checkouts (id, organization_id) values
  ('00000000-0000-4000-8000-0000000006d1', '00000000-0000-4000-8000-00000000000a');
insert into public.orders (id, organization_id, number, checkout_id, status, subtotal_ore, total_ore, provider,
  provider_payment_id, idempotency_key, access_token_sha256, expires_at, paid_at) values
  ('00000000-0000-4000-8000-0000000006d2', '00000000-0000-4000-8000-00000000000a', 1001,
   '00000000-0000-4000-8000-0000000006d1', 'paid', 59800, 59800, 'local', 'pi_local_refund', 'checkout:r1',
   repeat('a', 64), now(), now()),
  ('00000000-0000-4000-8000-0000000006d3', '00000000-0000-4000-8000-00000000000a', 1002,
   '00000000-0000-4000-8000-0000000006d1', 'failed', 49900, 49900, 'local', 'pi_local_failed', 'checkout:r2',
   repeat('b', 64), now(), null);

select tests.authenticate_as('owner');
select is(
  public.checkout_refundable('00000000-0000-4000-8000-0000000006d2') ->> 'provider_payment_id', 'pi_local_refund',
  'owner: learns what the refund of a paid order needs'
);
select throws_ok(
  $$ select public.checkout_refundable('00000000-0000-4000-8000-0000000006d3') $$,
  'P0001', 'checkout-refund-invalid', 'an order that was never paid cannot be refunded'
);
select tests.authenticate_as('member');
select throws_ok(
  $$ select public.checkout_refundable('00000000-0000-4000-8000-0000000006d2') $$,
  'PT404', 'checkout-order-not-found', 'a member (not owner or admin) cannot refund'
);
select throws_ok(
  $$ select public.record_checkout_refund('00000000-0000-4000-8000-0000000006d2', 100, 're_1') $$,
  '42501', null, 'a member cannot record a refund'
);
select tests.authenticate_as('other');
select throws_ok(
  $$ select public.checkout_refundable('00000000-0000-4000-8000-0000000006d2') $$,
  'PT404', 'checkout-order-not-found', 'another organization cannot refund'
);

select tests.authenticate_as_service_role();
select results_eq(
  $$ select refunded_ore, status from public.record_checkout_refund('00000000-0000-4000-8000-0000000006d2', 9950, 're_local_1', 'Delvis', null) $$,
  $$ values (9950, 'paid') $$,
  'a partial refund is recorded; the order stays paid'
);
select results_eq(
  $$ select refunded_ore from public.record_checkout_refund('00000000-0000-4000-8000-0000000006d2', 9950, 're_local_1') $$,
  $$ values (9950) $$,
  'the same refund id again changes nothing'
);
select throws_ok(
  $$ select public.record_checkout_refund('00000000-0000-4000-8000-0000000006d2', 49851, 're_local_2') $$,
  'P0001', 'checkout-refund-invalid', 'a refund beyond what is left is refused'
);
select results_eq(
  $$ select refunded_ore, status from public.record_checkout_refund('00000000-0000-4000-8000-0000000006d2', 49850, 're_local_3') $$,
  $$ values (59800, 'refunded') $$,
  'refunding the rest marks the order refunded'
);
select is(
  (select count(*)::int from public.order_refunds where order_id = '00000000-0000-4000-8000-0000000006d2'), 2,
  'the ledger holds one row per refund'
);
select tests.authenticate_as('owner');
select throws_ok(
  $$ select public.checkout_refundable('00000000-0000-4000-8000-0000000006d2') $$,
  'P0001', 'checkout-refund-invalid', 'a fully refunded order has nothing left to refund'
);
select is(
  (select sum(amount_ore)::int from public.order_refunds where order_id = '00000000-0000-4000-8000-0000000006d2'), 59800,
  'owner: reads the refunds'
);

select * from finish();
rollback;
