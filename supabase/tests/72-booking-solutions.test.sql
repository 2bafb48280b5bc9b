-- Booking solutions (supabase/migrations/20261130100000_booking_solutions.sql): who reads and writes
-- each table (anon, member, admin, owner, another organization's owner, the service role), the
-- organizer's create and duplicate, and the table's own rules (spans, prices, seats).
begin;

select plan(56);

select tests.seed_calendar_cast();
-- Fjord Rør takes card payments, so a service may be paid online (80-booking-payments tests without).
insert into public.seller_accounts (organization_id, provider, account_id, charges_enabled)
values ('00000000-0000-4000-8000-00000000000a', 'local', 'acct_local_72', true);
select tests.create_supabase_user('admin72', 'admin72@example.com');
insert into public.organizations_members (organization_id, member_id, role) values
  ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('admin72'), 'admin');
select set_config('leadtorget.test_now', '2026-06-01 08:00 Europe/Oslo', true);

select tests.rls_enabled('public', 'booking_solutions');
select tests.rls_enabled('public', 'booking_services');
select tests.rls_enabled('public', 'booking_staff');
select tests.rls_enabled('public', 'booking_staff_services');
select tests.rls_enabled('public', 'booking_availability');
select tests.rls_enabled('public', 'booking_exceptions');
select tests.rls_enabled('public', 'bookings');

-- ---------------------------------------------------------------------------------------------
-- Creating: owners and admins, not members, not another organization
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('owner');
select lives_ok(
  $$ select set_config('bk.id', public.create_booking_solution('00000000-0000-4000-8000-00000000000a', ' Befaring ')::text, true) $$,
  'owner: creates a booking solution'
);
select results_eq(
  $$ select c.name, c.kind, c.published_at is null, c.consent_text is not null, s.closed_on_holidays, s.slot_interval_minutes
     from public.booking_solutions as s join public.campaigns as c on c.id = s.id
     where s.id = current_setting('bk.id')::uuid $$,
  $$ values ('Befaring', 'booking', true, true, true, 30) $$,
  'a draft campaign of kind booking with a consent text; holidays closed by default'
);

select tests.authenticate_as('admin72');
select lives_ok(
  $$ select public.create_booking_solution('00000000-0000-4000-8000-00000000000a', 'Konsultasjon') $$,
  'admin: creates a booking solution'
);

select tests.authenticate_as('member');
select throws_ok(
  $$ select public.create_booking_solution('00000000-0000-4000-8000-00000000000a', 'Frisør') $$,
  '42501', null, 'member: cannot create a booking solution'
);

select tests.authenticate_as('other');
select throws_ok(
  $$ select public.create_booking_solution('00000000-0000-4000-8000-00000000000a', 'Kapret') $$,
  '42501', null, 'another organization''s owner: cannot create one for Fjord Rør'
);

-- ---------------------------------------------------------------------------------------------
-- The set-up: owners and admins write it
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('owner');
select lives_ok(
  $$ insert into public.booking_services (id, solution_id, organization_id, name, duration_minutes, price_ore,
       payment, buffer_after_minutes) values
       ('00000000-0000-4000-8000-0000000072b1', current_setting('bk.id')::uuid, '00000000-0000-4000-8000-00000000000a',
        'Befaring', 60, null, 'on_site', 30),
       ('00000000-0000-4000-8000-0000000072b2', current_setting('bk.id')::uuid, '00000000-0000-4000-8000-00000000000a',
        'Service på varmepumpe', 90, 149000, 'online', 0) $$,
  'owner: adds services'
);
select lives_ok(
  $$ insert into public.booking_staff (id, solution_id, organization_id, name, member_id, email) values
       ('00000000-0000-4000-8000-0000000072c1', current_setting('bk.id')::uuid, '00000000-0000-4000-8000-00000000000a',
        'Kari', tests.get_supabase_uid('member'), 'kari@fjordror.no'),
       ('00000000-0000-4000-8000-0000000072c2', current_setting('bk.id')::uuid, '00000000-0000-4000-8000-00000000000a',
        'Servicebilen', null, null) $$,
  'owner: adds a staff member (a member) and a resource'
);
select lives_ok(
  $$ insert into public.booking_staff_services (staff_id, service_id, solution_id, organization_id) values
       ('00000000-0000-4000-8000-0000000072c1', '00000000-0000-4000-8000-0000000072b1', current_setting('bk.id')::uuid, '00000000-0000-4000-8000-00000000000a'),
       ('00000000-0000-4000-8000-0000000072c2', '00000000-0000-4000-8000-0000000072b2', current_setting('bk.id')::uuid, '00000000-0000-4000-8000-00000000000a') $$,
  'owner: says who gives what'
);
select lives_ok(
  $$ insert into public.booking_availability (staff_id, solution_id, organization_id, weekday, starts_at, ends_at)
     select '00000000-0000-4000-8000-0000000072c1', current_setting('bk.id')::uuid, '00000000-0000-4000-8000-00000000000a', d, s, e
     from generate_series(1, 5) as d, (values ('08:00'::time, '11:30'::time), ('12:00', '16:00')) as spans (s, e) $$,
  'owner: two spans a weekday'
);
select lives_ok(
  $$ insert into public.booking_exceptions (solution_id, organization_id, staff_id, on_date, starts_at, ends_at, note) values
       (current_setting('bk.id')::uuid, '00000000-0000-4000-8000-00000000000a', null, '2026-07-13', null, null, 'Fellesferie'),
       (current_setting('bk.id')::uuid, '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000072c1',
        '2026-06-05', '10:00', '12:00', 'Kurs') $$,
  'owner: a closed day for everyone and other hours for one staff member'
);

select throws_ok(
  $$ insert into public.booking_availability (staff_id, solution_id, organization_id, weekday, starts_at, ends_at) values
       ('00000000-0000-4000-8000-0000000072c1', current_setting('bk.id')::uuid, '00000000-0000-4000-8000-00000000000a', 1, '12:00', '09:00') $$,
  '23514', null, 'a span ends after it starts'
);
select throws_ok(
  $$ insert into public.booking_availability (staff_id, solution_id, organization_id, weekday, starts_at, ends_at) values
       ('00000000-0000-4000-8000-0000000072c1', current_setting('bk.id')::uuid, '00000000-0000-4000-8000-00000000000a', 0, '08:00', '09:00') $$,
  '23514', null, 'weekdays are 1 (Monday) to 7'
);
select throws_ok(
  $$ insert into public.booking_exceptions (solution_id, organization_id, on_date, starts_at) values
       (current_setting('bk.id')::uuid, '00000000-0000-4000-8000-00000000000a', '2026-06-03', '10:00') $$,
  '23514', null, 'an exception is closed (no hours) or has both'
);
select throws_ok(
  $$ insert into public.booking_services (solution_id, organization_id, name, duration_minutes, payment) values
       (current_setting('bk.id')::uuid, '00000000-0000-4000-8000-00000000000a', 'Gratis på nett', 30, 'online') $$,
  '23514', null, 'paying online needs a price'
);
select throws_ok(
  $$ insert into public.booking_services (solution_id, organization_id, name, duration_minutes, seats) values
       (current_setting('bk.id')::uuid, '00000000-0000-4000-8000-00000000000a', 'Ingen plasser', 30, 0) $$,
  '23514', null, 'a service has at least one seat'
);
insert into public.booking_services (solution_id, organization_id, name, duration_minutes)
select id, organization_id, 'Konsultasjon', 45 from public.booking_solutions where id <> current_setting('bk.id')::uuid;
select throws_ok(
  $$ insert into public.booking_staff_services (staff_id, service_id, solution_id, organization_id)
     select '00000000-0000-4000-8000-0000000072c1', id, solution_id, organization_id from public.booking_services
     where solution_id <> current_setting('bk.id')::uuid $$,
  '23503', null, 'a staff member gives only services of their own solution'
);

select tests.authenticate_as('admin72');
select lives_ok(
  $$ update public.booking_services set minimum_notice_minutes = 240 where id = '00000000-0000-4000-8000-0000000072b2' $$,
  'admin: changes a service'
);

-- ---------------------------------------------------------------------------------------------
-- Members read and do not write
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('member');
select results_eq(
  $$ select (select count(*) from public.booking_solutions)::int, (select count(*) from public.booking_services)::int,
       (select count(*) from public.booking_staff)::int, (select count(*) from public.booking_staff_services)::int,
       (select count(*) from public.booking_availability)::int, (select count(*) from public.booking_exceptions)::int $$,
  $$ values (2, 3, 2, 2, 10, 2) $$,
  'member: reads the solutions, services, staff, who gives what, availability and exceptions'
);
select throws_ok(
  $$ insert into public.booking_services (solution_id, organization_id, name, duration_minutes) values
       (current_setting('bk.id')::uuid, '00000000-0000-4000-8000-00000000000a', 'Snik', 30) $$,
  '42501', null, 'member: cannot add a service'
);
select throws_ok(
  $$ insert into public.booking_availability (staff_id, solution_id, organization_id, weekday, starts_at, ends_at) values
       ('00000000-0000-4000-8000-0000000072c1', current_setting('bk.id')::uuid, '00000000-0000-4000-8000-00000000000a', 6, '08:00', '09:00') $$,
  '42501', null, 'member: cannot add availability'
);
update public.booking_services set duration_minutes = 5 where id = '00000000-0000-4000-8000-0000000072b1';
update public.booking_solutions set closed_on_holidays = false;
delete from public.booking_exceptions;
delete from public.booking_staff;
select tests.authenticate_as('owner');
select results_eq(
  $$ select (select duration_minutes from public.booking_services where id = '00000000-0000-4000-8000-0000000072b1'),
       (select count(*) from public.booking_solutions where not closed_on_holidays)::int,
       (select count(*) from public.booking_exceptions)::int, (select count(*) from public.booking_staff)::int $$,
  $$ values (60, 0, 2, 2) $$,
  'member: updates and deletes change nothing'
);

-- ---------------------------------------------------------------------------------------------
-- Another organization, the public, the service role
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('other');
select results_eq(
  $$ select (select count(*) from public.booking_solutions)::int + (select count(*) from public.booking_services)::int
       + (select count(*) from public.booking_staff)::int + (select count(*) from public.booking_staff_services)::int
       + (select count(*) from public.booking_availability)::int + (select count(*) from public.booking_exceptions)::int
       + (select count(*) from public.bookings)::int $$,
  $$ values (0) $$,
  'another organization''s owner: reads none of Fjord Rør''s booking rows'
);
select throws_ok(
  $$ insert into public.booking_staff (solution_id, organization_id, name) values
       (current_setting('bk.id')::uuid, '00000000-0000-4000-8000-00000000000a', 'Inntrenger') $$,
  '42501', null, 'another organization''s owner: cannot add staff to Fjord Rør'
);
update public.booking_services set name = 'Kapret' where id = '00000000-0000-4000-8000-0000000072b1';

select tests.clear_authentication();
select throws_ok($$ select * from public.booking_solutions $$, '42501', null, 'anon: cannot read booking solutions');
select throws_ok($$ select * from public.booking_services $$, '42501', null, 'anon: cannot read services');
select throws_ok($$ select * from public.booking_staff $$, '42501', null, 'anon: cannot read staff (their addresses)');
select throws_ok($$ select * from public.booking_availability $$, '42501', null, 'anon: cannot read availability');
select throws_ok($$ select * from public.booking_exceptions $$, '42501', null, 'anon: cannot read exceptions');
select throws_ok($$ select * from public.bookings $$, '42501', null, 'anon: cannot read bookings');
select throws_ok(
  $$ insert into public.booking_services (solution_id, organization_id, name, duration_minutes) values
       (current_setting('bk.id')::uuid, '00000000-0000-4000-8000-00000000000a', 'Anonym', 30) $$,
  '42501', null, 'anon: cannot add a service'
);
select throws_ok(
  $$ select public.book_booking(current_setting('bk.id')::uuid, '00000000-0000-4000-8000-0000000072b1',
       '00000000-0000-4000-8000-0000000072c1', '2026-06-02 10:00 Europe/Oslo', '203.0.113.72', now() - interval '1 minute',
       '', 'kari@example.no', 'Kari', null, true) $$,
  '42501', null, 'anon: cannot call book_booking directly (only the booking function)'
);
select throws_ok(
  $$ select public.booking_slot_inputs(current_setting('bk.id')::uuid, '00000000-0000-4000-8000-0000000072b1',
       '2026-06-01', '2026-06-07', '203.0.113.72') $$,
  '42501', null, 'anon: cannot call booking_slot_inputs directly'
);
select throws_ok(
  $$ select public.cancel_booking(repeat('a', 64), '203.0.113.72') $$,
  '42501', null, 'anon: cannot call cancel_booking directly'
);

select tests.authenticate_as('member');
select throws_ok(
  $$ select public.book_booking(current_setting('bk.id')::uuid, '00000000-0000-4000-8000-0000000072b1',
       '00000000-0000-4000-8000-0000000072c1', '2026-06-02 10:00 Europe/Oslo', '203.0.113.72', now() - interval '1 minute',
       '', 'kari@example.no', 'Kari', null, true) $$,
  '42501', null, 'member: cannot call book_booking either'
);

select tests.authenticate_as_service_role();
select is(
  (select count(*)::int from public.booking_services), 3,
  'service role: reads every row'
);
select is(
  (select name from public.booking_services where id = '00000000-0000-4000-8000-0000000072b1'), 'Befaring',
  'another organization''s update changed nothing'
);
select throws_ok(
  $$ select public.booking_slot_inputs(current_setting('bk.id')::uuid, '00000000-0000-4000-8000-0000000072b1',
       '2026-06-01', '2026-06-07', '203.0.113.72') $$,
  'PT404', 'booking-not-found', 'service role: a draft has no slots'
);

-- ---------------------------------------------------------------------------------------------
-- Published: the slot engine's inputs
-- ---------------------------------------------------------------------------------------------
reset role;
update public.campaigns set published_at = '2026-05-01 08:00 Europe/Oslo' where id = current_setting('bk.id')::uuid;
select tests.authenticate_as_service_role();
select is(
  (public.booking_slot_inputs(current_setting('bk.id')::uuid, '00000000-0000-4000-8000-0000000072b1',
     '2026-06-01', '2026-06-07', '203.0.113.72') #> '{staff}') @> '[{"name": "Kari"}]'
  and jsonb_array_length(public.booking_slot_inputs(current_setting('bk.id')::uuid, '00000000-0000-4000-8000-0000000072b1',
     '2026-06-01', '2026-06-07', '203.0.113.72') -> 'staff') = 1,
  true,
  'the inputs hold the staff who give the service (Kari, not the service van)'
);
select is(
  public.booking_slot_inputs(current_setting('bk.id')::uuid, '00000000-0000-4000-8000-0000000072b1',
    '2026-06-01', '2026-06-07', '203.0.113.72') #>> '{service,buffer_after_minutes}',
  '30',
  'with the service''s rules'
);
select is(
  jsonb_array_length(public.booking_slot_inputs(current_setting('bk.id')::uuid, '00000000-0000-4000-8000-0000000072b1',
    '2026-06-01', '2026-06-07', '203.0.113.72') -> 'exceptions'),
  1,
  'and the exceptions of the dates asked for (not July''s)'
);
select is(
  (select string_agg(k, ',' order by k) from jsonb_object_keys(
    public.booking_slot_inputs(current_setting('bk.id')::uuid, '00000000-0000-4000-8000-0000000072b1',
      '2026-06-01', '2026-06-07', '203.0.113.72') -> 'staff' -> 0) as k),
  'availability,id,name',
  'a staff member''s e-mail and member id never leave the database'
);
select throws_ok(
  $$ select public.booking_slot_inputs(current_setting('bk.id')::uuid, '00000000-0000-4000-8000-0000000072b1',
       '2026-06-01', '2026-09-01', '203.0.113.72') $$,
  'P0001', 'booking-invalid', 'at most 62 days at a time'
);
select throws_ok(
  $$ select public.booking_slot_inputs(current_setting('bk.id')::uuid, gen_random_uuid(),
       '2026-06-01', '2026-06-07', '203.0.113.72') $$,
  'PT404', 'booking-service-not-found', 'an unknown service is not found'
);
select throws_ok(
  $$ select public.booking_slot_inputs(current_setting('bk.id')::uuid, '00000000-0000-4000-8000-0000000072b1',
       '2026-06-01', '2026-06-07', 'not an address') $$,
  'P0001', 'booking-invalid', 'the visitor''s address is required'
);

-- ---------------------------------------------------------------------------------------------
-- Duplicate: settings and children, never bookings
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('member');
select throws_ok(
  $$ select public.duplicate_booking_solution(current_setting('bk.id')::uuid) $$,
  'PT404', 'booking-not-found', 'member: cannot duplicate'
);
select tests.authenticate_as('owner');
select lives_ok(
  $$ select set_config('bk.copy', public.duplicate_booking_solution(current_setting('bk.id')::uuid)::text, true) $$,
  'owner: duplicates the solution'
);
select results_eq(
  $$ select c.name, c.published_at is null,
       (select count(*) from public.booking_services where solution_id = s.id)::int,
       (select count(*) from public.booking_staff where solution_id = s.id)::int,
       (select count(*) from public.booking_staff_services where solution_id = s.id)::int,
       (select count(*) from public.booking_availability where solution_id = s.id)::int,
       (select count(*) from public.booking_exceptions where solution_id = s.id and staff_id is null)::int,
       (select count(*) from public.booking_exceptions where solution_id = s.id and staff_id is not null)::int
     from public.booking_solutions as s join public.campaigns as c on c.id = s.id
     where s.id = current_setting('bk.copy')::uuid $$,
  $$ values ('Befaring (kopi)', true, 2, 2, 2, 10, 1, 1) $$,
  'the copy is a draft «(kopi)» with its services, staff, who gives what, availability and exceptions'
);
select is(
  (select count(*)::int from public.booking_staff_services as ss
   join public.booking_staff as st on st.id = ss.staff_id join public.booking_services as se on se.id = ss.service_id
   where ss.solution_id = current_setting('bk.copy')::uuid and st.solution_id = ss.solution_id and se.solution_id = ss.solution_id
     and (st.name, se.name) in (('Kari', 'Befaring'), ('Servicebilen', 'Service på varmepumpe'))),
  2,
  'the copy''s links point at the copy''s own staff and services'
);

select tests.authenticate_as('admin72');
select lives_ok(
  $$ delete from public.booking_solutions where id = current_setting('bk.copy')::uuid $$,
  'admin: deletes a booking solution with its children'
);

select * from finish();
rollback;
