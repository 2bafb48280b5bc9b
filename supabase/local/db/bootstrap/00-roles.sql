-- The roles a Supabase database comes with (supabase/postgres init scripts), so migrations, RLS policies
-- and pgTAP tests written for hosted Supabase run unchanged. Idempotent: runs on every boot, on PGlite
-- and on plain PostgreSQL 15.
--
-- anon / authenticated / service_role: PostgREST switches to one of them per request (`set local role`)
-- from the JWT's `role` claim; service_role bypasses RLS. authenticator: the login PostgREST connects
-- as; NOINHERIT so it has no privileges of its own until it switches.
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  -- Owners of Supabase's own schemas: object owners the Supabase CLI and dumps expect to find.
  if not exists (select from pg_roles where rolname = 'supabase_admin') then
    create role supabase_admin login superuser createdb createrole replication bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin login noinherit createrole noreplication;
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin login noinherit createrole noreplication;
  end if;
end
$$;

-- Re-assert the attributes that matter, should a role exist with others (an older bootstrap, a dump).
alter role service_role bypassrls;
alter role authenticator login noinherit;

grant anon, authenticated, service_role to authenticator;
-- As on Supabase, postgres may act as the API roles (`set role authenticated` in tests and SQL editor).
grant anon, authenticated, service_role to postgres;
