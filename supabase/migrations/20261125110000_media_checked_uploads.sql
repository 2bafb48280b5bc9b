-- Uploads the server checks (docs/media.md «What the server checks»): what a media row says about its
-- files (type, size, pixels, which files exist) is written by the finish-upload edge function after it
-- has read the stored bytes, never by the browser; and a video whose renditions keep failing ends in
-- a failed state instead of being retried forever.
--
-- - Members no longer insert organizations_media rows and update only name and alt text; the service
--   role (finish-upload, create-image) writes the rest.
-- - Members write an item's files only while the server has not taken them over: before its row
--   exists (original, web, thumb), and a processing video's renditions (video.mp4, video.webm,
--   poster, thumb). A checked file can no longer be swapped for other bytes.
-- - Video processing: one browser at a time holds a 30-minute claim; three attempts that end without
--   renditions mark the video failed, until a member asks for another try.

-- ============================================================================================
-- organizations_media: who writes what
-- ============================================================================================

drop policy "Members can add media to their organization" on public.organizations_media;

revoke insert, update on public.organizations_media from anon, authenticated;
grant update (name, alt_text) on public.organizations_media to authenticated;

comment on policy "Members can update their organization's media" on public.organizations_media is
  'Name and alt text only (the column grants); the file columns are the service role''s after it has read the bytes.';

comment on table public.organizations_media is
  'Images and videos of an organization (files under <organization id>/<media id>/ in the organizations-media bucket). Members read and rename; finish-upload and create-image add rows after checking the files; owners, admins and the member who added an item delete it.';

-- ============================================================================================
-- Video processing: claim, attempts, failure
-- ============================================================================================

alter table public.organizations_media
  add column processing_attempts smallint not null default 0,
  add column processing_claimed_until timestamptz null,
  add column processing_failed_at timestamptz null,
  add constraint organizations_media_processing_state check (
    processing_attempts >= 0
    and (type = 'video' or (processing_attempts = 0 and processing_claimed_until is null and processing_failed_at is null))
    and (processing or (processing_claimed_until is null and processing_failed_at is null))
  );

comment on column public.organizations_media.processing_attempts is
  'How many times a browser has claimed the video to make its renditions since the last «try again».';
comment on column public.organizations_media.processing_claimed_until is
  'A browser is making the renditions until then; others leave the video alone.';
comment on column public.organizations_media.processing_failed_at is
  'Set when the attempts ran out; the library shows «Kunne ikke behandles» until a member tries again.';

-- After this many attempts without renditions a video counts as failed.
create or replace function private.video_processing_max_attempts()
returns smallint
language sql
immutable
set search_path = ''
as $$
  select 3::smallint;
$$;

comment on function private.video_processing_max_attempts() is 'Attempts at a video''s renditions before it counts as failed: 3.';
revoke execute on function private.video_processing_max_attempts() from public, anon, authenticated;

create or replace function public.claim_video_processing(input_media_id uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  item public.organizations_media;
begin
  select * into item from public.organizations_media as m where m.id = input_media_id for update;
  if not found or not private.has_organization_role(item.organization_id) then
    raise exception using errcode = 'PT404', message = 'not-found';
  end if;
  if item.type <> 'video' or not item.processing or item.processing_failed_at is not null
     or item.processing_claimed_until > now() then
    return false;
  end if;
  -- A claim that ran out is an attempt that ended without renditions (a closed tab, a crash).
  if item.processing_attempts >= private.video_processing_max_attempts() then
    update public.organizations_media
    set processing_failed_at = now(), processing_claimed_until = null
    where id = item.id;
    return false;
  end if;
  update public.organizations_media
  set processing_attempts = item.processing_attempts + 1,
      processing_claimed_until = now() + interval '30 minutes'
  where id = item.id;
  return true;
end;
$$;

comment on function public.claim_video_processing(uuid) is
  'A member''s browser asks to make a processing video''s renditions: true when it now holds the 30-minute claim; false when another holds it, the video is done or failed, or (attempts used up) it has just been marked failed. PT404 not-found for anyone else.';
revoke execute on function public.claim_video_processing(uuid) from public, anon;
grant execute on function public.claim_video_processing(uuid) to authenticated;

create or replace function public.release_video_processing(
  input_media_id uuid,
  input_attempt_counts boolean default true
)
returns public.organizations_media
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  item public.organizations_media;
begin
  -- This browser lacked a decoder or encoder: not the video's fault, so the attempt is given back.
  update public.organizations_media as m
  set processing_claimed_until = null,
      processing_attempts = case
        when input_attempt_counts then m.processing_attempts
        else greatest(m.processing_attempts - 1, 0)
      end,
      processing_failed_at = case
        when input_attempt_counts and m.processing_attempts >= private.video_processing_max_attempts() then now()
      end
  where m.id = input_media_id
    and m.type = 'video'
    and m.processing
    and private.has_organization_role(m.organization_id)
  returning * into item;
  if not found then
    raise exception using errcode = 'PT404', message = 'not-found';
  end if;
  return item;
end;
$$;

comment on function public.release_video_processing(uuid, boolean) is
  'A browser gives up its claim after failing to make the renditions; the last allowed attempt marks the video failed. input_attempt_counts false (the browser lacked a codec) gives the attempt back. Returns the row.';
revoke execute on function public.release_video_processing(uuid, boolean) from public, anon;
grant execute on function public.release_video_processing(uuid, boolean) to authenticated;

create or replace function public.retry_video_processing(input_media_id uuid)
returns public.organizations_media
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  item public.organizations_media;
begin
  update public.organizations_media as m
  set processing_attempts = 0, processing_failed_at = null, processing_claimed_until = null
  where m.id = input_media_id
    and m.type = 'video'
    and m.processing
    and m.processing_failed_at is not null
    and private.has_organization_role(m.organization_id)
  returning * into item;
  if not found then
    raise exception using errcode = 'PT404', message = 'not-found';
  end if;
  return item;
end;
$$;

comment on function public.retry_video_processing(uuid) is
  'A member asks for new attempts at a failed video''s renditions. Returns the row; PT404 not-found unless the video is failed and the caller a member.';
revoke execute on function public.retry_video_processing(uuid) from public, anon;
grant execute on function public.retry_video_processing(uuid) to authenticated;

-- ============================================================================================
-- storage.objects: which files a member may write
-- ============================================================================================

-- Files a member may write in an item's folder: the upload's own files until finish-upload has
-- written the row, then nothing, except the renditions of a video still processing.
create or replace function private.may_write_media_file(object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    private.has_organization_role(private.media_object_organization_id(object_name))
    and case
      when exists (
        select 1 from public.organizations_media as m
        where m.id::text = split_part(object_name, '/', 2)
      ) then
        storage.filename(object_name) ~ '^(video\.(mp4|webm)|(poster|thumb)\.(webp|jpg))$'
        and exists (
          select 1 from public.organizations_media as m
          where m.id::text = split_part(object_name, '/', 2)
            and m.type = 'video'
            and m.processing
            and m.processing_failed_at is null
        )
      else storage.filename(object_name) ~ '^(original|web|thumb)\.(png|jpg|webp|gif|mp4|mov|webm)$'
    end,
    false
  );
$$;

comment on function private.may_write_media_file(text) is
  'True when the caller is a member of the object''s organization and the file is one a member still writes: original/web/thumb of an item without a row yet, or the renditions of a processing video.';
revoke execute on function private.may_write_media_file(text) from public, anon, authenticated;
grant execute on function private.may_write_media_file(text) to authenticated, service_role;

drop policy "Members can upload their organization's media files" on storage.objects;
create policy "Members can upload their organization's media files"
on storage.objects
for insert
to authenticated
with check (bucket_id = 'organizations-media' and private.may_write_media_file(name));

drop policy "Members can replace their organization's media files" on storage.objects;
create policy "Members can replace their organization's media files"
on storage.objects
for update
to authenticated
using (bucket_id = 'organizations-media' and private.may_write_media_file(name))
with check (bucket_id = 'organizations-media' and private.may_write_media_file(name));
