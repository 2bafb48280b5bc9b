-- Bookings (supabase/migrations/20261130100000_booking_solutions.sql, docs/booking.md): the booking
-- function's writes as the service role — the engine's participant, consents and lead; the slot's own
-- checks (notice, limits); no double booking by the exclusion constraint (one-to-one, buffers
-- included, cancelled bookings free) and by the seat count; reschedule and cancel by the manage
-- link within the notice — and who reads and changes bookings.
begin;

select plan(43);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-06-01 08:00 Europe/Oslo', true);

-- A published solution of Fjord Rør AS: «Befaring» (60 min, 30 min buffer after, 2 h notice) by Kari
-- and Ola, «Kurs» (2 seats) and «Akutt» (at most 1 a day) by Kari; Monday–Friday 08:00–16:00.
insert into public.campaigns (id, organization_id, kind, name, consent_text, marketing_consent_text, published_at)
values ('00000000-0000-4000-8000-0000000073a1', '00000000-0000-4000-8000-00000000000a', 'booking', 'Befaring',
  'Jeg godtar at opplysningene brukes til bestillingen.', 'Send meg tilbud.', '2026-05-01 08:00 Europe/Oslo');
insert into public.booking_solutions (id, organization_id) values
  ('00000000-0000-4000-8000-0000000073a1', '00000000-0000-4000-8000-00000000000a');
insert into public.booking_services (id, solution_id, organization_id, name, duration_minutes, buffer_after_minutes,
  minimum_notice_minutes, seats, daily_limit) values
  ('00000000-0000-4000-8000-0000000073b1', '00000000-0000-4000-8000-0000000073a1', '00000000-0000-4000-8000-00000000000a', 'Befaring', 60, 30, 120, 1, null),
  ('00000000-0000-4000-8000-0000000073b2', '00000000-0000-4000-8000-0000000073a1', '00000000-0000-4000-8000-00000000000a', 'Kurs', 60, 0, 120, 2, null),
  ('00000000-0000-4000-8000-0000000073b3', '00000000-0000-4000-8000-0000000073a1', '00000000-0000-4000-8000-00000000000a', 'Akutt', 30, 0, 0, 1, 1);
insert into public.booking_staff (id, solution_id, organization_id, name) values
  ('00000000-0000-4000-8000-0000000073c1', '00000000-0000-4000-8000-0000000073a1', '00000000-0000-4000-8000-00000000000a', 'Kari'),
  ('00000000-0000-4000-8000-0000000073c2', '00000000-0000-4000-8000-0000000073a1', '00000000-0000-4000-8000-00000000000a', 'Ola');
insert into public.booking_staff_services (staff_id, service_id, solution_id, organization_id) values
  ('00000000-0000-4000-8000-0000000073c1', '00000000-0000-4000-8000-0000000073b1', '00000000-0000-4000-8000-0000000073a1', '00000000-0000-4000-8000-00000000000a'),
  ('00000000-0000-4000-8000-0000000073c2', '00000000-0000-4000-8000-0000000073b1', '00000000-0000-4000-8000-0000000073a1', '00000000-0000-4000-8000-00000000000a'),
  ('00000000-0000-4000-8000-0000000073c1', '00000000-0000-4000-8000-0000000073b2', '00000000-0000-4000-8000-0000000073a1', '00000000-0000-4000-8000-00000000000a'),
  ('00000000-0000-4000-8000-0000000073c1', '00000000-0000-4000-8000-0000000073b3', '00000000-0000-4000-8000-0000000073a1', '00000000-0000-4000-8000-00000000000a');

-- One visitor's booking as the booking function makes it (service role, the visitor's address).
create function pg_temp.book(service text, staff text, starts_at timestamptz, email text, marketing boolean default false)
returns jsonb
language sql
as $$
  select public.book_booking(
    '00000000-0000-4000-8000-0000000073a1', ('00000000-0000-4000-8000-0000000073' || service)::uuid,
    ('00000000-0000-4000-8000-0000000073' || staff)::uuid, starts_at, '203.0.113.73', now() - interval '1 minute',
    '', email, 'Besøkende', null, true, marketing, '{"adresse": "Strandkaien 1"}'
  );
$$;

select tests.authenticate_as_service_role();

-- ---------------------------------------------------------------------------------------------
-- A booking through the engine
-- ---------------------------------------------------------------------------------------------
select lives_ok(
  $$ select set_config('bk.first', pg_temp.book('b1', 'c1', '2026-06-02 10:00 Europe/Oslo', 'Kari@Example.no', true)::text, true) $$,
  'a visitor books Kari for a befaring on Tuesday at 10:00'
);
select is(length(current_setting('bk.first')::jsonb ->> 'token'), 64, 'the manage link''s token is answered once');
select results_eq(
  $$ select b.status, lower(b.during), upper(b.during), lower(b.blocked), upper(b.blocked), b.slot_key = b.id,
       b.answers ->> 'adresse', b.consent_id is not null, b.marketing_consent_id is not null,
       b.manage_token_sha256 = encode(sha256(convert_to(current_setting('bk.first')::jsonb ->> 'token', 'UTF8')), 'hex')
     from public.bookings as b where b.id = (current_setting('bk.first')::jsonb #>> '{booking,id}')::uuid $$,
  $$ values ('confirmed', '2026-06-02 10:00 Europe/Oslo'::timestamptz, '2026-06-02 11:00 Europe/Oslo'::timestamptz,
       '2026-06-02 10:00 Europe/Oslo'::timestamptz, '2026-06-02 11:30 Europe/Oslo'::timestamptz, true,
       'Strandkaien 1', true, true, true) $$,
  'the booking: its hour, blocked with the buffer after, its own slot key, answers, consents and only the token''s hash'
);
select results_eq(
  $$ select p.email, l.source::text, l.campaign_id, r.campaign_id is not null
     from public.participants as p join public.leads as l on l.id = p.lead_id
     left join public.campaign_registrations as r on r.participant_id = p.id and r.campaign_id = l.campaign_id
     where p.email = 'kari@example.no' $$,
  $$ values ('kari@example.no', 'booking', '00000000-0000-4000-8000-0000000073a1'::uuid, true) $$,
  'the visitor is the engine''s participant, registered, with a lead of source booking'
);
select is(
  current_setting('bk.first')::jsonb #>> '{booking,staff_name}', 'Kari', 'the answer names the staff member'
);
select throws_ok(
  $$ select public.book_booking('00000000-0000-4000-8000-0000000073a1', '00000000-0000-4000-8000-0000000073b1',
       '00000000-0000-4000-8000-0000000073c2', '2026-06-02 13:00 Europe/Oslo', '203.0.113.73', now() - interval '1 minute',
       '', 'uten@example.no', 'Uten samtykke', null, false) $$,
  'P0001', 'participant-consent-required', 'no booking without the consent'
);
select throws_ok(
  $$ select public.book_booking('00000000-0000-4000-8000-0000000073a1', '00000000-0000-4000-8000-0000000073b1',
       '00000000-0000-4000-8000-0000000073c2', '2026-06-02 13:00 Europe/Oslo', '203.0.113.73', now() - interval '1 minute',
       'bot', 'bot@example.no', 'Bot', null, true) $$,
  'P0001', 'campaign-write-refused', 'the honeypot refuses a bot'
);

-- ---------------------------------------------------------------------------------------------
-- No double booking: the constraint
-- ---------------------------------------------------------------------------------------------
select throws_ok(
  $$ select pg_temp.book('b1', 'c1', '2026-06-02 10:00 Europe/Oslo', 'ola@example.no') $$,
  'PT409', 'booking-slot-taken', 'the same start with the same staff member is taken'
);
select throws_ok(
  $$ select pg_temp.book('b1', 'c1', '2026-06-02 11:00 Europe/Oslo', 'ola@example.no') $$,
  'PT409', 'booking-slot-taken', 'the next hour is taken by the first booking''s buffer after'
);
select throws_ok(
  $$ select pg_temp.book('b1', 'c1', '2026-06-02 09:30 Europe/Oslo', 'ola@example.no') $$,
  'PT409', 'booking-slot-taken', 'an overlapping start is taken (its own buffer reaches into the booking)'
);
select lives_ok(
  $$ select pg_temp.book('b1', 'c1', '2026-06-02 11:30 Europe/Oslo', 'per@example.no') $$,
  'right after the buffer is free'
);
select lives_ok(
  $$ select pg_temp.book('b1', 'c2', '2026-06-02 10:00 Europe/Oslo', 'ola@example.no') $$,
  'another staff member at the same start is free'
);
select throws_ok(
  $$ insert into public.bookings (solution_id, organization_id, service_id, staff_id, participant_id, during, blocked,
       slot_key, manage_token_sha256)
     select b.solution_id, b.organization_id, b.service_id, b.staff_id, b.participant_id,
       tstzrange('2026-06-02 10:15 Europe/Oslo', '2026-06-02 10:45 Europe/Oslo'),
       tstzrange('2026-06-02 10:15 Europe/Oslo', '2026-06-02 10:45 Europe/Oslo'), gen_random_uuid(), repeat('b', 64)
     from public.bookings as b where b.id = (current_setting('bk.first')::jsonb #>> '{booking,id}')::uuid $$,
  '23P01', null, 'the exclusion constraint refuses an overlap whoever writes it (even the service role)'
);

-- ---------------------------------------------------------------------------------------------
-- The slot's own checks: staff, notice, limits
-- ---------------------------------------------------------------------------------------------
select throws_ok(
  $$ select pg_temp.book('b2', 'c2', '2026-06-03 10:00 Europe/Oslo', 'ola@example.no') $$,
  'PT409', 'booking-slot-unavailable', 'a staff member who does not give the service'
);
select throws_ok(
  $$ select pg_temp.book('b1', 'c2', '2026-06-01 09:00 Europe/Oslo', 'ola@example.no') $$,
  'PT409', 'booking-slot-unavailable', 'inside the minimum notice (2 h from 08:00)'
);
select lives_ok(
  $$ select pg_temp.book('b3', 'c1', '2026-06-03 08:00 Europe/Oslo', 'ola@example.no') $$,
  'the daily-limited service: the first of the day'
);
select throws_ok(
  $$ select pg_temp.book('b3', 'c1', '2026-06-03 15:00 Europe/Oslo', 'per@example.no') $$,
  'PT409', 'booking-slot-unavailable', 'the daily limit: the second of the day is refused'
);
select throws_ok(
  $$ select public.book_booking('00000000-0000-4000-8000-0000000073a1', '00000000-0000-4000-8000-0000000073b1',
       '00000000-0000-4000-8000-0000000073c2', '2026-06-03 12:00 Europe/Oslo', '203.0.113.73', now() - interval '1 minute',
       '', 'ola@example.no', 'Ola', null, true, false, '[1, 2]') $$,
  'P0001', 'booking-invalid', 'answers are an object'
);

reset role;
-- Paid bookings are 80-booking-payments' tests; without a seller account none is possible.
select throws_ok(
  $$ update public.booking_services set payment = 'online', price_ore = 149000 where id = '00000000-0000-4000-8000-0000000073b3' $$,
  'P0001', 'booking-payments-not-ready', 'a service is not paid online while the seller cannot take card payments'
);
select tests.authenticate_as_service_role();

-- ---------------------------------------------------------------------------------------------
-- Seats: the count under the lock; another service's booking still collides
-- ---------------------------------------------------------------------------------------------
select lives_ok(
  $$ select set_config('bk.seat', pg_temp.book('b2', 'c1', '2026-06-04 10:00 Europe/Oslo', 'a@example.no')::text, true) $$,
  'the course: first seat'
);
select lives_ok(
  $$ select pg_temp.book('b2', 'c1', '2026-06-04 10:00 Europe/Oslo', 'b@example.no') $$, 'the course: second seat'
);
select throws_ok(
  $$ select pg_temp.book('b2', 'c1', '2026-06-04 10:00 Europe/Oslo', 'c@example.no') $$,
  'PT409', 'booking-slot-taken', 'the course: no third seat'
);
select is(
  (select count(distinct slot_key)::int from public.bookings where service_id = '00000000-0000-4000-8000-0000000073b2'),
  1, 'both seats share one slot key'
);
select throws_ok(
  $$ select pg_temp.book('b1', 'c1', '2026-06-04 10:30 Europe/Oslo', 'c@example.no') $$,
  'PT409', 'booking-slot-taken', 'a one-to-one booking overlapping the course is refused by the constraint'
);
select throws_ok(
  $$ select pg_temp.book('b2', 'c1', '2026-06-04 10:30 Europe/Oslo', 'c@example.no') $$,
  'PT409', 'booking-slot-taken', 'another start of the course overlapping it is refused too'
);

-- ---------------------------------------------------------------------------------------------
-- The manage link: view, reschedule, cancel within the notice
-- ---------------------------------------------------------------------------------------------
select is(
  public.booking_by_token(current_setting('bk.first')::jsonb ->> 'token', '203.0.113.73') ->> 'changeable', 'true',
  'the booker reads the booking by the token, still changeable'
);
select throws_ok(
  $$ select public.booking_by_token(repeat('f', 64), '203.0.113.73') $$,
  'PT404', 'booking-not-found', 'a wrong token finds nothing'
);
select throws_ok(
  $$ select public.reschedule_booking(current_setting('bk.first')::jsonb ->> 'token', '2026-06-02 11:30 Europe/Oslo',
       '00000000-0000-4000-8000-0000000073c1', '203.0.113.73') $$,
  'PT409', 'booking-slot-taken', 'reschedule onto a taken time is refused'
);
select is(
  public.reschedule_booking(current_setting('bk.first')::jsonb ->> 'token', '2026-06-02 09:00 Europe/Oslo',
    '00000000-0000-4000-8000-0000000073c1', '203.0.113.73') ->> 'start',
  to_jsonb('2026-06-02 09:00 Europe/Oslo'::timestamptz) #>> '{}',
  'reschedule into a free time (overlapping its own old time) moves it'
);
select results_eq(
  $$ select lower(blocked), upper(blocked), rescheduled_at is not null from public.bookings
     where id = (current_setting('bk.first')::jsonb #>> '{booking,id}')::uuid $$,
  $$ values ('2026-06-02 09:00 Europe/Oslo'::timestamptz, '2026-06-02 10:30 Europe/Oslo'::timestamptz, true) $$,
  'the moved booking blocks its new time with the buffer, and says when it moved'
);
select lives_ok(
  $$ select pg_temp.book('b3', 'c1', '2026-06-02 10:30 Europe/Oslo', 'q@example.no') $$,
  'the old time is free again after the move'
);
select is(
  public.cancel_booking(current_setting('bk.seat')::jsonb ->> 'token', '203.0.113.73') ->> 'status', 'cancelled',
  'a seat is cancelled by its link'
);
select lives_ok(
  $$ select pg_temp.book('b2', 'c1', '2026-06-04 10:00 Europe/Oslo', 'c@example.no') $$,
  'the cancelled seat can be booked again'
);
select throws_ok(
  $$ select public.cancel_booking(current_setting('bk.seat')::jsonb ->> 'token', '203.0.113.73') $$,
  'PT409', 'booking-cancelled', 'a cancelled booking cannot be cancelled again'
);
select set_config('leadtorget.test_now', '2026-06-02 08:00 Europe/Oslo', true);
select throws_ok(
  $$ select public.cancel_booking(current_setting('bk.first')::jsonb ->> 'token', '203.0.113.73') $$,
  'PT409', 'booking-too-late', 'within the minimum notice the link cannot cancel'
);
select throws_ok(
  $$ select public.reschedule_booking(current_setting('bk.first')::jsonb ->> 'token', '2026-06-05 09:00 Europe/Oslo',
       '00000000-0000-4000-8000-0000000073c1', '203.0.113.73') $$,
  'PT409', 'booking-too-late', 'nor move'
);
select is(
  public.booking_by_token(current_setting('bk.first')::jsonb ->> 'token', '203.0.113.73') ->> 'changeable', 'false',
  'and the booking says so'
);

-- ---------------------------------------------------------------------------------------------
-- Who reads and changes bookings
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('member');
select ok((select count(*) from public.bookings) >= 8, 'member: reads the organization''s bookings');
update public.bookings set status = 'no_show' where id = (current_setting('bk.first')::jsonb #>> '{booking,id}')::uuid;
select throws_ok(
  $$ update public.bookings set during = tstzrange(now(), now() + interval '1 hour') $$,
  '42501', null, 'member: cannot move a booking'
);
select tests.authenticate_as('owner');
select is(
  (select status from public.bookings where id = (current_setting('bk.first')::jsonb #>> '{booking,id}')::uuid),
  'confirmed', 'member: a status change changes nothing'
);
select lives_ok(
  $$ update public.bookings set status = 'no_show' where id = (current_setting('bk.first')::jsonb #>> '{booking,id}')::uuid $$,
  'owner: marks a no-show'
);
select throws_ok(
  $$ insert into public.bookings (solution_id, organization_id, service_id, staff_id, participant_id, during, blocked, slot_key, manage_token_sha256)
     values ('00000000-0000-4000-8000-0000000073a1', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000073b1',
       '00000000-0000-4000-8000-0000000073c1', (select id from public.participants limit 1),
       tstzrange('2026-06-10 10:00+02', '2026-06-10 11:00+02'), tstzrange('2026-06-10 10:00+02', '2026-06-10 11:00+02'),
       gen_random_uuid(), repeat('c', 64)) $$,
  '42501', null, 'owner: bookings are written only by the booking functions'
);
select tests.authenticate_as('other');
select is((select count(*)::int from public.bookings), 0, 'another organization''s owner: reads no booking');

select * from finish();
rollback;
