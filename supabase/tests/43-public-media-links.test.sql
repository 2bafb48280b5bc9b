-- Public media links are the server's to issue (supabase/migrations/20261127120200_public_media_links.sql):
-- nobody but the organization's members and claims admins reads (and so signs) an organization's
-- media files, and only the service role (the public-media edge function) may ask which paths a
-- published page shows. What those paths are is tested with the calendars (34-calendar-engine).
begin;

select plan(7);

select tests.create_supabase_user('owner', 'owner@example.com');
select tests.create_supabase_user('outsider', 'outsider@example.com');
insert into public.organizations (id, name, owner_id) values
  ('00000000-0000-4000-8000-00000000000a', 'Fjordbygg AS', tests.get_supabase_uid('owner'));
insert into storage.objects (bucket_id, name) values
  ('organizations-media', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000d1/web.webp');

select is(
  (select count(*)::int from pg_policies
   where schemaname = 'storage' and tablename = 'objects' and cmd in ('SELECT', 'ALL') and 'anon' = any (roles)),
  0, 'no policy lets anon read storage objects, so anon signs nothing'
);

select tests.clear_authentication();
select is_empty($$ select name from storage.objects $$, 'anon reads no file');
select throws_ok($$ select * from public.public_media_paths(array['x']) $$, '42501', null,
  'anon cannot ask which paths are public');

select tests.authenticate_as('outsider');
select is_empty($$ select name from storage.objects $$, 'a non-member reads none of the organization''s files');
select throws_ok($$ select * from public.public_media_paths(array['x']) $$, '42501', null,
  'nor can a signed-in user ask');

select tests.authenticate_as('owner');
select is((select count(*)::int from storage.objects), 1, 'the owner reads the organization''s files');

select tests.authenticate_as_service_role();
select is_empty(
  $$ select * from public.public_media_paths(array[
       '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000d1/web.webp', '../x', null]) $$,
  'the service role asks; a file no published page shows is not among the answers'
);

select * from finish();
rollback;
