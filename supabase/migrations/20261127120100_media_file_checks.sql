-- finish-upload checks the files it describes (docs/media.md «What the server checks»). Members could
-- still replace a file while it was being checked: the row then said «image/png, 66 bytes» over
-- 73 bytes of HTML. Now finish-upload takes the item's files over before it reads them: while a check
-- is under way no member may write in the item's folder, and a write already under way is waited for,
-- so the bytes it reads are the bytes that stay.
--
-- Sections: 1. the checks under way · 2. taking the files over · 3. storage.objects

-- ============================================================================================
-- 1. The checks under way
-- ============================================================================================

create table private.media_file_checks (
  media_id uuid primary key,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  started_at timestamptz not null default now()
);

comment on table private.media_file_checks is
  'Media items whose files finish-upload is checking: members may not write in their folders meanwhile. A check lasts seconds; one older than 10 minutes (a function that died) no longer counts.';

create index media_file_checks_organization_id_idx on private.media_file_checks (organization_id);

-- Only the functions below (security definer) touch it: no grants, and a policy that refuses every
-- row should a grant ever appear.
alter table private.media_file_checks enable row level security;
revoke all on private.media_file_checks from public, anon, authenticated, service_role;
create policy "Only finish-upload's check functions touch media file checks"
on private.media_file_checks
as restrictive
for all
to public
using (false)
with check (false);

-- Volatile, so a write that waited for finish-upload's row locks reads the check committed meanwhile
-- (a stable function would see its statement's older snapshot).
create or replace function private.media_files_checking(object_name text)
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  select exists (
    select 1 from private.media_file_checks as c
    where c.media_id::text = split_part(object_name, '/', 2)
      and c.organization_id::text = split_part(object_name, '/', 1)
      and c.started_at > now() - interval '10 minutes'
  );
$$;

comment on function private.media_files_checking(text) is
  'True while finish-upload checks the files of the object''s media item: members'' writes there are refused.';
revoke execute on function private.media_files_checking(text) from public, anon, authenticated;
grant execute on function private.media_files_checking(text) to authenticated, service_role;

-- ============================================================================================
-- 2. Taking the files over (finish-upload, service role)
-- ============================================================================================

create or replace function public.begin_media_file_check(input_organization_id uuid, input_media_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  insert into private.media_file_checks (media_id, organization_id)
  values (input_media_id, input_organization_id)
  on conflict (media_id) do update set started_at = now();
  -- A member's write that is already under way holds its object's row until it commits: wait for it,
  -- so what finish-upload reads next is final.
  perform 1
  from storage.objects as o
  where o.bucket_id = 'organizations-media'
    and o.name like input_organization_id::text || '/' || input_media_id::text || '/%'
  for update;
end;
$$;

comment on function public.begin_media_file_check(uuid, uuid) is
  'finish-upload, before it reads an item''s files: members may no longer write them, and writes under way have finished. end_media_file_check ends it.';
revoke execute on function public.begin_media_file_check(uuid, uuid) from public, anon, authenticated;
grant execute on function public.begin_media_file_check(uuid, uuid) to service_role;

create or replace function public.end_media_file_check(input_media_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from private.media_file_checks where media_id = input_media_id;
$$;

comment on function public.end_media_file_check(uuid) is
  'finish-upload, when its check is over: the row (or its absence) decides again who may write the item''s files.';
revoke execute on function public.end_media_file_check(uuid) from public, anon, authenticated;
grant execute on function public.end_media_file_check(uuid) to service_role;

-- ============================================================================================
-- 3. storage.objects: no member writes while a check is under way
-- ============================================================================================

drop policy "Members can upload their organization's media files" on storage.objects;
create policy "Members can upload their organization's media files"
on storage.objects
for insert
to authenticated
with check (
  bucket_id = 'organizations-media'
  and private.may_write_media_file(name)
  and not private.media_files_checking(name)
);

drop policy "Members can replace their organization's media files" on storage.objects;
create policy "Members can replace their organization's media files"
on storage.objects
for update
to authenticated
using (bucket_id = 'organizations-media' and private.may_write_media_file(name))
with check (
  bucket_id = 'organizations-media'
  and private.may_write_media_file(name)
  and not private.media_files_checking(name)
);
