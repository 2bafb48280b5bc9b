-- Identity: private helpers, profiles and users_configs
-- (supabase/migrations/20261122100000_private_helpers_and_profiles.sql).
-- Actors: anon, outsider (signed in, no organization), member, owner, other organization's member,
-- claims admin, a user with claims_admin only in user_metadata, and a fresh user without rows.
begin;

select plan(37);

-- ============================================================================================
-- Fixtures (as postgres)
-- ============================================================================================

select tests.create_supabase_user('owner', 'owner@example.com');
select tests.create_supabase_user('member', 'member@example.com');
select tests.create_supabase_user('outsider', 'outsider@example.com');
select tests.create_supabase_user('other', 'other@example.com');
select tests.create_supabase_user('support', 'support@example.com');
select tests.create_supabase_user('sneaky', 'sneaky@example.com', null, '{"claims_admin": true}');
select tests.create_supabase_user('fresh', 'fresh@example.com');

update auth.users
set raw_app_meta_data = raw_app_meta_data || '{"claims_admin": true}'
where id = tests.get_supabase_uid('support');

insert into public.organizations (id, name, owner_id) values
  ('00000000-0000-4000-8000-00000000000a', 'Fjordbygg AS', tests.get_supabase_uid('owner')),
  ('00000000-0000-4000-8000-00000000000b', 'Nordlys Rør AS', tests.get_supabase_uid('other'));
insert into public.organizations_members (organization_id, member_id, role) values
  ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('member'), 'member');

insert into public.profiles (id, name, created_at, updated_at)
select tests.get_supabase_uid(identifier), initcap(identifier), '2020-01-01', '2020-01-01'
from unnest(array['owner', 'member', 'outsider', 'other', 'support', 'sneaky']) as identifier;
insert into public.users_configs (id, last_organization_selected_id) values
  (tests.get_supabase_uid('owner'), '00000000-0000-4000-8000-00000000000a'),
  (tests.get_supabase_uid('member'), '00000000-0000-4000-8000-00000000000a');

-- ============================================================================================
-- RLS on; helpers
-- ============================================================================================

select tests.rls_enabled('public', 'profiles');
select tests.rls_enabled('public', 'users_configs');
select ok(not has_schema_privilege('anon', 'private', 'usage'), 'anon has no usage on schema private');
select ok(
  not has_function_privilege('authenticated', 'private.set_updated_at()', 'execute'),
  'authenticated cannot execute private.set_updated_at()'
);

-- ============================================================================================
-- anon
-- ============================================================================================

select tests.clear_authentication();

select is_empty($$ select * from public.profiles $$, 'anon reads no profiles');
select is_empty($$ select * from public.users_configs $$, 'anon reads no users_configs');
select throws_ok(
  $$ insert into public.profiles (id, name) values (gen_random_uuid(), 'Anon') $$,
  '42501', null, 'anon cannot insert a profile'
);
select throws_ok(
  $$ insert into public.users_configs (id) values (gen_random_uuid()) $$,
  '42501', null, 'anon cannot insert a users_config'
);
select throws_ok($$ select private.is_claims_admin() $$, '42501', null, 'anon cannot call private helpers');

-- ============================================================================================
-- profiles
-- ============================================================================================

select tests.authenticate_as('outsider');
select results_eq(
  $$ select name from public.profiles $$, $$ values ('Outsider') $$,
  'an outsider reads only their own profile'
);

select tests.authenticate_as('member');
select results_eq(
  $$ select name from public.profiles order by name $$, $$ values ('Member'), ('Owner') $$,
  'a member reads their own profile and those of people in their organization'
);

select tests.authenticate_as('other');
select results_eq(
  $$ select name from public.profiles $$, $$ values ('Other') $$,
  'another organization''s member does not read this organization''s profiles'
);

select tests.authenticate_as('support');
select results_eq(
  $$ select count(*)::int from public.profiles $$, $$ values (6) $$,
  'a claims admin reads every profile'
);

select tests.authenticate_as('sneaky');
select is(private.is_claims_admin(), false, 'claims_admin in user_metadata does not make a claims admin');
select results_eq(
  $$ select name from public.profiles $$, $$ values ('Sneaky') $$,
  'claims_admin in user_metadata does not open other profiles'
);

select tests.authenticate_as('fresh');
select lives_ok(
  $$ insert into public.profiles (id, name, img)
     values (tests.get_supabase_uid('fresh'), 'Fresh Fjeld', 'https://example.com/a.png') $$,
  'a user can create their own profile'
);
select throws_ok(
  $$ insert into public.profiles (id, name) values (tests.get_supabase_uid('outsider'), 'Forged') $$,
  '42501', null, 'a user cannot create a profile for someone else'
);
select throws_ok(
  $$ insert into public.profiles (id, name) values (tests.get_supabase_uid('fresh'), 'Again') $$,
  '23505', null, 'a second profile for the same user is refused'
);

select tests.authenticate_as('member');
select results_eq(
  $$ with u as (update public.profiles set name = 'Mette Medlem' where id = tests.get_supabase_uid('member') returning updated_at)
     select count(*)::int, bool_and(updated_at = now()) from u $$,
  $$ values (1, true) $$,
  'a user can update their own profile, and updated_at follows'
);
select results_eq(
  $$ with u as (update public.profiles set name = 'Hacked' where id = tests.get_supabase_uid('owner') returning 1)
     select count(*)::int from u $$,
  $$ values (0) $$,
  'a member cannot update a co-member''s profile (readable, not writable)'
);
select throws_ok(
  $$ update public.profiles set id = tests.get_supabase_uid('outsider') where id = tests.get_supabase_uid('member') $$,
  '42501', null, 'a user cannot move their profile to another user id'
);
select throws_ok(
  $$ update public.profiles set created_at = now() where id = tests.get_supabase_uid('member') $$,
  '42501', null, 'created_at is not updatable by users'
);
select results_eq(
  $$ with d as (delete from public.profiles where id = tests.get_supabase_uid('member') returning 1)
     select count(*)::int from d $$,
  $$ values (0) $$,
  'a user cannot delete a profile (it goes with the account)'
);

select tests.authenticate_as('support');
select results_eq(
  $$ with u as (update public.profiles set name = 'Support Edit' where id = tests.get_supabase_uid('owner') returning 1)
     select count(*)::int from u $$,
  $$ values (0) $$,
  'a claims admin reads but cannot update others'' profiles'
);

-- ============================================================================================
-- users_configs
-- ============================================================================================

select tests.authenticate_as('member');
select results_eq(
  $$ select last_organization_selected_id from public.users_configs $$,
  $$ values ('00000000-0000-4000-8000-00000000000a'::uuid) $$,
  'a user reads their own config only'
);
select results_eq(
  $$ with u as (update public.users_configs set last_organization_selected_id = null
                where id = tests.get_supabase_uid('owner') returning 1)
     select count(*)::int from u $$,
  $$ values (0) $$,
  'a user cannot update someone else''s config'
);
select results_eq(
  $$ with d as (delete from public.users_configs returning 1) select count(*)::int from d $$,
  $$ values (0) $$,
  'a user cannot delete configs'
);

select tests.authenticate_as('fresh');
select is_empty($$ select * from public.users_configs $$, 'a fresh user has no config');
select lives_ok(
  $$ insert into public.users_configs (id, last_organization_selected_id)
     values (tests.get_supabase_uid('fresh'), null)
     on conflict (id) do update set id = excluded.id, last_organization_selected_id = excluded.last_organization_selected_id $$,
  'a user can upsert their own config (insert)'
);
select lives_ok(
  $$ insert into public.users_configs (id, last_organization_selected_id)
     values (tests.get_supabase_uid('fresh'), null)
     on conflict (id) do update set id = excluded.id, last_organization_selected_id = excluded.last_organization_selected_id $$,
  'a user can upsert their own config (update), as PostgREST sends it'
);
select throws_ok(
  $$ insert into public.users_configs (id) values (tests.get_supabase_uid('outsider')) $$,
  '42501', null, 'a user cannot create a config for someone else'
);
select throws_ok(
  $$ update public.users_configs set id = tests.get_supabase_uid('outsider') where id = tests.get_supabase_uid('fresh') $$,
  '42501', null, 'a user cannot move their config to another user id'
);
select throws_ok(
  $$ update public.users_configs set last_organization_selected_id = gen_random_uuid()
     where id = tests.get_supabase_uid('fresh') $$,
  '23503', null, 'last_organization_selected_id must be an organization'
);

select tests.authenticate_as('outsider');
select is_empty($$ select * from public.users_configs $$, 'an outsider reads no one''s config');

select tests.authenticate_as('support');
select results_eq(
  $$ select count(*)::int from public.users_configs $$, $$ values (3) $$,
  'a claims admin reads every config'
);

-- ============================================================================================
-- Deleting an organization clears the selection
-- ============================================================================================

reset role;
delete from public.organizations where id = '00000000-0000-4000-8000-00000000000a';
select is(
  (select last_organization_selected_id from public.users_configs where id = tests.get_supabase_uid('member')),
  null,
  'deleting the selected organization sets last_organization_selected_id to null'
);
select is(
  (select count(*)::int from public.profiles where id = tests.get_supabase_uid('member')),
  1,
  'profiles survive the organization'
);

select * from finish();
rollback;
