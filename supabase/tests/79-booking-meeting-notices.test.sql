-- E-mails and calendar files of bookings and meetings (supabase/migrations/20261130150000_booking_meeting_notices.sql;
-- docs/booking.md and docs/meetings.md «E-post og kalenderfiler»): reminder times per solution, the
-- reminders claimed once each by the clock (none for a cancelled booking or a time already passed when
-- booked, again after a move), the calendar sequence, the booking's notice; the staff's feed token by
-- identity and the feed; the meeting e-mails' claims (invitations with a guest's link, deadline
-- reminders, cancellations, the .ics on finalizing and cancelling, action items, the summary) and who
-- may call what.
begin;

select plan(58);

select tests.seed_calendar_cast();
-- Monday 1 March 2027, 08:00 in Oslo: after the real clock, so every booking was made before its reminders.
select set_config('leadtorget.test_now', '2027-03-01 08:00 Europe/Oslo', true);
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.79"}', true);

insert into public.campaigns (id, organization_id, kind, name, consent_text, published_at)
values ('00000000-0000-4000-8000-0000000079a1', '00000000-0000-4000-8000-00000000000a', 'booking', 'Bestill befaring',
  'Jeg godtar at opplysningene brukes til bestillingen.', '2027-01-01 08:00 Europe/Oslo');
insert into public.booking_solutions (id, organization_id) values
  ('00000000-0000-4000-8000-0000000079a1', '00000000-0000-4000-8000-00000000000a');
insert into public.booking_services (id, solution_id, organization_id, name, duration_minutes, minimum_notice_minutes) values
  ('00000000-0000-4000-8000-0000000079b1', '00000000-0000-4000-8000-0000000079a1', '00000000-0000-4000-8000-00000000000a', 'Befaring', 60, 0);
insert into public.booking_staff (id, solution_id, organization_id, name, email, member_id) values
  ('00000000-0000-4000-8000-0000000079c1', '00000000-0000-4000-8000-0000000079a1', '00000000-0000-4000-8000-00000000000a',
   'Kari', 'kari@fjordror.no', tests.get_supabase_uid('member')),
  ('00000000-0000-4000-8000-0000000079c2', '00000000-0000-4000-8000-0000000079a1', '00000000-0000-4000-8000-00000000000a',
   'Ola', null, null);
insert into public.booking_staff_services (staff_id, service_id, solution_id, organization_id) values
  ('00000000-0000-4000-8000-0000000079c1', '00000000-0000-4000-8000-0000000079b1', '00000000-0000-4000-8000-0000000079a1', '00000000-0000-4000-8000-00000000000a'),
  ('00000000-0000-4000-8000-0000000079c2', '00000000-0000-4000-8000-0000000079b1', '00000000-0000-4000-8000-0000000079a1', '00000000-0000-4000-8000-00000000000a');

create function pg_temp.book(staff text, starts_at timestamptz, email text)
returns uuid
language sql
as $$
  select (public.book_booking(
    '00000000-0000-4000-8000-0000000079a1', '00000000-0000-4000-8000-0000000079b1',
    ('00000000-0000-4000-8000-0000000079' || staff)::uuid, starts_at, '203.0.113.79', now() - interval '1 minute',
    '', email, 'Ola Nordmann', null, true, false
  ) #>> '{booking,id}')::uuid;
$$;

create function pg_temp.claim(at timestamptz)
returns table (booking_id uuid, minutes integer)
language sql
as $$ select c.booking_id, c.minutes from public.claim_booking_reminders(at) as c order by 2 desc, 1 $$;

-- ---------------------------------------------------------------------------------------------
-- 1. Reminder times per solution
-- ---------------------------------------------------------------------------------------------
select is(
  (select reminder_minutes from public.booking_solutions where id = '00000000-0000-4000-8000-0000000079a1'),
  '{1440,120}'::integer[], 'a solution reminds 24 and 2 hours before by default'
);
select throws_ok(
  $$ update public.booking_solutions set reminder_minutes = '{5}' where id = '00000000-0000-4000-8000-0000000079a1' $$,
  '23514', null, 'a reminder less than 15 minutes ahead is refused'
);
select tests.authenticate_as('member');
update public.booking_solutions set reminder_minutes = '{60}' where id = '00000000-0000-4000-8000-0000000079a1';
select tests.authenticate_as('owner');
select results_eq(
  $$ select reminder_minutes from public.booking_solutions where id = '00000000-0000-4000-8000-0000000079a1' $$,
  $$ values ('{1440,120}'::integer[]) $$, 'a member does not change the reminder times'
);
update public.booking_solutions set reminder_minutes = '{1440,120}' where id = '00000000-0000-4000-8000-0000000079a1';
select results_eq(
  $$ select reminder_minutes from public.booking_solutions where id = '00000000-0000-4000-8000-0000000079a1' $$,
  $$ values ('{1440,120}'::integer[]) $$, 'an owner sets them'
);

-- ---------------------------------------------------------------------------------------------
-- 2. Reminders, once each, by the clock
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as_service_role();
select set_config('nt.first', pg_temp.book('c1', '2027-03-03 10:00 Europe/Oslo', 'ola@example.no')::text, true);
select set_config('nt.late', pg_temp.book('c2', '2027-03-03 10:00 Europe/Oslo', 'sent@example.no')::text, true);
select set_config('nt.gone', pg_temp.book('c1', '2027-03-03 13:00 Europe/Oslo', 'borte@example.no')::text, true);
reset role;
-- The late booking was made an hour before its start; the other one is cancelled.
update public.bookings set created_at = '2027-03-03 09:00 Europe/Oslo' where id = current_setting('nt.late')::uuid;
update public.bookings set status = 'cancelled' where id = current_setting('nt.gone')::uuid;
select tests.authenticate_as_service_role();

select is_empty(
  $$ select * from pg_temp.claim('2027-03-02 09:59 Europe/Oslo') $$, 'nothing is due a minute before the 24-hour mark'
);
select results_eq(
  $$ select * from pg_temp.claim('2027-03-02 10:00 Europe/Oslo') $$,
  $$ values (current_setting('nt.first')::uuid, 1440) $$,
  'at 24 hours before, the booking''s reminder is claimed (not the cancelled one''s)'
);
select is_empty($$ select * from pg_temp.claim('2027-03-02 10:05 Europe/Oslo') $$, 'and only once');
select results_eq(
  $$ select * from pg_temp.claim('2027-03-03 08:00 Europe/Oslo') $$,
  $$ values (current_setting('nt.first')::uuid, 120) $$,
  'at 2 hours before, the second; the booking made an hour ahead gets none'
);
select is(
  (select reminders_sent from public.bookings where id = current_setting('nt.late')::uuid),
  '{1440,120}'::integer[], 'the passed times of the late booking are recorded, so it is not looked at again'
);
select is_empty($$ select * from pg_temp.claim('2027-03-03 08:00 Europe/Oslo') $$,
  'a second run at the same time claims nothing');
select lives_ok(
  $$ select public.release_booking_reminder(current_setting('nt.first')::uuid, 120) $$,
  'a failed e-mail''s reminder is handed back'
);
select results_eq(
  $$ select c.booking_id, c.minutes, c.notice ->> 'email', c.notice ->> 'staff_email', c.notice ->> 'organization_name'
     from public.claim_booking_reminders('2027-03-03 08:01 Europe/Oslo') as c $$,
  $$ values (current_setting('nt.first')::uuid, 120, 'ola@example.no', 'kari@fjordror.no', 'Fjord Rør AS') $$,
  'and claimed again on the next run, with the notice the e-mail needs'
);

-- A move: a new sequence, the reminders again for the new time.
reset role;
update public.bookings set during = tstzrange('2027-03-05 10:00 Europe/Oslo', '2027-03-05 11:00 Europe/Oslo'),
  blocked = tstzrange('2027-03-05 10:00 Europe/Oslo', '2027-03-05 11:00 Europe/Oslo')
where id = current_setting('nt.first')::uuid;
select results_eq(
  $$ select calendar_sequence, reminders_sent from public.bookings where id = current_setting('nt.first')::uuid $$,
  $$ values (1, '{}'::integer[]) $$, 'a new time is a new calendar sequence and clears the reminders sent'
);
select is(
  (select calendar_sequence from public.bookings where id = current_setting('nt.gone')::uuid), 1,
  'a cancellation is a new calendar sequence too'
);
select tests.authenticate_as_service_role();
select results_eq(
  $$ select * from pg_temp.claim('2027-03-04 10:00 Europe/Oslo') $$,
  $$ values (current_setting('nt.first')::uuid, 1440) $$, 'the moved booking is reminded for its new time'
);
select is(
  public.booking_notice(current_setting('nt.gone')::uuid) ->> 'status', 'cancelled',
  'the notice of a booking says its status'
);

-- Cancellations: the one an owner made in the app is claimed by the job, once; a claim by id takes only that one.
select is_empty($$ select * from public.claim_booking_cancellations(current_setting('nt.first')::uuid) $$,
  'a confirmed booking has no cancellation to send');
select results_eq(
  $$ select booking_id, notice ->> 'status' from public.claim_booking_cancellations() $$,
  $$ values (current_setting('nt.gone')::uuid, 'cancelled') $$,
  'the booking cancelled in the app is claimed for its cancellation e-mail'
);
select is_empty($$ select * from public.claim_booking_cancellations() $$, 'once');
select lives_ok($$ select public.release_booking_cancellation(current_setting('nt.gone')::uuid) $$, 'a failed one is handed back');
select results_eq(
  $$ select booking_id from public.claim_booking_cancellations(current_setting('nt.gone')::uuid) $$,
  $$ values (current_setting('nt.gone')::uuid) $$, 'and claimed again, here by the booking function for that booking'
);

select tests.authenticate_as('owner');
select throws_ok($$ select * from public.claim_booking_cancellations() $$, '42501', null,
  'members do not claim cancellations');
select throws_ok($$ select public.booking_notice(current_setting('nt.first')::uuid) $$, '42501', null,
  'members do not read a booking''s notice');
select throws_ok($$ select * from public.claim_booking_reminders() $$, '42501', null, 'nor claim reminders');
select throws_ok($$ select public.release_booking_reminder(current_setting('nt.first')::uuid, 120) $$, '42501', null,
  'nor hand them back');
select tests.clear_authentication();
select throws_ok($$ select * from public.claim_booking_reminders() $$, '42501', null, 'anon claims nothing');

-- ---------------------------------------------------------------------------------------------
-- 3. The staff's feed
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('owner');
select set_config('nt.feed', public.issue_booking_feed_token('00000000-0000-4000-8000-0000000079c2'), true);
select ok(current_setting('nt.feed') ~ '^[0-9a-f]{64}$', 'an owner issues a staff member''s feed token, answered once');
select tests.authenticate_as('member');
select set_config('nt.feed', public.issue_booking_feed_token('00000000-0000-4000-8000-0000000079c1'), true);
select ok(current_setting('nt.feed') ~ '^[0-9a-f]{64}$', 'the member a staff row is issues their own');
select throws_ok(
  $$ select public.issue_booking_feed_token('00000000-0000-4000-8000-0000000079c2') $$,
  'PT404', 'booking-staff-not-found', 'a member does not issue another staff member''s'
);
select tests.authenticate_as('other');
select throws_ok(
  $$ select public.issue_booking_feed_token('00000000-0000-4000-8000-0000000079c1') $$,
  'PT404', 'booking-staff-not-found', 'another organization''s owner does not either'
);
select throws_ok($$ select public.booking_feed(current_setting('nt.feed')) $$, '42501', null,
  'members do not read a feed through the API');
select tests.authenticate_as_service_role();
select results_eq(
  $$ select public.booking_feed(current_setting('nt.feed')) ->> 'staff_name',
       jsonb_array_length(public.booking_feed(current_setting('nt.feed')) -> 'bookings'),
       public.booking_feed(current_setting('nt.feed')) #>> '{bookings,0,email}' $$,
  $$ values ('Kari', 1, 'ola@example.no') $$,
  'the feed holds the staff member''s confirmed bookings (not the cancelled one)'
);
select is(public.booking_feed(repeat('0', 64)), null, 'an unknown token has no feed');
select tests.authenticate_as('member');
select public.issue_booking_feed_token('00000000-0000-4000-8000-0000000079c1');
select tests.authenticate_as_service_role();
select is(public.booking_feed(current_setting('nt.feed')), null, 'a new token ends the old one');

-- ---------------------------------------------------------------------------------------------
-- 4. Meeting polls: invitations, reminders, cancellations
-- ---------------------------------------------------------------------------------------------
insert into public.meeting_rooms (id, organization_id, name, capacity, location) values
  ('00000000-0000-4000-8000-000000007901', '00000000-0000-4000-8000-00000000000a', 'Fjorden', 8, 'Storgata 1');
select tests.authenticate_as('member');
select set_config('nt.poll', public.create_meeting_poll(
  '00000000-0000-4000-8000-00000000000a', 'Oppstartsmøte', 60,
  '[{"starts_at": "2027-03-08T10:00:00+01:00", "room_id": "00000000-0000-4000-8000-000000007901"},
    {"starts_at": "2027-03-09T10:00:00+01:00", "room_id": null}]',
  array[tests.get_supabase_uid('owner')], array['gjest@example.no'], null, '2027-03-05 12:00 Europe/Oslo'
)::text, true);
select tests.authenticate_as_service_role();
select set_config('nt.invited', (select jsonb_agg(to_jsonb(c) order by c.email)::text
  from public.claim_meeting_poll_emails('invitation', '2027-03-01 09:00 Europe/Oslo') as c), true);
select results_eq(
  $$ select x ->> 'email', char_length(x ->> 'token'), x #>> '{poll,title}', jsonb_array_length(x #> '{poll,options}')
     from jsonb_array_elements(current_setting('nt.invited')::jsonb) as x $$,
  $$ values ('gjest@example.no', 64, 'Oppstartsmøte', 2), ('owner@example.com', null::integer, 'Oppstartsmøte', 2) $$,
  'the invitations: the guest with a signed link, the invited member without; not the organizer'
);
select is(
  public.meeting_poll_for_guest(current_setting('nt.invited')::jsonb #>> '{0,token}') #>> '{poll,title}', 'Oppstartsmøte',
  'the guest''s link opens the poll'
);
select is_empty($$ select * from public.claim_meeting_poll_emails('invitation', '2027-03-01 09:01 Europe/Oslo') $$,
  'each invitation is claimed once');
select is_empty($$ select * from public.claim_meeting_poll_emails('reminder', '2027-03-04 11:59 Europe/Oslo') $$,
  'no reminder more than 24 hours before the deadline');
-- The owner answers; the guest does not.
select tests.authenticate_as('owner');
select public.answer_meeting_poll(current_setting('nt.poll')::uuid, jsonb_build_object(
  (select id from public.meeting_poll_options where poll_id = current_setting('nt.poll')::uuid order by starts_at limit 1), 'yes'));
select tests.authenticate_as_service_role();
select results_eq(
  $$ select email, char_length(token) from public.claim_meeting_poll_emails('reminder', '2027-03-04 12:00 Europe/Oslo') $$,
  $$ values ('gjest@example.no', 64) $$, 'within 24 hours of the deadline, who has not answered is reminded'
);
select is_empty($$ select * from public.claim_meeting_poll_emails('reminder', '2027-03-04 18:00 Europe/Oslo') $$,
  'once');
select lives_ok($$ select public.release_meeting_poll_email('reminder',
  (select id from public.meeting_poll_invitees where poll_id = current_setting('nt.poll')::uuid and participant_id is not null)) $$,
  'a failed reminder is handed back');
select is(
  (select count(*)::integer from public.claim_meeting_poll_emails('reminder', '2027-03-04 18:01 Europe/Oslo')), 1,
  'and claimed again'
);
select throws_ok($$ select * from public.claim_meeting_poll_emails('spam') $$, '22023', 'meeting-email-kind-invalid',
  'only the three kinds');

-- A second poll, invited and then cancelled: the invited hear of it, once.
select tests.authenticate_as('member');
select set_config('nt.poll2', public.create_meeting_poll(
  '00000000-0000-4000-8000-00000000000a', 'Avlyst møte', 30, '[{"starts_at": "2027-03-10T10:00:00+01:00", "room_id": null}]',
  array[tests.get_supabase_uid('owner')], array['gjest@example.no'])::text, true);
select tests.authenticate_as_service_role();
select is(
  (select count(*)::integer from public.claim_meeting_poll_emails('invitation', '2027-03-01 09:30 Europe/Oslo')), 2,
  'the second poll''s two invitations'
);
select tests.authenticate_as('member');
select public.cancel_meeting_poll(current_setting('nt.poll2')::uuid);
select tests.authenticate_as_service_role();
select results_eq(
  $$ select email, token, poll ->> 'title' from public.claim_meeting_poll_emails('cancelled', '2027-03-01 09:40 Europe/Oslo')
     order by email $$,
  $$ values ('gjest@example.no', null::text, 'Avlyst møte'), ('owner@example.com', null, 'Avlyst møte') $$,
  'a cancelled poll''s invited hear of it, without a link'
);
select is_empty($$ select * from public.claim_meeting_poll_emails('cancelled', '2027-03-01 09:41 Europe/Oslo') $$, 'once');

-- ---------------------------------------------------------------------------------------------
-- 5. Finalizing and cancelling: the .ics
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('member');
select set_config('nt.meeting', public.finalize_meeting_poll(current_setting('nt.poll')::uuid,
  (select id from public.meeting_poll_options where poll_id = current_setting('nt.poll')::uuid order by starts_at limit 1))::text, true);
select tests.authenticate_as_service_role();
select results_eq(
  $$ select n ->> 'title', (n ->> 'sequence')::integer, (n ->> 'cancelled')::boolean, n ->> 'room_name',
       jsonb_array_length(n -> 'attendees')
     from public.claim_meeting_calendar_notices('2027-03-01 10:00 Europe/Oslo') as n $$,
  $$ values ('Oppstartsmøte', 0, false, 'Fjorden', 3) $$,
  'a finalized poll''s meeting goes to its three attendees'
);
select is_empty($$ select * from public.claim_meeting_calendar_notices('2027-03-01 10:01 Europe/Oslo') $$, 'once');
select tests.authenticate_as('member');
select public.cancel_room_booking((select booking_id from public.meetings where id = current_setting('nt.meeting')::uuid));
select tests.authenticate_as_service_role();
select results_eq(
  $$ select (n ->> 'sequence')::integer, (n ->> 'cancelled')::boolean
     from public.claim_meeting_calendar_notices('2027-03-01 10:02 Europe/Oslo') as n $$,
  $$ values (1, true) $$, 'cancelling its room booking cancels the meeting: a new sequence, a cancellation'
);

-- ---------------------------------------------------------------------------------------------
-- 6. Action items and the summary
-- ---------------------------------------------------------------------------------------------
insert into public.meeting_action_items (meeting_id, organization_id, title, owner_id, due_on) values
  (current_setting('nt.meeting')::uuid, '00000000-0000-4000-8000-00000000000a', 'Bestille rør', tests.get_supabase_uid('owner'), '2027-03-10');
select is_empty($$ select * from public.claim_meeting_action_item_reminders('2027-03-08 12:00 Europe/Oslo') $$,
  'no reminder two days before');
select results_eq(
  $$ select title, due_on, email from public.claim_meeting_action_item_reminders('2027-03-09 07:00 Europe/Oslo') $$,
  $$ values ('Bestille rør', '2027-03-10'::date, 'owner@example.com') $$, 'the owner hears of it the day before'
);
select is_empty($$ select * from public.claim_meeting_action_item_reminders('2027-03-10 07:00 Europe/Oslo') $$, 'once');
update public.meeting_action_items set due_on = '2027-03-12' where meeting_id = current_setting('nt.meeting')::uuid;
select is(
  (select count(*)::integer from public.claim_meeting_action_item_reminders('2027-03-11 07:00 Europe/Oslo')), 1,
  'a new due date is reminded again'
);

select tests.authenticate_as('other');
select throws_ok($$ select public.request_meeting_summary_email(current_setting('nt.meeting')::uuid) $$,
  'PT404', 'meeting-not-found', 'another organization asks nothing of the meeting');
select tests.authenticate_as('member');
select lives_ok($$ select public.request_meeting_summary_email(current_setting('nt.meeting')::uuid) $$,
  'a member asks for the summary to go to the attendees');
select throws_ok($$ select * from public.claim_meeting_summaries() $$, '42501', null, 'members claim nothing');
select tests.authenticate_as_service_role();
select results_eq(
  $$ select n ->> 'title', jsonb_array_length(n -> 'attendees'), n #>> '{action_items,0,title}'
     from public.claim_meeting_summaries() as n $$,
  $$ values ('Oppstartsmøte', 3, 'Bestille rør') $$, 'the summary is claimed with the attendees and action items'
);
select is_empty($$ select * from public.claim_meeting_summaries() $$, 'once per request');

select * from finish();
rollback;
