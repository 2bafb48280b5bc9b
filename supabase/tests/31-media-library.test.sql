-- The media library (supabase/migrations/20261125100000_media_library.sql, docs/media.md): the new
-- columns and their limits, who deletes what, object paths and their tricks, media_usages and
-- create-image's hourly ledger.
-- Actors: anon, outsider, member, second member, admin, owner, other organization's owner.
begin;

select plan(112);

-- ============================================================================================
-- Fixtures (as postgres)
-- ============================================================================================

select tests.create_supabase_user('owner', 'owner@example.com');
select tests.create_supabase_user('admin', 'admin@example.com');
select tests.create_supabase_user('member', 'member@example.com');
select tests.create_supabase_user('member2', 'member2@example.com');
select tests.create_supabase_user('outsider', 'outsider@example.com');
select tests.create_supabase_user('other', 'other@example.com');

insert into public.organizations (id, name, owner_id) values
  ('00000000-0000-4000-8000-00000000000a', 'Fjordbygg AS', tests.get_supabase_uid('owner')),
  ('00000000-0000-4000-8000-00000000000b', 'Nordlys Rør AS', tests.get_supabase_uid('other'));
insert into public.organizations_members (organization_id, member_id, role) values
  ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('admin'), 'admin'),
  ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('member'), 'member'),
  ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('member2'), 'member');

-- Organization B's item and file.
insert into public.organizations_media (id, organization_id, type, storage_path, mime_type, size_bytes, created_by)
values ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-00000000000b', 'image',
        '00000000-0000-4000-8000-00000000000b/00000000-0000-4000-8000-0000000000b1/original.png', 'image/png', 10,
        tests.get_supabase_uid('other'));
insert into storage.objects (bucket_id, name, owner_id) values
  ('organizations-media', '00000000-0000-4000-8000-00000000000b/00000000-0000-4000-8000-0000000000b1/original.png',
   tests.get_supabase_uid('other')::text);

-- ============================================================================================
-- Schema, bucket, paths
-- ============================================================================================

select col_not_null('public', 'organizations_media', 'name', 'name is required');
select col_not_null('public', 'organizations_media', 'mime_type', 'mime_type is required');
select col_not_null('public', 'organizations_media', 'size_bytes', 'size_bytes is required');
select col_default_is('public', 'organizations_media', 'source', 'upload'::text, 'source defaults to upload');
select has_trigger('public', 'organizations_media', 'organizations_media_set_updated_at', 'updated_at follows updates');
select tests.rls_enabled('public', 'media_usages');
select results_eq(
  $$ select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'organizations-media' $$,
  $$ values (false, 209715200::bigint,
             array['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'video/mp4', 'video/webm', 'video/quicktime']) $$,
  'the bucket stays private, takes 200 MiB and the image and video types'
);
select is(
  private.media_object_organization_id('00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a1/original.png'),
  '00000000-0000-4000-8000-00000000000a'::uuid,
  'a media object path gives its organization'
);
select is(
  private.media_object_organization_id('00000000-0000-4000-8000-00000000000a/../00000000-0000-4000-8000-00000000000b/x.png'),
  null, '<org>/../<other org>/… is not a media path'
);
select is(
  private.media_object_organization_id('../00000000-0000-4000-8000-00000000000b/00000000-0000-4000-8000-0000000000b1/x.png'),
  null, 'a leading ../ is not a media path'
);
select is(
  private.media_object_organization_id('00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a1/../x.png'),
  null, 'a ../ inside the item folder is not a media path'
);
select is(private.media_object_organization_id('not-a-uuid/00000000-0000-4000-8000-0000000000a1/x.png'), null, 'a first folder that is not a uuid');
select is(private.media_object_organization_id('00000000-0000-4000-8000-00000000000a/x.png'), null, 'a file outside an item folder');
select is(
  private.media_object_organization_id('00000000-0000-4000-8000-00000000000A/00000000-0000-4000-8000-0000000000a1/x.png'),
  null, 'upper-case uuids are not media paths'
);
select is(
  private.media_object_organization_id('00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a1/sub/x.png'),
  null, 'deeper folders are not media paths'
);

-- ============================================================================================
-- organizations_media: adding, limits, created_by
-- ============================================================================================

-- Rows are written by the service role (finish-upload, create-image) after it has read the files.
select tests.authenticate_as_service_role();
select lives_ok(
  $$ insert into public.organizations_media (id, organization_id, type, storage_path, url, thumbnail_path, mime_type, size_bytes, width, height, created_by)
     values ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-00000000000a', 'image',
             '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a1/original.webp',
             '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a1/web.webp',
             '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a1/thumb.webp',
             'image/webp', 2048, 8000, 5000, tests.get_supabase_uid('member')) $$,
  'the service role adds a 40-megapixel image for a member'
);
select results_eq(
  $$ select name, created_by, source, alt_text from public.organizations_media where id = '00000000-0000-4000-8000-0000000000a1' $$,
  $$ values ('original'::text, tests.get_supabase_uid('member'), 'upload'::text, null::text) $$,
  'the name defaults to the file name'
);
select lives_ok(
  $$ insert into public.organizations_media (id, organization_id, type, storage_path, url_video, mime_type, size_bytes, processing, duration_seconds, name, created_by)
     values ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-00000000000a', 'video',
             '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a2/original.mov',
             '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a2/original.mov',
             'video/quicktime', 209715200, true, 600, 'Sommerfest', tests.get_supabase_uid('member')) $$,
  'the service role adds a 200 MiB, 10-minute video'
);
select lives_ok(
  $$ insert into public.organizations_media (id, organization_id, type, storage_path, mime_type, size_bytes, created_by)
     values ('00000000-0000-4000-8000-0000000000a3', '00000000-0000-4000-8000-00000000000a', 'image',
             '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a3/original.jpg', 'image/jpeg', 100, tests.get_supabase_uid('member2')) $$,
  'the service role adds a second member''s image'
);

-- Each limit, one at a time (the table's checks hold whoever writes).
select throws_ok(
  $$ insert into public.organizations_media (organization_id, type, storage_path, mime_type, size_bytes, name)
     values ('00000000-0000-4000-8000-00000000000a', 'image', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a8/o.png', 'image/png', 1, '  ') $$,
  '23514', null, 'a blank name is refused'
);
select throws_ok(
  $$ update public.organizations_media set size_bytes = 10485761 where id = '00000000-0000-4000-8000-0000000000a1' $$,
  '23514', null, 'an image over 10 MiB is refused'
);
select throws_ok(
  $$ update public.organizations_media set size_bytes = 209715201 where id = '00000000-0000-4000-8000-0000000000a2' $$,
  '23514', null, 'a video over 200 MiB is refused'
);
select throws_ok(
  $$ update public.organizations_media set size_bytes = -1 where id = '00000000-0000-4000-8000-0000000000a1' $$,
  '23514', null, 'a negative size is refused'
);
select throws_ok(
  $$ update public.organizations_media set height = 5001 where id = '00000000-0000-4000-8000-0000000000a1' $$,
  '23514', null, 'an image over 40 megapixels is refused'
);
select throws_ok(
  $$ update public.organizations_media set duration_seconds = 600.001 where id = '00000000-0000-4000-8000-0000000000a2' $$,
  '23514', null, 'a video over 10 minutes is refused'
);
select throws_ok(
  $$ update public.organizations_media set duration_seconds = 3 where id = '00000000-0000-4000-8000-0000000000a1' $$,
  '23514', null, 'an image has no duration'
);
select throws_ok(
  $$ update public.organizations_media set mime_type = 'video/mp4' where id = '00000000-0000-4000-8000-0000000000a1' $$,
  '23514', null, 'an image''s type is an image type'
);
select throws_ok(
  $$ update public.organizations_media set mime_type = 'image/svg+xml' where id = '00000000-0000-4000-8000-0000000000a1' $$,
  '23514', null, 'types outside the bucket''s list are refused'
);
select throws_ok(
  $$ update public.organizations_media set source = 'stock' where id = '00000000-0000-4000-8000-0000000000a1' $$,
  '23514', null, 'source is upload or ai'
);
select throws_ok(
  $$ update public.organizations_media set prompt = 'En dør' where id = '00000000-0000-4000-8000-0000000000a1' $$,
  '23514', null, 'only AI images have a prompt'
);
select throws_ok(
  $$ update public.organizations_media
     set url = '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a2/web.webp'
     where id = '00000000-0000-4000-8000-0000000000a1' $$,
  '23514', null, 'a path in another item''s folder is refused'
);
select throws_ok(
  $$ update public.organizations_media
     set thumbnail_path = '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a1/../thumb.webp'
     where id = '00000000-0000-4000-8000-0000000000a1' $$,
  '23514', null, 'a path with ../ is refused'
);
select throws_ok(
  $$ update public.organizations_media set url = 'https://example.com/web.webp' where id = '00000000-0000-4000-8000-0000000000a1' $$,
  '23514', null, 'an absolute URL is refused: the columns hold object paths'
);

-- Members: no rows of their own making, name and alt text only.
select tests.authenticate_as('member');
select throws_ok(
  $$ insert into public.organizations_media (organization_id, type, storage_path, mime_type, size_bytes)
     values ('00000000-0000-4000-8000-00000000000a', 'image',
             '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a9/original.png', 'image/png', 1) $$,
  '42501', null, 'a member cannot add a row: finish-upload writes it after reading the files'
);
select throws_ok(
  $$ update public.organizations_media set mime_type = 'image/png', size_bytes = 1 where id = '00000000-0000-4000-8000-0000000000a1' $$,
  '42501', null, 'a member cannot change what the row says about its file'
);
select throws_ok(
  $$ update public.organizations_media set processing = false, url_mp4 = null where id = '00000000-0000-4000-8000-0000000000a2' $$,
  '42501', null, 'a member cannot mark a video processed'
);
select throws_ok(
  $$ update public.organizations_media set name = repeat('n', 201) where id = '00000000-0000-4000-8000-0000000000a1' $$,
  '23514', null, 'a name over 200 characters is refused'
);
select throws_ok(
  $$ update public.organizations_media set alt_text = repeat('a', 501) where id = '00000000-0000-4000-8000-0000000000a1' $$,
  '23514', null, 'alt text over 500 characters is refused'
);
select lives_ok(
  $$ update public.organizations_media set alt_text = repeat('a', 500), name = repeat('n', 200) where id = '00000000-0000-4000-8000-0000000000a1' $$,
  '500 characters of alt text and a 200-character name are fine'
);
update public.organizations_media set name = 'Mitt nå' where id = '00000000-0000-4000-8000-0000000000a3';
select throws_ok(
  $$ update public.organizations_media set created_by = tests.get_supabase_uid('member') where id = '00000000-0000-4000-8000-0000000000a3' $$,
  '42501', null, 'a member cannot make another member''s item theirs'
);
select results_eq(
  $$ select name, created_by from public.organizations_media where id = '00000000-0000-4000-8000-0000000000a3' $$,
  $$ values ('Mitt nå'::text, tests.get_supabase_uid('member2')) $$,
  'a member renames another member''s item'
);

-- ============================================================================================
-- Who reads
-- ============================================================================================

select results_eq($$ select count(*)::int from public.organizations_media $$, $$ values (3) $$, 'a member reads their organization''s items only');
select tests.authenticate_as('other');
select results_eq(
  $$ select id from public.organizations_media $$,
  $$ values ('00000000-0000-4000-8000-0000000000b1'::uuid) $$,
  'another organization''s owner reads only their own item'
);
select tests.authenticate_as('outsider');
select is_empty($$ select * from public.organizations_media $$, 'an outsider reads no items');
select tests.clear_authentication();
select is_empty($$ select * from public.organizations_media $$, 'anon reads no items');

-- ============================================================================================
-- storage.objects: writing, path tricks, reading
-- ============================================================================================

-- Item a1's files, uploaded before its row was written.
select tests.authenticate_as_service_role();
insert into storage.objects (bucket_id, name, owner_id) values
  ('organizations-media', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a1/original.webp', tests.get_supabase_uid('member')::text),
  ('organizations-media', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a1/web.webp', tests.get_supabase_uid('member')::text);

select tests.authenticate_as('member');
select lives_ok(
  $$ insert into storage.objects (bucket_id, name, owner_id) values
       ('organizations-media', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a7/original.png', tests.get_supabase_uid('member')::text) $$,
  'a member uploads into a new item folder of their organization'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('organizations-media', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a7/notes.png') $$,
  '42501', null, 'a file an upload does not have (original, web, thumb) is refused'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('organizations-media', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a1/thumb.webp') $$,
  '42501', null, 'once the row is written, no file is added to its folder'
);
select results_eq(
  $$ with u as (update storage.objects set metadata = '{"mimetype": "image/webp"}'
                where name = '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a1/original.webp' returning 1)
     select count(*)::int from u $$,
  $$ values (0) $$,
  'nor is a checked file replaced'
);
select lives_ok(
  $$ insert into storage.objects (bucket_id, name, owner_id) values
       ('organizations-media', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a2/video.mp4', tests.get_supabase_uid('member')::text) $$,
  'a processing video takes its renditions'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('organizations-media', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a2/original.webm') $$,
  '42501', null, 'but not another original'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('organizations-media', '00000000-0000-4000-8000-00000000000a/../00000000-0000-4000-8000-00000000000b/00000000-0000-4000-8000-0000000000b1/x.png') $$,
  '42501', null, 'upload to <org>/../<other org>/… is refused'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('organizations-media', '../00000000-0000-4000-8000-00000000000b/00000000-0000-4000-8000-0000000000b1/x.png') $$,
  '42501', null, 'upload to ../<other org>/… is refused'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('organizations-media', '00000000-0000-4000-8000-00000000000b/00000000-0000-4000-8000-0000000000b1/x.png') $$,
  '42501', null, 'upload into another organization''s folder is refused'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('organizations-media', 'fjordbygg/00000000-0000-4000-8000-0000000000a1/x.png') $$,
  '42501', null, 'upload under a first folder that is not a uuid is refused'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('organizations-media', '00000000-0000-4000-8000-00000000000a/./x.png') $$,
  '42501', null, 'upload with a ./ segment is refused'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('organizations-media', '00000000-0000-4000-8000-00000000000a//x.png') $$,
  '42501', null, 'upload with an empty segment is refused'
);
select results_eq(
  $$ select count(*)::int from storage.objects where bucket_id = 'organizations-media' $$,
  $$ values (4) $$,
  'a member lists their organization''s files only'
);
select tests.authenticate_as('other');
select results_eq(
  $$ select name from storage.objects where bucket_id = 'organizations-media' $$,
  $$ values ('00000000-0000-4000-8000-00000000000b/00000000-0000-4000-8000-0000000000b1/original.png') $$,
  'another organization''s owner lists only their own files'
);
select results_eq(
  $$ with u as (update storage.objects set metadata = '{}' where name like '00000000-0000-4000-8000-00000000000a/%' returning 1)
     select count(*)::int from u $$,
  $$ values (0) $$,
  'another organization''s owner replaces none of these files'
);
select results_eq(
  $$ with d as (delete from storage.objects where name like '00000000-0000-4000-8000-00000000000a/%' returning 1)
     select count(*)::int from d $$,
  $$ values (0) $$,
  'another organization''s owner deletes none of these files'
);
select tests.authenticate_as('outsider');
select is_empty($$ select * from storage.objects where bucket_id = 'organizations-media' $$, 'an outsider lists no files');
select tests.clear_authentication();
select is_empty($$ select * from storage.objects where bucket_id = 'organizations-media' $$, 'anon lists no files');

-- ============================================================================================
-- Delete: owners and admins, members what they added (rows and files alike)
-- ============================================================================================

-- Item a3's file, uploaded by the second member before its row was written.
select tests.authenticate_as_service_role();
insert into storage.objects (bucket_id, name, owner_id) values
  ('organizations-media', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a3/original.jpg', tests.get_supabase_uid('member2')::text);
select tests.authenticate_as('member');
select results_eq(
  $$ with d as (delete from public.organizations_media where id = '00000000-0000-4000-8000-0000000000a3' returning 1) select count(*)::int from d $$,
  $$ values (0) $$,
  'a member cannot delete an item another member added'
);
select results_eq(
  $$ with d as (delete from storage.objects where name like '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a3/%' returning 1)
     select count(*)::int from d $$,
  $$ values (0) $$,
  'nor its files'
);
select results_eq(
  $$ with d as (delete from public.organizations_media where id = '00000000-0000-4000-8000-0000000000a1' returning 1) select count(*)::int from d $$,
  $$ values (1) $$,
  'a member deletes an item they added'
);
select results_eq(
  $$ with d as (delete from storage.objects where name like '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a1/%' returning 1)
     select count(*)::int from d $$,
  $$ values (2) $$,
  'and then its files (no item has that folder any more)'
);
select results_eq(
  $$ with d as (delete from storage.objects where name like '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a7/%' returning 1)
     select count(*)::int from d $$,
  $$ values (1) $$,
  'a member clears an upload whose item was never added'
);
-- A file outside item folders (members cannot write one; an older upload or the service role can).
select tests.authenticate_as_service_role();
insert into storage.objects (bucket_id, name, owner_id) values
  ('organizations-media', '00000000-0000-4000-8000-00000000000a/logo.png', tests.get_supabase_uid('admin')::text);
select tests.authenticate_as('member');
select results_eq(
  $$ with d as (delete from storage.objects where name = '00000000-0000-4000-8000-00000000000a/logo.png' returning 1)
     select count(*)::int from d $$,
  $$ values (0) $$,
  'a member cannot delete files outside item folders'
);
select tests.authenticate_as('admin');
select results_eq(
  $$ with d as (delete from storage.objects where name like '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a3/%' returning 1)
     select count(*)::int from d $$,
  $$ values (1) $$,
  'an admin deletes another member''s files'
);
select results_eq(
  $$ with d as (delete from public.organizations_media where id = '00000000-0000-4000-8000-0000000000a3' returning 1) select count(*)::int from d $$,
  $$ values (1) $$,
  'an admin deletes another member''s item'
);

-- ============================================================================================
-- Video processing: one claim at a time, three attempts, then failed until tried again
-- ============================================================================================

select tests.authenticate_as('member');
select is(public.claim_video_processing('00000000-0000-4000-8000-0000000000a2'), true, 'a member claims a processing video');
select tests.authenticate_as('member2');
select is(public.claim_video_processing('00000000-0000-4000-8000-0000000000a2'), false, 'a second browser leaves a claimed video alone');
select is(
  (public.release_video_processing('00000000-0000-4000-8000-0000000000a2')).processing_failed_at, null,
  'a failed first attempt gives the claim back without failing the video'
);
select is(public.claim_video_processing('00000000-0000-4000-8000-0000000000a2'), true, 'the next browser claims it');
select is(
  (public.release_video_processing('00000000-0000-4000-8000-0000000000a2', false)).processing_attempts::int, 1,
  'a browser that lacked the codec gives its attempt back'
);
select is(public.claim_video_processing('00000000-0000-4000-8000-0000000000a2'), true, 'and another browser claims it (second attempt)');
select tests.authenticate_as_service_role();
-- The second attempt's tab was closed: its claim runs out.
update public.organizations_media set processing_claimed_until = now() - interval '1 second' where id = '00000000-0000-4000-8000-0000000000a2';
select tests.authenticate_as('member');
select is(public.claim_video_processing('00000000-0000-4000-8000-0000000000a2'), true, 'a claim that ran out is taken over (third attempt)');
select results_eq(
  $$ select processing_attempts::int, processing_claimed_until > now() from public.organizations_media where id = '00000000-0000-4000-8000-0000000000a2' $$,
  $$ values (3, true) $$,
  'each claim counts an attempt and holds for a while'
);
select isnt(
  (public.release_video_processing('00000000-0000-4000-8000-0000000000a2')).processing_failed_at, null,
  'the third failed attempt marks the video failed'
);
select is(public.claim_video_processing('00000000-0000-4000-8000-0000000000a2'), false, 'a failed video is not claimed again');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('organizations-media', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000a2/video.webm') $$,
  '42501', null, 'a failed video takes no renditions'
);
select is(
  (public.retry_video_processing('00000000-0000-4000-8000-0000000000a2')).processing_attempts::int, 0,
  'a member asks for another try: the attempts start over'
);
select is(public.claim_video_processing('00000000-0000-4000-8000-0000000000a2'), true, 'and the video is claimed again');
select throws_ok(
  $$ select public.retry_video_processing('00000000-0000-4000-8000-0000000000a2') $$,
  'PT404', 'not-found', 'only a failed video is tried again'
);
select tests.authenticate_as('other');
select is(
  public.claim_video_processing('00000000-0000-4000-8000-0000000000b1'), false,
  'an image is never claimed'
);
select throws_ok(
  $$ select public.claim_video_processing('00000000-0000-4000-8000-0000000000a2') $$,
  'PT404', 'not-found', 'another organization''s owner cannot claim the video'
);
select throws_ok(
  $$ select public.release_video_processing('00000000-0000-4000-8000-0000000000a2') $$,
  'PT404', 'not-found', 'nor release it'
);
select tests.clear_authentication();
select throws_ok(
  $$ select public.claim_video_processing('00000000-0000-4000-8000-0000000000a2') $$,
  '42501', null, 'anon cannot call the claim'
);
select tests.authenticate_as_service_role();
select throws_ok(
  $$ update public.organizations_media set processing_attempts = 1 where id = '00000000-0000-4000-8000-0000000000b1' $$,
  '23514', null, 'an image has no processing state'
);

-- ============================================================================================
-- media_usages
-- ============================================================================================

select tests.authenticate_as('member');
select throws_ok(
  $$ insert into public.media_usages (media_id, organization_id, kind, ref_id, label)
     values ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-00000000000a', 'popup', gen_random_uuid(), 'Popup') $$,
  '42501', null, 'a member cannot record a usage'
);

select tests.authenticate_as_service_role();
select lives_ok(
  $$ insert into public.media_usages (media_id, organization_id, kind, ref_id, label)
     values ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-00000000000a', 'calendar-door',
             '00000000-0000-4000-8000-0000000000c1', 'Julekalender, luke 3') $$,
  'the service role records where an item is used'
);
select throws_ok(
  $$ insert into public.media_usages (media_id, organization_id, kind, ref_id)
     values ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-00000000000a', 'popup', gen_random_uuid()) $$,
  '23503', null, 'a usage names an item of its own organization'
);
select throws_ok(
  $$ insert into public.media_usages (media_id, organization_id, kind, ref_id)
     values ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-00000000000a', 'Calendar Door', gen_random_uuid()) $$,
  '23514', null, 'kind is a lower-case slug'
);

select tests.authenticate_as('member2');
select results_eq(
  $$ select kind, label from public.media_usages $$,
  $$ values ('calendar-door'::text, 'Julekalender, luke 3'::text) $$,
  'members read their organization''s usages'
);
select tests.authenticate_as('other');
select is_empty($$ select * from public.media_usages $$, 'another organization reads none of them');
select tests.clear_authentication();
select throws_ok($$ select * from public.media_usages $$, '42501', null, 'anon cannot read usages');

select tests.authenticate_as('owner');
select throws_ok(
  $$ delete from public.organizations_media where id = '00000000-0000-4000-8000-0000000000a2' $$,
  '23503', null, 'a used item cannot be deleted'
);
select throws_ok(
  $$ update public.media_usages set label = 'x' $$,
  '42501', null, 'the owner cannot change usages either'
);

-- ============================================================================================
-- create-image's ledger: 20 per organization per hour
-- ============================================================================================

select tests.authenticate_as('member');
select throws_ok(
  $$ select public.claim_image_generation('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('member')) $$,
  '42501', null, 'members cannot claim directly (create-image does, after its checks)'
);

select tests.authenticate_as_service_role();
select results_eq(
  $$ select count(public.claim_image_generation('00000000-0000-4000-8000-00000000000a', null))::int from generate_series(1, 19) $$,
  $$ values (19) $$,
  '19 images in an hour are fine'
);
select public.claim_image_generation('00000000-0000-4000-8000-00000000000a', null) as twentieth \gset
select ok(:twentieth > 0, 'and the 20th');
select throws_ok(
  $$ select public.claim_image_generation('00000000-0000-4000-8000-00000000000a', null) $$,
  'P0001', 'image-rate-limited', 'the 21st is refused'
);
select lives_ok(
  $$ select public.claim_image_generation('00000000-0000-4000-8000-00000000000b', null) $$,
  'another organization is unaffected'
);
select lives_ok(
  format($$ select public.release_image_generation(%s) $$, :twentieth),
  'a failed generation gives its slot back'
);
select lives_ok(
  $$ select public.claim_image_generation('00000000-0000-4000-8000-00000000000a', null) $$,
  'so the next one is fine again'
);
select throws_ok(
  $$ select public.claim_image_generation('00000000-0000-4000-8000-00000000000a', null) $$,
  'P0001', 'image-rate-limited', 'and the one after is refused'
);

reset role;
-- The clock moves: the first ten were made 61 minutes ago.
update private.image_generations
set created_at = created_at - interval '61 minutes'
where id in (
  select id from private.image_generations
  where organization_id = '00000000-0000-4000-8000-00000000000a' order by id limit 10
);
select tests.authenticate_as_service_role();
select results_eq(
  $$ select count(public.claim_image_generation('00000000-0000-4000-8000-00000000000a', null))::int from generate_series(1, 10) $$,
  $$ values (10) $$,
  'an hour later their slots are free again'
);
select throws_ok(
  $$ select public.claim_image_generation('00000000-0000-4000-8000-00000000000a', null) $$,
  'P0001', 'image-rate-limited', 'but no more than 20 in the last hour'
);
select throws_ok(
  $$ select public.claim_image_generation(null, null) $$,
  '22004', 'invalid-input', 'an organization is required'
);

-- ============================================================================================
-- Deleting the organization takes its items and usages along
-- ============================================================================================

reset role;
select lives_ok(
  $$ delete from public.organizations where id = '00000000-0000-4000-8000-00000000000a' $$,
  'an organization with used items can be deleted'
);
select is_empty(
  $$ select 1 from public.organizations_media where organization_id = '00000000-0000-4000-8000-00000000000a'
     union all select 1 from public.media_usages where organization_id = '00000000-0000-4000-8000-00000000000a' $$,
  'its items and usages are gone'
);

select * from finish();
rollback;
