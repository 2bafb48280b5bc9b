-- Test helpers for pgTAP: the API of usebasejump/supabase-test-helpers (schema `tests`, same function
-- names, arguments and behaviour), so tests read as they would in any Supabase project.
--
-- Installed once per test database by `npm run test:db` (scripts/test-db.ts), after the migrations and
-- before the test files, outside their transactions. Never part of a migration: production has no
-- `tests` schema. Idempotent.
--
--   select tests.create_supabase_user('owner');                 -- returns the new user's id
--   select tests.authenticate_as('owner');                      -- role authenticated + JWT claims
--   select tests.authenticate_as_service_role();                -- role service_role (bypasses RLS)
--   select tests.clear_authentication();                        -- role anon
--   select tests.rls_enabled('public');                         -- a pgTAP assertion
--
-- The role and claims are set with `set_config(…, true)`, local to the test's transaction, as
-- PostgREST does; `rollback` at the end of the file undoes both the data and the identity.

create schema if not exists tests;

comment on schema tests is 'pgTAP test helpers (supabase-test-helpers API); test databases only.';

grant usage on schema tests to anon, authenticated, service_role;
alter default privileges in schema tests revoke execute on functions from public;
alter default privileges in schema tests grant execute on functions to anon, authenticated, service_role;

-- tests.create_supabase_user(identifier, email, phone, metadata) → uuid
-- Inserts a confirmed e-mail user into auth.users. `identifier` is stored as
-- raw_user_meta_data.test_identifier, which the other helpers look the user up by. `metadata` is merged
-- into raw_user_meta_data (user-editable, like the real thing); raw_app_meta_data gets the e-mail
-- provider only: set claims such as claims_admin with an update as service_role or postgres.
-- Security definer: tests call it after switching to anon/authenticated, which cannot write auth.users.
create or replace function tests.create_supabase_user(
  identifier text,
  email text default null,
  phone text default null,
  metadata jsonb default null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  user_id uuid := gen_random_uuid();
begin
  insert into auth.users (
    instance_id, id, aud, role, email, phone, encrypted_password, email_confirmed_at,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at
  )
  values (
    '00000000-0000-0000-0000-000000000000',
    user_id,
    'authenticated',
    'authenticated',
    coalesce(lower(email), concat(user_id, '@test.com')),
    phone,
    '',
    now(),
    jsonb_build_object('provider', 'email', 'providers', jsonb_build_array('email')),
    jsonb_build_object('test_identifier', identifier) || coalesce(metadata, '{}'::jsonb),
    now(),
    now()
  );
  return user_id;
end;
$$;

comment on function tests.create_supabase_user(text, text, text, jsonb) is
  'Creates a confirmed auth.users row tagged with test_identifier; returns its id.';

-- tests.get_supabase_user(identifier) → json {id, email, phone, raw_user_meta_data, raw_app_meta_data}
create or replace function tests.get_supabase_user(identifier text)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  supabase_user json;
begin
  select json_build_object(
    'id', u.id,
    'email', u.email,
    'phone', u.phone,
    'raw_user_meta_data', u.raw_user_meta_data,
    'raw_app_meta_data', u.raw_app_meta_data
  )
  into supabase_user
  from auth.users as u
  where u.raw_user_meta_data ->> 'test_identifier' = identifier
  limit 1;

  if supabase_user is null then
    raise exception 'User with identifier % not found', identifier using errcode = 'P0002';
  end if;
  return supabase_user;
end;
$$;

comment on function tests.get_supabase_user(text) is
  'The auth.users row (id, email, phone, metadata) of a user made by tests.create_supabase_user.';

-- tests.get_supabase_uid(identifier) → uuid
create or replace function tests.get_supabase_uid(identifier text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  user_id uuid;
begin
  select u.id into user_id
  from auth.users as u
  where u.raw_user_meta_data ->> 'test_identifier' = identifier
  limit 1;

  if user_id is null then
    raise exception 'User with identifier % not found', identifier using errcode = 'P0002';
  end if;
  return user_id;
end;
$$;

comment on function tests.get_supabase_uid(text) is
  'The id of a user made by tests.create_supabase_user.';

-- tests.authenticate_as(identifier): role authenticated and request.jwt.claims as GoTrue would issue
-- them for this user (sub, email, phone, role, aal, app_metadata, user_metadata, exp), for the rest of
-- the transaction. app_metadata is read from the row at call time, so update raw_app_meta_data first.
create or replace function tests.authenticate_as(identifier text)
returns void
language plpgsql
as $$
declare
  user_data json;
begin
  user_data := tests.get_supabase_user(identifier);

  perform set_config('role', 'authenticated', true);
  perform set_config(
    'request.jwt.claims',
    json_build_object(
      'sub', user_data ->> 'id',
      'email', user_data ->> 'email',
      'phone', coalesce(user_data ->> 'phone', ''),
      'role', 'authenticated',
      'aud', 'authenticated',
      'aal', 'aal1',
      'is_anonymous', false,
      'app_metadata', coalesce(user_data -> 'raw_app_meta_data', '{}'::json),
      'user_metadata', coalesce(user_data -> 'raw_user_meta_data', '{}'::json),
      'exp', floor(extract(epoch from now() + interval '1 hour'))::bigint
    )::text,
    true
  );
end;
$$;

comment on function tests.authenticate_as(text) is
  'Acts as a test user (role authenticated, JWT claims) until the end of the transaction.';

-- tests.authenticate_as_service_role(): role service_role (bypasses RLS), claims {"role":"service_role"}.
create or replace function tests.authenticate_as_service_role()
returns void
language plpgsql
as $$
begin
  perform set_config('role', 'service_role', true);
  perform set_config('request.jwt.claims', json_build_object('role', 'service_role')::text, true);
end;
$$;

comment on function tests.authenticate_as_service_role() is
  'Acts as the service role until the end of the transaction.';

-- tests.clear_authentication(): role anon, claims {"role":"anon"} (a request with the anon key).
create or replace function tests.clear_authentication()
returns void
language plpgsql
as $$
begin
  perform set_config('role', 'anon', true);
  perform set_config('request.jwt.claims', json_build_object('role', 'anon')::text, true);
end;
$$;

comment on function tests.clear_authentication() is
  'Acts as an anonymous client (role anon) until the end of the transaction.';

-- tests.rls_enabled(testing_schema): pgTAP assertion that every table of the schema has RLS enabled.
-- The failure diagnostic names the tables without it. pgTAP's is() resolves through the caller's
-- search_path (pgTAP is installed in `extensions`, which postgres's search_path includes).
create or replace function tests.rls_enabled(testing_schema text)
returns text
language sql
as $$
  select is(
    (
      select coalesce(string_agg(c.relname::text, ', ' order by c.relname), '')
      from pg_catalog.pg_class as c
      join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
      where n.nspname = testing_schema
        and c.relkind in ('r', 'p')
        and not c.relrowsecurity
    ),
    '',
    'All tables in the ' || testing_schema || ' schema should have row level security enabled'
  );
$$;

comment on function tests.rls_enabled(text) is
  'pgTAP: every table of the schema has row level security enabled.';

-- tests.rls_enabled(testing_schema, testing_table): pgTAP assertion that this table has RLS enabled.
create or replace function tests.rls_enabled(testing_schema text, testing_table text)
returns text
language sql
as $$
  select is(
    (
      select count(*)::integer
      from pg_catalog.pg_class as c
      join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
      where n.nspname = testing_schema
        and c.relname = testing_table
        and c.relkind in ('r', 'p')
        and c.relrowsecurity
    ),
    1,
    testing_table || ' table in the ' || testing_schema || ' schema should have row level security enabled'
  );
$$;

comment on function tests.rls_enabled(text, text) is
  'pgTAP: the table exists and has row level security enabled.';

-- tests.freeze_time(frozen_time) / tests.unfreeze_time(): not provided. Use fixed timestamps in the
-- data instead; security definer functions (search_path = '') would not see an overridden now().
