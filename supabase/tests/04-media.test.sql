-- Organization media: the organizations_media table, the organizations-media bucket and its
-- storage.objects policies (supabase/migrations/20261122100300_media.sql, bootstrap 05-storage.sql).
-- Actors: anon, outsider, member, admin member, owner, other organization's owner, claims admin.
begin;

select plan(47);

-- ============================================================================================
-- Fixtures (as postgres)
-- ============================================================================================

select tests.create_supabase_user('owner', 'owner@example.com');
select tests.create_supabase_user('admin', 'admin@example.com');
select tests.create_supabase_user('member', 'member@example.com');
select tests.create_supabase_user('outsider', 'outsider@example.com');
select tests.create_supabase_user('other', 'other@example.com');
select tests.create_supabase_user('support', 'support@example.com');

update auth.users
set raw_app_meta_data = raw_app_meta_data || '{"claims_admin": true}'
where id = tests.get_supabase_uid('support');

insert into public.organizations (id, name, owner_id) values
  ('00000000-0000-4000-8000-00000000000a', 'Fjordbygg AS', tests.get_supabase_uid('owner')),
  ('00000000-0000-4000-8000-00000000000b', 'Nordlys Rør AS', tests.get_supabase_uid('other'));
insert into public.organizations_members (organization_id, member_id, role) values
  ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('admin'), 'admin'),
  ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('member'), 'member');

-- Another bucket whose object names do not start with a uuid: the policies must not fail on them.
insert into storage.buckets (id, name, public) values ('test-public', 'test-public', true);
insert into storage.objects (bucket_id, name) values ('test-public', 'logos/fjordbygg.png');
insert into storage.objects (bucket_id, name) values
  ('organizations-media', '00000000-0000-4000-8000-00000000000b/nordlys.png');

-- ============================================================================================
-- Schema, bucket and storage helpers
-- ============================================================================================

select tests.rls_enabled('public', 'organizations_media');
select tests.rls_enabled('storage', 'objects');
select results_eq(
  $$ select public from storage.buckets where id = 'organizations-media' $$,
  $$ values (false) $$,
  'the organizations-media bucket exists and is private'
);
select is(storage.foldername('a/b/c.png'), '{a,b}'::text[], 'storage.foldername gives the folders');
select is(storage.filename('a/b/c.png'), 'c.png', 'storage.filename gives the file name');
select is(storage.extension('a/b/c.tar.gz'), 'gz', 'storage.extension gives the last extension');
select results_eq(
  $$ select path_tokens from storage.objects where name = 'logos/fjordbygg.png' $$,
  $$ values ('{logos,fjordbygg.png}'::text[]) $$,
  'storage.objects.path_tokens is generated from the name'
);
select is(private.storage_organization_id('logos/x.png'), null, 'a folder that is not a uuid gives no organization');

-- ============================================================================================
-- organizations_media
-- ============================================================================================

select tests.clear_authentication();
select is_empty($$ select * from public.organizations_media $$, 'anon reads no media');
select throws_ok(
  $$ insert into public.organizations_media (organization_id, type, storage_path, mime_type, size_bytes)
     values ('00000000-0000-4000-8000-00000000000a', 'image', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e9/anon.png', 'image/png', 1) $$,
  '42501', null, 'anon cannot add media'
);

-- The service role writes rows (finish-upload and create-image, after reading the files).
select tests.authenticate_as_service_role();
select lives_ok(
  $$ insert into public.organizations_media (id, organization_id, type, storage_path, url, mime_type, size_bytes, created_by)
     values ('00000000-0000-4000-8000-0000000000e1', '00000000-0000-4000-8000-00000000000a', 'image',
             '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/original.png', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/web.webp', 'image/png', 1,
             tests.get_supabase_uid('member')) $$,
  'the service role adds a member''s media'
);
select throws_ok(
  $$ insert into public.organizations_media (id, organization_id, type, storage_path, mime_type, size_bytes)
     values ('00000000-0000-4000-8000-0000000000e2', '00000000-0000-4000-8000-00000000000a', 'image', '00000000-0000-4000-8000-00000000000b/00000000-0000-4000-8000-0000000000e2/x.png', 'image/png', 1) $$,
  '23514', null, 'the storage path must be in the organization''s folder'
);
select throws_ok(
  $$ insert into public.organizations_media (id, organization_id, type, storage_path, mime_type, size_bytes)
     values ('00000000-0000-4000-8000-0000000000e2', '00000000-0000-4000-8000-00000000000a', 'audio', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e2/x.mp3', 'audio/mpeg', 1) $$,
  '23514', null, 'type is image or video'
);
-- An item the owner added: a member may delete only the items they added.
insert into public.organizations_media (id, organization_id, type, storage_path, mime_type, size_bytes, created_by)
values ('00000000-0000-4000-8000-0000000000e4', '00000000-0000-4000-8000-00000000000a', 'image',
        '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e4/team.png', 'image/png', 1, tests.get_supabase_uid('owner'));

select tests.authenticate_as('member');
select throws_ok(
  $$ insert into public.organizations_media (id, organization_id, type, storage_path, mime_type, size_bytes)
     values ('00000000-0000-4000-8000-0000000000e3', '00000000-0000-4000-8000-00000000000a', 'image',
             '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e3/original.png', 'image/png', 1) $$,
  '42501', null, 'a member cannot add media rows (finish-upload does, after reading the files)'
);
select throws_ok(
  $$ insert into public.organizations_media (id, organization_id, type, storage_path, processing, mime_type, size_bytes)
     values ('00000000-0000-4000-8000-0000000000e1', '00000000-0000-4000-8000-00000000000a', 'image',
             '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/original.png', true, 'image/png', 1)
     on conflict (id) do update set processing = excluded.processing $$,
  '42501', null, 'nor upsert them'
);
select throws_ok(
  $$ insert into public.organizations_media (id, organization_id, type, storage_path, mime_type, size_bytes)
     values ('00000000-0000-4000-8000-0000000000e2', '00000000-0000-4000-8000-00000000000b', 'image', '00000000-0000-4000-8000-00000000000b/00000000-0000-4000-8000-0000000000e2/x.png', 'image/png', 1) $$,
  '42501', null, 'a member cannot add media to another organization'
);
select results_eq($$ select count(*)::int from public.organizations_media $$, $$ values (2) $$, 'a member reads their organization''s media');
select results_eq(
  $$ with u as (update public.organizations_media set name = 'Fasade', alt_text = 'Huset fra sør' where id = '00000000-0000-4000-8000-0000000000e1' returning 1) select count(*)::int from u $$,
  $$ values (1) $$,
  'a member renames their organization''s media and sets its alt text'
);
select throws_ok(
  $$ update public.organizations_media set url = '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e1/web2.webp' $$,
  '42501', null, 'a member cannot point a row at other files'
);
select throws_ok(
  $$ update public.organizations_media set organization_id = '00000000-0000-4000-8000-00000000000b',
       storage_path = '00000000-0000-4000-8000-00000000000b/00000000-0000-4000-8000-0000000000e1/original.png', url = null $$,
  '42501', null, 'a member cannot move media to another organization'
);
select results_eq(
  $$ with d as (delete from public.organizations_media where created_by <> (select auth.uid()) returning 1)
     select count(*)::int from d $$,
  $$ values (0) $$,
  'a member cannot delete media someone else added'
);

select tests.authenticate_as('outsider');
select is_empty($$ select * from public.organizations_media $$, 'an outsider reads no media');
select throws_ok(
  $$ insert into public.organizations_media (organization_id, type, storage_path, mime_type, size_bytes)
     values ('00000000-0000-4000-8000-00000000000a', 'image', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e3/o.png', 'image/png', 1) $$,
  '42501', null, 'an outsider cannot add media'
);

select tests.authenticate_as('other');
select is_empty($$ select * from public.organizations_media $$, 'another organization''s owner reads none of this media');
select results_eq(
  $$ with u as (update public.organizations_media set name = 'Vårt' returning 1) select count(*)::int from u $$,
  $$ values (0) $$,
  'another organization''s owner updates none of this media'
);
select results_eq(
  $$ with d as (delete from public.organizations_media returning 1) select count(*)::int from d $$,
  $$ values (0) $$,
  'another organization''s owner deletes none of this media'
);

select tests.authenticate_as('support');
select results_eq($$ select count(*)::int from public.organizations_media $$, $$ values (2) $$, 'a claims admin reads all media');

select tests.authenticate_as('admin');
select results_eq(
  $$ with d as (delete from public.organizations_media returning 1) select count(*)::int from d $$,
  $$ values (2) $$,
  'an admin deletes their organization''s media'
);

-- ============================================================================================
-- storage.objects in organizations-media
-- ============================================================================================

select tests.clear_authentication();
select is_empty(
  $$ select * from storage.objects where bucket_id = 'organizations-media' $$,
  'anon reads no media files'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('organizations-media', '00000000-0000-4000-8000-00000000000a/anon.png') $$,
  '42501', null, 'anon cannot upload media files'
);

-- A file outside item folders, from before the library (members cannot write one now).
select tests.authenticate_as_service_role();
insert into storage.objects (bucket_id, name) values ('organizations-media', '00000000-0000-4000-8000-00000000000a/hero.png');

select tests.authenticate_as('member');
select lives_ok(
  $$ insert into storage.objects (bucket_id, name, owner_id)
     values ('organizations-media', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e7/original.png', tests.get_supabase_uid('member')::text) $$,
  'a member uploads into an item folder of their organization'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('organizations-media', '00000000-0000-4000-8000-00000000000a/banner.png') $$,
  '42501', null, 'a member cannot upload outside item folders'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('organizations-media', '00000000-0000-4000-8000-00000000000b/00000000-0000-4000-8000-0000000000e7/original.png') $$,
  '42501', null, 'a member cannot upload into another organization''s folder'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('organizations-media', 'not-a-uuid/x.png') $$,
  '42501', null, 'an upload outside an organization folder is refused (not a cast error)'
);
select results_eq(
  $$ select name from storage.objects where bucket_id = 'organizations-media' order by name $$,
  $$ values ('00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e7/original.png'), ('00000000-0000-4000-8000-00000000000a/hero.png') $$,
  'a member reads their organization''s files only'
);
select lives_ok(
  $$ select count(*) from storage.objects $$,
  'reading all buckets does not fail on names that are not uuids'
);
select results_eq(
  $$ with u as (update storage.objects set metadata = '{"size": 1}' where bucket_id = 'organizations-media' returning name)
     select name from u $$,
  $$ values ('00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e7/original.png') $$,
  'a member replaces the file of an upload not yet finished (upsert), nothing else'
);
select results_eq(
  $$ with d as (delete from storage.objects where name = '00000000-0000-4000-8000-00000000000a/hero.png' returning 1) select count(*)::int from d $$,
  $$ values (0) $$,
  'a member cannot delete files outside item folders'
);

select tests.authenticate_as('outsider');
select is_empty($$ select * from storage.objects where bucket_id = 'organizations-media' $$, 'an outsider reads no media files');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('organizations-media', '00000000-0000-4000-8000-00000000000a/o.png') $$,
  '42501', null, 'an outsider cannot upload media files'
);

select tests.authenticate_as('other');
select results_eq(
  $$ select name from storage.objects where bucket_id = 'organizations-media' $$,
  $$ values ('00000000-0000-4000-8000-00000000000b/nordlys.png') $$,
  'another organization''s owner reads only their own files'
);
select results_eq(
  $$ with d as (delete from storage.objects where name like '00000000-0000-4000-8000-00000000000a/%' returning 1)
     select count(*)::int from d $$,
  $$ values (0) $$,
  'another organization''s owner deletes none of this organization''s files'
);
select results_eq(
  $$ with u as (update storage.objects set metadata = '{}' where name like '00000000-0000-4000-8000-00000000000a/%' returning 1)
     select count(*)::int from u $$,
  $$ values (0) $$,
  'another organization''s owner replaces none of this organization''s files'
);

select tests.authenticate_as('support');
select results_eq(
  $$ select count(*)::int from storage.objects where bucket_id = 'organizations-media' $$,
  $$ values (3) $$,
  'a claims admin reads every organization''s files'
);

select tests.authenticate_as('owner');
select results_eq(
  $$ with d as (delete from storage.objects where bucket_id = 'organizations-media' returning name) select name from d order by name $$,
  $$ values ('00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e7/original.png'), ('00000000-0000-4000-8000-00000000000a/hero.png') $$,
  'the owner deletes their organization''s files'
);

select tests.authenticate_as('admin');
select lives_ok(
  $$ insert into storage.objects (bucket_id, name) values ('organizations-media', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000e8/original.png') $$,
  'an admin uploads'
);
select results_eq(
  $$ with d as (delete from storage.objects where bucket_id = 'organizations-media' returning 1) select count(*)::int from d $$,
  $$ values (1) $$,
  'an admin deletes their organization''s files'
);

select * from finish();
rollback;
