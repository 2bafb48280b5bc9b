-- Meetings, summaries, attendees and action items (supabase/migrations/20261130110000_meetings.sql;
-- docs/meetings.md): who reads and writes each, and carrying open action items to the next meeting of
-- the series.
begin;

select plan(31);

select tests.seed_calendar_cast();
select tests.create_supabase_user('m-colleague', 'm-colleague@example.com');
insert into public.organizations_members (organization_id, member_id, role) values
  ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('m-colleague'), 'member');
-- Two meetings of a weekly series and one on its own, as the checked functions make them.
insert into public.meetings (id, organization_id, title, starts_at, ends_at, series_id) values
  ('00000000-0000-4000-8000-000000007701', '00000000-0000-4000-8000-00000000000a', 'Ukemøte 50',
   '2026-12-07 10:00 Europe/Oslo', '2026-12-07 11:00 Europe/Oslo', '00000000-0000-4000-8000-000000007700'),
  ('00000000-0000-4000-8000-000000007702', '00000000-0000-4000-8000-00000000000a', 'Ukemøte 51',
   '2026-12-14 10:00 Europe/Oslo', '2026-12-14 11:00 Europe/Oslo', '00000000-0000-4000-8000-000000007700'),
  ('00000000-0000-4000-8000-000000007703', '00000000-0000-4000-8000-00000000000a', 'Kundemøte',
   '2026-12-15 10:00 Europe/Oslo', '2026-12-15 11:00 Europe/Oslo', null);

-- ---------------------------------------------------------------------------------------------
-- Meetings
-- ---------------------------------------------------------------------------------------------

select tests.authenticate_as('member');
select is((select count(*)::integer from public.meetings), 3, 'a member reads the organization''s meetings');
select results_eq(
  $$ update public.meetings set title = 'Ukemøte uke 51' where id = '00000000-0000-4000-8000-000000007702' returning title $$,
  array['Ukemøte uke 51'], 'a member renames a meeting'
);
select throws_ok(
  $$ update public.meetings set starts_at = now() where id = '00000000-0000-4000-8000-000000007702' $$,
  '42501', null, 'but cannot move it (the booking decides its time)'
);
select throws_ok(
  $$ insert into public.meetings (organization_id, title, starts_at, ends_at)
     values ('00000000-0000-4000-8000-00000000000a', 'Direkte', now(), now() + interval '1 hour') $$,
  '42501', null, 'nor make one directly'
);
select tests.authenticate_as('other');
select is_empty($$ select id from public.meetings $$, 'another organization''s owner reads no meetings');
select is_empty(
  $$ update public.meetings set title = 'Kapret' returning id $$, 'nor renames them'
);
select tests.clear_authentication();
select throws_ok($$ select id from public.meetings $$, '42501', null, 'anon reads no meetings');

-- ---------------------------------------------------------------------------------------------
-- Summaries and attendees
-- ---------------------------------------------------------------------------------------------

select tests.authenticate_as('member');
select lives_ok(
  $$ insert into public.meeting_summaries (meeting_id, organization_id, agenda, notes, decisions)
     values ('00000000-0000-4000-8000-000000007701', '00000000-0000-4000-8000-00000000000a',
       '{Status,Bestillinger}', 'Alle prosjekter i rute.', '{"Bestille rør til Storgata"}') $$,
  'a member writes a summary'
);
select tests.authenticate_as('m-colleague');
select results_eq(
  $$ update public.meeting_summaries set notes = notes || ' Ny leverandør vurderes.'
     where meeting_id = '00000000-0000-4000-8000-000000007701' returning notes $$,
  array['Alle prosjekter i rute. Ny leverandør vurderes.'], 'another member adds to it'
);
select is_empty(
  $$ delete from public.meeting_summaries returning meeting_id $$, 'a member cannot delete a summary'
);
select lives_ok(
  $$ insert into public.meeting_attendees (meeting_id, organization_id, member_id)
     values ('00000000-0000-4000-8000-000000007701', '00000000-0000-4000-8000-00000000000a',
       tests.get_supabase_uid('m-colleague')) $$,
  'a member adds an attendee'
);
select results_eq(
  $$ update public.meeting_attendees set present = false returning present $$,
  array[false], 'and marks them absent'
);
select throws_ok(
  $$ insert into public.meeting_attendees (meeting_id, organization_id, member_id)
     values ('00000000-0000-4000-8000-000000007701', '00000000-0000-4000-8000-00000000000a',
       tests.get_supabase_uid('other')) $$,
  '23503', null, 'an attending member belongs to the organization'
);

select tests.authenticate_as('other');
select throws_ok(
  $$ insert into public.meeting_summaries (meeting_id, organization_id)
     values ('00000000-0000-4000-8000-000000007702', '00000000-0000-4000-8000-00000000000a') $$,
  '42501', null, 'another organization''s owner cannot write a summary here'
);
select is_empty($$ select meeting_id from public.meeting_summaries $$, 'nor read one');
select is_empty($$ update public.meeting_attendees set present = true returning id $$, 'nor mark attendance');
select tests.clear_authentication();
select throws_ok($$ select notes from public.meeting_summaries $$, '42501', null, 'anon reads no summaries');

select tests.authenticate_as('owner');
select results_eq(
  $$ delete from public.meeting_summaries returning meeting_id::text $$,
  array['00000000-0000-4000-8000-000000007701'], 'an owner deletes a summary'
);

-- ---------------------------------------------------------------------------------------------
-- Action items and carry-over
-- ---------------------------------------------------------------------------------------------

select tests.authenticate_as('member');
select lives_ok(
  $$ insert into public.meeting_action_items (id, meeting_id, organization_id, title, owner_id, due_on, done_at) values
       ('00000000-0000-4000-8000-000000007711', '00000000-0000-4000-8000-000000007701',
        '00000000-0000-4000-8000-00000000000a', 'Bestille rør', tests.get_supabase_uid('m-colleague'), '2026-12-11', null),
       ('00000000-0000-4000-8000-000000007712', '00000000-0000-4000-8000-000000007701',
        '00000000-0000-4000-8000-00000000000a', 'Sende tilbud', tests.get_supabase_uid('member'), '2026-12-09', now()) $$,
  'a member adds action items with owner and due date'
);
select throws_ok(
  $$ insert into public.meeting_action_items (meeting_id, organization_id, title, owner_id)
     values ('00000000-0000-4000-8000-000000007701', '00000000-0000-4000-8000-00000000000a', 'Utenfor',
       tests.get_supabase_uid('other')) $$,
  '23503', null, 'an action item''s owner is a member of the organization'
);
select is(
  public.carry_over_action_items('00000000-0000-4000-8000-000000007702'), 1,
  'carrying over copies the open item of the series'' previous meeting, not the done one'
);
select results_eq(
  $$ select title, owner_id = tests.get_supabase_uid('m-colleague'), due_on, done_at is null, carried_from_id::text
     from public.meeting_action_items where meeting_id = '00000000-0000-4000-8000-000000007702' $$,
  $$ values ('Bestille rør', true, '2026-12-11'::date, true, '00000000-0000-4000-8000-000000007711') $$,
  'with its owner and due date, pointing at the item it continues'
);
select is(
  public.carry_over_action_items('00000000-0000-4000-8000-000000007702'), 0, 'carrying over again copies nothing twice'
);
select is(
  public.carry_over_action_items('00000000-0000-4000-8000-000000007701'), 0, 'the first meeting of a series has nothing to carry'
);
select is(
  public.carry_over_action_items('00000000-0000-4000-8000-000000007703'), 0, 'a meeting outside a series has nothing to carry'
);
select results_eq(
  $$ update public.meeting_action_items set done_at = now()
     where meeting_id = '00000000-0000-4000-8000-000000007702' returning done_at is not null $$,
  array[true], 'a member marks an item done'
);

select tests.authenticate_as('other');
select throws_ok(
  $$ select public.carry_over_action_items('00000000-0000-4000-8000-000000007702') $$,
  'PT404', 'meeting-not-found', 'another organization''s owner cannot carry items over here'
);
select is_empty($$ select id from public.meeting_action_items $$, 'nor read its action items');
select is_empty($$ delete from public.meeting_action_items returning id $$, 'nor delete them');
select tests.clear_authentication();
select throws_ok(
  $$ select public.carry_over_action_items('00000000-0000-4000-8000-000000007702') $$,
  '42501', null, 'anon cannot carry items over'
);

select tests.authenticate_as('m-colleague');
select results_eq(
  $$ delete from public.meeting_action_items where id = '00000000-0000-4000-8000-000000007712' returning title $$,
  array['Sende tilbud'], 'a member deletes an action item'
);

select * from finish();
rollback;
