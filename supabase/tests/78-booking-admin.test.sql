-- The booking screens' functions (supabase/migrations/20261130130000_booking_admin.sql): the list's
-- figures as each identity sees them, and a new solution from a template.
begin;

select plan(14);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-06-03 12:00 Europe/Oslo', true);

-- ---------------------------------------------------------------------------------------------
-- From a template: owners and admins; the set-up it makes
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('owner');
select lives_ok(
  $$ select set_config('bk.id', public.create_booking_solution_from_template(
       '00000000-0000-4000-8000-00000000000a', 'Befaring', 'befaring', 'Ola Eier')::text, true) $$,
  'owner: creates a solution from the befaring template'
);
select results_eq(
  $$ select v.name, v.duration_minutes, v.buffer_after_minutes, v.minimum_notice_minutes, f.name
     from public.booking_services as v
     join public.booking_staff_services as x on x.service_id = v.id
     join public.booking_staff as f on f.id = x.staff_id
     where v.solution_id = current_setting('bk.id')::uuid $$,
  $$ values ('Befaring', 60, 30, 1440, 'Ola Eier') $$,
  'the template''s service, given by the named staff member'
);
select results_eq(
  $$ select array_agg(weekday order by weekday), min(starts_at), max(ends_at)
     from public.booking_availability where solution_id = current_setting('bk.id')::uuid $$,
  $$ values (array[1, 2, 3, 4, 5]::smallint[], '08:00'::time, '16:00'::time) $$,
  'Monday–Friday 08:00–16:00'
);
select set_config('bk.salon', public.create_booking_solution_from_template(
  '00000000-0000-4000-8000-00000000000a', 'Salong', 'frisor', 'Ola')::text, true);
select is(
  (select count(*)::int from public.booking_services as v where v.solution_id = current_setting('bk.salon')::uuid),
  3, 'the salon template makes three services'
);
select set_config('bk.blank', public.create_booking_solution_from_template(
  '00000000-0000-4000-8000-00000000000a', 'Tom', 'blank', 'Ola')::text, true);
select results_eq(
  $$ select (select count(*)::int from public.booking_solutions where id = current_setting('bk.blank')::uuid),
       (select count(*)::int from public.booking_staff where solution_id = current_setting('bk.blank')::uuid) $$,
  $$ values (1, 0) $$,
  'blank: the solution without staff'
);
select throws_ok(
  $$ select public.create_booking_solution_from_template('00000000-0000-4000-8000-00000000000a', 'X', 'ukjent', 'Ola') $$,
  '22023', 'booking-invalid', 'an unknown template is refused'
);

select tests.authenticate_as('member');
select throws_ok(
  $$ select public.create_booking_solution_from_template('00000000-0000-4000-8000-00000000000a', 'X', 'befaring', 'Ola') $$,
  '42501', null, 'member: cannot create one'
);
select tests.authenticate_as('other');
select throws_ok(
  $$ select public.create_booking_solution_from_template('00000000-0000-4000-8000-00000000000a', 'X', 'befaring', 'Ola') $$,
  '42501', null, 'another organization''s owner: cannot create one for Fjord Rør'
);

-- ---------------------------------------------------------------------------------------------
-- The list's figures: bookings written as the functions would (as postgres)
-- ---------------------------------------------------------------------------------------------
reset role;
insert into public.participants (id, organization_id, email, name)
values ('00000000-0000-4000-8000-0000000078f1', '00000000-0000-4000-8000-00000000000a', 'kunde78@example.com', 'Kunde');
-- Wednesday 3 June 2026 at noon: one past no-show and one past confirmed this week, one upcoming this
-- week, one upcoming next week, one cancelled this week (counts nowhere).
insert into public.bookings (solution_id, organization_id, service_id, staff_id, participant_id, during, blocked,
  slot_key, manage_token_sha256, status, cancelled_at)
select v.solution_id, v.organization_id, v.id, x.staff_id, '00000000-0000-4000-8000-0000000078f1',
  tstzrange(t.starts::timestamptz, t.starts::timestamptz + interval '60 minutes'),
  tstzrange(t.starts::timestamptz, t.starts::timestamptz + interval '90 minutes'),
  gen_random_uuid(), repeat(t.token, 64), t.status, case when t.status = 'cancelled' then now() end
from public.booking_services as v
join public.booking_staff_services as x on x.service_id = v.id,
  (values
    ('2026-06-01 09:00 Europe/Oslo', 'no_show', 'a'),
    ('2026-06-02 09:00 Europe/Oslo', 'confirmed', 'b'),
    ('2026-06-04 09:00 Europe/Oslo', 'confirmed', 'c'),
    ('2026-06-09 09:00 Europe/Oslo', 'confirmed', 'd'),
    ('2026-06-05 09:00 Europe/Oslo', 'cancelled', 'e')
  ) as t (starts, status, token)
where v.solution_id = current_setting('bk.id')::uuid;

select tests.authenticate_as('member');
select results_eq(
  $$ select name, status, upcoming, booked_minutes, available_minutes, no_shows
     from public.booking_solution_summaries('00000000-0000-4000-8000-00000000000a')
     where solution_id = current_setting('bk.id')::uuid $$,
  $$ values ('Befaring'::text, 'draft'::text, 2::bigint, 180::bigint, 2400::bigint, 1::bigint) $$,
  'member: upcoming 2, this week 3 hours booked of 40, one no-show'
);
select is(
  (select count(*)::int from public.booking_solution_summaries('00000000-0000-4000-8000-00000000000a')),
  (select count(*)::int from public.booking_solutions where organization_id = '00000000-0000-4000-8000-00000000000a'),
  'member: every solution of the organization, one row each'
);

select tests.authenticate_as('owner');
update public.booking_staff set active = false where solution_id = current_setting('bk.id')::uuid;
select results_eq(
  $$ select booked_minutes, available_minutes from public.booking_solution_summaries('00000000-0000-4000-8000-00000000000a')
     where solution_id = current_setting('bk.id')::uuid $$,
  $$ values (0::bigint, 0::bigint) $$,
  'inactive staff count neither way'
);

select tests.authenticate_as('other');
select is(
  (select count(*)::int from public.booking_solution_summaries('00000000-0000-4000-8000-00000000000a')),
  0, 'another organization''s owner: sees nothing'
);

select tests.clear_authentication();
select throws_ok(
  $$ select * from public.booking_solution_summaries('00000000-0000-4000-8000-00000000000a') $$,
  '42501', null, 'anon: may not call it'
);
select throws_ok(
  $$ select public.create_booking_solution_from_template('00000000-0000-4000-8000-00000000000a', 'X', 'befaring', 'Ola') $$,
  '42501', null, 'anon: may not create'
);

select * from finish();
rollback;
