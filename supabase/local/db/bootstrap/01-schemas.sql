-- Supabase's schemas. Owners as on Supabase: the platform's schemas belong to supabase_admin,
-- `extensions` to postgres. Idempotent.

create schema if not exists extensions;
create schema if not exists auth authorization supabase_admin;
-- The storage service's tables (buckets, objects) come with the storage part of the platform.
create schema if not exists storage authorization supabase_admin;
-- Where the Supabase CLI records applied migrations (migrate.ts writes it the same way).
create schema if not exists supabase_migrations;
-- Exposed by the API (config.toml `api.schemas`); holds the GraphQL entry point (04-graphql-public.sql).
create schema if not exists graphql_public authorization supabase_admin;

-- Extensions live in their own schema on Supabase, not in public.
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

-- Supabase's search_path for postgres: extension functions (uuid_generate_v4(), crypt(), …) resolve
-- unqualified in migrations and seeds, as they do on hosted projects. Applies to new sessions.
alter role postgres set search_path to "$user", public, extensions;

grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;
grant all on schema storage to supabase_storage_admin;
grant usage on schema graphql_public to postgres, anon, authenticated, service_role;
