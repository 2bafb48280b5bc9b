-- The organizer's cancel (supabase/migrations/20261202110000_booking_owner_cancel_and_guest_links.sql,
-- docs/booking.md «Skjermene»): a paid booking cannot be cancelled by a plain update (its refund would
-- be skipped), an unpaid one still can; cancel_booking_by_organizer is for owners and admins only,
-- frees the slot, leaves the cancellation e-mail to be claimed once, and answers a cancelled booking
-- as it is.
begin;

select plan(15);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-06-01 08:00 Europe/Oslo', true);

insert into public.campaigns (id, organization_id, kind, name, consent_text, published_at)
values ('00000000-0000-4000-8000-0000000086a1', '00000000-0000-4000-8000-00000000000a', 'booking', 'Bestill service',
  'Jeg godtar at opplysningene brukes til bestillingen.', '2026-05-01 08:00 Europe/Oslo');
insert into public.booking_solutions (id, organization_id) values
  ('00000000-0000-4000-8000-0000000086a1', '00000000-0000-4000-8000-00000000000a');
insert into public.booking_staff (id, solution_id, organization_id, name) values
  ('00000000-0000-4000-8000-0000000086c1', '00000000-0000-4000-8000-0000000086a1', '00000000-0000-4000-8000-00000000000a', 'Per');
insert into public.seller_accounts (organization_id, provider, account_id, charges_enabled)
values ('00000000-0000-4000-8000-00000000000a', 'local', 'acct_local_86', true);
insert into public.booking_services (id, solution_id, organization_id, name, duration_minutes, price_ore, payment) values
  ('00000000-0000-4000-8000-0000000086b1', '00000000-0000-4000-8000-0000000086a1', '00000000-0000-4000-8000-00000000000a',
    'Service på varmepumpe', 60, 125000, 'online'),
  ('00000000-0000-4000-8000-0000000086b2', '00000000-0000-4000-8000-0000000086a1', '00000000-0000-4000-8000-00000000000a',
    'Befaring', 60, null, 'on_site');
insert into public.booking_staff_services (staff_id, service_id, solution_id, organization_id) values
  ('00000000-0000-4000-8000-0000000086c1', '00000000-0000-4000-8000-0000000086b1', '00000000-0000-4000-8000-0000000086a1', '00000000-0000-4000-8000-00000000000a'),
  ('00000000-0000-4000-8000-0000000086c1', '00000000-0000-4000-8000-0000000086b2', '00000000-0000-4000-8000-0000000086a1', '00000000-0000-4000-8000-00000000000a');

create function pg_temp.book(service_id uuid, starts_at timestamptz, email text)
returns jsonb
language sql
as $$
  select public.book_booking(
    '00000000-0000-4000-8000-0000000086a1', service_id, '00000000-0000-4000-8000-0000000086c1', starts_at,
    '203.0.113.86', now() - interval '1 minute', '', email, 'Kunde', '+4791234567', true, false, '{}', 'local'
  );
$$;

select tests.authenticate_as_service_role();
select set_config('oc.paid', pg_temp.book('00000000-0000-4000-8000-0000000086b1', '2026-06-02 10:00 Europe/Oslo', 'betaler@example.no')::text, true);
select set_config('oc.waiting', pg_temp.book('00000000-0000-4000-8000-0000000086b1', '2026-06-03 10:00 Europe/Oslo', 'venter@example.no')::text, true);
select set_config('oc.onsite', pg_temp.book('00000000-0000-4000-8000-0000000086b2', '2026-06-04 10:00 Europe/Oslo', 'stedet@example.no')::text, true);
select public.settle_checkout_order((current_setting('oc.paid')::jsonb #>> '{order,id}')::uuid, 'visa', '4242');

create function pg_temp.id(name text) returns uuid language sql as $$
  select (current_setting('oc.' || name)::jsonb #>> '{booking,id}')::uuid;
$$;

-- ---------------------------------------------------------------------------------------------
-- A plain update
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('owner');
select throws_ok(
  $$ update public.bookings set status = 'cancelled' where id = pg_temp.id('paid') $$,
  'P0001', 'booking-refund-required', 'an owner cannot cancel a paid booking by a plain update'
);
select lives_ok(
  $$ update public.bookings set status = 'no_show' where id = pg_temp.id('paid') $$,
  'a paid booking can still be marked a no-show'
);
update public.bookings set status = 'confirmed' where id = pg_temp.id('paid');
select lives_ok(
  $$ update public.bookings set status = 'cancelled' where id = pg_temp.id('onsite') $$,
  'a booking paid on site is cancelled by a plain update as before'
);
update public.bookings set status = 'confirmed' where id = pg_temp.id('onsite');

-- ---------------------------------------------------------------------------------------------
-- cancel_booking_by_organizer: who
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('member');
select throws_ok(
  $$ select public.cancel_booking_by_organizer(pg_temp.id('paid')) $$,
  'PT403', 'booking-not-allowed', 'a member (not owner or admin) may not cancel'
);
select tests.authenticate_as('other');
select throws_ok(
  $$ select public.cancel_booking_by_organizer(pg_temp.id('paid')) $$,
  'PT404', 'booking-not-found', 'another organization''s owner does not find the booking'
);
select tests.clear_authentication();
select throws_ok(
  $$ select public.cancel_booking_by_organizer(pg_temp.id('paid')) $$,
  '42501', null, 'the public cannot call it'
);

-- ---------------------------------------------------------------------------------------------
-- cancel_booking_by_organizer: what
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('owner');
select throws_ok(
  $$ select public.cancel_booking_by_organizer(pg_temp.id('waiting')) $$,
  'P0001', 'booking-invalid', 'a booking waiting for payment is moved only by its order'
);
select results_eq(
  $$ select b ->> 'status', b -> 'payment' ->> 'status', (b -> 'payment' ->> 'total_ore')::integer
     from public.cancel_booking_by_organizer(pg_temp.id('paid')) as b $$,
  $$ values ('cancelled', 'paid', 125000) $$,
  'the owner cancels the paid booking; the answer carries the order the function refunds'
);
select results_eq(
  $$ select status, cancelled_at is not null, cancellation_sent_at is null from public.bookings where id = pg_temp.id('paid') $$,
  $$ values ('cancelled', true, true) $$,
  'the booking is cancelled, its cancellation e-mail not yet claimed'
);
select set_config('oc.first', (select row(calendar_sequence, cancelled_at)::text from public.bookings where id = pg_temp.id('paid')), true);
select is(
  (select public.cancel_booking_by_organizer(pg_temp.id('paid')) ->> 'status'),
  'cancelled', 'a second cancel answers the cancelled booking as it is'
);
select is(
  (select row(calendar_sequence, cancelled_at)::text from public.bookings where id = pg_temp.id('paid')),
  current_setting('oc.first'), 'and changes nothing (the calendar sequence and the time it was cancelled)'
);
select is(
  (select public.cancel_booking_by_organizer(pg_temp.id('onsite')) ->> 'status'),
  'cancelled', 'a booking paid on site is cancelled the same way'
);

select tests.authenticate_as_service_role();
select is(
  (select count(*)::integer from public.claim_booking_cancellations(pg_temp.id('paid'))),
  1, 'the function claims the cancellation e-mail'
);
select is(
  (select count(*)::integer from public.claim_booking_cancellations(pg_temp.id('paid'))),
  0, 'once'
);
select lives_ok(
  $$ select pg_temp.book('00000000-0000-4000-8000-0000000086b2', '2026-06-02 10:00 Europe/Oslo', 'neste@example.no') $$,
  'the slot is free again'
);

select * from finish();
rollback;
