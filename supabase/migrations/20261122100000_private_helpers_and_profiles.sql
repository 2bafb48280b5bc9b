-- Private helpers, profiles and users_configs (docs/data-model.md "Identity and organizations").
--
-- The `private` schema holds what policies and triggers need but the API must not expose (it is not in
-- config.toml `api.schemas`). Policies run as the querying role, so `authenticated` gets usage on the
-- schema and execute on the helpers policies call; everything else is revoked from the API roles.

-- ============================================================================================
-- Schema private
-- ============================================================================================

create schema if not exists private;

revoke all on schema private from public, anon, authenticated;
grant usage on schema private to authenticated, service_role;

-- ============================================================================================
-- Helpers
-- ============================================================================================

-- Trigger function: keeps `updated_at` current on every update.
create or replace function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

comment on function private.set_updated_at() is 'Trigger: sets updated_at to now() before an update.';
revoke execute on function private.set_updated_at() from public, anon, authenticated;

-- Whether the caller is a support admin. Reads app_metadata only: it is written by the service role, never
-- by the user (user_metadata is user-editable and must never authorize anything).
create or replace function private.is_claims_admin()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'claims_admin', 'false') = 'true';
$$;

comment on function private.is_claims_admin() is
  'True when the JWT''s app_metadata.claims_admin is true (support admins read everything).';
revoke execute on function private.is_claims_admin() from public, anon, authenticated;
grant execute on function private.is_claims_admin() to authenticated, service_role;

-- A plausible e-mail address, already lower-case. Used by check constraints, so it must be immutable and
-- executable by the roles that insert and update.
create or replace function private.is_valid_email(email text)
returns boolean
language sql
immutable
strict
set search_path = ''
as $$
  select char_length(email) <= 255
    and email = lower(email)
    and email ~ '^[a-z0-9.!#$%&''*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$';
$$;

comment on function private.is_valid_email(text) is
  'True for a lower-case e-mail address of a plausible shape (null gives null, so nullable columns pass).';
revoke execute on function private.is_valid_email(text) from public, anon, authenticated;
grant execute on function private.is_valid_email(text) to authenticated, service_role;

-- Every element a valid e-mail (an empty array is valid; a null element is not).
create or replace function private.are_valid_emails(emails text[])
returns boolean
language sql
immutable
strict
set search_path = ''
as $$
  select coalesce(bool_and(coalesce(private.is_valid_email(e), false)), true) from unnest(emails) as e;
$$;

comment on function private.are_valid_emails(text[]) is 'True when every element is a valid e-mail address.';
revoke execute on function private.are_valid_emails(text[]) from public, anon, authenticated;
grant execute on function private.are_valid_emails(text[]) to authenticated, service_role;

-- ============================================================================================
-- Table profiles
-- ============================================================================================

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  img text null check (char_length(img) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.profiles is
  'A user''s public face (name and picture from the sign-in provider). Own row; members of a shared organization read each other''s.';

create trigger profiles_set_updated_at
before update on public.profiles
for each row execute function private.set_updated_at();

alter table public.profiles enable row level security;

-- Only name and img are the user's to change. `id` is updatable because PostgREST's upsert sets every
-- column it sends; the policies keep it equal to auth.uid().
revoke insert, update on public.profiles from anon, authenticated;
grant insert (id, name, img), update (id, name, img) on public.profiles to authenticated;
revoke truncate on public.profiles from anon, authenticated;

-- The select policy is widened in 20261122100100_organizations.sql to members of shared organizations
-- (organizations_members does not exist yet).
create policy "Users can read their own profile, claims admins every profile"
on public.profiles
for select
to authenticated
using (id = (select auth.uid()) or (select private.is_claims_admin()));

create policy "Users can create their own profile"
on public.profiles
for insert
to authenticated
with check (id = (select auth.uid()));

create policy "Users can update their own profile"
on public.profiles
for update
to authenticated
using (id = (select auth.uid()))
with check (id = (select auth.uid()));

-- No delete policy: a profile goes with its auth user (on delete cascade).

-- ============================================================================================
-- Table users_configs
-- ============================================================================================

create table public.users_configs (
  id uuid primary key references auth.users (id) on delete cascade,
  -- References organizations (on delete set null): the foreign key is added in
  -- 20261122100100_organizations.sql, where that table is created.
  last_organization_selected_id uuid null,
  updated_at timestamptz not null default now()
);

comment on table public.users_configs is
  'Per-user settings of the app (the organization selected last). Own row only.';

create trigger users_configs_set_updated_at
before update on public.users_configs
for each row execute function private.set_updated_at();

alter table public.users_configs enable row level security;

revoke insert, update on public.users_configs from anon, authenticated;
-- `id` updatable for PostgREST's upsert (`on conflict do update set id = excluded.id, …`); the policies
-- keep it equal to auth.uid().
grant insert (id, last_organization_selected_id), update (id, last_organization_selected_id)
  on public.users_configs to authenticated;
revoke truncate on public.users_configs from anon, authenticated;

create policy "Users can read their own config, claims admins every config"
on public.users_configs
for select
to authenticated
using (id = (select auth.uid()) or (select private.is_claims_admin()));

create policy "Users can create their own config"
on public.users_configs
for insert
to authenticated
with check (id = (select auth.uid()));

create policy "Users can update their own config"
on public.users_configs
for update
to authenticated
using (id = (select auth.uid()))
with check (id = (select auth.uid()));

-- No delete policy: the row goes with its auth user (on delete cascade).
