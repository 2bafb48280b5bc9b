-- finish-upload takes an item's files over while it checks them
-- (supabase/migrations/20261127120100_media_file_checks.sql): members may not add or replace a file
-- of the item meanwhile, so the bytes checked are the bytes that stay.
begin;

select plan(10);

select tests.create_supabase_user('owner', 'owner@example.com');
select tests.create_supabase_user('member', 'member@example.com');
insert into public.organizations (id, name, owner_id) values
  ('00000000-0000-4000-8000-00000000000a', 'Fjordbygg AS', tests.get_supabase_uid('owner'));
insert into public.organizations_members (organization_id, member_id, role) values
  ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('member'), 'member');

create function pg_temp.replace_original()
returns integer
language sql
as $$
  with u as (
    update storage.objects set metadata = '{"mimetype": "image/png", "size": 73}'
    where name = '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000c1/original.png'
    returning 1
  )
  select count(*)::int from u;
$$;

select tests.authenticate_as('member');
select lives_ok(
  $$ insert into storage.objects (bucket_id, name, owner_id) values
       ('organizations-media', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000c1/original.png', tests.get_supabase_uid('member')::text) $$,
  'before the check a member uploads the original'
);
select is(pg_temp.replace_original(), 1, 'and may replace it');

select throws_ok(
  $$ select public.begin_media_file_check('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000000c1') $$,
  '42501', null, 'a member cannot start a check'
);
select tests.clear_authentication();
select throws_ok(
  $$ select public.end_media_file_check('00000000-0000-4000-8000-0000000000c1') $$,
  '42501', null, 'nor can anon end one'
);

select tests.authenticate_as_service_role();
select lives_ok(
  $$ select public.begin_media_file_check('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000000c1') $$,
  'finish-upload takes the files over'
);

select tests.authenticate_as('member');
select throws_ok($$ select pg_temp.replace_original() $$, '42501', null,
  'during the check the original cannot be replaced');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values
       ('organizations-media', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000000c1/web.webp') $$,
  '42501', null, 'nor a file added to the item'
);

-- A check whose function died does not hold the folder for ever.
reset role;
update private.media_file_checks set started_at = now() - interval '11 minutes';
select tests.authenticate_as('member');
select is(pg_temp.replace_original(), 1, 'a check older than 10 minutes no longer counts');

select tests.authenticate_as_service_role();
select public.begin_media_file_check('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000000c1');
select public.end_media_file_check('00000000-0000-4000-8000-0000000000c1');
select tests.authenticate_as('member');
select is(pg_temp.replace_original(), 1, 'after the check (refused, no row) the member may upload again');

reset role;
select is((select count(*)::int from private.media_file_checks), 0, 'no check is left behind');

select * from finish();
rollback;
