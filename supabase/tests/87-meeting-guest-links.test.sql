-- A guest's links and name (supabase/migrations/20261202110000_booking_owner_cancel_and_guest_links.sql,
-- docs/meetings.md): the invitation's link still works after the deadline reminder brought a new one,
-- both still open it once the poll is finalized (the time chosen) but answer no more; the guest gives their name (trimmed, at most 100 characters),
-- which the matrix shows instead of the address' first part; nobody reads a link's hash.
begin;

select plan(16);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-12-07 09:00 Europe/Oslo', true);
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.87"}', true);

select tests.authenticate_as('member');
select set_config('gl.poll', public.create_meeting_poll(
  '00000000-0000-4000-8000-00000000000a', 'Befaring med byggherren', 60,
  '[{"starts_at": "2026-12-14T10:00:00+01:00", "room_id": null},
    {"starts_at": "2026-12-15T09:00:00+01:00", "room_id": null}]',
  '{}', array['guri.gjest@example.no'], null, '2026-12-10 12:00 Europe/Oslo', false
)::text, true);
select set_config('gl.opt1', (select id::text from public.meeting_poll_options
  where poll_id = current_setting('gl.poll')::uuid order by starts_at limit 1), true);

select tests.authenticate_as_service_role();
select set_config('gl.invitation', (select token from public.claim_meeting_poll_emails('invitation')
  where email = 'guri.gjest@example.no'), true);
select set_config('gl.reminder', (select token from public.claim_meeting_poll_emails('reminder', '2026-12-09 13:00 Europe/Oslo')
  where email = 'guri.gjest@example.no'), true);
select ok(
  current_setting('gl.invitation') ~ '^[0-9a-f]{64}$' and current_setting('gl.reminder') ~ '^[0-9a-f]{64}$'
    and current_setting('gl.invitation') <> current_setting('gl.reminder'),
  'the invitation and the deadline reminder each carry a link of their own'
);
reset role;
select is(
  (select count(*)::integer from private.meeting_guest_links), 2, 'both links are kept, as hashes'
);

-- ---------------------------------------------------------------------------------------------
-- Every link opens the invitation
-- ---------------------------------------------------------------------------------------------
select tests.clear_authentication();
select is(
  public.meeting_poll_for_guest(current_setting('gl.invitation')) #>> '{poll,title}', 'Befaring med byggherren',
  'the invitation''s link still works after the reminder'
);
select is(
  public.meeting_poll_for_guest(current_setting('gl.reminder')) #>> '{poll,title}', 'Befaring med byggherren',
  'and so does the reminder''s'
);
select lives_ok(
  format($$ select public.answer_meeting_poll_as_guest(%L, jsonb_build_object(%L, 'yes'), '  Guri Gjest  ') $$,
    current_setting('gl.invitation'), current_setting('gl.opt1')),
  'the guest answers through the invitation''s link, with their name'
);

-- ---------------------------------------------------------------------------------------------
-- The guest's name
-- ---------------------------------------------------------------------------------------------
select is(
  public.meeting_poll_for_guest(current_setting('gl.reminder')) ->> 'guest_name', 'Guri Gjest',
  'the name is kept trimmed, and any of the guest''s links reads it back'
);
select throws_ok(
  format($$ select public.answer_meeting_poll_as_guest(%L, jsonb_build_object(%L, 'no'), %L) $$,
    current_setting('gl.reminder'), current_setting('gl.opt1'), repeat('x', 101)),
  'P0001', 'meeting-guest-name-invalid', 'a name longer than 100 characters is refused'
);
select lives_ok(
  format($$ select public.answer_meeting_poll_as_guest(%L, jsonb_build_object(%L, 'if_need_be'), '   ') $$,
    current_setting('gl.reminder'), current_setting('gl.opt1')),
  'a blank name is no name'
);
select is(
  public.meeting_poll_for_guest(current_setting('gl.reminder')) ->> 'guest_name', 'Guri Gjest',
  'and keeps the name given before'
);

select tests.authenticate_as('member');
select is(
  public.meeting_poll_matrix(current_setting('gl.poll')::uuid) #>> '{options,0,answers,0,name}', 'Guri Gjest',
  'the organizer''s matrix shows the name the guest gave, not the address'' first part'
);
select throws_ok(
  $$ update public.meeting_poll_invitees set guest_name = 'Omdøpt' $$,
  '42501', null, 'members do not write a guest''s name'
);
select throws_ok(
  $$ select token_sha256 from private.meeting_guest_links $$,
  '42501', null, 'a member cannot read a guest''s link hashes'
);
select tests.authenticate_as_service_role();
select throws_ok(
  $$ update public.meeting_poll_invitees set guest_name = ' Ikke trimmet' where participant_id is not null $$,
  '23514', null, 'the database keeps the name trimmed'
);

-- ---------------------------------------------------------------------------------------------
-- Finalized: every link still shows the time chosen, and answers no more
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('member');
select public.finalize_meeting_poll(current_setting('gl.poll')::uuid, current_setting('gl.opt1')::uuid);
select tests.clear_authentication();
select is(
  public.meeting_poll_for_guest(current_setting('gl.invitation')) -> 'poll' ->> 'status', 'finalized',
  'the invitation''s link shows the poll as decided once it is finalized'
);
select is(
  public.meeting_poll_for_guest(current_setting('gl.reminder')) -> 'poll' ->> 'status', 'finalized',
  'and so does the reminder''s'
);
select throws_ok(
  format('select public.answer_meeting_poll_as_guest(%L, %L::jsonb)', current_setting('gl.reminder'),
    jsonb_build_object(current_setting('gl.opt1'), 'no')),
  'P0001', 'meeting-poll-closed', 'but neither link answers any more'
);

select * from finish();
rollback;
