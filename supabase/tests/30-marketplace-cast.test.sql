-- The marketplace cast helper (supabase/tests/setup/10-marketplace-cast.sql): it seeds exactly what a
-- file asks for, with the ids and names the files' assertions use.
begin;

select plan(7);

select tests.seed_marketplace_cast('{alfa,delta}', '{seller_admin}', '{M1}');
select tests.join_marketplace('M1', '{alfa,delta}');

select results_eq(
  $$ select id, name, owner_id from public.organizations order by id $$,
  $$ values ('aaaaaaaa-0000-4000-8000-000000000001'::uuid, 'Alfa AS'::text, tests.get_supabase_uid('seller')),
            ('dddddddd-0000-4000-8000-000000000004'::uuid, 'Delta AS'::text, tests.get_supabase_uid('delta_owner')) $$,
  'the organizations asked for, owned by their cast owners'
);
select results_eq(
  $$ select role::text from public.organizations_members
     where organization_id = 'aaaaaaaa-0000-4000-8000-000000000001' and member_id = tests.get_supabase_uid('seller_admin') $$,
  $$ values ('admin') $$,
  'seller_admin is an admin of Alfa'
);
select results_eq(
  $$ select id, name, owner_id from public.marketplaces $$,
  $$ values ('11111111-1111-4111-8111-111111111111'::uuid, 'Leadtorget'::text, tests.get_supabase_uid('mp_owner')) $$,
  'M1 is Leadtorget, owned by mp_owner; M2 was not asked for'
);
select is(
  (select count(*)::int from auth.users),
  4,
  'only the users the cast needs: mp_owner, seller, delta_owner, seller_admin'
);
select set_eq(
  $$ select organization_id from public.marketplaces_organizations where marketplace_id = tests.cast_marketplace_id('M1') $$,
  array[tests.cast_organization_id('alfa'), tests.cast_organization_id('delta')],
  'join_marketplace makes the organizations members of the marketplace'
);
select throws_ok(
  $$ select tests.seed_marketplace_cast('{omega}') $$,
  'P0001',
  'seed_marketplace_cast: not in the cast: omega',
  'a name outside the cast is refused'
);
select is(tests.cast_organization_id('gamma'), 'cccccccc-0000-4000-8000-000000000003'::uuid, 'the ids are the table''s');

select * from finish();
rollback;
