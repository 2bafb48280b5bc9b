-- The campaign engine's uploads from the public: a file a visitor or a participant sends (a photo on a
-- competition's progress entry, a form's file answer) lands in the private campaign-uploads bucket
-- through the campaign-upload edge function only, which checks who may send, sniffs the bytes, strips
-- their metadata and stores them. Each upload is a row here; the write it belongs to claims it once
-- (`private.claim_campaign_upload`), and what is never claimed, or whose row is gone (an erased
-- person, a deleted entry), is removed by the campaign-uploads-sweep job.

-- ============================================================================================
-- 1. The bucket and the table
-- ============================================================================================

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('campaign-uploads', 'campaign-uploads', false, 5242880,
        array['image/jpeg', 'image/png', 'image/webp', 'application/pdf'])
on conflict (id) do nothing;

create table public.campaign_uploads (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null,
  campaign_id uuid not null,
  -- Set when a token said who sent it; null for an anonymous visitor's (a form's file answer).
  participant_id uuid null,
  purpose text not null check (purpose in ('competition-progress', 'form-answer')),
  -- `<organization>/<campaign>/<upload id>.<ext>` in campaign-uploads.
  object_path text not null unique check (char_length(object_path) <= 300),
  mime text not null check (mime in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
  bytes integer not null check (bytes between 1 and 5242880),
  created_at timestamptz not null default now(),
  claimed_at timestamptz null,
  -- What claimed it: a progress entry, a form response.
  claimed_ref uuid null,
  constraint campaign_uploads_claim check ((claimed_at is null) = (claimed_ref is null)),
  constraint campaign_uploads_campaign_fkey foreign key (campaign_id, organization_id)
    references public.campaigns (id, organization_id) on delete cascade,
  constraint campaign_uploads_participant_fkey foreign key (participant_id, organization_id)
    references public.participants (id, organization_id) on delete cascade
);

comment on table public.campaign_uploads is
  'A file the public sent to a campaign (campaign-uploads bucket), written by the campaign-upload edge function through begin_campaign_upload and claimed once by the write it belongs to. Members read; erasure deletes the row and the sweep the file.';

create index campaign_uploads_campaign_id_idx on public.campaign_uploads (campaign_id, organization_id, created_at);
create index campaign_uploads_participant_id_idx on public.campaign_uploads (participant_id, organization_id);
create index campaign_uploads_organization_id_idx on public.campaign_uploads (organization_id);
create index campaign_uploads_unclaimed_idx on public.campaign_uploads (created_at) where claimed_at is null;

alter table public.campaign_uploads enable row level security;

create policy "Members read their organization's campaign uploads"
on public.campaign_uploads
for select
to authenticated
using (private.has_organization_role(organization_id));

revoke all on public.campaign_uploads from anon, authenticated;
grant select on public.campaign_uploads to authenticated;
grant select, insert, update, delete on public.campaign_uploads to service_role;

-- Members see (sign) their organization's uploads to moderate them; nobody else reads the bucket, and
-- only the service role writes it.
create policy "Members read their organization's campaign upload files"
on storage.objects
for select
to authenticated
using (
  bucket_id = 'campaign-uploads'
  and private.has_organization_role(private.media_file_organization_id(name))
);

-- ============================================================================================
-- 2. Starting, claiming and sweeping uploads
-- ============================================================================================

-- Who may send a photo to a competition's progress: an active member of one of its teams, by their
-- participation token, while the competition runs; the participant's id.
create or replace function private.competition_upload_participant(token text, competition_id uuid)
returns uuid
language plpgsql
stable
set search_path = ''
as $$
declare
  context record := private.competition_for_token(token, competition_id);
  clock timestamptz := private.campaign_now();
begin
  if not exists (
    select 1 from public.competitions_members as m
    where m.competition_id = (context.competition).id and m.participant_id = (context.person).id and m.status = 'active'
  ) then
    raise exception using errcode = 'P0001', message = 'competition-no-team';
  end if;
  if clock < (context.competition).starts_at then
    raise exception using errcode = 'P0001', message = 'competition-not-started';
  end if;
  if clock >= (context.competition).ends_at then
    raise exception using errcode = 'P0001', message = 'competition-ended';
  end if;
  return (context.person).id;
end;
$$;

comment on function private.competition_upload_participant(text, uuid) is
  'The participant of a token who may send a progress photo now (an active member while the competition runs); the competition''s refusals otherwise.';
revoke execute on function private.competition_upload_participant(text, uuid) from public, anon, authenticated;

-- How many uploads one campaign takes a day (Oslo), and one person of it: a bound on what a script
-- with a valid link, or a busy form, can fill the bucket with.
create or replace function private.check_upload_quota(campaign_id uuid, participant_id uuid)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  day_start timestamptz := private.oslo_day_start((private.campaign_now() at time zone 'Europe/Oslo')::date);
begin
  if (select count(*) from public.campaign_uploads as u
      where u.campaign_id = check_upload_quota.campaign_id and u.created_at >= day_start) >= 2000
    or (check_upload_quota.participant_id is not null and (
      select count(*) from public.campaign_uploads as u
      where u.campaign_id = check_upload_quota.campaign_id and u.participant_id = check_upload_quota.participant_id
        and u.created_at >= day_start) >= 30)
  then
    raise exception using errcode = 'PT429', message = 'campaign-upload-quota', hint = '3600';
  end if;
end;
$$;

comment on function private.check_upload_quota(uuid, uuid) is
  'campaign-upload-quota (PT429) beyond 2000 uploads a day (Oslo) to a campaign, or 30 by one participant.';
revoke execute on function private.check_upload_quota(uuid, uuid) from public, anon, authenticated;

-- The campaign-upload edge function (service role), after it has sniffed the file: checks who may
-- send it for that purpose, writes the row and answers where to store the bytes. A file the function
-- then fails to store leaves a row the sweep removes. Security definer: the kinds' checks are private.
create or replace function public.begin_campaign_upload(
  input_campaign_id uuid,
  input_purpose text,
  input_token text,
  input_mime text,
  input_bytes integer
)
returns table (upload_id uuid, object_path text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  campaign public.campaigns;
  person uuid;
  new_id uuid := gen_random_uuid();
  extension text := case input_mime
    when 'image/jpeg' then 'jpg' when 'image/png' then 'png' when 'image/webp' then 'webp' when 'application/pdf' then 'pdf'
  end;
begin
  select * into campaign from public.campaigns as k where k.id = input_campaign_id and k.published_at is not null;
  if campaign.id is null then
    raise exception using errcode = 'PT404', message = 'campaign-not-found';
  end if;
  if input_purpose = 'competition-progress' and campaign.kind = 'competition' then
    person := private.competition_upload_participant(input_token, campaign.id);
    if input_mime not like 'image/%' then
      raise exception using errcode = 'P0001', message = 'campaign-upload-type';
    end if;
  elsif input_purpose = 'form-answer' and campaign.kind = 'form' then
    person := null;
  else
    raise exception using errcode = 'P0001', message = 'campaign-upload-invalid';
  end if;
  if extension is null then
    raise exception using errcode = 'P0001', message = 'campaign-upload-type';
  end if;
  if input_bytes is null or input_bytes < 1 or input_bytes > 5242880 then
    raise exception using errcode = 'P0001', message = 'campaign-upload-too-large';
  end if;
  perform private.check_upload_quota(campaign.id, person);
  -- created_at by the campaigns' clock, which the quota and the claim's day compare with.
  insert into public.campaign_uploads (id, organization_id, campaign_id, participant_id, purpose, object_path, mime, bytes, created_at)
  values (new_id, campaign.organization_id, campaign.id, person, input_purpose,
          campaign.organization_id || '/' || campaign.id || '/' || new_id || '.' || extension, input_mime, input_bytes,
          private.campaign_now())
  returning campaign_uploads.id, campaign_uploads.object_path into upload_id, object_path;
  return next;
end;
$$;

comment on function public.begin_campaign_upload(uuid, text, text, text, integer) is
  'The campaign-upload function (service role): may this file (sniffed type, size ≤ 5 MiB) be sent to a published campaign for a purpose — a competition''s progress photo by an active member''s token, a form''s file answer — within the day''s quota; writes the row and returns its id and object path. campaign-not-found, campaign-upload-invalid, campaign-upload-type, campaign-upload-too-large, campaign-upload-quota and the kind''s own refusals.';
revoke execute on function public.begin_campaign_upload(uuid, text, text, text, integer) from public, anon, authenticated;
grant execute on function public.begin_campaign_upload(uuid, text, text, text, integer) to service_role;

-- The write an upload belongs to claims it, once: the same campaign and purpose, the same person when
-- one sent it, sent in the last 24 hours, stored (the object exists) and not claimed before. Locks the
-- row, so two writes cannot claim one file.
create or replace function private.claim_campaign_upload(
  upload_id uuid, campaign_id uuid, purpose text, participant_id uuid, ref uuid
)
returns public.campaign_uploads
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  upload public.campaign_uploads;
begin
  select * into upload from public.campaign_uploads as u where u.id = claim_campaign_upload.upload_id for update;
  if upload.id is null
    or upload.campaign_id <> claim_campaign_upload.campaign_id
    or upload.purpose <> claim_campaign_upload.purpose
    or (upload.participant_id is not null and upload.participant_id is distinct from claim_campaign_upload.participant_id)
    or upload.claimed_at is not null
    or upload.created_at < private.campaign_now() - interval '24 hours'
    or not exists (select 1 from storage.objects as o where o.bucket_id = 'campaign-uploads' and o.name = upload.object_path)
  then
    raise exception using errcode = 'P0001', message = 'campaign-upload-invalid';
  end if;
  update public.campaign_uploads as u set claimed_at = private.campaign_now(), claimed_ref = claim_campaign_upload.ref
  where u.id = upload.id
  returning * into upload;
  return upload;
end;
$$;

comment on function private.claim_campaign_upload(uuid, uuid, text, uuid, uuid) is
  'Claims a stored upload for the write `ref` (same campaign, purpose and sender, at most 24 h old, unclaimed); campaign-upload-invalid otherwise.';
revoke execute on function private.claim_campaign_upload(uuid, uuid, text, uuid, uuid) from public, anon, authenticated;

-- The campaign-uploads-sweep job (service role): forgets the uploads never claimed within 24 hours and
-- answers their files with every file of the bucket that has no row (an erased person's, a deleted
-- entry's), for the job to remove through the storage API. A file whose removal fails is found again
-- by the next run.
create or replace function public.campaign_upload_sweep(input_limit integer default 500)
returns setof text
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  return query
  with stale as (
    delete from public.campaign_uploads as u
    where u.id in (
      select s.id from public.campaign_uploads as s
      where s.claimed_at is null and s.created_at < private.campaign_now() - interval '24 hours'
      order by s.created_at limit input_limit
    )
    returning u.object_path
  )
  select s.object_path from stale as s
  union
  (select o.name from storage.objects as o
   where o.bucket_id = 'campaign-uploads'
     and not exists (select 1 from public.campaign_uploads as u where u.object_path = o.name)
     -- The function stores the file after writing the row; a file seconds old may be mid-upload.
     and o.created_at < pg_catalog.now() - interval '1 hour'
   limit input_limit);
end;
$$;

comment on function public.campaign_upload_sweep(integer) is
  'The sweep job (service role): deletes unclaimed uploads older than 24 h and returns their paths with the campaign-uploads files that have no row (older than 1 h), at most input_limit of each, for the job to remove.';
revoke execute on function public.campaign_upload_sweep(integer) from public, anon, authenticated;
grant execute on function public.campaign_upload_sweep(integer) to service_role;

insert into private.scheduled_jobs (name, schedule, function_name, body, description) values
  ('campaign-uploads-sweep', '17 * * * *', 'campaign-jobs', '{}',
   'Campaigns: removes uploads never claimed within 24 hours and files whose upload is gone (erasure, a deleted entry).');

-- ============================================================================================
-- 3. A photo on a competition's progress entry
-- ============================================================================================

alter table public.competitions_progress
  add column photo_upload_id uuid null references public.campaign_uploads (id) on delete set null;

comment on column public.competitions_progress.photo_upload_id is
  'The photo sent with the entry (campaign_uploads, purpose competition-progress); shown on the team page while the entry counts.';

create unique index competitions_progress_photo_upload_id_idx on public.competitions_progress (photo_upload_id);

-- An entry deleted takes its photo's row with it; the sweep then removes the file.
create or replace function private.competitions_progress_forget_photo()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.campaign_uploads as u where u.id = old.photo_upload_id;
  return old;
end;
$$;

revoke execute on function private.competitions_progress_forget_photo() from public, anon, authenticated;

create trigger competitions_progress_forget_photo
  after delete on public.competitions_progress
  for each row when (old.photo_upload_id is not null)
  execute function private.competitions_progress_forget_photo();

-- Logs progress with a photo the person sent first through campaign-upload: the entry as
-- log_competition_progress logs it, and the photo claimed for it in the same transaction (a photo
-- that is not theirs, used or gone refuses the entry too). Security definer: the public has no write
-- access to progress.
create or replace function public.log_competition_progress_with_photo(
  input_token text,
  input_competition_id uuid,
  input_amount numeric,
  input_on_date date,
  input_photo_upload_id uuid,
  input_note text default null
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  entry_id uuid := public.log_competition_progress(input_token, input_competition_id, input_amount, input_on_date, input_note);
  entry public.competitions_progress;
begin
  select * into entry from public.competitions_progress as e where e.id = entry_id;
  perform private.claim_campaign_upload(input_photo_upload_id, entry.competition_id, 'competition-progress',
    entry.participant_id, entry.id);
  update public.competitions_progress as e set photo_upload_id = input_photo_upload_id where e.id = entry.id;
  return entry.id;
end;
$$;

comment on function public.log_competition_progress_with_photo(text, uuid, numeric, date, uuid, text) is
  'By participation token: log_competition_progress with a photo the person uploaded (campaign-upload-invalid when it is not theirs, used or gone: nothing is logged then); returns the entry id.';
revoke execute on function public.log_competition_progress_with_photo(text, uuid, numeric, date, uuid, text) from public, anon, authenticated;
grant execute on function public.log_competition_progress_with_photo(text, uuid, numeric, date, uuid, text) to anon, authenticated, service_role;

-- The photos of a team's counting entries (not rejected, logged before the public's freeze) of a
-- published competition, newest first: what public_upload_paths lets the public see.
create or replace view private.competition_public_photos
with (security_barrier)
as
  select e.id as entry_id, e.competition_id, e.team_id, e.participant_id, e.amount, e.on_date, e.created_at,
    u.object_path as path
  from public.competitions_progress as e
  join public.campaign_uploads as u on u.id = e.photo_upload_id
  join public.competitions as c on c.id = e.competition_id
  join public.campaigns as k on k.id = c.id
  where k.published_at is not null
    and e.rejected_at is null
    and e.created_at < private.competition_cutoff(c);

revoke all on private.competition_public_photos from public, anon, authenticated;

-- Public: a team's latest photos for its page's gallery (signed through public-media).
create or replace function public.competition_team_photos(input_competition_id uuid, input_team_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'path', p.path, 'name', p.name, 'amount', p.amount, 'on_date', p.on_date, 'created_at', p.created_at
  ) order by p.created_at desc), '[]')
  from (
    select f.path, private.first_name_and_initial(person.name) as name, f.amount, f.on_date, f.created_at
    from private.competition_public_photos as f
    join public.participants as person on person.id = f.participant_id
    where f.competition_id = input_competition_id and f.team_id = input_team_id
    order by f.created_at desc
    limit 12
  ) as p;
$$;

comment on function public.competition_team_photos(uuid, uuid) is
  'Public: the latest 12 photos of a team''s counting entries (path, first name and initial, amount, date) of a published competition, frozen for the public.';
revoke execute on function public.competition_team_photos(uuid, uuid) from public, anon, authenticated;
grant execute on function public.competition_team_photos(uuid, uuid) to anon, authenticated, service_role;

-- The public-media function (service role): which of the paths of campaign-uploads a published page
-- shows now.
create or replace function public.public_upload_paths(input_paths text[])
returns setof text
language sql
stable
security definer
set search_path = ''
as $$
  select f.path from private.competition_public_photos as f where f.path = any (input_paths);
$$;

comment on function public.public_upload_paths(text[]) is
  'The public-media edge function (service role): which campaign-uploads paths a published page shows now (photos of counting progress entries of published competitions, frozen for the public).';
revoke execute on function public.public_upload_paths(text[]) from public, anon, authenticated;
grant execute on function public.public_upload_paths(text[]) to service_role;
