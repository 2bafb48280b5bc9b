-- Supabase's default privileges on `public`: the API roles may use everything created in it, and RLS
-- policies — not grants — decide which rows they see. Tables, sequences and functions that migrations
-- create (as postgres, or as supabase_admin by Supabase's own tooling) get these grants automatically.
-- Idempotent. No grants on existing objects: a migration that revokes one must not be undone when this
-- file runs again.

grant usage on schema public to postgres, anon, authenticated, service_role;

alter default privileges for role postgres in schema public
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to postgres, anon, authenticated, service_role;

alter default privileges for role supabase_admin in schema public
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on functions to postgres, anon, authenticated, service_role;
