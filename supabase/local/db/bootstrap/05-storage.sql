-- The storage schema's tables and helpers that the product's migrations use, column for column as
-- Supabase Storage creates them (supabase/storage migrations), so bucket inserts and storage.objects
-- policies in migrations run unchanged here and on hosted projects. The storage HTTP API itself is not
-- part of this file. Idempotent: runs on PGlite and on plain PostgreSQL 15.

-- ============================================================================================
-- Tables
-- ============================================================================================

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid null,
  created_at timestamptz null default now(),
  updated_at timestamptz null default now(),
  public boolean null default false,
  avif_autodetection boolean null default false,
  file_size_limit bigint null,
  allowed_mime_types text[] null,
  owner_id text null
);

create unique index if not exists bname on storage.buckets using btree (name);

comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text null references storage.buckets (id),
  name text null,
  owner uuid null,
  created_at timestamptz null default now(),
  updated_at timestamptz null default now(),
  last_accessed_at timestamptz null default now(),
  metadata jsonb null,
  path_tokens text[] null generated always as (string_to_array(name, '/')) stored,
  version text null,
  owner_id text null,
  user_metadata jsonb null
);

create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects using btree (name text_pattern_ops);

comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';

-- As on Supabase: RLS on, no policies; projects add policies on storage.objects in migrations.
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- ============================================================================================
-- Path helpers (used in policies: `(storage.foldername(name))[1]`)
-- ============================================================================================

create or replace function storage.foldername(name text)
returns text[]
language plpgsql
immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text)
returns text
language plpgsql
immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text)
returns text
language plpgsql
immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

-- ============================================================================================
-- Owners and privileges, as on Supabase
-- ============================================================================================

alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
alter function storage.foldername(text) owner to supabase_storage_admin;
alter function storage.filename(text) owner to supabase_storage_admin;
alter function storage.extension(text) owner to supabase_storage_admin;

grant usage on schema storage to postgres, anon, authenticated, service_role;
-- RLS, not grants, decides which rows the API roles see.
grant all on storage.buckets, storage.objects to postgres, anon, authenticated, service_role;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to postgres, anon, authenticated, service_role;
