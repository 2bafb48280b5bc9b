-- Calendars (supabase/migrations/20261126100000_calendars.sql, docs/calendars.md): the clock, door
-- moments in Europe/Oslo with both DST days, a calendar as a campaign with its doors as items, who
-- reads and writes what, the entry function and its refusals, the organization's participant and
-- their registration, leads without duplicates, the lottery-law guard, media usages, the
-- participation token (withdrawal and erasure).
-- Draws are in 33-calendar-draws.test.sql.
-- Actors: anon, member, owner, other organization's owner, the participant by token.
begin;

select plan(170);

-- ============================================================================================
-- Fixtures (as postgres)
-- ============================================================================================

select tests.seed_calendar_cast();

insert into public.organizations_media (id, organization_id, type, storage_path, mime_type, size_bytes)
values ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-00000000000a', 'image',
        '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a1/original.png', 'image/png', 10);

-- c1: spring DST (29 March 2026), c2: autumn DST (25 October 2026), c3: a published advent calendar,
-- c4: a draft, c5: the other organization's.
select tests.create_calendar('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', 'Vår', 'daily',
  '2026-03-28', '2026-03-30', '00:30', now(), 'Jeg godtar reglene.');
select tests.create_calendar('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-00000000000a', 'Høst', 'daily',
  '2026-10-24', '2026-10-26', '02:30', now(), 'Jeg godtar reglene.');
select tests.create_calendar('00000000-0000-4000-8000-0000000000c3', '00000000-0000-4000-8000-00000000000a', 'Julekalender 2026', 'advent-24',
  '2026-12-01', '2026-12-24', '08:00', now(), 'Jeg godtar konkurransereglene.', 'Ja takk, send meg tilbud.');
select tests.create_calendar('00000000-0000-4000-8000-0000000000c4', '00000000-0000-4000-8000-00000000000a', 'Utkast', 'advent-24',
  '2026-12-01', '2026-12-24');
select tests.create_calendar('00000000-0000-4000-8000-0000000000c5', '00000000-0000-4000-8000-00000000000b', 'Nordlys', 'twelve-days',
  '2026-12-13', '2026-12-24', '08:00', now(), 'OK');

select id as c3d5 from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c3' and day_number = 5 \gset
select id as c3d6 from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c3' and day_number = 6 \gset
select id as c3d7 from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c3' and day_number = 7 \gset
update public.calendar_doors
set title = 'Luke 5', body = 'Dagens spørsmål', quiz_kind = 'single', quiz_question = 'Hvilken farge har nissen?',
    quiz_options = array['Rød', 'Grønn', 'Blå']
where id = :'c3d5';
update public.calendar_doors set title = 'Luke 7', quiz_kind = 'text', quiz_question = 'Hva heter Rudolfs venn?' where id = :'c3d7';
insert into public.calendar_door_secrets (door_id, organization_id, quiz_answer, voucher_code) values
  (:'c3d5', '00000000-0000-4000-8000-00000000000b', 'Rød', 'JUL5'),
  (:'c3d7', '00000000-0000-4000-8000-00000000000a', 'Nissen', 'JUL7');

-- ============================================================================================
-- Schema
-- ============================================================================================

select tests.rls_enabled('public', 'calendars');
select tests.rls_enabled('public', 'calendar_doors');
select tests.rls_enabled('public', 'calendar_door_secrets');
select tests.rls_enabled('public', 'campaigns');
select tests.rls_enabled('public', 'campaign_items');
select tests.rls_enabled('public', 'campaign_prizes');
select tests.rls_enabled('public', 'participants');
select tests.rls_enabled('public', 'campaign_registrations');
select tests.rls_enabled('public', 'campaign_entries');
select tests.rls_enabled('public', 'campaign_draws');
select tests.rls_enabled('public', 'campaign_draw_winners');
select results_eq(
  $$ select i.position, i.campaign_id, i.organization_id from public.campaign_items as i where i.id = '$$ || :'c3d5' || $$' $$,
  $$ values (5, '00000000-0000-4000-8000-0000000000c3'::uuid, '00000000-0000-4000-8000-00000000000a'::uuid) $$,
  'a door is an item of the calendar''s campaign, with its day number as position'
);
select is(
  (select organization_id from public.calendar_door_secrets where door_id = :'c3d5'),
  '00000000-0000-4000-8000-00000000000a'::uuid,
  'door secrets take the door''s organization, whatever is sent'
);

-- ============================================================================================
-- The clock
-- ============================================================================================

select is(private.campaign_now(), now(), 'without a test time the clock is now()');
select set_config('leadtorget.test_now', '2026-12-05 10:00 Europe/Oslo', true);
select is(private.campaign_now(), '2026-12-05 09:00+00'::timestamptz, 'the harness''s database allows a test time');
do $$ begin execute format('alter database %I reset leadtorget.allow_test_clock', current_database()); end $$;
select set_config('leadtorget.allow_test_clock', 'on', true);
select is(private.campaign_now(), now(), 'a session cannot allow the test clock: only the database setting counts');
do $$ begin execute format('alter database %I set leadtorget.allow_test_clock = on', current_database()); end $$;
select is(private.campaign_now(), '2026-12-05 09:00+00'::timestamptz, 'the database setting turns it back on');

-- ============================================================================================
-- Doors and their moments
-- ============================================================================================

select is((select count(*)::int from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c3'), 24, 'advent-24 has 24 doors');
select is(
  (select opens_at from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c3' and day_number = 1),
  '2026-12-01 07:00+00'::timestamptz, 'door 1 opens 1 December 08:00 Oslo (CET)'
);
select is(
  (select closes_at from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c3' and day_number = 1),
  '2026-12-02 07:00+00'::timestamptz, 'with locked past doors a door closes when the next opens'
);
select is(
  (select closes_at from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c3' and day_number = 24),
  '2026-12-24 23:00+00'::timestamptz, 'the last door closes at the end of its day in Oslo'
);
select is(
  (select opens_at from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c1' and day_number = 2),
  '2026-03-28 23:30+00'::timestamptz, '29 March 00:30 Oslo is still CET'
);
select is(
  (select opens_at from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c1' and day_number = 3),
  '2026-03-29 22:30+00'::timestamptz, '30 March 00:30 Oslo is CEST'
);
select throws_ok(
  $$ select tests.create_calendar(gen_random_uuid(), '00000000-0000-4000-8000-00000000000a', 'Feil', 'advent-24', '2026-12-01', '2026-12-25') $$,
  '23514', null, 'advent-24 must span 24 days'
);
select throws_ok(
  $$ update public.campaigns set published_at = now() where id = '00000000-0000-4000-8000-0000000000c4' $$,
  '23514', null, 'a calendar without consent text cannot be published'
);
select throws_ok(
  $$ insert into public.calendars (id, organization_id, template, starts_on, ends_on) values
     (gen_random_uuid(), '00000000-0000-4000-8000-00000000000a', 'daily', '2026-12-01', '2026-12-02') $$,
  '23503', null, 'a calendar is always a campaign''s'
);

-- The door time moves to 02:30, a time that does not exist on 29 March.
update public.calendars set door_time = '02:30' where id = '00000000-0000-4000-8000-0000000000c1';
select is(
  (select opens_at from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c1' and day_number = 2),
  '2026-03-29 01:30+00'::timestamptz, 'a new door time moves every door: 02:30 in the spring gap opens at 03:30 CEST'
);
select is(
  (select closes_at from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c1' and day_number = 1),
  '2026-03-29 01:30+00'::timestamptz, 'and the door before closes then'
);
select is(
  (select opens_at from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c2' and day_number = 2),
  '2026-10-25 01:30+00'::timestamptz, '25 October 02:30 occurs twice: the second, standard-time one (CET)'
);
select is(
  (select opens_at from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c2' and day_number = 3),
  '2026-10-26 01:30+00'::timestamptz, '26 October 02:30 is CET'
);
update public.calendars set starts_on = '2026-03-27', ends_on = '2026-03-29' where id = '00000000-0000-4000-8000-0000000000c1';
select is(
  (select opens_on from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c1' and day_number = 3),
  '2026-03-29'::date, 'new dates move the template''s doors'
);
update public.calendars set starts_on = '2026-03-28', ends_on = '2026-03-30' where id = '00000000-0000-4000-8000-0000000000c1';
update public.calendars set lock_past_doors = false where id = '00000000-0000-4000-8000-0000000000c2';
select is(
  (select closes_at from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c2' and day_number = 1),
  '2026-10-26 23:00+00'::timestamptz, 'without locked past doors every door takes entries until the calendar ends'
);

-- ============================================================================================
-- A future door through the data API, at 23:59:59 and the opening minute (both DST days)
-- ============================================================================================

select tests.clear_authentication();
select set_config('leadtorget.test_now', '2026-03-28 23:59:59 Europe/Oslo', true);
select is(
  (select count(*)::int from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c1' and day_number = 2),
  0, 'anon: 29 March''s door is unreadable at 23:59:59 the day before'
);
select set_config('leadtorget.test_now', '2026-03-29 01:29:59+00', true);
select is(
  (select count(*)::int from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c1' and day_number = 2),
  0, 'anon: and still a second before 03:30 CEST'
);
select set_config('leadtorget.test_now', '2026-03-29 03:30 Europe/Oslo', true);
select results_eq(
  $$ select title, body from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c1' and day_number = 2 $$,
  $$ values (null::text, null::text) $$,
  'anon: readable at the opening minute'
);
select set_config('leadtorget.test_now', '2026-10-24 23:59:59 Europe/Oslo', true);
select is(
  (select count(*)::int from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c2' and day_number = 2),
  0, 'anon: 25 October''s door is unreadable at 23:59:59 the day before'
);
select set_config('leadtorget.test_now', '2026-10-25 01:29:59+00', true);
select is(
  (select count(*)::int from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c2' and day_number = 2),
  0, 'anon: not at 02:29:59 CET (an hour after the first 02:30 CEST)'
);
select set_config('leadtorget.test_now', '2026-10-25 01:30+00', true);
select is(
  (select count(*)::int from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c2' and day_number = 2),
  1, 'anon: readable at the opening minute (02:30 CET)'
);
select set_config('leadtorget.test_now', '2026-12-04 23:59:59 Europe/Oslo', true);
select is(
  (select count(*)::int from public.calendar_doors where id = :'c3d5'),
  0, 'anon: 5 December''s door at 23:59:59 on the 4th'
);
select set_config('leadtorget.test_now', '2026-12-05 07:59:59 Europe/Oslo', true);
select is((select count(*)::int from public.calendar_doors where id = :'c3d5'), 0, 'anon: and at 07:59:59');
select set_config('leadtorget.test_now', '2026-12-05 08:00 Europe/Oslo', true);
select results_eq(
  $$ select title, quiz_question, quiz_options from public.calendar_doors where day_number = 5 and calendar_id = '00000000-0000-4000-8000-0000000000c3' $$,
  $$ values ('Luke 5'::text, 'Hvilken farge har nissen?'::text, array['Rød', 'Grønn', 'Blå']) $$,
  'anon: the door, its question and options at 08:00'
);
select throws_ok($$ select quiz_answer from public.calendar_door_secrets $$, '42501', null, 'anon: never the answer or voucher');
select is((select count(*)::int from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c4'), 0, 'anon: no door of a draft');
select is((select count(*)::int from public.calendars where id = '00000000-0000-4000-8000-0000000000c4'), 0, 'anon: no draft');
select is((select count(*)::int from public.calendars where id = '00000000-0000-4000-8000-0000000000c3'), 1, 'anon: a published calendar');
select results_eq(
  $$ select day_number, state from public.calendar_door_slots('00000000-0000-4000-8000-0000000000c3') where day_number between 4 and 6 $$,
  $$ values (4, 'closed'), (5, 'open'), (6, 'locked') $$,
  'anon: the door grid with states, future doors included'
);
select is((select count(*)::int from public.calendar_door_slots('00000000-0000-4000-8000-0000000000c4')), 0, 'anon: no grid for a draft');
select is(public.calendar_status(c), 'live', 'a published calendar between its first and last door is live')
from public.calendars as c where c.id = '00000000-0000-4000-8000-0000000000c3';
select set_config('leadtorget.test_now', '2026-11-30 12:00 Europe/Oslo', true);
select is(public.calendar_status(c), 'scheduled', 'before the first door: scheduled')
from public.calendars as c where c.id = '00000000-0000-4000-8000-0000000000c3';
select set_config('leadtorget.test_now', '2026-12-25 00:00 Europe/Oslo', true);
select is(public.calendar_status(c), 'ended', 'after the last door: ended')
from public.calendars as c where c.id = '00000000-0000-4000-8000-0000000000c3';
select throws_ok(
  $$ insert into public.campaigns (organization_id, kind, name) values ('00000000-0000-4000-8000-00000000000a', 'calendar', 'X') $$,
  '42501', null, 'anon: cannot create a calendar''s campaign'
);
select throws_ok(
  $$ insert into public.calendars (id, organization_id, template, starts_on, ends_on) values
     ('00000000-0000-4000-8000-0000000000c4', '00000000-0000-4000-8000-00000000000a', 'daily', '2026-12-01', '2026-12-02') $$,
  '42501', null, 'anon: cannot create a calendar'
);
select throws_ok(
  $$ insert into public.campaign_entries (campaign_id, organization_id, item_id, participant_id, consent_id)
     values ('00000000-0000-4000-8000-0000000000c3', '00000000-0000-4000-8000-00000000000a', gen_random_uuid(), gen_random_uuid(), gen_random_uuid()) $$,
  '42501', null, 'anon: cannot write entries directly'
);
select throws_ok($$ select * from public.campaigns $$, '42501', null, 'anon: cannot read campaigns (only the checked read functions)');
select throws_ok($$ select * from public.participants $$, '42501', null, 'anon: cannot read participants');
select throws_ok($$ select * from public.campaign_registrations $$, '42501', null, 'anon: cannot read registrations');
select throws_ok($$ select * from public.campaign_entries $$, '42501', null, 'anon: cannot read entries');

-- ============================================================================================
-- Members and the other organization
-- ============================================================================================

select tests.authenticate_as('member');
select set_config('leadtorget.test_now', '2026-12-05 10:00 Europe/Oslo', true);
select is((select count(*)::int from public.calendars where organization_id = '00000000-0000-4000-8000-00000000000a'), 4, 'member: every calendar, drafts too');
select is((select count(*)::int from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c3'), 24, 'member: future doors too');
select is((select quiz_answer from public.calendar_door_secrets where door_id = :'c3d5'), 'Rød', 'member: the answer');
select lives_ok(
  $$ insert into public.campaigns (id, organization_id, kind, name) values
       ('00000000-0000-4000-8000-0000000000c6', '00000000-0000-4000-8000-00000000000a', 'calendar', 'Ukentlig');
     insert into public.calendars (id, organization_id, template, starts_on, ends_on) values
       ('00000000-0000-4000-8000-0000000000c6', '00000000-0000-4000-8000-00000000000a', 'weekly', '2026-11-02', '2026-11-30') $$,
  'member: creates a calendar (its campaign, then the calendar)'
);
select is(
  (select created_by from public.campaigns where id = '00000000-0000-4000-8000-0000000000c6'),
  tests.get_supabase_uid('member'), 'the campaign names its creator'
);
select throws_ok(
  $$ insert into public.campaigns (organization_id, kind, name, created_by) values
       ('00000000-0000-4000-8000-00000000000a', 'calendar', 'Falsk', '$$ || tests.get_supabase_uid('owner') || $$') $$,
  '42501', null, 'member: cannot name someone else as the creator'
);
select is((select count(*)::int from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c6'), 5, 'weekly: a door a week');
select lives_ok(
  $$ select tests.create_calendar('00000000-0000-4000-8000-0000000000c7', '00000000-0000-4000-8000-00000000000a', 'Egne datoer', 'custom', '2026-11-01', '2026-11-30') $$,
  'member: creates a custom calendar'
);
select is((select count(*)::int from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c7'), 0, 'custom: no doors until added');
select lives_ok(
  $$ insert into public.calendar_doors (calendar_id, organization_id, day_number, opens_on, opens_at) values
     ('00000000-0000-4000-8000-0000000000c7', '00000000-0000-4000-8000-00000000000a', 1, '2026-11-10', '2000-01-01') $$,
  'member: adds a custom door'
);
select is(
  (select opens_at from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c7'),
  '2026-11-10 08:00+01'::timestamptz, 'an opens_at sent by the client is replaced by the computed one'
);
select throws_ok(
  $$ insert into public.calendar_doors (calendar_id, organization_id, day_number, opens_on) values
     ('00000000-0000-4000-8000-0000000000c7', '00000000-0000-4000-8000-00000000000a', 2, '2026-12-10') $$,
  'P0001', 'calendar-door-outside-period', 'a custom door outside the period is refused'
);
select throws_ok(
  $$ update public.calendar_doors set opens_at = '2000-01-01' where id = '$$ || :'c3d6' || $$' $$,
  '42501', null, 'member: cannot set opens_at'
);
select lives_ok($$ update public.calendar_doors set title = 'Luke 6', media_id = '00000000-0000-4000-8000-0000000000a1' where id = '$$ || :'c3d6' || $$' $$, 'member: edits a door');
select is(
  (select label from public.media_usages where kind = 'calendar-door' and ref_id = :'c3d6'),
  'Julekalender 2026 – luke 6', 'the door''s image is recorded as used'
);
select is((select count(*)::int from public.calendars where organization_id = '00000000-0000-4000-8000-00000000000b'), 1, 'member: the other organization''s published calendar only');
select is((select count(*)::int from public.calendar_door_secrets where organization_id = '00000000-0000-4000-8000-00000000000b'), 0, 'member: no other organization''s secrets');
select is_empty($$ delete from public.calendars where id = '00000000-0000-4000-8000-0000000000c6' returning id $$, 'member: cannot delete a calendar');
select is_empty($$ delete from public.campaigns where id = '00000000-0000-4000-8000-0000000000c6' returning id $$, 'member: nor its campaign');
select throws_ok($$ insert into public.campaign_items (campaign_id, organization_id) values ('00000000-0000-4000-8000-0000000000c6', '00000000-0000-4000-8000-00000000000a') $$, '42501', null, 'member: items come only from doors');
select lives_ok(
  $$ insert into public.campaign_prizes (id, campaign_id, organization_id, item_id, name) values
     ('00000000-0000-4000-8000-0000000000e5', '00000000-0000-4000-8000-0000000000c3', '00000000-0000-4000-8000-00000000000a', '$$ || :'c3d5' || $$', 'Gavekort 500 kr'),
     ('00000000-0000-4000-8000-0000000000e6', '00000000-0000-4000-8000-0000000000c3', '00000000-0000-4000-8000-00000000000a', '$$ || :'c3d6' || $$', 'Termos'),
     ('00000000-0000-4000-8000-0000000000e0', '00000000-0000-4000-8000-0000000000c3', '00000000-0000-4000-8000-00000000000a', null, 'Hovedpremie: varmepumpe') $$,
  'member: adds door prizes and a grand prize'
);
select throws_ok(
  $$ insert into public.campaign_entries (campaign_id, organization_id, item_id, participant_id, consent_id)
     values ('00000000-0000-4000-8000-0000000000c3', '00000000-0000-4000-8000-00000000000a', gen_random_uuid(), gen_random_uuid(), gen_random_uuid()) $$,
  '42501', null, 'member: cannot write entries directly'
);

select tests.clear_authentication();
select throws_ok(
  $$ select name from public.campaign_prizes $$,
  '42501', null, 'anon: prizes only through an opened door (calendar_public_door), never tomorrow''s'
);

select tests.authenticate_as('other');
select is_empty($$ update public.campaigns set name = 'Kapret' where id = '00000000-0000-4000-8000-0000000000c3' returning id $$, 'other organization: cannot update');
select is_empty($$ update public.calendars set door_time = '09:00' where id = '00000000-0000-4000-8000-0000000000c3' returning id $$, 'other organization: nor the calendar''s own columns');
select is((select count(*)::int from public.campaigns where id = '00000000-0000-4000-8000-0000000000c3'), 0, 'other organization: does not read our campaigns, published or not');
select is_empty($$ update public.calendar_doors set title = 'Kapret' where id = '$$ || :'c3d5' || $$' returning id $$, 'other organization: cannot update doors');
select is_empty($$ delete from public.campaign_prizes where campaign_id = '00000000-0000-4000-8000-0000000000c3' returning id $$, 'other organization: cannot delete prizes');
select is((select count(*)::int from public.calendar_door_secrets where door_id = :'c3d5'), 0, 'other organization: no secrets');
select is((select count(*)::int from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000c4'), 0, 'other organization: no draft doors');
select throws_ok(
  $$ insert into public.campaigns (organization_id, kind, name) values ('00000000-0000-4000-8000-00000000000a', 'calendar', 'X') $$,
  '42501', null, 'other organization: cannot create a calendar in ours'
);
select throws_ok(
  $$ insert into public.calendar_door_secrets (door_id, organization_id, voucher_code) values ('$$ || :'c3d6' || $$', '00000000-0000-4000-8000-00000000000b', 'X') $$,
  '42501', null, 'other organization: cannot add secrets to our doors'
);

select tests.authenticate_as('owner');
select isnt_empty($$ delete from public.calendars where id = '00000000-0000-4000-8000-0000000000c6' returning id $$, 'owner: deletes a calendar');
select is((select count(*)::int from public.campaigns where id = '00000000-0000-4000-8000-0000000000c6'), 0, 'and its campaign goes with it');
select isnt_empty($$ delete from public.campaigns where id = '00000000-0000-4000-8000-0000000000c7' returning id $$, 'owner: deleting a campaign');
select is((select count(*)::int from public.calendars where id = '00000000-0000-4000-8000-0000000000c7'), 0, 'deletes its calendar');

-- ============================================================================================
-- Lottery-law guard and media
-- ============================================================================================

select throws_ok(
  $$ update public.calendars set requires_purchase = true where id = '00000000-0000-4000-8000-0000000000c3' $$,
  'P0001', 'calendar-lottery-refused', 'purchase required + prizes by chance is refused'
);
update public.campaign_prizes set drawn_by_chance = false where campaign_id = '00000000-0000-4000-8000-0000000000c3';
select lives_ok(
  $$ update public.calendars set requires_purchase = true where id = '00000000-0000-4000-8000-0000000000c3' $$,
  'purchase required with prizes given by merit is allowed'
);
select throws_ok(
  $$ update public.campaign_prizes set drawn_by_chance = true where id = '00000000-0000-4000-8000-0000000000e5' $$,
  'P0001', 'calendar-lottery-refused', 'a prize by chance on a purchase calendar is refused'
);
update public.calendars set requires_purchase = false where id = '00000000-0000-4000-8000-0000000000c3';
update public.campaign_prizes set drawn_by_chance = true where campaign_id = '00000000-0000-4000-8000-0000000000c3';
select lives_ok(
  $$ insert into public.campaign_prizes (campaign_id, organization_id, name) values ('00000000-0000-4000-8000-0000000000c4', '00000000-0000-4000-8000-00000000000a', 'Lodd');
     update public.calendars set requires_purchase = true where id = '00000000-0000-4000-8000-0000000000c4' $$,
  'a draft may require a purchase'
);
select throws_ok(
  $$ update public.campaigns set consent_text = 'OK', published_at = now() where id = '00000000-0000-4000-8000-0000000000c4' $$,
  'P0001', 'calendar-lottery-refused', 'but publishing it with a prize by chance is refused'
);

reset role;
select throws_ok(
  $$ delete from public.organizations_media where id = '00000000-0000-4000-8000-0000000000a1' $$,
  '23503', null, 'a door''s image cannot be deleted'
);
update public.calendar_doors set media_id = null where id = :'c3d6';
select is((select count(*)::int from public.media_usages where ref_id = :'c3d6'), 0, 'removing the image frees it');

-- ============================================================================================
-- submit_calendar_entry
-- ============================================================================================

select tests.clear_authentication();
select set_config('leadtorget.test_now', '2026-12-05 10:00 Europe/Oslo', true);

select throws_ok(
  $$ select * from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c4', 1, 'kari@example.com', true, now() - interval '10 s') $$,
  'PT404', 'calendar-not-found', 'a draft takes no entries'
);
select throws_ok(
  $$ select * from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 6, 'kari@example.com', true, now() - interval '10 s') $$,
  'PT404', 'calendar-door-not-found', 'a future door is as unknown as a missing one'
);
select throws_ok(
  $$ select * from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 4, 'kari@example.com', true, now() - interval '10 s') $$,
  'P0001', 'calendar-door-closed', 'yesterday''s door is closed'
);
select throws_ok(
  $$ select * from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 5, 'kari@example.com', true, now() - interval '10 s', 'http://spam') $$,
  'P0001', 'campaign-write-refused', 'a filled honeypot is refused'
);
select throws_ok(
  $$ select * from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 5, 'kari@example.com', true, now() - interval '1 s') $$,
  'P0001', 'campaign-write-refused', 'a form sent within 3 seconds is refused'
);
select throws_ok(
  $$ select * from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 5, 'kari@example.com', false, now() - interval '10 s', null, null, null, 'Rød') $$,
  'P0001', 'participant-consent-required', 'consent is required'
);
select throws_ok(
  $$ select * from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 5, 'kari@', true, now() - interval '10 s', null, null, null, 'Rød') $$,
  'P0001', 'participant-email-invalid', 'the e-mail rule'
);
select throws_ok(
  $$ select * from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 5, 'kari@example.com', true, now() - interval '10 s', null, null, '12345', 'Rød') $$,
  'P0001', 'participant-phone-invalid', 'the phone rule'
);
select throws_ok(
  $$ select * from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 5, 'kari@example.com', true, now() - interval '10 s') $$,
  'P0001', 'calendar-answer-required', 'a quiz door needs an answer'
);
select throws_ok(
  $$ select * from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 5, 'kari@example.com', true, now() - interval '10 s', null, null, null, 'Lilla') $$,
  'P0001', 'calendar-answer-invalid', 'a single-choice answer must be one of the options'
);
select results_eq(
  $$ select * from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 5, ' Kari@Example.com ', true,
       now() - interval '10 s', '', 'Kari Nordmann', '912 34 567', 'Rød', '{}', true, true) $$,
  $$ values ('entered'::text, true, 'JUL5'::text) $$,
  'an entry: right answer, the voucher revealed'
);
select results_eq(
  $$ select * from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 5, 'kari@example.com', true, now() - interval '10 s', null, null, null, 'Blå') $$,
  $$ values ('entered'::text, false, 'JUL5'::text) $$,
  'a second entry for the door answers as a new one would (this answer''s result), never with the stored one'
);
select results_eq(
  $$ select outcome, is_correct from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 5, 'per@example.com', true, now() - interval '10 s', null, 'Per', null, 'Blå') $$,
  $$ values ('entered'::text, false) $$,
  'a wrong answer is an entry too'
);
select set_config('request.headers', '{"x-forwarded-for": "198.51.100.7, 203.0.113.9"}', true);
select results_eq(
  $$ select outcome from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 5, 'ola@example.com', true, now() - interval '10 s', null, 'Ola Nordmann', null, 'Rød') $$,
  $$ values ('entered'::text) $$,
  'a third participant'
);

reset role;
select results_eq(
  $$ select p.email, p.name, p.phone, p.organization_id, r.campaign_id, r.reminders_opt_in
     from public.participants as p join public.campaign_registrations as r on r.participant_id = p.id
     where p.email = 'kari@example.com' $$,
  $$ values ('kari@example.com'::text, 'Kari Nordmann'::text, '+4791234567'::text, '00000000-0000-4000-8000-00000000000a'::uuid,
             '00000000-0000-4000-8000-0000000000c3'::uuid, true) $$,
  'the organization''s participant (e-mail lower-cased, phone as +47) and their registration in the calendar, reminders chosen'
);
select results_eq(
  $$ select ct.body, mt.body, e.item_id = '$$ || :'c3d5' || $$', e.answer from public.campaign_entries as e
     join public.participants as p on p.id = e.participant_id
     join public.consents as c on c.id = e.consent_id
     join public.consent_texts as ct on (ct.organization_id, ct.sha256) = (c.organization_id, c.text_sha256)
     join public.consents as m on m.id = e.marketing_consent_id
     join public.consent_texts as mt on (mt.organization_id, mt.sha256) = (m.organization_id, m.text_sha256)
     where p.email = 'kari@example.com' $$,
  $$ values ('Jeg godtar konkurransereglene.'::text, 'Ja takk, send meg tilbud.'::text, true, 'Rød'::text) $$,
  'the entry points at the consents it was made under, with the exact texts shown'
);
select results_eq(
  $$ select c.purpose, c.given_at is not null, c.ip_hash is null, c.withdrawn_at from public.consents as c
     join public.participants as p on p.id = c.participant_id
     where p.email = 'kari@example.com' and c.campaign_id = '00000000-0000-4000-8000-0000000000c3' order by c.purpose $$,
  $$ values ('marketing'::text, true, true, null::timestamptz), ('participation'::text, true, true, null::timestamptz) $$,
  'one consent row per purpose given, with its time'
);
select is(
  (select count(*)::int from public.consent_texts where body = 'Jeg godtar konkurransereglene.'),
  1, 'each text is stored once, however many entries were made under it'
);
select is(
  (select e.ip_hash from public.campaign_entries as e join public.participants as p on p.id = e.participant_id where p.email = 'ola@example.com'),
  encode(sha256('203.0.113.9'::bytea), 'hex'), 'the IP is the rightmost X-Forwarded-For entry, kept hashed'
);
select results_eq(
  $$ select source, name, phone, campaign_id, campaign_item_id from public.leads where email = 'kari@example.com' $$,
  $$ values ('calendar'::text, 'Kari Nordmann'::text, '+4791234567'::text, '00000000-0000-4000-8000-0000000000c3'::uuid, '$$ || :'c3d5' || $$'::uuid) $$,
  'the participant became a lead with the calendar and door'
);

-- An earlier lead, the next door, and another calendar: still one lead per e-mail.
insert into public.leads (organization_id, source, email, name) values ('00000000-0000-4000-8000-00000000000a', 'manual', 'nils@example.com', 'Nils Hansen');
select set_config('leadtorget.test_now', '2026-12-07 09:00 Europe/Oslo', true);
select tests.clear_authentication();
select results_eq(
  $$ select outcome, is_correct from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 7, 'KARI@example.com', true, now() - interval '10 s', null, null, null, ' nissen ') $$,
  $$ values ('entered'::text, true) $$,
  'a free-text answer is compared ignoring case and spaces'
);
select lives_ok(
  $$ select * from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 7, 'nils@example.com', true, now() - interval '10 s', null, 'Nils', '+46701234567', 'Rudolf') $$,
  'someone already among the leads enters'
);
select set_config('leadtorget.test_now', '2026-12-13 09:00 Europe/Oslo', true);
select lives_ok(
  $$ select * from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c5', 1, 'kari@example.com', true, now() - interval '10 s') $$,
  'the same person in another organization''s calendar'
);
reset role;
select is((select count(*)::int from public.leads where email = 'kari@example.com' and organization_id = '00000000-0000-4000-8000-00000000000a'), 1, 'one lead per e-mail in the organization');
select is((select count(*)::int from public.leads where email = 'kari@example.com' and organization_id = '00000000-0000-4000-8000-00000000000b'), 1, 'and one in the other organization');
select is((select count(*)::int from public.leads where email = 'nils@example.com'), 1, 'an existing lead is reused, not duplicated');
select is(
  (select p.lead_id from public.participants as p where p.email = 'nils@example.com'),
  (select l.id from public.leads as l where l.email = 'nils@example.com'),
  'the participant points at the existing lead'
);
select results_eq(
  $$ select source, name, phone from public.leads where email = 'nils@example.com' $$,
  $$ values ('manual'::text, 'Nils Hansen'::text, '+46701234567'::text) $$,
  'the existing lead keeps its source and name; a missing phone is filled in'
);

-- Who reads participants and entries.
select tests.authenticate_as('member');
select is((select count(*)::int from public.campaign_registrations where campaign_id = '00000000-0000-4000-8000-0000000000c3'), 4, 'member: the calendar''s participants');
select is((select count(*)::int from public.participants), 4, 'member: the organization''s participants, not the other organization''s');
select is((select count(*)::int from public.campaign_entries where campaign_id = '00000000-0000-4000-8000-0000000000c3'), 5, 'member: its entries');
select throws_ok($$ update public.campaign_entries set is_correct = true $$, '42501', null, 'member: cannot change an entry');
select throws_ok($$ delete from public.participants $$, '42501', null, 'member: cannot delete participants (they do, by token)');
select throws_ok($$ update public.campaign_registrations set reminders_opt_in = true $$, '42501', null, 'member: cannot change a registration');
select tests.authenticate_as('other');
select is((select count(*)::int from public.participants where organization_id = '00000000-0000-4000-8000-00000000000a'), 0, 'other organization: no participants');
select is((select count(*)::int from public.campaign_registrations where campaign_id = '00000000-0000-4000-8000-0000000000c3'), 0, 'other organization: no registrations');
select is((select count(*)::int from public.campaign_entries where campaign_id = '00000000-0000-4000-8000-0000000000c3'), 0, 'other organization: no entries');
reset role;

-- Rate limit: 30 entries a minute per IP address.
select public.consume_rate_limit('calendar-entry:ip:192.0.2.55', 60, 30) from generate_series(1, 30);
select tests.clear_authentication();
select set_config('leadtorget.test_now', '2026-12-13 09:00 Europe/Oslo', true);
select set_config('request.headers', '{"x-forwarded-for": "192.0.2.55"}', true);
select throws_ok(
  $$ select * from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 13, 'spam@example.com', true, now() - interval '10 s') $$,
  'PT429', 'campaign-rate-limited', 'the 31st entry a minute from one address is refused'
);
select set_config('request.headers', '{"x-forwarded-for": "192.0.2.56"}', true);
select results_eq(
  $$ select outcome from public.submit_calendar_entry('00000000-0000-4000-8000-0000000000c3', 13, 'lise@example.com', true, now() - interval '10 s') $$,
  $$ values ('entered'::text) $$,
  'another address is not limited'
);

-- ============================================================================================
-- Public reads and pre-registration
-- ============================================================================================

select tests.clear_authentication();
select set_config('request.headers', '{"x-forwarded-for": "192.0.2.57"}', true);
select set_config('leadtorget.test_now', '2026-12-05 10:00 Europe/Oslo', true);
select results_eq(
  $$ select c ->> 'status', c ->> 'now', jsonb_array_length(c -> 'doors'), c ->> 'consent_text'
     from public.calendar_public('00000000-0000-4000-8000-0000000000c3') as c $$,
  $$ values ('live'::text, '2026-12-05T09:00:00+00:00'::text, 24, 'Jeg godtar konkurransereglene.'::text) $$,
  'anon: the calendar page in one call, with the database clock and the grid'
);
select throws_ok($$ select public.calendar_public('00000000-0000-4000-8000-0000000000c4') $$, 'PT404', 'calendar-not-found', 'anon: not a draft');
select results_eq(
  $$ select d ->> 'title', d -> 'quiz_options', d -> 'prizes' -> 0 ->> 'name', d ? 'voucher_code', d ? 'quiz_answer'
     from public.calendar_public_door('00000000-0000-4000-8000-0000000000c3', 5) as d $$,
  $$ values ('Luke 5'::text, '["Rød", "Grønn", "Blå"]'::jsonb, 'Gavekort 500 kr'::text, false, false) $$,
  'anon: an opened door''s content and prize, never its answer or voucher'
);
select throws_ok(
  $$ select public.calendar_public_door('00000000-0000-4000-8000-0000000000c3', 6) $$,
  'PT404', 'calendar-door-not-found', 'anon: tomorrow''s door is not found'
);
select set_config('leadtorget.test_now', '2026-12-10 10:00 Europe/Oslo', true);
select is(
  public.register_calendar_participant('00000000-0000-4000-8000-0000000000c5', 'Tone@Example.com', true, now() - interval '10 s', null, 'Tone'),
  'registered', 'anon: pre-registers before the calendar starts'
);
select is(
  public.register_calendar_participant('00000000-0000-4000-8000-0000000000c5', 'tone@example.com', true, now() - interval '10 s'),
  'registered', 'a second registration answers as the first (and changes nothing)'
);
select throws_ok(
  $$ select public.register_calendar_participant('00000000-0000-4000-8000-0000000000c5', 'x@example.com', false, now() - interval '10 s') $$,
  'P0001', 'participant-consent-required', 'pre-registration needs consent too'
);
select set_config('leadtorget.test_now', '2026-12-25 10:00 Europe/Oslo', true);
select throws_ok(
  $$ select public.register_calendar_participant('00000000-0000-4000-8000-0000000000c5', 'y@example.com', true, now() - interval '10 s') $$,
  'P0001', 'calendar-ended', 'nor after the last door'
);
reset role;
select results_eq(
  $$ select t.body, l.source, l.campaign_id, l.campaign_item_id from public.participants as p
     join public.leads as l on l.id = p.lead_id
     join public.consents as c on c.participant_id = p.id and c.purpose = 'participation'
     join public.consent_texts as t on (t.organization_id, t.sha256) = (c.organization_id, c.text_sha256)
     where p.email = 'tone@example.com' $$,
  $$ values ('OK'::text, 'calendar'::text, '00000000-0000-4000-8000-0000000000c5'::uuid, null::uuid) $$,
  'the registration keeps the consent text and makes a lead'
);

-- ============================================================================================
-- The participant by token
-- ============================================================================================

select tests.clear_authentication();
select throws_ok(
  $$ select public.issue_participant_token(gen_random_uuid(), gen_random_uuid()) $$,
  '42501', null, 'anon: cannot issue tokens'
);
select tests.authenticate_as_service_role();
select throws_ok(
  $$ select public.issue_participant_token(p.id, '00000000-0000-4000-8000-0000000000c5') from public.participants as p
     where p.email = 'per@example.com' $$,
  'PT404', 'participant-not-found', 'a token only for a campaign the participant joined'
);
select public.issue_participant_token(id, '00000000-0000-4000-8000-0000000000c3') as kari_token from public.participants
where email = 'kari@example.com' and organization_id = '00000000-0000-4000-8000-00000000000a' \gset
select public.issue_participant_token(id, '00000000-0000-4000-8000-0000000000c3') as per_token from public.participants where email = 'per@example.com' \gset
select public.issue_participant_token(id, '00000000-0000-4000-8000-0000000000c3') as nils_token from public.participants where email = 'nils@example.com' \gset
-- A later e-mail carries a new link; the earlier e-mail's link keeps working until it expires.
select public.issue_participant_token(id, '00000000-0000-4000-8000-0000000000c3') as kari_newer_token from public.participants
where email = 'kari@example.com' and organization_id = '00000000-0000-4000-8000-00000000000a' \gset
select public.issue_participant_token(id, '00000000-0000-4000-8000-0000000000c3') as nils_expired_token from public.participants where email = 'nils@example.com' \gset
reset role;
update private.participant_tokens set expires_at = now() - interval '1 second'
where token_hash = encode(sha256(convert_to(:'nils_expired_token', 'UTF8')), 'hex');

select tests.clear_authentication();
select is(length(:'kari_token'), 64, 'a token is 32 random bytes in hex');
select throws_ok($$ select public.participation('nope') $$, 'PT404', 'participant-not-found', 'a wrong token finds nobody');
select is(public.participation(:'kari_newer_token') ->> 'email', 'kari@example.com', 'a newer e-mail''s link opens the page');
select throws_ok(
  $$ select public.participation('$$ || :'nils_expired_token' || $$') $$,
  'PT404', 'participant-not-found', 'an expired link finds nobody'
);
reset role;
select ok(
  not has_table_privilege('anon', 'private.participant_tokens', 'select')
    and not has_table_privilege('authenticated', 'private.participant_tokens', 'select'),
  'no API role reads the participation links'
);
select tests.clear_authentication();
select is(public.participation(:'kari_token') ->> 'email', 'kari@example.com', 'participant: their own details');
select is(
  jsonb_path_query_array(public.participation(:'kari_token'), '$.campaigns[*].entries[*].item'),
  '[5, 7]'::jsonb, 'participant: their own entries only, not the other organization''s'
);
select lives_ok(
  $$ select public.withdraw_consent('$$ || :'kari_token' || $$', 'reminders', '00000000-0000-4000-8000-0000000000c3') $$,
  'participant: unsubscribes from the calendar''s reminders'
);
select is(public.participation(:'kari_token') #>> '{campaigns,0,reminders_opt_in}', 'false', 'no more reminders');
select is(public.participation(:'kari_token') #>> '{campaigns,0,marketing_consent}', 'true', 'marketing stays: only reminders were withdrawn');
select lives_ok($$ select public.delete_participant('$$ || :'per_token' || $$') $$, 'participant: deletes their data');
select throws_ok($$ select public.participation('$$ || :'per_token' || $$') $$, 'PT404', 'participant-not-found', 'the token no longer finds anything');
reset role;
update public.leads set retention_reason = 'Åpen ordre på nytt bad' where email = 'nils@example.com';
select tests.clear_authentication();
select lives_ok($$ select public.delete_participant('$$ || :'nils_token' || $$') $$, 'another participant deletes their data');
reset role;
select is((select count(*)::int from public.participants where email in ('per@example.com', 'nils@example.com')), 0, 'both are gone');
select is(
  (select count(*)::int from public.campaign_registrations as r
   where not exists (select 1 from public.participants as p where p.id = r.participant_id)),
  0, 'with their registrations'
);
select is((select count(*)::int from public.campaign_entries as e where e.answer in ('Blå', 'Rudolf')), 0, 'and their entries');
select is((select count(*)::int from public.leads where email = 'per@example.com'), 0, 'their lead goes too');
select is((select count(*)::int from public.leads where email = 'nils@example.com'), 1, 'unless the organization stated a reason to keep it');
select throws_ok(
  $$ insert into public.leads (organization_id, email, campaign_id) values
     ('00000000-0000-4000-8000-00000000000b', 'x@example.com', '00000000-0000-4000-8000-0000000000c3') $$,
  '23503', null, 'a lead cannot name another organization''s campaign'
);
delete from public.calendars where id = '00000000-0000-4000-8000-0000000000c5';
select results_eq(
  $$ select campaign_id, campaign_item_id, source from public.leads where email = 'kari@example.com' and organization_id = '00000000-0000-4000-8000-00000000000b' $$,
  $$ values (null::uuid, null::uuid, 'calendar'::text) $$,
  'deleting a calendar keeps its leads, without the link'
);

select * from finish();
rollback;
