-- The test helpers themselves (supabase/tests/setup/00-test-helpers.sql): users, identities, claims.
begin;

select plan(16);

select isnt(tests.create_supabase_user('helper_owner', 'Helper.Owner@Example.com'), null, 'create_supabase_user returns an id');
select tests.create_supabase_user('helper_admin', null, '4791234567', '{"name": "Ada"}');

select is(
  (select email::text from auth.users where id = tests.get_supabase_uid('helper_owner')),
  'helper.owner@example.com',
  'the e-mail is stored lower-cased'
);
select isnt(
  (select email_confirmed_at from auth.users where id = tests.get_supabase_uid('helper_owner')),
  null,
  'the e-mail is confirmed'
);
select is(
  tests.get_supabase_user('helper_admin') -> 'raw_user_meta_data' ->> 'name',
  'Ada',
  'metadata is merged into raw_user_meta_data'
);
select throws_ok(
  $$ select tests.get_supabase_uid('nobody') $$,
  'P0002',
  'User with identifier nobody not found',
  'an unknown identifier raises'
);

update auth.users
set raw_app_meta_data = raw_app_meta_data || '{"claims_admin": true}'
where id = tests.get_supabase_uid('helper_admin');

select tests.authenticate_as('helper_owner');
select is(current_user::text, 'authenticated', 'authenticate_as switches to the authenticated role');
select is(auth.uid(), tests.get_supabase_uid('helper_owner'), 'auth.uid() is the user');
select is(auth.role(), 'authenticated', 'auth.role() is authenticated');
select is(auth.jwt() ->> 'aal', 'aal1', 'the claims carry aal');
select is(auth.jwt() -> 'app_metadata' ->> 'provider', 'email', 'the claims carry app_metadata');

select tests.authenticate_as('helper_admin');
select is((auth.jwt() -> 'app_metadata' ->> 'claims_admin')::boolean, true, 'app_metadata is read at call time');
select is(auth.jwt() -> 'user_metadata' ->> 'name', 'Ada', 'the claims carry user_metadata');

select tests.clear_authentication();
select is(current_user::text, 'anon', 'clear_authentication switches to anon');
select is(auth.uid(), null, 'anon has no uid');

select tests.authenticate_as_service_role();
select is(current_user::text, 'service_role', 'authenticate_as_service_role switches to service_role');

reset role;
select tests.rls_enabled('auth', 'users');

select * from finish();
rollback;
