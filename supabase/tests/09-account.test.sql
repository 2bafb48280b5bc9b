-- Profile pictures and the members list (supabase/migrations/20261122100800_avatars_and_members.sql).
-- Actors: anon, a user with their own folder, another user, organization owner/member, outsider.
begin;

select plan(20);

select tests.create_supabase_user('owner', 'owner@example.com');
select tests.create_supabase_user('member', 'member@example.com');
select tests.create_supabase_user('outsider', 'outsider@example.com');

insert into public.profiles (id, name) values
  (tests.get_supabase_uid('owner'), 'Ola Nordmann'),
  (tests.get_supabase_uid('member'), 'Kari Nordmann');

insert into public.organizations (id, name, owner_id) values
  ('00000000-0000-4000-8000-00000000000a', 'Fjordbygg AS', tests.get_supabase_uid('owner'));
insert into public.organizations_members (organization_id, member_id, role) values
  ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('member'), 'member');

-- ============================================================================================
-- Bucket avatars
-- ============================================================================================

select results_eq(
  $$ select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'avatars' $$,
  $$ values (true, 2097152::bigint, array['image/png', 'image/jpeg', 'image/webp']) $$,
  'the avatars bucket is public, 2 MB, png/jpeg/webp'
);

select tests.clear_authentication();
select throws_ok(
  format($$ insert into storage.objects (bucket_id, name) values ('avatars', '%s/anon.png') $$, tests.get_supabase_uid('owner')),
  '42501', null, 'anon cannot upload an avatar'
);

select tests.authenticate_as('owner');
select lives_ok(
  format($$ insert into storage.objects (bucket_id, name, owner_id) values ('avatars', '%s/me.png', '%s') $$,
    tests.get_supabase_uid('owner'), tests.get_supabase_uid('owner')),
  'a user uploads into their own folder'
);
select throws_ok(
  format($$ insert into storage.objects (bucket_id, name) values ('avatars', '%s/x.png') $$, tests.get_supabase_uid('member')),
  '42501', null, 'a user cannot upload into another user''s folder'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('avatars', 'x.png') $$,
  '42501', null, 'a user cannot upload outside a folder'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('avatars', 'not-a-uuid/x.png') $$,
  '42501', null, 'a folder that is not a uuid is refused'
);
select results_eq(
  $$ with u as (update storage.objects set metadata = '{"size": 1}' where bucket_id = 'avatars' returning 1) select count(*)::int from u $$,
  $$ values (1) $$,
  'a user replaces their own avatar'
);

select tests.authenticate_as('member');
select is_empty($$ select * from storage.objects where bucket_id = 'avatars' $$, 'another user does not list someone''s avatar files');
select results_eq(
  $$ with u as (update storage.objects set metadata = '{}' where bucket_id = 'avatars' returning 1) select count(*)::int from u $$,
  $$ values (0) $$,
  'another user cannot replace someone''s avatar'
);
select results_eq(
  $$ with d as (delete from storage.objects where bucket_id = 'avatars' returning 1) select count(*)::int from d $$,
  $$ values (0) $$,
  'another user cannot delete someone''s avatar'
);

select tests.authenticate_as('owner');
select results_eq(
  $$ with d as (delete from storage.objects where bucket_id = 'avatars' returning 1) select count(*)::int from d $$,
  $$ values (1) $$,
  'a user deletes their own avatar'
);

-- ============================================================================================
-- organization_members_list
-- ============================================================================================

select tests.authenticate_as('member');
select results_eq(
  $$ select name, email, role::text from public.organization_members_list('00000000-0000-4000-8000-00000000000a') $$,
  $$ values ('Ola Nordmann', 'owner@example.com', 'owner'), ('Kari Nordmann', 'member@example.com', 'member') $$,
  'a member sees every member with name, e-mail and role, owner first'
);
select results_eq(
  $$ select member_id from public.organization_members_list('00000000-0000-4000-8000-00000000000a') where role = 'owner' $$,
  $$ select tests.get_supabase_uid('owner') $$,
  'the rows carry the member ids'
);

select tests.authenticate_as('owner');
select results_eq(
  $$ select count(*)::int from public.organization_members_list('00000000-0000-4000-8000-00000000000a') $$,
  $$ values (2) $$,
  'the owner sees the members'
);

select tests.authenticate_as('outsider');
select is_empty(
  $$ select * from public.organization_members_list('00000000-0000-4000-8000-00000000000a') $$,
  'an outsider gets no rows'
);
select is_empty(
  $$ select * from public.organization_members_list(null) $$,
  'no organization gives no rows'
);

select tests.clear_authentication();
select throws_ok(
  $$ select * from public.organization_members_list('00000000-0000-4000-8000-00000000000a') $$,
  '42501', null, 'anon cannot call the members list'
);

-- Leaving and removing (existing policies) as the screen uses them.
select tests.authenticate_as('owner');
select results_eq(
  $$ with d as (delete from public.organizations_members where member_id = (select auth.uid()) returning 1) select count(*)::int from d $$,
  $$ values (0) $$,
  'the owner cannot leave'
);
select tests.authenticate_as('member');
select results_eq(
  $$ with d as (delete from public.organizations_members where member_id = (select auth.uid()) returning 1) select count(*)::int from d $$,
  $$ values (1) $$,
  'a member leaves'
);
select is_empty(
  $$ select * from public.organization_members_list('00000000-0000-4000-8000-00000000000a') $$,
  'after leaving the list is empty'
);

select * from finish();
rollback;
