-- Paid bookings (supabase/migrations/20261201110000_booking_payments.sql, docs/booking.md «Betaling»):
-- a service paid online needs a seller account that takes card payments; a booking of it holds its
-- slot as pending_payment with an order (one line, the price incl. MVA and rate); settling the order
-- confirms it, releasing it (failed, canceled, expired) frees the slot with a reason; the exclusion
-- constraint covers the hold; the paid confirmation e-mail is claimed once; the manage link's view
-- carries the payment; members cannot move a booking past its payment or write the new columns.
begin;

select plan(27);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-06-01 08:00 Europe/Oslo', true);

insert into public.campaigns (id, organization_id, kind, name, consent_text, marketing_consent_text, published_at)
values ('00000000-0000-4000-8000-0000000080a1', '00000000-0000-4000-8000-00000000000a', 'booking', 'Bestill service',
  'Jeg godtar at opplysningene brukes til bestillingen.', 'Send meg tilbud.', '2026-05-01 08:00 Europe/Oslo');
insert into public.booking_solutions (id, organization_id) values
  ('00000000-0000-4000-8000-0000000080a1', '00000000-0000-4000-8000-00000000000a');
insert into public.booking_staff (id, solution_id, organization_id, name) values
  ('00000000-0000-4000-8000-0000000080c1', '00000000-0000-4000-8000-0000000080a1', '00000000-0000-4000-8000-00000000000a', 'Per');

-- ---------------------------------------------------------------------------------------------
-- Online payment needs a seller account that takes card payments
-- ---------------------------------------------------------------------------------------------
select throws_ok(
  $$ insert into public.booking_services (id, solution_id, organization_id, name, duration_minutes, price_ore, payment)
     values ('00000000-0000-4000-8000-0000000080b1', '00000000-0000-4000-8000-0000000080a1',
       '00000000-0000-4000-8000-00000000000a', 'Service på varmepumpe', 60, 149000, 'online') $$,
  'P0001', 'booking-payments-not-ready', 'no service paid online without a seller account'
);
insert into public.seller_accounts (organization_id, provider, account_id, charges_enabled)
values ('00000000-0000-4000-8000-00000000000a', 'local', 'acct_local_80', true);
select lives_ok(
  $$ insert into public.booking_services (id, solution_id, organization_id, name, duration_minutes, price_ore, payment, vat_rate)
     values ('00000000-0000-4000-8000-0000000080b1', '00000000-0000-4000-8000-0000000080a1',
       '00000000-0000-4000-8000-00000000000a', 'Service på varmepumpe', 60, 149000, 'online', 25) $$,
  'with an account that takes card payments, the service is paid online'
);
select throws_ok(
  $$ insert into public.booking_services (solution_id, organization_id, name, duration_minutes, price_ore, vat_rate)
     values ('00000000-0000-4000-8000-0000000080a1', '00000000-0000-4000-8000-00000000000a', 'Feil sats', 60, 100, 7) $$,
  '23514', null, 'the MVA rate is one of 0, 12, 15, 25'
);
insert into public.booking_staff_services (staff_id, service_id, solution_id, organization_id) values
  ('00000000-0000-4000-8000-0000000080c1', '00000000-0000-4000-8000-0000000080b1', '00000000-0000-4000-8000-0000000080a1', '00000000-0000-4000-8000-00000000000a');

create function pg_temp.book(starts_at timestamptz, email text)
returns jsonb
language sql
as $$
  select public.book_booking(
    '00000000-0000-4000-8000-0000000080a1', '00000000-0000-4000-8000-0000000080b1',
    '00000000-0000-4000-8000-0000000080c1', starts_at, '203.0.113.80', now() - interval '1 minute',
    '', email, 'Betaler', '+4791234567', true, false, '{}', 'local'
  );
$$;

select tests.authenticate_as_service_role();

-- ---------------------------------------------------------------------------------------------
-- The hold and its order
-- ---------------------------------------------------------------------------------------------
select lives_ok(
  $$ select set_config('bp.first', pg_temp.book('2026-06-02 10:00 Europe/Oslo', 'betaler@example.no')::text, true) $$,
  'a visitor books the paid service'
);
select results_eq(
  $$ select b.status, b.order_id = (current_setting('bp.first')::jsonb #>> '{order,id}')::uuid,
       current_setting('bp.first')::jsonb #>> '{booking,status}', (current_setting('bp.first')::jsonb #>> '{order,total_ore}')::integer
     from public.bookings as b where b.id = (current_setting('bp.first')::jsonb #>> '{booking,id}')::uuid $$,
  $$ values ('pending_payment', true, 'pending_payment', 149000) $$,
  'the booking waits for payment, linked to its order, and the answer carries the order'
);
select results_eq(
  $$ select o.checkout_id is null, o.status, o.subtotal_ore, o.total_ore, o.provider, o.idempotency_key,
       o.expires_at, o.buyer ->> 'name', p.email
     from public.orders as o join public.participants as p on p.id = o.participant_id
     where o.id = (current_setting('bp.first')::jsonb #>> '{order,id}')::uuid $$,
  $$ values (true, 'pending', 149000, 149000, 'local',
       'booking:' || (current_setting('bp.first')::jsonb #>> '{booking,id}'),
       '2026-06-01 08:15 Europe/Oslo'::timestamptz, 'Betaler', 'betaler@example.no') $$,
  'the order: no checkout, the price incl. MVA, the provider, one key per booking, 15 minutes to pay, the participant'
);
select results_eq(
  $$ select i.description, i.quantity, i.unit_price_ore, i.vat_rate from public.order_items as i
     where i.order_id = (current_setting('bp.first')::jsonb #>> '{order,id}')::uuid $$,
  $$ values ('Service på varmepumpe', 1, 149000, 25) $$,
  'one line: the service at its price and MVA rate'
);
select throws_ok(
  $$ select pg_temp.book('2026-06-02 10:30 Europe/Oslo', 'annen@example.no') $$,
  'PT409', 'booking-slot-taken', 'the exclusion constraint covers a booking waiting for payment'
);
select is(
  (select jsonb_array_length(public.booking_slot_inputs('00000000-0000-4000-8000-0000000080a1',
    '00000000-0000-4000-8000-0000000080b1', '2026-06-02', '2026-06-02', '203.0.113.80') -> 'bookings')),
  1, 'the slot engine sees the hold as a live booking'
);
select is(
  (select count(*)::integer from public.claim_booking_reminders('2026-06-02 09:00 Europe/Oslo')),
  0, 'a booking waiting for payment gets no reminder'
);
select is(
  (select count(*)::integer from public.checkout_orders_past_expiry('2026-06-01 08:15 Europe/Oslo')),
  1, 'the order expiry job sees the order when its 15 minutes run out'
);

-- ---------------------------------------------------------------------------------------------
-- Settled → confirmed; the confirmation e-mail once
-- ---------------------------------------------------------------------------------------------
select is(
  (public.settle_checkout_order((current_setting('bp.first')::jsonb #>> '{order,id}')::uuid, 'visa', '4242') ->> 'settled')::boolean,
  true, 'the payment settles the order'
);
select is(
  (select b.status from public.bookings as b where b.id = (current_setting('bp.first')::jsonb #>> '{booking,id}')::uuid),
  'confirmed', 'settling the order confirms the booking'
);
select is(
  (select count(*)::integer from public.claim_booking_confirmations((current_setting('bp.first')::jsonb #>> '{booking,id}')::uuid)),
  1, 'the paid confirmation is claimed'
);
select is(
  (select count(*)::integer from public.claim_booking_confirmations()),
  0, 'and only once'
);
select results_eq(
  $$ select b -> 'payment' ->> 'status', (b -> 'payment' ->> 'total_ore')::integer, (b ->> 'changeable')::boolean
     from public.booking_by_token(current_setting('bp.first')::jsonb ->> 'token', '203.0.113.80') as b $$,
  $$ values ('paid', 149000, true) $$,
  'the manage link''s view carries the payment'
);

-- ---------------------------------------------------------------------------------------------
-- Released → cancelled with a reason, the slot free again, no cancellation e-mail
-- ---------------------------------------------------------------------------------------------
select lives_ok(
  $$ select set_config('bp.second', pg_temp.book('2026-06-03 10:00 Europe/Oslo', 'treg@example.no')::text, true) $$,
  'another visitor books and does not pay'
);
select lives_ok(
  $$ select public.release_checkout_order((current_setting('bp.second')::jsonb #>> '{order,id}')::uuid, 'expired') $$,
  'the expiry job releases the order'
);
select results_eq(
  $$ select b.status, b.cancel_reason, b.cancelled_at is not null, b.cancellation_sent_at is not null
     from public.bookings as b where b.id = (current_setting('bp.second')::jsonb #>> '{booking,id}')::uuid $$,
  $$ values ('cancelled', 'payment-expired', true, true) $$,
  'the hold is cancelled with its reason, and no cancellation e-mail is due'
);
select is(
  (select count(*)::integer from public.claim_booking_cancellations((current_setting('bp.second')::jsonb #>> '{booking,id}')::uuid)),
  0, 'the job does not tell a hold that was never confirmed'
);
select lives_ok(
  $$ select pg_temp.book('2026-06-03 10:00 Europe/Oslo', 'neste@example.no') $$,
  'the slot is free again'
);

-- A booking that is no longer waiting is not moved by its order (a refund keeps it as it is).
select is(
  (select status from public.release_checkout_order((current_setting('bp.first')::jsonb #>> '{order,id}')::uuid, 'failed')),
  'paid', 'a paid order is not released'
);

-- ---------------------------------------------------------------------------------------------
-- The public read, members and the new columns
-- ---------------------------------------------------------------------------------------------
select tests.clear_authentication();
select is(
  (public.booking_public('00000000-0000-4000-8000-0000000080a1') ->> 'online_payments')::boolean,
  true, 'the public page is told online payment is open'
);

select tests.authenticate_as('owner');
select throws_ok(
  $$ update public.bookings set status = 'confirmed'
     where id = (select b.id from public.bookings as b where b.status = 'pending_payment' limit 1) $$,
  'P0001', 'booking-invalid', 'an owner cannot confirm a booking waiting for payment'
);
select throws_ok(
  $$ update public.bookings set order_id = null where solution_id = '00000000-0000-4000-8000-0000000080a1' $$,
  '42501', null, 'nobody but the functions writes a booking''s order'
);
select tests.authenticate_as('member');
select is(
  (select count(*)::integer from public.bookings as b join public.orders as o on o.id = b.order_id
   where b.solution_id = '00000000-0000-4000-8000-0000000080a1'),
  3, 'members read their bookings with their orders'
);
select tests.authenticate_as('other');
select is(
  (select count(*)::integer from public.bookings as b where b.solution_id = '00000000-0000-4000-8000-0000000080a1'),
  0, 'another organization reads none of them'
);

select * from finish();
rollback;
