-- The media library (docs/media.md): what the library, the picker and create-image need on top of
-- organizations_media and the organizations-media bucket (20261122100300_media.sql).
--
-- - organizations_media gains name, alt text, the file's type and size, dimensions, a thumbnail, where
--   the item came from (upload or AI) and who added it; every path column holds an object path under
--   `<organization id>/<media id>/` in the bucket (never an absolute URL: the bucket is private, the app
--   signs paths).
-- - Delete: owners and admins, and members for items they added, on the table and on the files alike.
-- - public.media_usages: where later areas use an item; a used item cannot be deleted (23503).
-- - private.image_generations and public.claim_image_generation: create-image's 20 images per
--   organization per hour, counted in the database so every worker sees the same count.
-- - The bucket takes videos up to 200 MiB (config.toml [storage] file_size_limit is the same).

-- ============================================================================================
-- Object paths: `<organization id>/<media id>/<file>.<ext>`
-- ============================================================================================

-- The shape every file of the library has; anything else (`..`, empty folders, upper case, a name
-- that is not a uuid, deeper folders) is not a media object. Lower-case uuids: uuid::text gives those.
create or replace function private.media_object_organization_id(name text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when name ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[a-z0-9][a-z0-9_-]{0,63}\.[a-z0-9]{2,5}$'
      then split_part(name, '/', 1)::uuid
  end;
$$;

comment on function private.media_object_organization_id(text) is
  'The organization of a media object path `<organization id>/<media id>/<file>.<ext>` (lower case), or null for any other name.';
revoke execute on function private.media_object_organization_id(text) from public, anon, authenticated;
grant execute on function private.media_object_organization_id(text) to authenticated, service_role;

-- A path column of one media item: absent, or a media object path in that item's own folder.
create or replace function private.is_media_item_path(path text, organization_id uuid, media_id uuid)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select path is null or coalesce(
    private.media_object_organization_id(path) = is_media_item_path.organization_id
      and split_part(path, '/', 2) = is_media_item_path.media_id::text,
    false
  );
$$;

comment on function private.is_media_item_path(text, uuid, uuid) is
  'True when a path is null or lies in the folder `<organization id>/<media id>/` of that media item.';
revoke execute on function private.is_media_item_path(text, uuid, uuid) from public, anon, authenticated;
grant execute on function private.is_media_item_path(text, uuid, uuid) to authenticated, service_role;

-- ============================================================================================
-- organizations_media: the library's columns
-- ============================================================================================

alter table public.organizations_media
  add column name text,
  add column alt_text text null,
  add column mime_type text,
  add column size_bytes bigint,
  add column width integer null,
  add column height integer null,
  add column duration_seconds numeric(10, 3) null,
  add column thumbnail_path text null,
  add column source text not null default 'upload',
  add column prompt text null,
  add column created_by uuid null default auth.uid() references auth.users (id) on delete set null,
  add column updated_at timestamptz not null default now();

-- The name an item gets when none is given: its file name without the extension.
create or replace function private.media_default_name(storage_path text)
returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce(nullif(left(regexp_replace(storage.filename(storage_path), '\.[^.]*$', ''), 200), ''), 'Uten navn');
$$;

comment on function private.media_default_name(text) is
  'The file name of a storage path without its extension (at most 200 characters), or «Uten navn».';
revoke execute on function private.media_default_name(text) from public, anon, authenticated;
grant execute on function private.media_default_name(text) to authenticated, service_role;

-- Rows from before the library: the name from the file, type and size from the stored object.
update public.organizations_media as m
set
  name = private.media_default_name(m.storage_path),
  mime_type = coalesce(
    (select o.metadata ->> 'mimetype' from storage.objects as o
     where o.bucket_id = 'organizations-media' and o.name = m.storage_path),
    case lower(storage.extension(m.storage_path))
      when 'png' then 'image/png'
      when 'gif' then 'image/gif'
      when 'webp' then 'image/webp'
      when 'webm' then 'video/webm'
      when 'mov' then 'video/quicktime'
      else case m.type when 'video' then 'video/mp4' else 'image/jpeg' end
    end
  ),
  size_bytes = coalesce(
    (select (o.metadata ->> 'size')::bigint from storage.objects as o
     where o.bucket_id = 'organizations-media' and o.name = m.storage_path),
    0
  );

alter table public.organizations_media
  alter column name set not null,
  alter column mime_type set not null,
  alter column size_bytes set not null;

-- The same limits as the client (src/lib/media/limits.ts) and the bucket: images ≤ 10 MiB and
-- ≤ 40 megapixels, videos ≤ 200 MiB and ≤ 10 minutes; the types the bucket accepts.
alter table public.organizations_media
  add constraint organizations_media_name_length check (char_length(name) <= 200 and btrim(name) <> ''),
  add constraint organizations_media_alt_text_length check (char_length(alt_text) <= 500),
  add constraint organizations_media_mime_type_of_type check (
    (type = 'image' and mime_type in ('image/png', 'image/jpeg', 'image/webp', 'image/gif'))
    or (type = 'video' and mime_type in ('video/mp4', 'video/webm', 'video/quicktime'))
  ),
  add constraint organizations_media_size_limit check (
    size_bytes >= 0
    and size_bytes <= case type when 'image' then 10485760 else 209715200 end
  ),
  add constraint organizations_media_dimensions check (
    (width is null or width between 1 and 40000000)
    and (height is null or height between 1 and 40000000)
    and (width is null or height is null or width::bigint * height <= 40000000)
  ),
  add constraint organizations_media_duration check (
    duration_seconds is null or (type = 'video' and duration_seconds between 0 and 600)
  ),
  add constraint organizations_media_source check (source in ('upload', 'ai')),
  add constraint organizations_media_prompt check (
    prompt is null or (source = 'ai' and char_length(prompt) <= 2200)
  ),
  add constraint organizations_media_paths_in_item_folder check (
    private.is_media_item_path(storage_path, organization_id, id)
    and private.is_media_item_path(url, organization_id, id)
    and private.is_media_item_path(url_mp4, organization_id, id)
    and private.is_media_item_path(url_webm, organization_id, id)
    and private.is_media_item_path(url_video, organization_id, id)
    and private.is_media_item_path(thumbnail_path, organization_id, id)
  ),
  -- media_usages names the item together with its organization.
  add constraint organizations_media_id_organization_id_key unique (id, organization_id);

comment on column public.organizations_media.name is 'Shown in the library (1–200 characters); by default the file name without its extension.';
comment on column public.organizations_media.alt_text is 'Alternative text (≤ 500 characters); required before an image is used on a public page.';
comment on column public.organizations_media.mime_type is 'Content type of the file at storage_path.';
comment on column public.organizations_media.size_bytes is 'Size of the file at storage_path.';
comment on column public.organizations_media.thumbnail_path is 'A small WebP (≤ 480 px long side) for grids and pickers; null: use url.';
comment on column public.organizations_media.source is 'upload (a member''s file) or ai (create-image; prompt holds what was asked).';
comment on column public.organizations_media.storage_path is 'The original file: `<organization id>/<media id>/original.<ext>` in organizations-media.';
comment on column public.organizations_media.url is 'Object path of the web rendition (image) or poster (video), signed by the app; not an absolute URL.';

create index organizations_media_created_by_idx on public.organizations_media (created_by);

-- The name defaults to the file name without its extension; who added an item never changes.
create or replace function private.organizations_media_defaults()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.name is null or btrim(new.name) = '' then
      new.name := private.media_default_name(new.storage_path);
    end if;
  elsif new.created_by is not null then
    -- Cleared when the user is deleted (on delete set null), never handed to someone else.
    new.created_by := old.created_by;
  end if;
  return new;
end;
$$;

comment on function private.organizations_media_defaults() is
  'Trigger: names a new media item after its file when no name is given; an update can clear created_by but not change it.';
revoke execute on function private.organizations_media_defaults() from public, anon, authenticated;

create trigger organizations_media_defaults
  before insert or update on public.organizations_media
  for each row
  execute function private.organizations_media_defaults();

create trigger organizations_media_set_updated_at
  before update on public.organizations_media
  for each row
  execute function private.set_updated_at();

-- A member adds items as themselves (created_by decides who may delete them later).
drop policy "Members can add media to their organization" on public.organizations_media;
create policy "Members can add media to their organization"
on public.organizations_media
for insert
to authenticated
with check (
  private.has_organization_role(organization_id)
  and created_by is not distinct from (select auth.uid())
);

drop policy "Owners and admins can delete their organization's media" on public.organizations_media;
create policy "Owners, admins and the member who added it can delete media"
on public.organizations_media
for delete
to authenticated
using (
  private.has_organization_role(organization_id, '{owner,admin}')
  or (created_by = (select auth.uid()) and private.has_organization_role(organization_id))
);

comment on table public.organizations_media is
  'Images and videos of an organization (files under <organization id>/<media id>/ in the organizations-media bucket). Members read, add and update; owners, admins and the member who added an item delete it.';

-- ============================================================================================
-- Bucket organizations-media: 200 MiB (videos), the same types
-- ============================================================================================

update storage.buckets
set
  file_size_limit = 209715200,
  allowed_mime_types = array['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'video/mp4', 'video/webm', 'video/quicktime']
where id = 'organizations-media';

-- ============================================================================================
-- storage.objects in organizations-media
-- ============================================================================================

-- The organization folder of a file name, refusing `.`, `..` and empty segments (`<org>/../<other
-- org>/x` names the other organization's folder to anything that resolves paths). Other folders
-- below the organization stay possible for the storage API's own uses (listing, moving); the
-- table's check keeps every path a media item records inside `<organization id>/<media id>/`.
create or replace function private.media_file_organization_id(name text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when name !~ '(^|/)\.{0,2}(/|$)' and strpos(name, '\') = 0 then private.storage_organization_id(name)
  end;
$$;

comment on function private.media_file_organization_id(text) is
  'The organization folder of an organizations-media file name, or null when the name has a `.`, `..` or empty segment, a backslash, or no uuid first folder.';
revoke execute on function private.media_file_organization_id(text) from public, anon, authenticated;
grant execute on function private.media_file_organization_id(text) to authenticated, service_role;

drop policy "Members and claims admins can read their organization's media files" on storage.objects;
create policy "Members and claims admins can read their organization's media files"
on storage.objects
for select
to authenticated
using (
  bucket_id = 'organizations-media'
  and (
    private.has_organization_role(private.media_file_organization_id(name))
    or (select private.is_claims_admin())
  )
);

drop policy "Members can upload their organization's media files" on storage.objects;
create policy "Members can upload their organization's media files"
on storage.objects
for insert
to authenticated
with check (
  bucket_id = 'organizations-media'
  and private.has_organization_role(private.media_file_organization_id(name))
);

drop policy "Members can replace their organization's media files" on storage.objects;
create policy "Members can replace their organization's media files"
on storage.objects
for update
to authenticated
using (
  bucket_id = 'organizations-media'
  and private.has_organization_role(private.media_file_organization_id(name))
)
with check (
  bucket_id = 'organizations-media'
  and private.has_organization_role(private.media_file_organization_id(name))
);

-- Whether a member may delete a file of an item folder `<organization id>/<media id>/`: they added
-- the item, or no item has that folder (an upload whose row was never written, or the files left
-- after the row was deleted — the row goes first, so a used item keeps its files). Files outside
-- item folders are for owners and admins to delete.
create or replace function private.may_delete_media_files(object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.has_organization_role(private.media_object_organization_id(object_name))
    and not exists (
      select 1
      from public.organizations_media as m
      where m.id::text = split_part(object_name, '/', 2)
        and m.created_by is distinct from (select auth.uid())
    );
$$;

comment on function private.may_delete_media_files(text) is
  'True when the caller is a member of the object''s organization and the media item of its folder was added by the caller or does not exist.';
revoke execute on function private.may_delete_media_files(text) from public, anon, authenticated;
grant execute on function private.may_delete_media_files(text) to authenticated, service_role;

drop policy "Owners and admins can delete their organization's media files" on storage.objects;
create policy "Owners, admins and the member who added it can delete media files"
on storage.objects
for delete
to authenticated
using (
  bucket_id = 'organizations-media'
  and (
    private.has_organization_role(private.media_file_organization_id(name), '{owner,admin}')
    or private.may_delete_media_files(name)
  )
);

-- ============================================================================================
-- media_usages: where an item is used
-- ============================================================================================

create table public.media_usages (
  id uuid primary key default gen_random_uuid(),
  media_id uuid not null,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  -- What uses it: 'calendar-door', 'competition', 'popup', 'form', …
  kind text not null check (kind ~ '^[a-z][a-z0-9-]{0,39}$'),
  ref_id uuid not null,
  -- What the library shows, e.g. the calendar's name and door number.
  label text null check (char_length(label) <= 200),
  -- When this use shows the item to the public, written by the using area: from public_from (null:
  -- never, e.g. a draft's) until public_until (null: for as long as the row exists).
  public_from timestamptz null,
  public_until timestamptz null,
  created_at timestamptz not null default now(),
  unique (media_id, kind, ref_id),
  -- No action (checked at the end of the statement) rather than restrict: deleting an item that is
  -- used fails with 23503 all the same, while deleting the organization removes both in one go.
  foreign key (media_id, organization_id) references public.organizations_media (id, organization_id)
);

comment on table public.media_usages is
  'Where a media item is used (kind + ref_id): a used item cannot be deleted (23503). Members read; the using areas'' checked functions and the service role write.';
comment on column public.media_usages.public_from is
  'From when this use shows the item to anyone (null: not public); private.media_object_is_public reads only this and public_until.';
comment on column public.media_usages.public_until is
  'Until when this use shows the item to anyone (null: no end while the row exists).';

-- The item's usages (the foreign key, the library's «used in» list) and the policy's column.
create index media_usages_media_id_idx on public.media_usages (media_id, organization_id);
create index media_usages_organization_id_idx on public.media_usages (organization_id);

alter table public.media_usages enable row level security;
revoke all on public.media_usages from anon, authenticated;
grant select on public.media_usages to authenticated;

create policy "Members and claims admins can read their organization's media usages"
on public.media_usages
for select
to authenticated
using (private.has_organization_role(organization_id) or (select private.is_claims_admin()));

-- ============================================================================================
-- create-image's rate limit: 20 images per organization per hour
-- ============================================================================================

create table private.image_generations (
  id bigint generated always as identity primary key,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  -- Who asked (for support); no foreign key, the row is pruned an hour later anyway.
  created_by uuid null,
  created_at timestamptz not null default now()
);

comment on table private.image_generations is
  'One row per image create-image asked a provider for; the last hour''s rows count against the organization''s limit (older ones are pruned by the next claim).';

create index image_generations_organization_id_idx on private.image_generations (organization_id, created_at desc);

create or replace function public.claim_image_generation(input_organization_id uuid, input_user_id uuid)
returns bigint
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  used integer;
  oldest timestamptz;
  claimed bigint;
begin
  if input_organization_id is null then
    raise exception using errcode = '22004', message = 'invalid-input';
  end if;
  -- One claim at a time per organization, so two workers cannot both take the last slot.
  perform pg_advisory_xact_lock(hashtextextended('image_generations:' || input_organization_id::text, 0));
  -- Rows older than the window count for nothing any more.
  delete from private.image_generations as g
  where g.organization_id = input_organization_id
    and g.created_at <= now() - interval '1 hour';
  select count(*), min(g.created_at)
  into used, oldest
  from private.image_generations as g
  where g.organization_id = input_organization_id
    and g.created_at > now() - interval '1 hour';
  if used >= 20 then
    raise exception using
      errcode = 'P0001',
      message = 'image-rate-limited',
      hint = ceil(extract(epoch from oldest + interval '1 hour' - now()))::integer::text;
  end if;
  insert into private.image_generations (organization_id, created_by)
  values (input_organization_id, input_user_id)
  returning id into claimed;
  return claimed;
end;
$$;

comment on function public.claim_image_generation(uuid, uuid) is
  'Takes one of the organization''s 20 image generations of the last hour and returns its id, or raises image-rate-limited (P0001; hint: seconds until a slot frees). Service role only, after the caller''s membership is checked.';
revoke execute on function public.claim_image_generation(uuid, uuid) from public, anon, authenticated;
grant execute on function public.claim_image_generation(uuid, uuid) to service_role;

create or replace function public.release_image_generation(input_id bigint)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from private.image_generations where id = input_id;
$$;

comment on function public.release_image_generation(bigint) is
  'Gives back a claimed generation when the provider failed without making an image (not for content-policy refusals). Service role only.';
revoke execute on function public.release_image_generation(bigint) from public, anon, authenticated;
grant execute on function public.release_image_generation(bigint) to service_role;
