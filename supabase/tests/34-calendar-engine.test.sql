-- The calendars' engine (supabase/migrations/20261127090000_calendar_engine.sql, docs/calendars.md):
-- the options, visits and shares (record_calendar_event with its rate limit), statistics and the
-- list's summaries, the public media policy on storage.objects (a future door's image stays private,
-- path tricks match nothing), calendar_public's background, and the jobs' claims and automatic draws.
-- Actors: anon, the participant by token, member, owner, another organization's owner, service role.
begin;

select plan(94);

-- ============================================================================================
-- Fixtures (as postgres)
-- ============================================================================================

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-12-05 10:00 Europe/Oslo', true);

-- Organization A (…0a): e1 a door's picture (web size, thumbnail, original), e2 a future door's, e3
-- the published calendar's background, e4 a draft's background, e5 a door's video, e7 a door of a
-- calendar that hides closed doors. Organization B (…0b): b6, named in A's design (never A's to show).
insert into public.organizations_media (id, organization_id, type, storage_path, url, thumbnail_path, url_mp4, url_video, alt_text, mime_type, size_bytes)
values
  ('00000000-0000-4000-8000-0000000000e1', '00000000-0000-4000-8000-00000000000a', 'image',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/original.png',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/web.webp',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/thumb.webp', null, null, 'Luke 1', 'image/png', 10),
  ('00000000-0000-4000-8000-0000000000e2', '00000000-0000-4000-8000-00000000000a', 'image',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e2/original.png',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e2/web.webp', null, null, null, 'Luke 10', 'image/png', 10),
  ('00000000-0000-4000-8000-0000000000e3', '00000000-0000-4000-8000-00000000000a', 'image',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e3/original.png',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e3/original.png', null, null, null, 'Snø over fjorden', 'image/png', 10),
  ('00000000-0000-4000-8000-0000000000e4', '00000000-0000-4000-8000-00000000000a', 'image',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e4/original.png',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e4/original.png', null, null, null, null, 'image/png', 10),
  ('00000000-0000-4000-8000-0000000000e5', '00000000-0000-4000-8000-00000000000a', 'video',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e5/original.mov',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e5/poster.webp', null,
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e5/video.mp4',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e5/original.mov', 'Video', 'video/quicktime', 10),
  ('00000000-0000-4000-8000-0000000000e7', '00000000-0000-4000-8000-00000000000a', 'image',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e7/original.png',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e7/original.png', null, null, null, 'Luke 1', 'image/png', 10),
  ('00000000-0000-4000-8000-0000000000b6', '00000000-0000-4000-8000-00000000000b', 'image',
   '00000000-0000-4000-8000-00000000000b/00000000-0000-4000-8000-0000000000b6/original.png',
   '00000000-0000-4000-8000-00000000000b/00000000-0000-4000-8000-0000000000b6/original.png', null, null, null, 'B', 'image/png', 10);
insert into storage.objects (bucket_id, name)
select 'organizations-media', p
from public.organizations_media as m,
  unnest(array[m.storage_path, m.url, m.thumbnail_path, m.url_mp4, m.url_video]) as p
where p is not null
on conflict do nothing;
-- A file in e1's folder that is none of its renditions.
insert into storage.objects (bucket_id, name) values
  ('organizations-media', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/notes.png');

-- k1: a published advent calendar (doors 1–5 open at the test time), background e3, reminders at
-- 07:00. k2: a draft with background e4. k3: a published calendar naming B's item as background,
-- hiding closed doors, drawing automatically. k5: B's own published calendar.
select tests.create_calendar('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', 'Julekalender 2026', 'advent-24',
  '2026-12-01', '2026-12-24', '08:00', now(), 'Jeg godtar reglene.', 'Ja takk, send meg tilbud.', '07:00',
  '{"background_media_id": "00000000-0000-4000-8000-0000000000e3"}');
select tests.create_calendar('00000000-0000-4000-8000-0000000000f2', '00000000-0000-4000-8000-00000000000a', 'Utkast', 'advent-24',
  '2026-12-01', '2026-12-24', design => '{"background_media_id": "00000000-0000-4000-8000-0000000000e4"}');
select tests.create_calendar('00000000-0000-4000-8000-0000000000f3', '00000000-0000-4000-8000-00000000000a', 'Uke 49', 'daily',
  '2026-12-01', '2026-12-07', '08:00', now(), 'Jeg godtar reglene.',
  design => '{"background_media_id": "00000000-0000-4000-8000-0000000000b6"}');
select tests.create_calendar('00000000-0000-4000-8000-0000000000f5', '00000000-0000-4000-8000-00000000000b', 'Nordlys', 'twelve-days',
  '2026-12-13', '2026-12-24', '08:00', now(), 'OK');
update public.calendars set show_past_doors = false, auto_draw = true where id = '00000000-0000-4000-8000-0000000000f3';

update public.calendar_doors set media_id = '00000000-0000-4000-8000-0000000000e1', title = 'Luke 1'
where calendar_id = '00000000-0000-4000-8000-0000000000f1' and day_number = 1;
update public.calendar_doors set media_id = '00000000-0000-4000-8000-0000000000e5'
where calendar_id = '00000000-0000-4000-8000-0000000000f1' and day_number = 2;
update public.calendar_doors set media_id = '00000000-0000-4000-8000-0000000000e2'
where calendar_id = '00000000-0000-4000-8000-0000000000f1' and day_number = 10;
update public.calendar_doors set quiz_kind = 'single', quiz_question = 'Hvilken farge har nissen?', quiz_options = array['Rød', 'Blå']
where calendar_id = '00000000-0000-4000-8000-0000000000f1' and day_number = 5;
insert into public.calendar_door_secrets (door_id, organization_id, quiz_answer)
select id, organization_id, 'Rød' from public.calendar_doors
where calendar_id = '00000000-0000-4000-8000-0000000000f1' and day_number = 5;
update public.calendar_doors set media_id = '00000000-0000-4000-8000-0000000000e7'
where calendar_id = '00000000-0000-4000-8000-0000000000f3' and day_number = 1;
update public.calendar_doors set quiz_kind = 'text', quiz_question = 'Hva heter byen?'
where calendar_id = '00000000-0000-4000-8000-0000000000f3' and day_number = 3;
insert into public.calendar_door_secrets (door_id, organization_id, quiz_answer)
select id, organization_id, 'Bergen' from public.calendar_doors
where calendar_id = '00000000-0000-4000-8000-0000000000f3' and day_number = 3;
select id as k3d3 from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000f3' and day_number = 3 \gset
select id as k3d4 from public.calendar_doors where calendar_id = '00000000-0000-4000-8000-0000000000f3' and day_number = 4 \gset
insert into public.campaign_prizes (id, campaign_id, organization_id, item_id, name, quantity) values
  ('00000000-0000-4000-8000-0000000000d3', '00000000-0000-4000-8000-0000000000f3', '00000000-0000-4000-8000-00000000000a', :'k3d3', 'Gavekort', 1),
  ('00000000-0000-4000-8000-0000000000d4', '00000000-0000-4000-8000-0000000000f3', '00000000-0000-4000-8000-00000000000a', :'k3d4', 'Termos', 2),
  ('00000000-0000-4000-8000-0000000000d9', '00000000-0000-4000-8000-0000000000f3', '00000000-0000-4000-8000-00000000000a', null, 'Hovedpremie', 1);

-- Entries: k3's door 3 on 3 December (two right, one wrong), k1's door 5 today (Kari right, Ola wrong);
-- Per only pre-registered for k1's reminders.
select set_config('leadtorget.test_now', '2026-12-03 09:00 Europe/Oslo', true);
select tests.clear_authentication();
select public.submit_calendar_entry('00000000-0000-4000-8000-0000000000f3', 3, 'a@example.com', true, now() - interval '10 s', null, 'Anne Aas', null, 'Bergen');
select public.submit_calendar_entry('00000000-0000-4000-8000-0000000000f3', 3, 'b@example.com', true, now() - interval '10 s', null, 'Bjørn Berg', null, 'bergen ');
select public.submit_calendar_entry('00000000-0000-4000-8000-0000000000f3', 3, 'c@example.com', true, now() - interval '10 s', null, 'Cato C', null, 'Oslo');
select set_config('leadtorget.test_now', '2026-12-05 10:00 Europe/Oslo', true);
select public.submit_calendar_entry('00000000-0000-4000-8000-0000000000f1', 5, 'kari@example.com', true, now() - interval '10 s',
  null, 'Kari Nordmann', null, 'Rød', '{}', true, true);
select public.register_calendar_participant('00000000-0000-4000-8000-0000000000f1', 'per@example.com', true, now() - interval '10 s',
  null, 'Per Hansen', null, false, true);
select public.submit_calendar_entry('00000000-0000-4000-8000-0000000000f1', 5, 'ola@example.com', true, now() - interval '10 s',
  null, 'Ola', null, 'Blå', '{}', false, false);
reset role;
-- Today's entries (Oslo), as the statistics see the test clock's day.
update public.campaign_entries set created_at = '2026-12-05 09:30 Europe/Oslo' where campaign_id = '00000000-0000-4000-8000-0000000000f1';
update public.campaign_entries set created_at = '2026-12-03 08:30 Europe/Oslo' where campaign_id = '00000000-0000-4000-8000-0000000000f3';

-- ============================================================================================
-- Options
-- ============================================================================================

select has_column('public', 'campaigns', 'reminders_enabled', 'campaigns: reminders_enabled');
select has_column('public', 'calendars', 'auto_draw', 'calendars: auto_draw');
select has_column('public', 'campaign_registrations', 'confirmation_sent_at', 'registrations: confirmation_sent_at');
select has_column('public', 'campaign_registrations', 'last_reminded_on', 'registrations: last_reminded_on');
select results_eq(
  $$ select k.reminders_enabled, c.auto_draw from public.calendars as c join public.campaigns as k on k.id = c.id
     where c.id = '00000000-0000-4000-8000-0000000000f2' $$,
  $$ values (true, false) $$,
  'defaults: reminders offered, no automatic draws'
);
select tests.authenticate_as('member');
select results_eq(
  $$ with k as (update public.campaigns set reminders_enabled = false
                where id = '00000000-0000-4000-8000-0000000000f2' returning 1),
          c as (update public.calendars set auto_draw = true
                where id = '00000000-0000-4000-8000-0000000000f2' returning 1)
     select (select count(*)::int from k) + (select count(*)::int from c) $$,
  $$ values (2) $$,
  'a member sets both options'
);
select tests.authenticate_as('other');
select results_eq(
  $$ with u as (update public.calendars set auto_draw = false
                where id = '00000000-0000-4000-8000-0000000000f1' returning 1) select count(*)::int from u $$,
  $$ values (0) $$,
  'another organization changes nothing'
);
select tests.clear_authentication();
select throws_ok(
  $$ update public.calendars set auto_draw = true where id = '00000000-0000-4000-8000-0000000000f1' $$,
  '42501', null, 'anon cannot change options'
);
select tests.authenticate_as('member');
select throws_ok(
  $$ update public.campaign_registrations set confirmation_sent_at = now() $$,
  '42501', null, 'members cannot write the e-mail bookkeeping'
);
reset role;

-- ============================================================================================
-- Visits and shares
-- ============================================================================================

select tests.rls_enabled('public', 'campaign_events');

select tests.clear_authentication();
select lives_ok(
  $$ select public.record_calendar_event('00000000-0000-4000-8000-0000000000f1', 'visit', null, 'visitor-one-123') $$,
  'anon records a visit of a published calendar'
);
select lives_ok(
  $$ select public.record_calendar_event('00000000-0000-4000-8000-0000000000f1', 'visit', 5, 'visitor-one-123') $$,
  'and of one of its doors'
);
select lives_ok(
  $$ select public.record_calendar_event('00000000-0000-4000-8000-0000000000f1', 'share', 5, 'visitor-two-456') $$,
  'and a share'
);
select lives_ok(
  $$ select public.record_calendar_event('00000000-0000-4000-8000-0000000000f1', 'visit') $$,
  'without a visitor id too'
);
select throws_ok(
  $$ select public.record_calendar_event('00000000-0000-4000-8000-0000000000f2', 'visit') $$,
  'PT404', 'calendar-not-found', 'a draft records nothing (calendar-not-found)'
);
select throws_ok(
  $$ select public.record_calendar_event('00000000-0000-4000-8000-000000000999', 'visit') $$,
  'PT404', 'calendar-not-found', 'an unknown calendar neither'
);
select throws_ok(
  $$ select public.record_calendar_event('00000000-0000-4000-8000-0000000000f1', 'purchase') $$,
  '22023', 'calendar-event-invalid', 'only visits and shares'
);
select throws_ok(
  $$ select public.record_calendar_event('00000000-0000-4000-8000-0000000000f1', 'visit', 99) $$,
  '22023', 'calendar-event-invalid', 'a door the calendar does not have'
);
select throws_ok(
  $$ select public.record_calendar_event('00000000-0000-4000-8000-0000000000f1', 'visit', null, 'x''; drop table') $$,
  '22023', 'calendar-event-invalid', 'a visitor id is a plain random token'
);
select throws_ok(
  $$ select count(*) from public.campaign_events $$,
  '42501', null, 'anon reads no events'
);
select throws_ok(
  $$ insert into public.campaign_events (campaign_id, organization_id, kind)
     values ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', 'visit') $$,
  '42501', null, 'anon writes events only through the function'
);

-- The rate limit: 120 a minute per address.
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.77"}', true);
select lives_ok(
  $$ select count(public.record_calendar_event('00000000-0000-4000-8000-0000000000f1', 'visit')) from generate_series(1, 120) $$,
  '120 events a minute from one address'
);
select throws_ok(
  $$ select public.record_calendar_event('00000000-0000-4000-8000-0000000000f1', 'visit') $$,
  'PT429', 'campaign-rate-limited', 'the 121st is refused (campaign-rate-limited)'
);
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.78"}', true);
select lives_ok(
  $$ select public.record_calendar_event('00000000-0000-4000-8000-0000000000f1', 'share') $$,
  'another address is not limited'
);

select tests.authenticate_as('other');
select lives_ok(
  $$ select public.record_calendar_event('00000000-0000-4000-8000-0000000000f5', 'visit', 1, 'visitor-three-789') $$,
  'signed-in visitors record events too'
);
select is(
  (select count(*)::int from public.campaign_events where campaign_id = '00000000-0000-4000-8000-0000000000f1'),
  0, 'another organization reads none of A''s events'
);
select throws_ok(
  $$ delete from public.campaign_events $$,
  '42501', null, 'nobody signed in deletes events'
);

select tests.authenticate_as('member');
select is(
  (select count(*)::int from public.campaign_events where campaign_id = '00000000-0000-4000-8000-0000000000f1'),
  125, 'members read their calendars'' events'
);
select is(
  (select count(*)::int from public.campaign_events),
  125, 'and only those'
);
select throws_ok(
  $$ insert into public.campaign_events (campaign_id, organization_id, kind)
     values ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', 'visit') $$,
  '42501', null, 'members cannot invent visits'
);
select throws_ok(
  $$ update public.campaign_events set kind = 'share' $$,
  '42501', null, 'nor change them'
);
select throws_ok(
  $$ delete from public.campaign_events $$,
  '42501', null, 'nor delete them'
);
reset role;
select is(
  (select e.visitor_hash from public.campaign_events as e join public.campaign_items as i on i.id = e.item_id
   where e.campaign_id = '00000000-0000-4000-8000-0000000000f1' and i.position = 5 and e.kind = 'visit'),
  encode(sha256(convert_to('00000000-0000-4000-8000-0000000000f1:visitor-one-123', 'UTF8')), 'hex'),
  'the visitor id is kept only as a hash with the calendar'
);
-- Yesterday's visits (Oslo), for the days of the statistics.
update public.campaign_events set created_at = '2026-12-04 12:00 Europe/Oslo';

-- ============================================================================================
-- Statistics and summaries
-- ============================================================================================

select tests.authenticate_as('member');
select results_eq(
  $$ select (s ->> 'visits')::int, (s ->> 'visitors')::int, (s ->> 'shares')::int, (s ->> 'participants')::int,
            (s ->> 'entries')::int, (s ->> 'entries_today')::int, (s ->> 'new_leads')::int,
            (s ->> 'marketing_consent_rate')::numeric
     from public.calendar_statistics('00000000-0000-4000-8000-0000000000f1') as s $$,
  $$ values (123, 1, 2, 3, 2, 2, 3, 0.3333::numeric) $$,
  'the figures: visits, unique visitors, shares, participants, entries, today''s, new leads, consent rate'
);
select results_eq(
  $$ select (d ->> 'day_number')::int, (d ->> 'entries')::int, (d ->> 'correct')::int
     from public.calendar_statistics('00000000-0000-4000-8000-0000000000f1') as s,
       jsonb_array_elements(s -> 'doors') as d
     where (d ->> 'day_number')::int between 4 and 6 $$,
  $$ values (4, 0, 0), (5, 2, 1), (6, 0, 0) $$,
  'entries and right answers per door'
);
select is(
  jsonb_array_length((select s -> 'doors' from public.calendar_statistics('00000000-0000-4000-8000-0000000000f1') as s)),
  24, 'every door is listed'
);
select results_eq(
  $$ select d ->> 'date', (d ->> 'visits')::int, (d ->> 'entries')::int
     from public.calendar_statistics('00000000-0000-4000-8000-0000000000f1') as s, jsonb_array_elements(s -> 'days') as d $$,
  $$ values ('2026-12-01', 0, 0), ('2026-12-02', 0, 0), ('2026-12-03', 0, 0), ('2026-12-04', 123, 0), ('2026-12-05', 0, 2) $$,
  'one row per Oslo day from the start to today (the test clock''s), visits and entries'
);
select is(
  (select s -> 'marketing_consent_rate' from public.calendar_statistics('00000000-0000-4000-8000-0000000000f3') as s),
  'null'::jsonb, 'no consent rate where marketing consent is not asked'
);
select tests.authenticate_as('owner');
select is(
  (select (s ->> 'entries')::int from public.calendar_statistics('00000000-0000-4000-8000-0000000000f3') as s),
  3, 'the owner reads them too'
);
select tests.authenticate_as('other');
select throws_ok(
  $$ select public.calendar_statistics('00000000-0000-4000-8000-0000000000f1') $$,
  'PT404', 'calendar-not-found', 'another organization gets calendar-not-found'
);
select is(
  (select count(*)::int from public.calendar_summaries('00000000-0000-4000-8000-00000000000a')),
  0, 'and no summaries of A''s calendars'
);
select tests.clear_authentication();
select throws_ok(
  $$ select public.calendar_statistics('00000000-0000-4000-8000-0000000000f1') $$,
  '42501', null, 'anon cannot call the statistics'
);
select throws_ok(
  $$ select * from public.calendar_summaries('00000000-0000-4000-8000-00000000000a') $$,
  '42501', null, 'nor the summaries'
);
select tests.authenticate_as('member');
select results_eq(
  $$ select calendar_id, participants::int, entries::int, entries_today::int
     from public.calendar_summaries('00000000-0000-4000-8000-00000000000a') order by calendar_id $$,
  $$ values ('00000000-0000-4000-8000-0000000000f1'::uuid, 3, 2, 2),
            ('00000000-0000-4000-8000-0000000000f2'::uuid, 0, 0, 0),
            ('00000000-0000-4000-8000-0000000000f3'::uuid, 3, 3, 0) $$,
  'summaries: every calendar of the organization, entries today by Oslo date'
);
reset role;

-- ============================================================================================
-- Public media (storage.objects in organizations-media)
-- ============================================================================================

-- What the public-media edge function would sign: public_media_paths over every stored file.
create function pg_temp.shown_files()
returns setof text
language sql
security definer
set search_path = ''
as $$
  select public.public_media_paths(array(select name from storage.objects where bucket_id = 'organizations-media'));
$$;

select tests.clear_authentication();
select is_empty(
  $$ select name from storage.objects where bucket_id = 'organizations-media' $$,
  'anon reads (and signs) no file itself: public links come from public-media'
);
select results_eq(
  $$ select name from pg_temp.shown_files() as f (name) order by name $$,
  $$ values
     ('00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/thumb.webp'),
     ('00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/web.webp'),
     ('00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e3/original.png'),
     ('00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e5/poster.webp'),
     ('00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e5/video.mp4') $$,
  'public-media signs exactly: an open door''s renditions, its video''s poster and MP4, the published background'
);
select is(
  (select count(*)::int from pg_temp.shown_files() as f (name) where name like '%/00000000-0000-4000-8000-0000000000e2/%'),
  0, 'a future door''s image is not readable'
);
select is(
  (select count(*)::int from pg_temp.shown_files() as f (name) where name like '%/00000000-0000-4000-8000-0000000000e1/original.png'
     or name like '%/00000000-0000-4000-8000-0000000000e5/original.mov'),
  0, 'nor the uploaded originals of a public item'
);
select is(
  (select count(*)::int from pg_temp.shown_files() as f (name) where name like '%/00000000-0000-4000-8000-0000000000e4/%'),
  0, 'nor a draft''s background'
);
select is(
  (select count(*)::int from pg_temp.shown_files() as f (name) where name like '%/00000000-0000-4000-8000-0000000000b6/%'),
  0, 'nor another organization''s item named in a design'
);
select is(
  (select count(*)::int from pg_temp.shown_files() as f (name) where name like '%/00000000-0000-4000-8000-0000000000e7/%'),
  0, 'nor a closed door''s image when the calendar hides closed doors'
);
reset role;
select ok(
  not private.media_object_is_public('00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e2/../00000000-0000-4000-8000-0000000000e1/web.webp')
  and not private.media_object_is_public('00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/../00000000-0000-4000-8000-0000000000e2/web.webp')
  and not private.media_object_is_public('00000000-0000-4000-8000-00000000000a//00000000-0000-4000-8000-0000000000e1/web.webp')
  and not private.media_object_is_public('./00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/web.webp')
  and not private.media_object_is_public('00000000-0000-4000-8000-00000000000A/00000000-0000-4000-8000-0000000000E1/web.webp')
  and not private.media_object_is_public('00000000-0000-4000-8000-00000000000b/00000000-0000-4000-8000-0000000000e1/web.webp')
  and not private.media_object_is_public('00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/web.webp/x.png')
  and not private.media_object_is_public('00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/notes.png')
  and not private.media_object_is_public('00000000-0000-4000-8000-00000000000a/not-a-uuid/web.webp')
  and not private.media_object_is_public(null),
  'path tricks match nothing: .., empty or . segments, upper case, another organization''s folder, other files, no uuid'
);
select ok(
  private.media_object_is_public('00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/web.webp'),
  'the clean path of the open door''s picture is public'
);
select tests.clear_authentication();
select throws_ok(
  $$ insert into storage.objects (bucket_id, name)
     values ('organizations-media', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/web2.webp') $$,
  '42501', null, 'anon uploads nothing'
);
select results_eq(
  $$ with d as (delete from storage.objects where bucket_id = 'organizations-media' returning 1) select count(*)::int from d $$,
  $$ values (0) $$,
  'anon deletes nothing'
);

-- Door 10 of k1 opens on 10 December at 08:00 Oslo.
select set_config('leadtorget.test_now', '2026-12-10 07:59:59 Europe/Oslo', true);
select is(
  (select count(*)::int from pg_temp.shown_files() as f (name) where name like '%/00000000-0000-4000-8000-0000000000e2/%'),
  0, 'a second before its door opens, the picture is still private'
);
select set_config('leadtorget.test_now', '2026-12-10 08:00 Europe/Oslo', true);
select is(
  (select count(*)::int from pg_temp.shown_files() as f (name) where name like '%/00000000-0000-4000-8000-0000000000e2/web.webp'),
  1, 'at the opening minute it is public'
);
-- k3 hides closed doors: door 1's picture is public only on its own day.
select set_config('leadtorget.test_now', '2026-12-01 09:00 Europe/Oslo', true);
select is(
  (select count(*)::int from pg_temp.shown_files() as f (name) where name like '%/00000000-0000-4000-8000-0000000000e7/%'),
  1, 'a calendar that hides closed doors shows the picture while the door is open'
);
select set_config('leadtorget.test_now', '2026-12-05 10:00 Europe/Oslo', true);

select tests.authenticate_as('other');
select results_eq(
  $$ select count(*)::int from storage.objects
     where name like '00000000-0000-4000-8000-00000000000a/%' $$,
  $$ values (0) $$,
  'a signed-in non-member reads none of A''s files'
);
select is(
  (select count(*)::int from storage.objects where name like '00000000-0000-4000-8000-00000000000b/%'),
  1, 'and all of their own organization''s'
);
select tests.authenticate_as('member');
select is(
  (select count(*)::int from storage.objects where name like '00000000-0000-4000-8000-00000000000a/%'),
  12,
  'members read every file of their organization'
);
reset role;
update public.campaigns set published_at = null where id = '00000000-0000-4000-8000-0000000000f1';
select tests.clear_authentication();
select is(
  (select count(*)::int from storage.objects where bucket_id = 'organizations-media'),
  0, 'unpublishing a calendar makes its media private again'
);
reset role;
update public.campaigns set published_at = now() where id = '00000000-0000-4000-8000-0000000000f1';

-- calendar_public's background.
select tests.clear_authentication();
select results_eq(
  $$ select b ->> 'type', b ->> 'path', b ->> 'alt_text'
     from (select public.calendar_public('00000000-0000-4000-8000-0000000000f1') -> 'background' as b) as x $$,
  $$ values ('image', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e3/original.png', 'Snø over fjorden') $$,
  'calendar_public gives the background''s type, path and alt text'
);
select results_eq(
  $$ select m ->> 'path', m ->> 'mp4_path', m ->> 'webm_path', m ->> 'thumbnail_path'
     from (select public.calendar_public_door('00000000-0000-4000-8000-0000000000f1', 2) -> 'media' as m) as x $$,
  $$ values ('00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e5/poster.webp',
             '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e5/video.mp4', null::text, null::text) $$,
  'a video door gives the poster and MP4 paths anon may sign, never the original'
);
select is(
  public.calendar_public('00000000-0000-4000-8000-0000000000f3') -> 'background',
  'null'::jsonb, 'no background from another organization''s item'
);
select is(
  public.calendar_public('00000000-0000-4000-8000-0000000000f5') -> 'background',
  'null'::jsonb, 'none without one'
);
reset role;

-- ============================================================================================
-- Jobs: confirmations
-- ============================================================================================

select results_eq(
  $$ select name, function_name, schedule from private.scheduled_jobs where name like 'calendar-%' order by name $$,
  $$ values ('calendar-confirmations', 'campaign-jobs', '* * * * *'),
            ('calendar-draws', 'campaign-jobs', '*/5 * * * *'),
            ('calendar-reminders', 'campaign-jobs', '*/5 * * * *') $$,
  'the three jobs call campaign-jobs'
);

select tests.clear_authentication();
select throws_ok($$ select * from public.claim_calendar_confirmations() $$, '42501', null, 'anon cannot claim confirmations');
select throws_ok($$ select * from public.claim_calendar_reminders() $$, '42501', null, 'nor reminders');
select throws_ok($$ select * from public.run_calendar_auto_draws() $$, '42501', null, 'nor draw');
select tests.authenticate_as('member');
select throws_ok($$ select * from public.claim_calendar_confirmations() $$, '42501', null, 'members cannot claim confirmations');
select throws_ok($$ select public.release_calendar_confirmation(gen_random_uuid(), gen_random_uuid()) $$, '42501', null, 'nor release them');
select throws_ok($$ select * from public.run_calendar_auto_draws() $$, '42501', null, 'nor run the automatic draws');

select tests.authenticate_as_service_role();
create temporary table claimed on commit drop as select * from public.claim_calendar_confirmations();
select is((select count(*)::int from claimed), 6, 'the job claims every new participant');
select token as kari_token from claimed where email = 'kari@example.com' \gset
select is(
  (select count(*)::int from claimed where token ~ '^[0-9a-f]{64}$' and calendar_name is not null and organization_name = 'Fjord Rør AS'),
  6, 'each with a fresh token, the calendar and the organization'
);
select is((select count(*)::int from public.claim_calendar_confirmations()), 0, 'a second run claims nobody');
select tests.clear_authentication();
select is(
  public.participation(:'kari_token') ->> 'email',
  'kari@example.com', 'the participant opens their page with the e-mail''s token'
);
select tests.authenticate_as_service_role();
select public.release_calendar_confirmation(
  (select participant_id from claimed where email = 'per@example.com'), '00000000-0000-4000-8000-0000000000f1'
);
select results_eq(
  $$ select email from public.claim_calendar_confirmations() $$,
  $$ values ('per@example.com'::text) $$,
  'a released confirmation (the e-mail failed) is claimed again'
);

-- ============================================================================================
-- Jobs: reminders (k1: reminder_time 07:00; kari and per opted in, ola did not)
-- ============================================================================================

select is(
  (select count(*)::int from public.claim_calendar_reminders('2026-12-05 06:59 Europe/Oslo')),
  0, 'nothing before the reminder time (Oslo)'
);
create temporary table reminded on commit drop as
  select * from public.claim_calendar_reminders('2026-12-05 07:00 Europe/Oslo');
select results_eq(
  $$ select email, day_number, reminded_on from reminded $$,
  $$ values ('per@example.com'::text, 5, '2026-12-05'::date) $$,
  'at the reminder time: opted-in participants who have not entered today''s door, with the door'
);
select is(
  (select count(*)::int from public.claim_calendar_reminders('2026-12-05 21:00 Europe/Oslo')),
  0, 'once a day'
);
select results_eq(
  $$ select email from public.claim_calendar_reminders('2026-12-06 07:01 Europe/Oslo') order by email $$,
  $$ values ('kari@example.com'::text), ('per@example.com'::text) $$,
  'the next day both again'
);
select public.release_calendar_reminder((select participant_id from reminded), '00000000-0000-4000-8000-0000000000f1', '2026-12-05');
select is(
  (select r.last_reminded_on from public.campaign_registrations as r join public.participants as p on p.id = r.participant_id
   where p.email = 'per@example.com'),
  '2026-12-06'::date, 'releasing an older day changes nothing'
);
select token as per_token from public.claim_calendar_reminders('2026-12-07 07:00 Europe/Oslo') where email = 'per@example.com' \gset
select tests.clear_authentication();
select is(
  public.participation(:'per_token') #>> '{campaigns,0,reminders_opt_in}', 'true',
  'the reminder''s token opens the participation page'
);
select public.withdraw_consent(:'per_token', 'reminders', '00000000-0000-4000-8000-0000000000f1');
select tests.authenticate_as_service_role();
select is(
  (select count(*)::int from public.claim_calendar_reminders('2026-12-08 07:00 Europe/Oslo') where email = 'per@example.com'),
  0, 'an unsubscribed participant gets no more reminders'
);
reset role;
update public.campaigns set reminders_enabled = false where id = '00000000-0000-4000-8000-0000000000f1';
select tests.authenticate_as_service_role();
select is(
  (select count(*)::int from public.claim_calendar_reminders('2026-12-09 07:00 Europe/Oslo')),
  0, 'a calendar with reminders off sends none'
);
select is(
  (select count(*)::int from public.claim_calendar_reminders('2026-12-25 07:00 Europe/Oslo')),
  0, 'nor after the last door'
);
reset role;

-- ============================================================================================
-- Jobs: automatic draws (k3: door 3 closed on 4 December, door 4 without entries)
-- ============================================================================================

select tests.authenticate_as_service_role();
create temporary table drawn on commit drop as select * from public.run_calendar_auto_draws();
select results_eq(
  $$ select (select d.day_number from public.calendar_doors as d where d.id = drawn.door_id), winners from drawn $$,
  $$ values (3, 1) $$,
  'the job draws the closed quiz door''s prize (door 4 has no entries; the grand prize waits for the end)'
);
select is(
  (select count(*)::int from public.run_calendar_auto_draws()),
  0, 'a prize is drawn once'
);
reset role;
select results_eq(
  $$ select d.eligibility, d.exclude_previous_winners, d.committed_by is null, d.seed_hex is not null,
            (select status from public.campaign_draw_winners as w where w.draw_id = d.id)
     from public.campaign_draws as d where d.prize_id = '00000000-0000-4000-8000-0000000000d3' $$,
  $$ values ('correct'::text, true, true, true, 'pending'::text) $$,
  'correct answers only, earlier winners out, committed by nobody, run, the winner pending approval'
);
select is(
  (select array_length(entry_ids, 1) from public.campaign_draws where prize_id = '00000000-0000-4000-8000-0000000000d3'),
  2, 'the two right answers were committed'
);
select set_config('leadtorget.test_now', '2026-12-08 09:00 Europe/Oslo', true);
select tests.authenticate_as_service_role();
select results_eq(
  $$ select door_id, winners from public.run_calendar_auto_draws() $$,
  $$ values (null::uuid, 1) $$,
  'after the end, the grand prize (earlier winners left out)'
);
reset role;
select is(
  (select count(*)::int from public.campaign_draws where campaign_id <> '00000000-0000-4000-8000-0000000000f3'),
  0, 'calendars without auto_draw are never drawn'
);
select tests.authenticate_as('other');
select throws_ok(
  $$ select public.commit_calendar_draw('00000000-0000-4000-8000-0000000000f3', null, '00000000-0000-4000-8000-0000000000d9', 'all', false, 1) $$,
  'PT404', 'calendar-not-found', 'another organization still cannot draw'
);
reset role;

select * from finish();
rollback;
