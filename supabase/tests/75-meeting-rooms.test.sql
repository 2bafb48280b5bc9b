-- Meeting rooms and bookings (supabase/migrations/20261130110000_meetings.sql; docs/meetings.md): RLS on
-- every meeting table; who writes rooms; book_room with the exclusion constraint, opening hours (a DST
-- day included) and capacity; check-in; the release job; cancelling.
begin;

select plan(59);

select tests.seed_calendar_cast();
select tests.create_supabase_user('m-admin', 'm-admin@example.com');
select tests.create_supabase_user('m-colleague', 'm-colleague@example.com');
insert into public.organizations_members (organization_id, member_id, role) values
  ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('m-admin'), 'admin'),
  ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('m-colleague'), 'member');
-- Monday 7 December 2026, 09:00 in Oslo.
select set_config('leadtorget.test_now', '2026-12-07 09:00 Europe/Oslo', true);

select tests.rls_enabled('public', t)
from unnest(array['meeting_rooms', 'meeting_room_bookings', 'meeting_polls', 'meeting_poll_options',
  'meeting_poll_invitees', 'meeting_poll_answers', 'meetings', 'meeting_summaries', 'meeting_attendees',
  'meeting_action_items']) as t;

-- ---------------------------------------------------------------------------------------------
-- Rooms: members read, owners and admins write
-- ---------------------------------------------------------------------------------------------

select tests.authenticate_as('owner');
select lives_ok(
  $$ insert into public.meeting_rooms (id, organization_id, name, capacity, equipment, location)
     values ('00000000-0000-4000-8000-000000007501', '00000000-0000-4000-8000-00000000000a', 'Fjorden', 8,
       '{skjerm}', '2. etasje') $$,
  'an owner adds a room'
);
select tests.authenticate_as('m-admin');
select lives_ok(
  $$ insert into public.meeting_rooms (id, organization_id, name, capacity)
     values ('00000000-0000-4000-8000-000000007502', '00000000-0000-4000-8000-00000000000a', 'Båtnaustet', 4) $$,
  'an admin adds a room'
);
select throws_ok(
  $$ insert into public.meeting_rooms (organization_id, name, capacity, opening_hours)
     values ('00000000-0000-4000-8000-00000000000a', 'Loftet', 4, '{"8": {"opens": "08:00", "closes": "17:00"}}') $$,
  '23514', null, 'opening hours name ISO weekdays 1–7 only'
);
select throws_ok(
  $$ insert into public.meeting_rooms (organization_id, name, capacity, opening_hours)
     values ('00000000-0000-4000-8000-00000000000a', 'Loftet', 4, '{"1": {"opens": "17:00", "closes": "08:00"}}') $$,
  '23514', null, 'a day opens before it closes'
);
select results_eq(
  $$ update public.meeting_rooms set check_in_minutes = 15 where name = 'Båtnaustet' returning check_in_minutes $$,
  array[15], 'an admin changes a room''s check-in minutes'
);

select tests.authenticate_as('member');
select results_eq(
  $$ select name from public.meeting_rooms order by name $$,
  array['Båtnaustet', 'Fjorden'], 'a member reads the organization''s rooms'
);
select throws_ok(
  $$ insert into public.meeting_rooms (organization_id, name, capacity)
     values ('00000000-0000-4000-8000-00000000000a', 'Kottet', 2) $$,
  '42501', null, 'a member cannot add a room'
);
select is_empty(
  $$ update public.meeting_rooms set capacity = 50 returning id $$, 'a member cannot change a room'
);
select is_empty($$ delete from public.meeting_rooms returning id $$, 'a member cannot delete a room');

select tests.authenticate_as('other');
select is_empty($$ select id from public.meeting_rooms $$, 'another organization''s owner reads no rooms');
select throws_ok(
  $$ insert into public.meeting_rooms (organization_id, name, capacity)
     values ('00000000-0000-4000-8000-00000000000a', 'Kottet', 2) $$,
  '42501', null, 'another organization''s owner cannot add a room here'
);
select is_empty(
  $$ delete from public.meeting_rooms returning id $$, 'another organization''s owner cannot delete a room here'
);

select tests.clear_authentication();
select throws_ok($$ select id from public.meeting_rooms $$, '42501', null, 'anon reads no rooms');
select throws_ok($$ select id from public.meeting_room_bookings $$, '42501', null, 'anon reads no bookings');

-- ---------------------------------------------------------------------------------------------
-- Booking: the constraint, opening hours, capacity
-- ---------------------------------------------------------------------------------------------

select tests.authenticate_as('member');
select set_config('mt.meeting', public.book_room('00000000-0000-4000-8000-000000007501',
  '2026-12-07 10:00 Europe/Oslo', '2026-12-07 11:00 Europe/Oslo', 'Ukemøte', 6)::text, true);
select results_eq(
  $$ select m.title, b.during = tstzrange('2026-12-07 10:00 Europe/Oslo', '2026-12-07 11:00 Europe/Oslo'),
       b.booked_by = tests.get_supabase_uid('member'), b.poll_id is null
     from public.meetings as m join public.meeting_room_bookings as b on b.id = m.booking_id
     where m.id = current_setting('mt.meeting')::uuid $$,
  $$ values ('Ukemøte', true, true, true) $$,
  'a member books a room directly: the meeting and its booking'
);
select is(
  (select count(*)::integer from public.meeting_attendees where meeting_id = current_setting('mt.meeting')::uuid),
  1, 'the booker attends'
);
select tests.authenticate_as('owner');
select throws_ok(
  $$ select public.book_room('00000000-0000-4000-8000-000000007501', '2026-12-07 10:30 Europe/Oslo',
       '2026-12-07 11:30 Europe/Oslo', 'Kundemøte') $$,
  'P0001', 'meeting-room-taken', 'an overlapping booking of the same room is refused'
);
select lives_ok(
  $$ select public.book_room('00000000-0000-4000-8000-000000007501', '2026-12-07 11:00 Europe/Oslo',
       '2026-12-07 12:00 Europe/Oslo', 'Kundemøte') $$,
  'a booking may start when the previous ends'
);
select lives_ok(
  $$ select public.book_room('00000000-0000-4000-8000-000000007502', '2026-12-07 10:30 Europe/Oslo',
       '2026-12-07 11:30 Europe/Oslo', 'Samtale') $$,
  'another room is free at the same time'
);
select throws_ok(
  $$ select public.book_room('00000000-0000-4000-8000-000000007501', '2026-12-12 10:00 Europe/Oslo',
       '2026-12-12 11:00 Europe/Oslo', 'Lørdag') $$,
  'P0001', 'meeting-room-closed', 'a day without opening hours (Saturday) is closed'
);
select throws_ok(
  $$ select public.book_room('00000000-0000-4000-8000-000000007501', '2026-12-07 16:30 Europe/Oslo',
       '2026-12-07 17:30 Europe/Oslo', 'Sent') $$,
  'P0001', 'meeting-room-closed', 'a booking ends by closing time'
);
select throws_ok(
  $$ select public.book_room('00000000-0000-4000-8000-000000007501', '2026-12-08 07:30 Europe/Oslo',
       '2026-12-08 08:30 Europe/Oslo', 'Tidlig') $$,
  'P0001', 'meeting-room-closed', 'a booking starts at or after opening time'
);
select lives_ok(
  $$ select public.book_room('00000000-0000-4000-8000-000000007501', '2027-03-29 08:00 Europe/Oslo',
       '2027-03-29 09:00 Europe/Oslo', 'Etter sommertid') $$,
  'opening hours are Oslo wall-clock time on the Monday after the clocks go forward (06:00 UTC)'
);
select throws_ok(
  $$ select public.book_room('00000000-0000-4000-8000-000000007501', '2027-03-29 07:30 Europe/Oslo',
       '2027-03-29 08:00 Europe/Oslo', 'For tidlig') $$,
  'P0001', 'meeting-room-closed', 'and 07:30 Oslo time (06:30 in winter''s UTC offset) is before opening'
);
select throws_ok(
  $$ select public.book_room('00000000-0000-4000-8000-000000007501', '2026-12-08 10:00 Europe/Oslo',
       '2026-12-08 11:00 Europe/Oslo', 'Stort møte', 9) $$,
  'P0001', 'meeting-room-too-small', 'a room holds at most its capacity'
);
select throws_ok(
  $$ select public.book_room('00000000-0000-4000-8000-000000007501', '2026-12-07 08:00 Europe/Oslo',
       '2026-12-07 08:30 Europe/Oslo', 'I går') $$,
  'P0001', 'meeting-time-invalid', 'a time that has passed cannot be booked'
);
select throws_ok(
  $$ select public.book_room('00000000-0000-4000-8000-000000007501', '2026-12-08 11:00 Europe/Oslo',
       '2026-12-08 10:00 Europe/Oslo', 'Baklengs') $$,
  'P0001', 'meeting-time-invalid', 'a booking ends after it starts'
);
update public.meeting_rooms set active = false where name = 'Båtnaustet';
select throws_ok(
  $$ select public.book_room('00000000-0000-4000-8000-000000007502', '2026-12-08 10:00 Europe/Oslo',
       '2026-12-08 11:00 Europe/Oslo', 'Stengt rom') $$,
  'P0001', 'meeting-room-inactive', 'an inactive room cannot be booked'
);
update public.meeting_rooms set active = true where name = 'Båtnaustet';

select tests.authenticate_as('member');
select throws_ok(
  $$ insert into public.meeting_room_bookings (organization_id, room_id, during, title)
     values ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000007501',
       tstzrange('2026-12-09 10:00 Europe/Oslo', '2026-12-09 11:00 Europe/Oslo'), 'Forbi') $$,
  '42501', null, 'a member cannot write a booking directly'
);
select throws_ok(
  $$ update public.meeting_room_bookings set checked_in_at = now() $$,
  '42501', null, 'a member cannot change a booking directly'
);

select tests.authenticate_as('other');
select throws_ok(
  $$ select public.book_room('00000000-0000-4000-8000-000000007501', '2026-12-08 10:00 Europe/Oslo',
       '2026-12-08 11:00 Europe/Oslo', 'Inntrenger') $$,
  'PT404', 'meeting-room-not-found', 'another organization''s owner cannot book the room'
);
select is_empty($$ select id from public.meeting_room_bookings $$, 'nor read its bookings');

select tests.clear_authentication();
select throws_ok(
  $$ select public.book_room('00000000-0000-4000-8000-000000007501', '2026-12-08 10:00 Europe/Oslo',
       '2026-12-08 11:00 Europe/Oslo', 'Anonym') $$,
  '42501', null, 'anon cannot book'
);

select tests.authenticate_as_service_role();
select throws_ok(
  $$ insert into public.meeting_room_bookings (organization_id, room_id, during, title)
     values ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000007501',
       tstzrange('2026-12-07 10:45 Europe/Oslo', '2026-12-07 11:15 Europe/Oslo'), 'Forbi') $$,
  '23P01', null, 'the constraint refuses an overlap whatever the path (even the service role''s)'
);

-- ---------------------------------------------------------------------------------------------
-- Check-in, the release job, cancelling
-- ---------------------------------------------------------------------------------------------

select tests.authenticate_as('m-colleague');
select set_config('mt.ten', (select booking_id::text from public.meetings where id = current_setting('mt.meeting')::uuid), true);
select set_config('mt.eleven', (select id::text from public.meeting_room_bookings
  where during = tstzrange('2026-12-07 11:00 Europe/Oslo', '2026-12-07 12:00 Europe/Oslo')), true);
select throws_ok(
  format('select public.check_in_room_booking(%L)', current_setting('mt.ten')),
  'P0001', 'meeting-check-in-not-open', 'check-in opens 15 minutes before the start'
);
select set_config('leadtorget.test_now', '2026-12-07 09:50 Europe/Oslo', true);
select is(
  public.check_in_room_booking(current_setting('mt.ten')::uuid), '2026-12-07 09:50 Europe/Oslo'::timestamptz,
  'any member checks in from 15 minutes before'
);
select set_config('leadtorget.test_now', '2026-12-07 10:05 Europe/Oslo', true);
select is(
  public.check_in_room_booking(current_setting('mt.ten')::uuid), '2026-12-07 09:50 Europe/Oslo'::timestamptz,
  'checking in again keeps the first check-in'
);
select tests.authenticate_as('other');
select throws_ok(
  format('select public.check_in_room_booking(%L)', current_setting('mt.ten')),
  'PT404', 'meeting-booking-not-found', 'another organization''s owner cannot check in'
);

select tests.authenticate_as('member');
select throws_ok(
  $$ select public.release_unchecked_room_bookings('2026-12-07 12:00 Europe/Oslo') $$,
  '42501', null, 'a member cannot run the release job'
);
select tests.authenticate_as_service_role();
select is(
  public.release_unchecked_room_bookings('2026-12-07 10:44:59 Europe/Oslo'), 0,
  'nothing is released before a room''s check-in minutes have passed'
);
select is(
  public.release_unchecked_room_bookings('2026-12-07 10:45 Europe/Oslo'), 1,
  'Båtnaustet''s unchecked 10:30 booking is released after its room''s 15 minutes'
);
select is(
  public.release_unchecked_room_bookings('2026-12-07 11:09:59 Europe/Oslo'), 0,
  'the 11:00 booking in Fjorden is not due yet'
);
select is(
  public.release_unchecked_room_bookings('2026-12-07 11:10 Europe/Oslo'), 1,
  'and is released 10 minutes (the default) after its start'
);
select results_eq(
  $$ select id::text, release_reason from public.meeting_room_bookings
     where released_at = '2026-12-07 11:10 Europe/Oslo' $$,
  $$ values (current_setting('mt.eleven'), 'unchecked') $$,
  'that booking only: the checked-in 10:00 booking stays'
);
select set_config('leadtorget.test_now', '2026-12-07 11:12 Europe/Oslo', true);
select tests.authenticate_as('m-colleague');
select lives_ok(
  $$ select public.book_room('00000000-0000-4000-8000-000000007501', '2026-12-07 11:15 Europe/Oslo',
       '2026-12-07 12:00 Europe/Oslo', 'Ledig rom') $$,
  'a released booking frees the room at once'
);
select throws_ok(
  format('select public.check_in_room_booking(%L)', current_setting('mt.eleven')),
  'P0001', 'meeting-booking-released', 'a released booking cannot be checked in'
);

select tests.authenticate_as('m-colleague');
select set_config('mt.tomorrow', public.book_room('00000000-0000-4000-8000-000000007502',
  '2026-12-08 10:00 Europe/Oslo', '2026-12-08 11:00 Europe/Oslo', 'Planlegging')::text, true);
select tests.authenticate_as('member');
select throws_ok(
  format('select public.cancel_room_booking(%L)',
    (select booking_id from public.meetings where id = current_setting('mt.tomorrow')::uuid)),
  'PT403', 'meeting-not-organizer', 'a member cannot cancel someone else''s booking'
);
select tests.authenticate_as('m-admin');
select lives_ok(
  format('select public.cancel_room_booking(%L)',
    (select booking_id from public.meetings where id = current_setting('mt.tomorrow')::uuid)),
  'an admin cancels it'
);
select is(
  (select release_reason from public.meeting_room_bookings as b join public.meetings as m on m.booking_id = b.id
   where m.id = current_setting('mt.tomorrow')::uuid),
  'cancelled', 'the booking is released as cancelled'
);

select * from finish();
rollback;
