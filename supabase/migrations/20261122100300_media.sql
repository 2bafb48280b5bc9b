-- Organization media: the table of images and videos and the private storage bucket holding the files
-- (docs/data-model.md). Files live at `<organization id>/<file name>` in the bucket
-- `organizations-media`; members read and upload, owners and admins delete.

-- ============================================================================================
-- Table organizations_media
-- ============================================================================================

create table public.organizations_media (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  type text not null check (type in ('image', 'video')),
  -- The object's name in the bucket; its first folder is the organization id.
  storage_path text not null unique
    constraint organizations_media_storage_path_in_organization_folder
    check (split_part(storage_path, '/', 1) = organization_id::text and char_length(storage_path) <= 1024),
  url text null,
  processing boolean not null default false,
  url_mp4 text null,
  url_webm text null,
  url_video text null,
  created_at timestamptz not null default now()
);

comment on table public.organizations_media is
  'Images and videos of an organization (files in the organizations-media bucket). Members read, add and update; owners and admins delete.';

create index organizations_media_organization_id_idx on public.organizations_media (organization_id, created_at desc);

alter table public.organizations_media enable row level security;

revoke truncate on public.organizations_media from anon, authenticated;

create policy "Members and claims admins can read their organization's media"
on public.organizations_media
for select
to authenticated
using (private.has_organization_role(organization_id) or (select private.is_claims_admin()));

create policy "Members can add media to their organization"
on public.organizations_media
for insert
to authenticated
with check (private.has_organization_role(organization_id));

-- Upserts (the client writes a row by id, new or existing) and the processing results; the row cannot be moved to an organization one is not in.
create policy "Members can update their organization's media"
on public.organizations_media
for update
to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Owners and admins can delete their organization's media"
on public.organizations_media
for delete
to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'));

-- ============================================================================================
-- Bucket organizations-media
-- ============================================================================================

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'organizations-media',
  'organizations-media',
  false,
  52428800, -- 50 MB
  array['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'video/mp4', 'video/webm', 'video/quicktime']
)
on conflict (id) do nothing;

-- `(storage.foldername(name))[1]::uuid` that gives null instead of failing on a folder that is not a
-- uuid: policies on storage.objects are evaluated for every bucket's rows, in no guaranteed order.
create or replace function private.storage_organization_id(name text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when (storage.foldername(name))[1] ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then ((storage.foldername(name))[1])::uuid
  end;
$$;

comment on function private.storage_organization_id(text) is
  'The organization id of a storage object name (its first folder), or null when that is not a uuid.';
revoke execute on function private.storage_organization_id(text) from public, anon, authenticated;
grant execute on function private.storage_organization_id(text) to authenticated, service_role;

-- ============================================================================================
-- Policies: storage.objects in organizations-media (the bucket_id, name index covers them)
-- ============================================================================================

create policy "Members and claims admins can read their organization's media files"
on storage.objects
for select
to authenticated
using (
  bucket_id = 'organizations-media'
  and (private.has_organization_role(private.storage_organization_id(name)) or (select private.is_claims_admin()))
);

create policy "Members can upload their organization's media files"
on storage.objects
for insert
to authenticated
with check (
  bucket_id = 'organizations-media'
  and private.has_organization_role(private.storage_organization_id(name))
);

-- Storage's upsert (x-upsert) updates the existing object.
create policy "Members can replace their organization's media files"
on storage.objects
for update
to authenticated
using (
  bucket_id = 'organizations-media'
  and private.has_organization_role(private.storage_organization_id(name))
)
with check (
  bucket_id = 'organizations-media'
  and private.has_organization_role(private.storage_organization_id(name))
);

create policy "Owners and admins can delete their organization's media files"
on storage.objects
for delete
to authenticated
using (
  bucket_id = 'organizations-media'
  and private.has_organization_role(private.storage_organization_id(name), '{owner,admin}')
);
