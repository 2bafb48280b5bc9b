-- Meeting polls (supabase/migrations/20261130110000_meetings.sql; docs/meetings.md): creating a poll
-- with members and a guest (a participant), capacity of the candidate rooms, answers by members and by
-- a guest's link (anon), hidden participants in the tables and the matrix, the deadline, finalizing
-- into a room booking, a second poll for the same room and time, cancelling.
begin;

select plan(46);

select tests.seed_calendar_cast();
select tests.create_supabase_user('m-colleague', 'm-colleague@example.com');
insert into public.organizations_members (organization_id, member_id, role) values
  ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('m-colleague'), 'member');
insert into public.meeting_rooms (id, organization_id, name, capacity) values
  ('00000000-0000-4000-8000-000000007601', '00000000-0000-4000-8000-00000000000a', 'Fjorden', 8),
  ('00000000-0000-4000-8000-000000007602', '00000000-0000-4000-8000-00000000000a', 'Båtnaustet', 4);
insert into public.meeting_rooms (id, organization_id, name, capacity) values
  ('00000000-0000-4000-8000-000000007603', '00000000-0000-4000-8000-00000000000b', 'Nordlys', 10);
select set_config('leadtorget.test_now', '2026-12-07 09:00 Europe/Oslo', true);
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.76"}', true);

-- ---------------------------------------------------------------------------------------------
-- Creating a poll
-- ---------------------------------------------------------------------------------------------

select tests.authenticate_as('member');
select set_config('mt.poll', public.create_meeting_poll(
  '00000000-0000-4000-8000-00000000000a', 'Oppstartsmøte', 60,
  '[{"starts_at": "2026-12-14T10:00:00+01:00", "room_id": "00000000-0000-4000-8000-000000007601"},
    {"starts_at": "2026-12-14T13:00:00+01:00", "room_id": "00000000-0000-4000-8000-000000007602"},
    {"starts_at": "2026-12-15T09:00:00+01:00", "room_id": null}]',
  array[tests.get_supabase_uid('m-colleague')], array[' Gjest@Example.no '],
  'Nytt bad i Storgata', '2026-12-10 12:00 Europe/Oslo', true
)::text, true);
select results_eq(
  $$ select status, created_by = tests.get_supabase_uid('member'), hide_participants from public.meeting_polls
     where id = current_setting('mt.poll')::uuid $$,
  $$ values ('open', true, true) $$,
  'a member creates a poll and organizes it'
);
select results_eq(
  $$ select to_char(ends_at - starts_at, 'HH24:MI') from public.meeting_poll_options
     where poll_id = current_setting('mt.poll')::uuid order by starts_at $$,
  array['01:00', '01:00', '01:00'], 'each candidate time lasts the poll''s duration'
);
select set_config('mt.opt1', (select id::text from public.meeting_poll_options
  where poll_id = current_setting('mt.poll')::uuid and starts_at = '2026-12-14 10:00 Europe/Oslo'), true);
select set_config('mt.opt2', (select id::text from public.meeting_poll_options
  where poll_id = current_setting('mt.poll')::uuid and starts_at = '2026-12-14 13:00 Europe/Oslo'), true);
select set_config('mt.opt3', (select id::text from public.meeting_poll_options
  where poll_id = current_setting('mt.poll')::uuid and starts_at = '2026-12-15 09:00 Europe/Oslo'), true);
select is(
  (select count(*)::integer from public.meeting_poll_invitees where poll_id = current_setting('mt.poll')::uuid),
  3, 'the organizer sees every invitee: themself, the colleague and the guest'
);
select is(
  (select p.email from public.meeting_poll_invitees as i join public.participants as p on p.id = i.participant_id
   where i.poll_id = current_setting('mt.poll')::uuid),
  'gjest@example.no', 'the guest is the organization''s participant by the cleaned address'
);
select throws_ok(
  $$ select public.create_meeting_poll('00000000-0000-4000-8000-00000000000a', 'For mange', 30,
       '[{"starts_at": "2026-12-14T10:00:00+01:00", "room_id": "00000000-0000-4000-8000-000000007602"}]',
       '{}', array['a@example.no', 'b@example.no', 'c@example.no', 'd@example.no']) $$,
  'P0001', 'meeting-room-too-small', 'a candidate room holds every invitee (5 for 4 seats)'
);
select throws_ok(
  $$ select public.create_meeting_poll('00000000-0000-4000-8000-00000000000a', 'Fortid', 30,
       '[{"starts_at": "2026-12-01T10:00:00+01:00", "room_id": null}]') $$,
  'P0001', 'meeting-poll-invalid', 'a candidate time lies ahead'
);
select throws_ok(
  $$ select public.create_meeting_poll('00000000-0000-4000-8000-00000000000a', 'Fremmed rom', 30,
       '[{"starts_at": "2026-12-14T10:00:00+01:00", "room_id": "00000000-0000-4000-8000-000000007603"}]') $$,
  'P0001', 'meeting-poll-invalid', 'a candidate room is the organization''s own'
);
select throws_ok(
  $$ select public.create_meeting_poll('00000000-0000-4000-8000-00000000000a', 'Feil adresse', 30,
       '[{"starts_at": "2026-12-14T10:00:00+01:00", "room_id": null}]', '{}', array['ikke en adresse']) $$,
  'P0001', 'meeting-invitee-invalid', 'a guest''s address must be an e-mail address'
);
select throws_ok(
  $$ select public.create_meeting_poll('00000000-0000-4000-8000-00000000000a', 'Utenforstående', 30,
       '[{"starts_at": "2026-12-14T10:00:00+01:00", "room_id": null}]', array[tests.get_supabase_uid('other')]) $$,
  'P0001', 'meeting-invitee-invalid', 'an invited member belongs to the organization'
);
select throws_ok(
  $$ insert into public.meeting_polls (organization_id, title, duration_minutes)
     values ('00000000-0000-4000-8000-00000000000a', 'Direkte', 30) $$,
  '42501', null, 'a member cannot write a poll directly'
);
select throws_ok(
  $$ select token_sha256 from private.meeting_guest_links $$,
  '42501', null, 'a member cannot read a guest''s link hash'
);

select tests.authenticate_as('other');
select throws_ok(
  $$ select public.create_meeting_poll('00000000-0000-4000-8000-00000000000a', 'Inntrenger', 30,
       '[{"starts_at": "2026-12-14T10:00:00+01:00", "room_id": null}]') $$,
  'PT404', 'meeting-poll-not-found', 'another organization''s owner cannot make a poll here'
);
select is_empty($$ select id from public.meeting_polls $$, 'nor read its polls');
select is_empty($$ select id from public.meeting_poll_invitees $$, 'nor its invitees');
select throws_ok(
  format('select public.meeting_poll_matrix(%L)', current_setting('mt.poll')),
  'PT404', 'meeting-poll-not-found', 'nor its matrix'
);

select tests.clear_authentication();
select throws_ok($$ select id from public.meeting_polls $$, '42501', null, 'anon reads no polls');
select throws_ok($$ select answer from public.meeting_poll_answers $$, '42501', null, 'anon reads no answers');

-- ---------------------------------------------------------------------------------------------
-- Answers: members, the guest's link
-- ---------------------------------------------------------------------------------------------

select tests.authenticate_as('member');
select lives_ok(
  format($$ select public.answer_meeting_poll(%L, jsonb_build_object(%L, 'yes', %L, 'if_need_be', %L, 'no')) $$,
    current_setting('mt.poll'), current_setting('mt.opt1'), current_setting('mt.opt2'), current_setting('mt.opt3')),
  'the organizer answers every candidate time'
);
select tests.authenticate_as('m-colleague');
select lives_ok(
  format($$ select public.answer_meeting_poll(%L, jsonb_build_object(%L, 'no')) $$,
    current_setting('mt.poll'), current_setting('mt.opt1')),
  'an invited member answers'
);
select lives_ok(
  format($$ select public.answer_meeting_poll(%L, jsonb_build_object(%L, 'yes', %L, 'no')) $$,
    current_setting('mt.poll'), current_setting('mt.opt1'), current_setting('mt.opt2')),
  'and changes the answer before the deadline'
);
select throws_ok(
  format($$ select public.answer_meeting_poll(%L, jsonb_build_object(%L, 'kanskje')) $$,
    current_setting('mt.poll'), current_setting('mt.opt1')),
  'P0001', 'meeting-answer-invalid', 'an answer is yes, if_need_be or no'
);
select throws_ok(
  format($$ select public.answer_meeting_poll(%L, '{"00000000-0000-4000-8000-000000007699": "yes"}') $$,
    current_setting('mt.poll')),
  'P0001', 'meeting-answer-invalid', 'only the poll''s own candidate times'
);
select throws_ok(
  $$ insert into public.meeting_poll_answers (poll_id, option_id, invitee_id, organization_id, answer)
     select poll_id, id, id, organization_id, 'yes' from public.meeting_poll_options limit 1 $$,
  '42501', null, 'a member cannot write an answer directly'
);
select tests.authenticate_as('owner');
select throws_ok(
  format($$ select public.answer_meeting_poll(%L, jsonb_build_object(%L, 'yes')) $$,
    current_setting('mt.poll'), current_setting('mt.opt1')),
  'PT404', 'meeting-poll-not-found', 'a member who is not invited cannot answer'
);

select tests.authenticate_as('member');
select throws_ok(
  format('select public.issue_meeting_guest_link(%L)',
    (select id from public.meeting_poll_invitees where poll_id = current_setting('mt.poll')::uuid and participant_id is not null)),
  '42501', null, 'a member cannot make a guest''s link'
);
select tests.authenticate_as_service_role();
select set_config('mt.token', public.issue_meeting_guest_link(
  (select id from public.meeting_poll_invitees where poll_id = current_setting('mt.poll')::uuid and participant_id is not null)
), true);
select is(char_length(current_setting('mt.token')), 64, 'the service role makes the guest''s link (64 characters)');

select tests.clear_authentication();
select is(
  public.meeting_poll_for_guest(current_setting('mt.token')) #>> '{poll,title}', 'Oppstartsmøte',
  'anon reads the poll by the guest''s link'
);
select lives_ok(
  format($$ select public.answer_meeting_poll_as_guest(%L, jsonb_build_object(%L, 'if_need_be', %L, 'yes')) $$,
    current_setting('mt.token'), current_setting('mt.opt1'), current_setting('mt.opt3')),
  'the guest answers through the link, without an account'
);
select throws_ok(
  format($$ select public.answer_meeting_poll_as_guest(%L, jsonb_build_object(%L, 'yes')) $$,
    repeat('0', 64), current_setting('mt.opt1')),
  'PT404', 'meeting-guest-link-invalid', 'a wrong link opens nothing'
);
select throws_ok(
  $$ select public.meeting_poll_for_guest('kort') $$,
  'PT404', 'meeting-guest-link-invalid', 'a short token is not even looked up'
);

-- ---------------------------------------------------------------------------------------------
-- Hidden participants and the matrix
-- ---------------------------------------------------------------------------------------------

select tests.authenticate_as('m-colleague');
select is(
  (select count(*)::integer from public.meeting_poll_invitees where poll_id = current_setting('mt.poll')::uuid),
  1, 'hidden participants: an invitee reads only their own invitation'
);
select is(
  (select count(*)::integer from public.meeting_poll_answers where poll_id = current_setting('mt.poll')::uuid),
  2, 'and only their own answers'
);
select results_eq(
  format($$ select (o ->> 'yes')::int, (o ->> 'if_need_be')::int, (o ->> 'no')::int, jsonb_array_length(o -> 'answers')
     from jsonb_array_elements(public.meeting_poll_matrix(%L) -> 'options') as o where o ->> 'id' = %L $$,
    current_setting('mt.poll'), current_setting('mt.opt1')),
  $$ values (2, 1, 0, 1) $$,
  'the matrix counts every answer for an invitee but names only their own'
);
select tests.authenticate_as('member');
select results_eq(
  format($$ select (o ->> 'yes')::int, jsonb_array_length(o -> 'answers')
     from jsonb_array_elements(public.meeting_poll_matrix(%L) -> 'options') as o where o ->> 'id' = %L $$,
    current_setting('mt.poll'), current_setting('mt.opt1')),
  $$ values (2, 3) $$,
  'the organizer sees everyone''s answers'
);
select tests.authenticate_as('owner');
select is(
  (select count(*)::integer from public.meeting_poll_answers where poll_id = current_setting('mt.poll')::uuid),
  7, 'an owner organizes every poll and reads every answer'
);

-- ---------------------------------------------------------------------------------------------
-- The deadline, finalizing, a second poll for the same room and time, cancelling
-- ---------------------------------------------------------------------------------------------

select set_config('leadtorget.test_now', '2026-12-10 12:00 Europe/Oslo', true);
select tests.authenticate_as('m-colleague');
select throws_ok(
  format($$ select public.answer_meeting_poll(%L, jsonb_build_object(%L, 'no')) $$,
    current_setting('mt.poll'), current_setting('mt.opt1')),
  'P0001', 'meeting-poll-deadline-passed', 'no answers after the deadline'
);
select throws_ok(
  format('select public.finalize_meeting_poll(%L, %L)', current_setting('mt.poll'), current_setting('mt.opt1')),
  'PT403', 'meeting-not-organizer', 'an invitee cannot finalize'
);

-- A second poll, by the colleague, proposing the same room and time.
select set_config('mt.rival', public.create_meeting_poll(
  '00000000-0000-4000-8000-00000000000a', 'Budsjettmøte', 30,
  '[{"starts_at": "2026-12-14T10:30:00+01:00", "room_id": "00000000-0000-4000-8000-000000007601"}]'
)::text, true);

select tests.authenticate_as('member');
select set_config('mt.meeting', public.finalize_meeting_poll(current_setting('mt.poll')::uuid,
  current_setting('mt.opt1')::uuid)::text, true);
select results_eq(
  $$ select p.status, p.chosen_option_id::text, b.poll_id::text, b.room_id::text,
       b.during = tstzrange('2026-12-14 10:00 Europe/Oslo', '2026-12-14 11:00 Europe/Oslo')
     from public.meetings as m
     join public.meeting_polls as p on p.id = m.poll_id
     join public.meeting_room_bookings as b on b.id = m.booking_id
     where m.id = current_setting('mt.meeting')::uuid $$,
  $$ values ('finalized', current_setting('mt.opt1'), current_setting('mt.poll'),
       '00000000-0000-4000-8000-000000007601', true) $$,
  'the organizer finalizes: the option''s room is booked from the poll and the poll is closed'
);
select is(
  (select count(*)::integer from public.meeting_attendees where meeting_id = current_setting('mt.meeting')::uuid),
  3, 'everyone who did not answer no attends, the guest included'
);
select throws_ok(
  format('select public.finalize_meeting_poll(%L, %L)', current_setting('mt.poll'), current_setting('mt.opt2')),
  'P0001', 'meeting-poll-closed', 'a poll finalizes once'
);
select tests.clear_authentication();
select throws_ok(
  format($$ select public.answer_meeting_poll_as_guest(%L, jsonb_build_object(%L, 'no')) $$,
    current_setting('mt.token'), current_setting('mt.opt1')),
  'P0001', 'meeting-poll-closed', 'nor does the guest answer a finalized poll'
);

select tests.authenticate_as('m-colleague');
select throws_ok(
  format('select public.finalize_meeting_poll(%L, (select id from public.meeting_poll_options where poll_id = %L))',
    current_setting('mt.rival'), current_setting('mt.rival')),
  'P0001', 'meeting-room-taken', 'the second poll for the same room and time is refused'
);
select is(
  (select status from public.meeting_polls where id = current_setting('mt.rival')::uuid), 'open',
  'and stays open, with nothing booked or made'
);
select throws_ok(
  format('select public.cancel_meeting_poll(%L)', current_setting('mt.poll')),
  'PT403', 'meeting-not-organizer', 'only the organizer cancels'
);
select lives_ok(
  format('select public.cancel_meeting_poll(%L)', current_setting('mt.rival')),
  'the organizer cancels their open poll'
);
select throws_ok(
  format('select public.cancel_meeting_poll(%L)', current_setting('mt.rival')),
  'P0001', 'meeting-poll-closed', 'a cancelled poll is closed'
);

select * from finish();
rollback;
