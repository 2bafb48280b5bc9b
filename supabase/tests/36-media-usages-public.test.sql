-- Public media through media_usages alone (supabase/migrations/20261125100000_media_library.sql,
-- private.media_object_is_public): each area writes when a use is public (public_from, public_until);
-- the media rule names no area. The calendars write their doors' and backgrounds' windows.
-- Actors: postgres (the areas' triggers), the service role (public-media asking the rule which paths
-- it may sign for visitors).
begin;

select plan(11);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-12-05 10:00 Europe/Oslo', true);

insert into public.organizations_media (id, organization_id, type, storage_path, url, alt_text, mime_type, size_bytes) values
  ('00000000-0000-4000-8000-0000000000e1', '00000000-0000-4000-8000-00000000000a', 'image',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/original.png',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/web.webp', 'Dør', 'image/png', 10),
  ('00000000-0000-4000-8000-0000000000e3', '00000000-0000-4000-8000-00000000000a', 'image',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e3/original.png',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e3/web.webp', 'Bakgrunn', 'image/png', 10),
  ('00000000-0000-4000-8000-0000000000e9', '00000000-0000-4000-8000-00000000000a', 'image',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e9/original.png',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e9/web.webp', 'Annet', 'image/png', 10);

insert into storage.objects (bucket_id, name)
select 'organizations-media', m.url from public.organizations_media as m;

select tests.create_calendar('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', 'Julekalender 2026', 'advent-24',
  '2026-12-01', '2026-12-24', consent_text => 'OK', design => '{"background_media_id": "00000000-0000-4000-8000-0000000000e3"}');
update public.calendar_doors set media_id = '00000000-0000-4000-8000-0000000000e1'
where calendar_id = '00000000-0000-4000-8000-0000000000f1' and day_number = 3;

select results_eq(
  $$ select kind, label, public_from, public_until from public.media_usages order by kind $$,
  $$ values ('calendar-background'::text, 'Julekalender 2026 – bakgrunn'::text, null::timestamptz, null::timestamptz),
            ('calendar-door'::text, 'Julekalender 2026 – luke 3'::text, null::timestamptz, null::timestamptz) $$,
  'a draft''s door image and background are recorded as uses, public never'
);

update public.campaigns set published_at = now() where id = '00000000-0000-4000-8000-0000000000f1';
update public.calendars set show_past_doors = false where id = '00000000-0000-4000-8000-0000000000f1';
select results_eq(
  $$ select kind, public_from, public_until from public.media_usages order by kind $$,
  $$ values ('calendar-background'::text, '-infinity'::timestamptz, null::timestamptz),
            ('calendar-door'::text, '2026-12-03 08:00 Europe/Oslo'::timestamptz, '2026-12-04 08:00 Europe/Oslo'::timestamptz) $$,
  'publishing writes the windows: the background from now on, the door from its opening until it closes (closed doors hidden)'
);

select tests.authenticate_as_service_role();
select ok(
  exists (select 1 from public.public_media_paths(array['00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e3/web.webp'])),
  'public-media: the published background is public'
);
select ok(
  not exists (select 1 from public.public_media_paths(array['00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/web.webp'])),
  'public-media: door 3''s image is not, after door 3 has closed and closed doors are hidden'
);

-- Any area's use makes an item public in its window alone: the rule knows no area.
reset role;
insert into public.media_usages (media_id, organization_id, kind, ref_id, label, public_from, public_until) values
  ('00000000-0000-4000-8000-0000000000e9', '00000000-0000-4000-8000-00000000000a', 'competition', gen_random_uuid(),
   'Konkurranse', '2026-12-05 09:00 Europe/Oslo', '2026-12-05 11:00 Europe/Oslo');
select tests.authenticate_as_service_role();
select ok(
  exists (select 1 from public.public_media_paths(array['00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e9/web.webp'])),
  'public-media: another kind''s use inside its window is public'
);
select set_config('leadtorget.test_now', '2026-12-05 11:00 Europe/Oslo', true);
select ok(
  not exists (select 1 from public.public_media_paths(array['00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e9/web.webp'])),
  'public-media: and private again when the window ends'
);

reset role;
select throws_ok(
  $$ delete from public.organizations_media where id = '00000000-0000-4000-8000-0000000000e3' $$,
  '23503', null, 'a background in use cannot be deleted from the library'
);
update public.campaigns set design = '{}' where id = '00000000-0000-4000-8000-0000000000f1';
select is(
  (select count(*)::int from public.media_usages where kind = 'calendar-background'), 0,
  'removing the background from the design frees it'
);
delete from public.calendars where id = '00000000-0000-4000-8000-0000000000f1';
select is(
  (select count(*)::int from public.media_usages where kind like 'calendar-%'), 0,
  'deleting the calendar removes its uses'
);
select tests.create_calendar('00000000-0000-4000-8000-0000000000f9', '00000000-0000-4000-8000-00000000000a', 'Påskekalender', 'daily',
  '2027-03-22', '2027-03-28', design => '{"background_media_id": "00000000-0000-4000-8000-0000000000e3"}');
update public.campaigns set name = 'Påske 2027' where id = '00000000-0000-4000-8000-0000000000f9';
select is(
  (select label from public.media_usages where kind = 'calendar-background' and ref_id = '00000000-0000-4000-8000-0000000000f9'),
  'Påske 2027 – bakgrunn', 'renaming the calendar''s campaign relabels its uses'
);
delete from public.campaigns where id = '00000000-0000-4000-8000-0000000000f9';
select is(
  (select count(*)::int from public.media_usages where kind like 'calendar-%'), 0,
  'deleting the calendar''s campaign removes its uses too'
);

select * from finish();
rollback;
