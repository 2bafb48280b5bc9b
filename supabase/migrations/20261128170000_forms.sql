-- Forms, the third kind on the campaign engine (docs/forms.md «Database»):
--
-- Sections: 1. tables · 2. triggers (versions, deletion, uploads) · 3. row-level security · 4. status
-- · 5. the organizer · 6. the public read · 7. the client's address for the service role · 8. the
-- submission (service role) and the progress of a visit (anon) · 9. results · 10. jobs
--
-- - A form is a campaign of kind form with its own row (same id). Its questions are a JSON definition
--   in versions: at most one draft per form, published versions immutable; the public reads only the
--   latest published version of a published, not archived form.
-- - The database never interprets the definition: the submit-form edge function checks every answer
--   against the published version with the logic engine (supabase/functions/_shared/forms/) and calls
--   submit_form_response with the cleaned answers, the chosen quota options and the file upload ids.
-- - Caps (max_responses, each quota, one response per e-mail) hold under concurrent submissions: a
--   submission that has any of them locks the form's row before it counts.
-- - Sessions count how far visits came (drop-off) and carry no personal data and no answers.
-- - Every «is it open» test compares with private.campaign_now().

-- ============================================================================================
-- 1. Tables
-- ============================================================================================

create table public.forms (
  id uuid primary key,
  organization_id uuid not null,
  -- Ties the row to a campaign of kind form (forms_campaign_fkey).
  kind text not null default 'form' check (kind = 'form'),
  display_mode text not null default 'classic' check (display_mode in ('classic', 'one_at_a_time')),
  max_responses integer null check (max_responses between 1 and 1000000),
  opens_at timestamptz null,
  closes_at timestamptz null,
  one_per_email boolean not null default false,
  closed_message text null check (char_length(closed_message) <= 1000),
  notify_mode text not null default 'each' check (notify_mode in ('each', 'daily')),
  confirmation_email boolean not null default false,
  archived_at timestamptz null,
  -- The Oslo date of the last daily digest claimed (form-digests job).
  digest_sent_on date null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint forms_period check (opens_at is null or closes_at is null or opens_at < closes_at),
  constraint forms_campaign_fkey foreign key (id, kind)
    references public.campaigns (id, kind) on delete cascade,
  constraint forms_campaign_organization_fkey foreign key (id, organization_id)
    references public.campaigns (id, organization_id) on delete cascade,
  constraint forms_id_organization_id_key unique (id, organization_id)
);

comment on table public.forms is
  'A form: the campaign (same id, kind form) whose questions are the versions'' definition. Members manage it; the public reads it through form_public and answers it through the submit-form edge function.';
comment on column public.forms.display_mode is 'classic: a page of questions at a time; one_at_a_time: one question at a time.';
comment on column public.forms.max_responses is 'Responses accepted in all; null: no cap. Reached: the form is closed.';
comment on column public.forms.opens_at is 'When answering opens (the editor enters Oslo time); null: at publication.';
comment on column public.forms.closes_at is 'When answering closes; null: never.';
comment on column public.forms.one_per_email is 'A second response with the same e-mail is not stored (and answered alike, so nobody learns the address took part).';
comment on column public.forms.closed_message is 'What the public page shows when the form is not open.';
comment on column public.forms.notify_mode is 'each: an e-mail per response to forms_notify''s members; daily: one digest a day.';
comment on column public.forms.confirmation_email is 'True: each respondent who gave an e-mail gets a confirmation (form-confirmations job).';
comment on column public.forms.archived_at is 'Archived: hidden from the public and closed; the responses stay.';

create index forms_organization_id_idx on public.forms (organization_id);
create index forms_id_kind_idx on public.forms (id, kind);

-- The definition as the editor saves it: a JSON object of at most 256 KiB.
create table public.forms_versions (
  id uuid primary key default gen_random_uuid(),
  form_id uuid not null,
  organization_id uuid not null,
  -- 1, 2, …: set on insert (forms_versions_number).
  version integer not null default 0,
  definition jsonb not null default '{}'
    check (jsonb_typeof(definition) = 'object' and octet_length(definition::text) <= 262144),
  published_at timestamptz null,
  created_by uuid null default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint forms_versions_version_key unique (form_id, version),
  -- Target of the responses' (version_id, form_id) foreign key.
  constraint forms_versions_id_form_id_key unique (id, form_id),
  constraint forms_versions_form_fkey foreign key (form_id, organization_id)
    references public.forms (id, organization_id) on delete cascade
);

comment on table public.forms_versions is
  'A form''s definition (the logic engine''s JSON document) by version: at most one draft (published_at null) per form; a published version never changes. Members read all and write drafts; the public reads the latest published through form_public.';

-- At most one draft per form.
create unique index forms_versions_one_draft_key on public.forms_versions (form_id) where published_at is null;
create index forms_versions_published_idx on public.forms_versions (form_id, version desc) where published_at is not null;
create index forms_versions_organization_id_idx on public.forms_versions (organization_id);
create index forms_versions_form_id_idx on public.forms_versions (form_id, organization_id);
create index forms_versions_created_by_idx on public.forms_versions (created_by);

-- «20 plasser per dag»: a cap per chosen option of a choice question. The ids are the definition's.
create table public.forms_quotas (
  id uuid primary key default gen_random_uuid(),
  form_id uuid not null,
  organization_id uuid not null,
  block_id text not null check (block_id ~ '^[A-Za-z0-9_-]{1,100}$'),
  option_id text not null check (option_id ~ '^[A-Za-z0-9_-]{1,100}$'),
  cap integer not null check (cap between 0 and 1000000),
  created_at timestamptz not null default now(),
  constraint forms_quotas_option_key unique (form_id, block_id, option_id),
  constraint forms_quotas_form_fkey foreign key (form_id, organization_id)
    references public.forms (id, organization_id) on delete cascade
);

comment on table public.forms_quotas is
  'A cap on the responses choosing one option (option_id) of one question (block_id): submissions beyond it are refused with form-quota-full. Members manage them.';

create index forms_quotas_organization_id_idx on public.forms_quotas (organization_id);
create index forms_quotas_form_id_idx on public.forms_quotas (form_id, organization_id);

-- The organization's members told of new responses (forms.notify_mode). A member who leaves the
-- organization leaves the list.
create table public.forms_notify (
  form_id uuid not null,
  organization_id uuid not null,
  member_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (form_id, member_id),
  constraint forms_notify_form_fkey foreign key (form_id, organization_id)
    references public.forms (id, organization_id) on delete cascade,
  constraint forms_notify_member_fkey foreign key (organization_id, member_id)
    references public.organizations_members (organization_id, member_id) on delete cascade
);

comment on table public.forms_notify is
  'Members of the organization who get an e-mail per response or a daily digest of a form. Members manage it.';

create index forms_notify_member_idx on public.forms_notify (organization_id, member_id);
create index forms_notify_form_id_idx on public.forms_notify (form_id, organization_id);

create table public.forms_responses (
  id uuid primary key default gen_random_uuid(),
  form_id uuid not null,
  organization_id uuid not null,
  version_id uuid not null,
  -- Null for a response without contact details; erasing the person deletes their responses.
  participant_id uuid null,
  -- The cleaned answers by block id, as the logic engine passed them (file answers: upload ids).
  answers jsonb not null check (jsonb_typeof(answers) = 'object' and octet_length(answers::text) <= 262144),
  score numeric null check (score > -1e9 and score < 1e9),
  ending_id text null check (ending_id ~ '^[A-Za-z0-9_-]{1,100}$'),
  -- The visit's start (the browser's) and the submission (the database's clock).
  started_at timestamptz null,
  submitted_at timestamptz not null default now(),
  duration_ms bigint null check (duration_ms >= 0),
  -- Hidden fields of the link (utm_source …): an object of short strings.
  hidden jsonb not null default '{}' check (jsonb_typeof(hidden) = 'object' and octet_length(hidden::text) <= 4096),
  -- The visit's drop-off session, marked completed by the submission.
  session_id uuid null,
  consent_id uuid null references public.consents (id) on delete cascade,
  marketing_consent_id uuid null references public.consents (id) on delete cascade,
  ip_hash text null check (ip_hash ~ '^[0-9a-f]{64}$'),
  -- The e-mail jobs: a confirmation is due when the form asks for one and the person gave an address.
  confirmation_due boolean not null default false,
  confirmation_sent_at timestamptz null,
  notified_at timestamptz null,
  constraint forms_responses_consent check (participant_id is not null or consent_id is null),
  constraint forms_responses_form_fkey foreign key (form_id, organization_id)
    references public.forms (id, organization_id) on delete cascade,
  constraint forms_responses_version_fkey foreign key (version_id, form_id)
    references public.forms_versions (id, form_id) on delete cascade,
  constraint forms_responses_participant_fkey foreign key (participant_id, organization_id)
    references public.participants (id, organization_id) on delete cascade
);

comment on table public.forms_responses is
  'A submitted response: the version answered, the cleaned answers, score, ending, timing, hidden fields, the person (if they gave an e-mail) with the consents it was made under. Written only by submit_form_response; members read.';

create index forms_responses_form_submitted_idx on public.forms_responses (form_id, submitted_at desc);
create index forms_responses_form_id_idx on public.forms_responses (form_id, organization_id);
create index forms_responses_version_id_idx on public.forms_responses (version_id, form_id);
create index forms_responses_participant_idx on public.forms_responses (participant_id, organization_id);
create index forms_responses_organization_id_idx on public.forms_responses (organization_id);
create index forms_responses_consent_id_idx on public.forms_responses (consent_id);
create index forms_responses_marketing_consent_id_idx on public.forms_responses (marketing_consent_id);
create index forms_responses_confirmation_due_idx on public.forms_responses (submitted_at)
  where confirmation_due and confirmation_sent_at is null;
create index forms_responses_unnotified_idx on public.forms_responses (form_id, submitted_at)
  where notified_at is null;

-- The quota options a response took: counted under the form's lock, freed when the response goes.
create table public.forms_response_quotas (
  response_id uuid not null references public.forms_responses (id) on delete cascade,
  quota_id uuid not null references public.forms_quotas (id) on delete cascade,
  primary key (quota_id, response_id)
);

comment on table public.forms_response_quotas is
  'Which quota options a response took (one row each), counted against forms_quotas.cap. Written by submit_form_response; members read.';

create index forms_response_quotas_response_id_idx on public.forms_response_quotas (response_id);

-- A visit of the public form, for the drop-off: the browser's random session id, which pages and
-- questions it reached, and whether it ended in a response. No personal data, no answers.
create table public.forms_sessions (
  form_id uuid not null,
  session_id uuid not null,
  organization_id uuid not null,
  -- The latest published version when the visit began.
  version_id uuid null,
  pages text[] not null default '{}' check (cardinality(pages) <= 500),
  blocks text[] not null default '{}' check (cardinality(blocks) <= 500),
  last_page_id text null,
  last_block_id text null,
  started_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  completed_at timestamptz null,
  primary key (form_id, session_id),
  constraint forms_sessions_form_fkey foreign key (form_id, organization_id)
    references public.forms (id, organization_id) on delete cascade,
  constraint forms_sessions_version_fkey foreign key (version_id, form_id)
    references public.forms_versions (id, form_id) on delete cascade
);

comment on table public.forms_sessions is
  'A visit of a public form (drop-off): the pages and questions it reached (each once), the last ones, started, last seen and completed. No personal data. Written by track_form_progress and submit_form_response; members read.';

create index forms_sessions_version_idx on public.forms_sessions (form_id, version_id);
create index forms_sessions_form_id_idx on public.forms_sessions (form_id, organization_id);
create index forms_sessions_version_id_idx on public.forms_sessions (version_id, form_id);
create index forms_sessions_organization_id_idx on public.forms_sessions (organization_id);

-- ============================================================================================
-- 2. Triggers: version numbers, immutable published versions, deletion, uploads
-- ============================================================================================

create trigger forms_set_updated_at before update on public.forms
  for each row execute function private.set_updated_at();
create trigger forms_versions_set_updated_at before update on public.forms_versions
  for each row execute function private.set_updated_at();

-- A new version gets the next number of its form; its form's row is locked first, so two new drafts
-- never take one number. Security definer: counts every version whoever writes.
create or replace function private.forms_versions_number()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1 from public.forms as f where f.id = new.form_id for no key update;
  new.version := coalesce((select max(v.version) from public.forms_versions as v where v.form_id = new.form_id), 0) + 1;
  return new;
end;
$$;

comment on function private.forms_versions_number() is 'Trigger: a new version takes its form''s next number.';
revoke execute on function private.forms_versions_number() from public, anon, authenticated;

create trigger forms_versions_number before insert on public.forms_versions
  for each row execute function private.forms_versions_number();

-- A published version is what its responses answered: nothing of it changes, for anyone
-- (form-version-published), but its author's link (set null when the user is deleted).
create or replace function private.forms_versions_frozen()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.published_at is not null
    and (new.form_id, new.organization_id, new.version, new.definition, new.published_at)
      is distinct from (old.form_id, old.organization_id, old.version, old.definition, old.published_at) then
    raise exception using errcode = 'P0001', message = 'form-version-published';
  end if;
  return new;
end;
$$;

comment on function private.forms_versions_frozen() is 'Trigger: refuses any change of a published version (form-version-published).';
revoke execute on function private.forms_versions_frozen() from public, anon, authenticated;

create trigger forms_versions_frozen before update on public.forms_versions
  for each row execute function private.forms_versions_frozen();

-- Deleting the form deletes its campaign, with the same trigger function as the calendars'.
create trigger forms_delete_campaign after delete on public.forms
  for each row execute function private.calendars_delete_campaign();

-- A response deleted (the person's erasure, the form's deletion) takes its files' rows with it; the
-- campaign-uploads-sweep job then removes the files. Security definer: members cannot write uploads.
create or replace function private.forms_responses_forget_uploads()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.campaign_uploads as u where u.claimed_ref = old.id and u.purpose = 'form-answer';
  return old;
end;
$$;

comment on function private.forms_responses_forget_uploads() is 'Trigger: a deleted response''s file uploads are forgotten (the sweep removes the files).';
revoke execute on function private.forms_responses_forget_uploads() from public, anon, authenticated;

create index campaign_uploads_claimed_ref_idx on public.campaign_uploads (claimed_ref) where claimed_ref is not null;

create trigger forms_responses_forget_uploads after delete on public.forms_responses
  for each row execute function private.forms_responses_forget_uploads();

-- The design's background is recorded in media_usages (kind form-background), so the library refuses
-- to delete it, public while the form is published and not archived. Security definer: members have
-- no write access to media_usages.
create or replace function private.form_record_media(form_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  campaign public.campaigns;
  shown boolean;
begin
  delete from public.media_usages as u where u.kind = 'form-background' and u.ref_id = form_record_media.form_id;
  select * into campaign from public.campaigns as k where k.id = form_record_media.form_id and k.kind = 'form';
  shown := campaign.published_at is not null
    and not exists (select 1 from public.forms as f where f.id = campaign.id and f.archived_at is not null);
  insert into public.media_usages (media_id, organization_id, kind, ref_id, label, public_from)
  select m.id, m.organization_id, 'form-background', campaign.id, left(campaign.name, 180) || ' – bakgrunn',
    case when shown then '-infinity'::timestamptz end
  from public.organizations_media as m
  where m.id = private.campaign_design_media_id(campaign) and m.organization_id = campaign.organization_id;
end;
$$;

comment on function private.form_record_media(uuid) is
  'The media_usages row of a form''s background (form-background), public while the form is published and not archived.';
revoke execute on function private.form_record_media(uuid) from public, anon, authenticated;

-- Security definer: the private helper it calls is not granted to members.
create or replace function private.forms_record_media()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.form_record_media(new.id);
  return null;
end;
$$;

comment on function private.forms_record_media() is
  'Trigger of form campaigns and forms: private.form_record_media after a change of name, publication, design or archiving.';
revoke execute on function private.forms_record_media() from public, anon, authenticated;

create trigger form_campaigns_record_media
  after insert or update of name, published_at, design on public.campaigns
  for each row when (new.kind = 'form')
  execute function private.forms_record_media();
create trigger forms_record_media after update of archived_at on public.forms
  for each row execute function private.forms_record_media();

-- ============================================================================================
-- 3. Row-level security: members of the organization; the public only through the functions
-- ============================================================================================

alter table public.forms enable row level security;
alter table public.forms_versions enable row level security;
alter table public.forms_quotas enable row level security;
alter table public.forms_notify enable row level security;
alter table public.forms_responses enable row level security;
alter table public.forms_response_quotas enable row level security;
alter table public.forms_sessions enable row level security;

revoke all on public.forms, public.forms_versions, public.forms_quotas, public.forms_notify,
  public.forms_responses, public.forms_response_quotas, public.forms_sessions from anon, authenticated;

grant select, insert, delete on public.forms, public.forms_versions, public.forms_quotas, public.forms_notify to authenticated;
grant select on public.forms_responses, public.forms_response_quotas, public.forms_sessions to authenticated;
grant update (display_mode, max_responses, opens_at, closes_at, one_per_email, closed_message, notify_mode,
  confirmation_email, archived_at) on public.forms to authenticated;
grant update (definition) on public.forms_versions to authenticated;
grant update (cap) on public.forms_quotas to authenticated;

create policy "Members can read their organization's forms"
on public.forms for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can create forms for their organization"
on public.forms for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can update their organization's forms"
on public.forms for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Owners and admins can delete their organization's forms"
on public.forms for delete to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Members can read their organization's form versions"
on public.forms_versions for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can add a draft version"
on public.forms_versions for insert to authenticated
with check (private.has_organization_role(organization_id) and published_at is null);

create policy "Members can edit a draft version"
on public.forms_versions for update to authenticated
using (private.has_organization_role(organization_id) and published_at is null)
with check (private.has_organization_role(organization_id) and published_at is null);

create policy "Members can discard a draft version"
on public.forms_versions for delete to authenticated
using (private.has_organization_role(organization_id) and published_at is null);

create policy "Members can read their organization's form quotas"
on public.forms_quotas for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can add form quotas"
on public.forms_quotas for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can change form quotas"
on public.forms_quotas for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Members can delete form quotas"
on public.forms_quotas for delete to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read who is told of a form's responses"
on public.forms_notify for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can add who is told of a form's responses"
on public.forms_notify for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can remove who is told of a form's responses"
on public.forms_notify for delete to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's form responses"
on public.forms_responses for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read the quota options their organization's responses took"
on public.forms_response_quotas for select to authenticated
using (exists (
  select 1 from public.forms_responses as r where r.id = response_id and private.has_organization_role(r.organization_id)
));

create policy "Members can read their organization's form sessions"
on public.forms_sessions for select to authenticated
using (private.has_organization_role(organization_id));

-- ============================================================================================
-- 4. Status
-- ============================================================================================

-- Why a published form takes no response now, or null when it does: archived, not open yet, closed
-- by its time or by max_responses reached.
create or replace function private.form_closed_reason(form public.forms)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when form.archived_at is not null then 'archived'
    when form.opens_at is not null and private.campaign_now() < form.opens_at then 'scheduled'
    when form.closes_at is not null and private.campaign_now() >= form.closes_at then 'closed'
    when form.max_responses is not null
      and (select count(*) from public.forms_responses as r where r.form_id = form.id) >= form.max_responses then 'closed'
  end;
$$;

comment on function private.form_closed_reason(public.forms) is
  'archived, scheduled (before opens_at), closed (after closes_at or max_responses reached), or null: the form takes responses now (if published).';
revoke execute on function private.form_closed_reason(public.forms) from public, anon, authenticated;

-- The API's computed column (`select=*,form_status`): draft, scheduled, open, closed or archived.
-- Reads the stored rows, so a made-up row learns nothing (null for another organization's form).
create or replace function public.form_status(form public.forms)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when f.archived_at is not null then 'archived'
    when k.published_at is null then 'draft'
    else coalesce(private.form_closed_reason(f), 'open')
  end
  from public.forms as f
  join public.campaigns as k on k.id = f.id
  where f.id = form.id and private.has_organization_role(f.organization_id);
$$;

comment on function public.form_status(public.forms) is
  'Computed column of forms: draft, scheduled, open, closed (time or max_responses) or archived against campaign_now(); null for another organization''s form.';
revoke execute on function public.form_status(public.forms) from public, anon, authenticated;
grant execute on function public.form_status(public.forms) to authenticated, service_role;

-- The latest published version of a form, or null.
create or replace function private.form_latest_version(form_id uuid)
returns public.forms_versions
language sql
stable
set search_path = ''
as $$
  select v.* from public.forms_versions as v
  where v.form_id = form_latest_version.form_id and v.published_at is not null
  order by v.version desc limit 1;
$$;

comment on function private.form_latest_version(uuid) is 'The latest published version of a form (null: none).';
revoke execute on function private.form_latest_version(uuid) from public, anon, authenticated;

-- A published, not archived form with its campaign and latest published version: what the public
-- reads and writes; form-not-found (PT404) otherwise.
create or replace function private.public_form(
  form_id uuid, out form public.forms, out campaign public.campaigns, out version public.forms_versions
)
language plpgsql
stable
set search_path = ''
as $$
begin
  select * into campaign from public.campaigns as k
  where k.id = public_form.form_id and k.kind = 'form' and k.published_at is not null;
  select * into form from public.forms as f where f.id = campaign.id and f.archived_at is null;
  version := private.form_latest_version(form.id);
  if form.id is null or version.id is null then
    raise exception using errcode = 'PT404', message = 'form-not-found';
  end if;
end;
$$;

comment on function private.public_form(uuid) is
  'The published, not archived form with its campaign and latest published version; form-not-found (PT404) otherwise.';
revoke execute on function private.public_form(uuid) from public, anon, authenticated;

-- ============================================================================================
-- 5. The organizer (members of the organization)
-- ============================================================================================

-- A definition the database stores: a JSON object of at most 256 KiB (form-definition-invalid).
create or replace function private.check_form_definition(definition jsonb)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if definition is null or jsonb_typeof(definition) <> 'object' or octet_length(definition::text) > 262144 then
    raise exception using errcode = 'P0001', message = 'form-definition-invalid';
  end if;
end;
$$;

comment on function private.check_form_definition(jsonb) is 'Raises form-definition-invalid unless the definition is a JSON object of at most 256 KiB.';
revoke execute on function private.check_form_definition(jsonb) from public, anon, authenticated;
grant execute on function private.check_form_definition(jsonb) to authenticated, service_role;

-- A new draft form: its campaign, its row and its first draft version in one transaction. Security
-- invoker: the tables' policies decide who may.
create or replace function public.create_form(
  input_organization_id uuid,
  input_name text,
  input_definition jsonb default null
)
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
declare
  new_id uuid;
begin
  perform private.check_form_definition(coalesce(input_definition, '{}'));
  insert into public.campaigns (organization_id, kind, name)
  values (input_organization_id, 'form', btrim(input_name))
  returning id into new_id;
  insert into public.forms (id, organization_id) values (new_id, input_organization_id);
  insert into public.forms_versions (form_id, organization_id, definition)
  values (new_id, input_organization_id, coalesce(input_definition, '{}'));
  return new_id;
end;
$$;

comment on function public.create_form(uuid, text, jsonb) is
  'Members: creates a draft form (campaign, form row and draft version 1 with the definition, {} when null) and returns its id.';
revoke execute on function public.create_form(uuid, text, jsonb) from public, anon, authenticated;
grant execute on function public.create_form(uuid, text, jsonb) to authenticated, service_role;

-- A form of the caller's organization, or form-not-found (PT404).
create or replace function private.member_form(form_id uuid)
returns public.forms
language plpgsql
stable
set search_path = ''
as $$
declare
  form public.forms;
begin
  select * into form from public.forms as f
  where f.id = member_form.form_id and private.has_organization_role(f.organization_id);
  if form.id is null then
    raise exception using errcode = 'PT404', message = 'form-not-found';
  end if;
  return form;
end;
$$;

comment on function private.member_form(uuid) is 'The form when the caller is a member of its organization; form-not-found (PT404) otherwise.';
revoke execute on function private.member_form(uuid) from public, anon, authenticated;
grant execute on function private.member_form(uuid) to authenticated, service_role;

-- Saves the editor's definition into the form's draft, creating the draft (the next version number)
-- when the form has none: after a publication the next save starts the new draft. Returns the
-- draft's id. Security invoker: the policies allow writing drafts only.
create or replace function public.save_form_draft(input_form_id uuid, input_definition jsonb)
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
declare
  form public.forms := private.member_form(input_form_id);
  draft_id uuid;
begin
  perform private.check_form_definition(input_definition);
  insert into public.forms_versions (form_id, organization_id, definition)
  values (form.id, form.organization_id, input_definition)
  on conflict (form_id) where published_at is null
  do update set definition = excluded.definition
  returning id into draft_id;
  return draft_id;
end;
$$;

comment on function public.save_form_draft(uuid, jsonb) is
  'Members: writes the definition into the form''s draft (created as the next version when there is none) and returns the draft''s id; form-not-found, form-definition-invalid.';
revoke execute on function public.save_form_draft(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.save_form_draft(uuid, jsonb) to authenticated, service_role;

-- Publishes the form's draft: the version is frozen from now on (the public reads it, responses
-- point at it) and the campaign is published. The form's row is locked, so a submission that checks
-- «the latest published version» sees either the old or the new one, never half. Security definer:
-- members have no write access to published_at.
create or replace function public.publish_form_version(input_form_id uuid)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  form public.forms := private.member_form(input_form_id);
  campaign public.campaigns;
  draft_id uuid;
begin
  perform 1 from public.forms as f where f.id = form.id for no key update;
  select * into campaign from public.campaigns as k where k.id = form.id;
  if coalesce(char_length(btrim(campaign.consent_text)), 0) = 0 then
    raise exception using errcode = 'P0001', message = 'form-consent-required';
  end if;
  update public.forms_versions as v set published_at = pg_catalog.now()
  where v.form_id = form.id and v.published_at is null
  returning v.id into draft_id;
  if draft_id is null then
    raise exception using errcode = 'P0001', message = 'form-no-draft';
  end if;
  update public.campaigns as k set published_at = pg_catalog.now()
  where k.id = form.id and k.published_at is null;
  return draft_id;
end;
$$;

comment on function public.publish_form_version(uuid) is
  'Members: publishes the form''s draft (frozen from now on; the public reads the latest published) and the campaign; returns the version''s id. form-not-found, form-no-draft, form-consent-required (the campaign has no consent text).';
revoke execute on function public.publish_form_version(uuid) from public, anon, authenticated;
grant execute on function public.publish_form_version(uuid) to authenticated, service_role;

-- A copy of a form as a new draft: the campaign's texts and design, the form's settings, its quotas
-- and who is told, and the definition of its draft (else its latest published version). Neither
-- responses nor sessions. Security invoker: the policies decide who may.
create or replace function public.duplicate_form(input_form_id uuid)
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
declare
  form public.forms := private.member_form(input_form_id);
  source public.campaigns;
  new_id uuid;
begin
  select * into source from public.campaigns as k where k.id = form.id;
  insert into public.campaigns (organization_id, kind, name, rules_text, consent_text, marketing_consent_text,
    reminders_enabled, reminder_time, design)
  values (source.organization_id, 'form', left(source.name, 112) || ' (kopi)', source.rules_text, source.consent_text,
    source.marketing_consent_text, source.reminders_enabled, source.reminder_time, source.design)
  returning id into new_id;
  insert into public.forms (id, organization_id, display_mode, max_responses, opens_at, closes_at, one_per_email,
    closed_message, notify_mode, confirmation_email)
  values (new_id, form.organization_id, form.display_mode, form.max_responses, form.opens_at, form.closes_at,
    form.one_per_email, form.closed_message, form.notify_mode, form.confirmation_email);
  insert into public.forms_versions (form_id, organization_id, definition)
  select new_id, form.organization_id, v.definition
  from public.forms_versions as v
  where v.form_id = form.id
  order by v.published_at is null desc, v.version desc
  limit 1;
  insert into public.forms_quotas (form_id, organization_id, block_id, option_id, cap)
  select new_id, q.organization_id, q.block_id, q.option_id, q.cap from public.forms_quotas as q where q.form_id = form.id;
  insert into public.forms_notify (form_id, organization_id, member_id)
  select new_id, n.organization_id, n.member_id from public.forms_notify as n where n.form_id = form.id;
  return new_id;
end;
$$;

comment on function public.duplicate_form(uuid) is
  'Members: copies a form as a new draft («<name> (kopi)»): texts, design, settings, quotas, who is told, and the draft''s (else the latest published) definition as version 1; returns its id. form-not-found.';
revoke execute on function public.duplicate_form(uuid) from public, anon, authenticated;
grant execute on function public.duplicate_form(uuid) to authenticated, service_role;

-- ============================================================================================
-- 6. The public read
-- ============================================================================================

-- Security definer: the public reads only what this returns, never the tables.
create or replace function public.form_public(input_form_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  readable record := private.public_form(input_form_id);
  form public.forms := readable.form;
  campaign public.campaigns := readable.campaign;
  reason text := private.form_closed_reason(readable.form);
begin
  return jsonb_build_object(
    'id', form.id,
    'name', campaign.name,
    'organization_name', (select o.name from public.organizations as o where o.id = form.organization_id),
    'status', coalesce(reason, 'open'),
    'now', private.campaign_now(),
    'opens_at', form.opens_at,
    'closes_at', form.closes_at,
    'closed_message', case when reason is not null then form.closed_message end,
    'display_mode', form.display_mode,
    'one_per_email', form.one_per_email,
    'version_id', (readable.version).id,
    'version', (readable.version).version,
    'definition', (readable.version).definition,
    'rules_text', campaign.rules_text,
    'consent_text', campaign.consent_text,
    'marketing_consent_text', campaign.marketing_consent_text,
    'design', campaign.design,
    'background', private.campaign_public_background(campaign),
    'quotas', (
      select coalesce(jsonb_agg(jsonb_build_object(
        'block_id', q.block_id, 'option_id', q.option_id,
        'remaining', greatest(q.cap - (select count(*) from public.forms_response_quotas as u where u.quota_id = q.id), 0)
      ) order by q.block_id, q.option_id), '[]')
      from public.forms_quotas as q where q.form_id = form.id
    )
  );
end;
$$;

comment on function public.form_public(uuid) is
  'Public: a published, not archived form — name, organization, status (open, scheduled, closed) with the closed message when not open, the clock, times, display mode, the latest published version (id, number, definition), texts, design, background and each quota''s remaining places; never a draft. form-not-found otherwise.';
revoke execute on function public.form_public(uuid) from public, anon, authenticated;
grant execute on function public.form_public(uuid) to anon, authenticated, service_role;

-- ============================================================================================
-- 7. The client's address when the service role writes for a visitor
-- ============================================================================================

-- A form's answers reach the database through the submit-form edge function (the service role), so
-- the request's X-Forwarded-For is the function's address, not the visitor's. The function reads
-- the visitor's address as the other functions do (supabase/functions/_shared/client-ip.ts) and
-- passes it; submit_form_response puts it in the transaction's leadtorget.client_ip, and the
-- engine's per-IP limits read it from there, only for a request of the service role. Nothing else
-- can set it: PostgREST runs no statement but the one function, and only the service role may call
-- submit_form_response.
create or replace function private.public_client_ip()
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    case when (select auth.role()) = 'service_role'
      then nullif(lower(btrim(current_setting('leadtorget.client_ip', true))), '') end,
    private.request_client_ip()
  );
$$;

comment on function private.public_client_ip() is
  'The visitor''s address for the public limits: the one the service role passed for this transaction (leadtorget.client_ip, set by submit_form_response), else private.request_client_ip().';
revoke execute on function private.public_client_ip() from public, anon, authenticated;

-- The engine's per-address limit, now keyed on private.public_client_ip() (the same address as
-- before for every anonymous request).
create or replace function private.check_public_rate(rate_key text, per_minute integer)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  limited record;
begin
  select * into limited from public.consume_rate_limit(rate_key || ':ip:' || private.public_client_ip(), 60, per_minute);
  if not limited.allowed then
    raise exception using errcode = 'PT429', message = 'campaign-rate-limited',
      hint = limited.retry_after_seconds::text;
  end if;
end;
$$;

comment on function private.check_public_rate(text, integer) is
  'Raises campaign-rate-limited (PT429, seconds to wait in the hint) beyond per_minute calls a minute per client address (private.public_client_ip) and key.';
revoke execute on function private.check_public_rate(text, integer) from public, anon, authenticated;

-- ============================================================================================
-- 8. The submission (service role) and the progress of a visit (anon)
-- ============================================================================================

-- Stores a response the submit-form edge function has checked against the published version with the
-- logic engine (docs/forms.md «Database»). In order: the input's shape (form-invalid), the engine's
-- public write check with the visitor's address (honeypot, time trap, 30 a minute per address); then
-- under a lock on the form's row, so concurrent submissions count one after another: still open
-- (form-not-open, form-closed), still the latest published version (form-version-outdated),
-- max_responses (form-full), each chosen quota option (form-quota-full, the option in the detail);
-- then the person when an e-mail is given (the engine's participant, registration, consents and lead,
-- consent required), and with one_per_email a known respondent's repeat stores nothing and answers
-- alike (response_id null: the edge function answers the browser with the ending only, so no reply
-- tells whether the address took part); the response, its quota options, its file answers (each
-- upload claimed, campaign-upload-invalid otherwise) and the visit's session completed.
-- Security definer: nobody writes responses directly.
create or replace function public.submit_form_response(
  input_form_id uuid,
  input_version_id uuid,
  input_answers jsonb,
  input_client_ip text,
  input_form_shown_at timestamptz,
  input_honeypot text default null,
  input_score numeric default null,
  input_ending_id text default null,
  input_quota_choices jsonb default '[]',
  input_upload_ids uuid[] default '{}',
  input_session_id uuid default null,
  input_started_at timestamptz default null,
  input_hidden jsonb default '{}',
  input_email text default null,
  input_name text default null,
  input_phone text default null,
  input_consent boolean default false,
  input_marketing_consent boolean default false
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  readable record := private.public_form(input_form_id);
  campaign public.campaigns := readable.campaign;
  form public.forms;
  clock timestamptz := private.campaign_now();
  email text := nullif(btrim(input_email), '');
  chosen public.forms_quotas[];
  quota public.forms_quotas;
  participant public.participants;
  consent uuid;
  marketing uuid;
  ip text;
  started timestamptz;
  new_id uuid;
  upload_id uuid;
begin
  if input_client_ip is null or input_client_ip !~ '^[0-9A-Fa-f:.]{2,45}$'
    or input_answers is null or jsonb_typeof(input_answers) <> 'object' or octet_length(input_answers::text) > 262144
    or input_hidden is null or jsonb_typeof(input_hidden) <> 'object' or octet_length(input_hidden::text) > 4096
    or (input_ending_id is not null and input_ending_id !~ '^[A-Za-z0-9_-]{1,100}$')
    or (input_score is not null and (input_score <= -1e9 or input_score >= 1e9))
    or input_quota_choices is null or jsonb_typeof(input_quota_choices) <> 'array'
    or coalesce(cardinality(input_upload_ids), 0) > 50
  then
    raise exception using errcode = 'P0001', message = 'form-invalid';
  end if;
  begin
    ip := pg_catalog.host(input_client_ip::inet);
  exception when invalid_text_representation then
    raise exception using errcode = 'P0001', message = 'form-invalid';
  end;
  perform pg_catalog.set_config('leadtorget.client_ip', ip, true);
  if email is null then
    -- With an e-mail, private.upsert_participant runs the same check.
    perform private.check_public_write(input_honeypot, input_form_shown_at, 'form-response');
  end if;

  -- From here one submission of the form at a time: the counts below include every one before it.
  select * into form from public.forms as f where f.id = input_form_id and f.archived_at is null for no key update;
  if form.id is null then
    raise exception using errcode = 'PT404', message = 'form-not-found';
  end if;
  if form.opens_at is not null and clock < form.opens_at then
    raise exception using errcode = 'P0001', message = 'form-not-open';
  end if;
  if form.closes_at is not null and clock >= form.closes_at then
    raise exception using errcode = 'P0001', message = 'form-closed';
  end if;
  if input_version_id is distinct from (private.form_latest_version(form.id)).id then
    raise exception using errcode = 'PT409', message = 'form-version-outdated';
  end if;
  if form.max_responses is not null
    and (select count(*) from public.forms_responses as r where r.form_id = form.id) >= form.max_responses then
    raise exception using errcode = 'PT409', message = 'form-full';
  end if;
  -- Pairs that name no quota have no cap.
  select coalesce(array_agg(q order by q.block_id, q.option_id), '{}') into chosen
  from public.forms_quotas as q
  where q.form_id = form.id
    and exists (select 1 from jsonb_array_elements(input_quota_choices) as c
                where c ->> 'block_id' = q.block_id and c ->> 'option_id' = q.option_id);
  foreach quota in array chosen loop
    if (select count(*) from public.forms_response_quotas as u where u.quota_id = quota.id) >= quota.cap then
      raise exception using errcode = 'PT409', message = 'form-quota-full',
        detail = jsonb_build_object('block_id', quota.block_id, 'option_id', quota.option_id)::text;
    end if;
  end loop;

  if email is not null then
    participant := private.upsert_participant(
      campaign, 'form-response', email, input_consent, input_form_shown_at, input_honeypot, input_name,
      input_phone, false
    );
    if form.one_per_email and exists (
      select 1 from public.forms_responses as r where r.form_id = form.id and r.participant_id = participant.id
    ) then
      perform private.form_session_completed(form, input_session_id, clock);
      return jsonb_build_object('response_id', null, 'ending_id', input_ending_id, 'send_confirmation', false);
    end if;
    select c.consent_id, c.marketing_consent_id into consent, marketing
    from private.record_entry_consents(campaign, participant, input_marketing_consent) as c;
    perform private.upsert_lead_for(participant, campaign.id);
  end if;

  -- The browser's start counts when it is before the submission and within a week of it.
  started := case when input_started_at <= clock and input_started_at > clock - interval '7 days' then input_started_at end;
  insert into public.forms_responses (
    form_id, organization_id, version_id, participant_id, answers, score, ending_id, started_at, submitted_at,
    duration_ms, hidden, session_id, consent_id, marketing_consent_id, ip_hash, confirmation_due
  )
  values (
    form.id, form.organization_id, input_version_id, participant.id, input_answers, input_score, input_ending_id,
    started, clock, (extract(epoch from clock - started) * 1000)::bigint, input_hidden, input_session_id,
    consent, marketing,
    case when ip <> 'unknown' then encode(sha256(convert_to(ip, 'UTF8')), 'hex') end,
    form.confirmation_email and participant.id is not null
  )
  returning id into new_id;
  insert into public.forms_response_quotas (response_id, quota_id)
  select new_id, q.id from unnest(chosen) as q;
  foreach upload_id in array coalesce(input_upload_ids, '{}') loop
    perform private.claim_campaign_upload(upload_id, form.id, 'form-answer', null, new_id);
  end loop;
  perform private.form_session_completed(form, input_session_id, clock);
  return jsonb_build_object(
    'response_id', new_id, 'ending_id', input_ending_id,
    'send_confirmation', form.confirmation_email and participant.id is not null
  );
end;
$$;

comment on function public.submit_form_response(uuid, uuid, jsonb, text, timestamptz, text, numeric, text, jsonb, uuid[], uuid, timestamptz, jsonb, text, text, text, boolean, boolean) is
  'The submit-form edge function (service role): stores a checked response to the latest published version of an open form — caps, quotas and one per e-mail held under the form''s lock, the person, consents and lead through the engine, file answers claimed, the session completed; returns response_id (null for a repeat under one_per_email), ending_id and send_confirmation. form-invalid, campaign-write-refused, campaign-rate-limited, form-not-found, form-not-open, form-closed, form-version-outdated, form-full, form-quota-full (detail: block_id, option_id), participant-*, campaign-upload-invalid.';
revoke execute on function public.submit_form_response(uuid, uuid, jsonb, text, timestamptz, text, numeric, text, jsonb, uuid[], uuid, timestamptz, jsonb, text, text, text, boolean, boolean)
  from public, anon, authenticated;
grant execute on function public.submit_form_response(uuid, uuid, jsonb, text, timestamptz, text, numeric, text, jsonb, uuid[], uuid, timestamptz, jsonb, text, text, text, boolean, boolean)
  to service_role;

-- The visit's session ends in a response (created if the browser never reported progress).
create or replace function private.form_session_completed(form public.forms, session_id uuid, clock timestamptz)
returns void
language sql
volatile
set search_path = ''
as $$
  insert into public.forms_sessions (form_id, session_id, organization_id, version_id, started_at, last_seen_at, completed_at)
  select form.id, session_id, form.organization_id, (private.form_latest_version(form.id)).id, clock, clock, clock
  where session_id is not null
  on conflict (form_id, session_id) do update
  set completed_at = coalesce(forms_sessions.completed_at, excluded.completed_at),
      last_seen_at = greatest(forms_sessions.last_seen_at, excluded.last_seen_at);
$$;

comment on function private.form_session_completed(public.forms, uuid, timestamptz) is
  'Marks a visit''s session completed (once; created when missing).';
revoke execute on function private.form_session_completed(public.forms, uuid, timestamptz) from public, anon, authenticated;

-- A visit reached a page (and a question on it): the session remembers each page and question once,
-- so a repeat changes nothing and going back loses nothing. 300 calls a minute per address.
-- Security definer: the public has no write access to sessions.
create or replace function public.track_form_progress(
  input_form_id uuid,
  input_session_id uuid,
  input_page_id text,
  input_block_id text default null
)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  readable record := private.public_form(input_form_id);
  clock timestamptz := private.campaign_now();
begin
  if input_session_id is null or input_page_id is null or input_page_id !~ '^[A-Za-z0-9_-]{1,100}$'
    or (input_block_id is not null and input_block_id !~ '^[A-Za-z0-9_-]{1,100}$') then
    raise exception using errcode = 'P0001', message = 'form-invalid';
  end if;
  perform private.check_public_rate('form-progress', 300);
  insert into public.forms_sessions as s (form_id, session_id, organization_id, version_id, pages, blocks,
    last_page_id, last_block_id, started_at, last_seen_at)
  values ((readable.form).id, input_session_id, (readable.form).organization_id, (readable.version).id,
    array[input_page_id], case when input_block_id is not null then array[input_block_id] else '{}' end,
    input_page_id, input_block_id, clock, clock)
  on conflict (form_id, session_id) do update
  set pages = case when input_page_id = any (s.pages) or cardinality(s.pages) >= 500 then s.pages
                   else s.pages || input_page_id end,
      blocks = case when input_block_id is null or input_block_id = any (s.blocks) or cardinality(s.blocks) >= 500 then s.blocks
                    else s.blocks || input_block_id end,
      last_page_id = input_page_id,
      last_block_id = coalesce(input_block_id, s.last_block_id),
      last_seen_at = greatest(s.last_seen_at, clock);
end;
$$;

comment on function public.track_form_progress(uuid, uuid, text, text) is
  'Public: a visit (the browser''s random session id) reached a page and optionally a question of a published form; each is kept once (idempotent, never shrinks). 300 a minute per address (campaign-rate-limited); form-not-found, form-invalid.';
revoke execute on function public.track_form_progress(uuid, uuid, text, text) from public, anon, authenticated;
grant execute on function public.track_form_progress(uuid, uuid, text, text) to anon, authenticated, service_role;

-- ============================================================================================
-- 9. Results for members
-- ============================================================================================

-- The list's figures. Security definer: membership is checked in the where clause, so the counts run
-- without the row policies on every row.
create or replace function public.form_summaries(input_organization_id uuid)
returns table (
  form_id uuid, name text, status text, responses bigint, sessions_started bigint, sessions_completed bigint,
  completion_rate numeric, last_response_at timestamptz, published_at timestamptz, archived_at timestamptz,
  created_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select f.id, k.name, public.form_status(f), r.responses, s.started, s.completed,
    case when s.started > 0 then round(s.completed::numeric / s.started, 4) end,
    r.last_at, k.published_at, f.archived_at, k.created_at
  from public.forms as f
  join public.campaigns as k on k.id = f.id
  cross join lateral (
    select count(*) as responses, max(x.submitted_at) as last_at from public.forms_responses as x where x.form_id = f.id
  ) as r
  cross join lateral (
    select count(*) as started, count(x.completed_at) as completed from public.forms_sessions as x where x.form_id = f.id
  ) as s
  where f.organization_id = input_organization_id
    and private.has_organization_role(f.organization_id)
  order by k.created_at desc;
$$;

comment on function public.form_summaries(uuid) is
  'Members: each form of the organization, newest first — name, status, responses, sessions started and completed, completion rate (completed / started, null without sessions), last response, published, archived, created; no rows for anyone else.';
revoke execute on function public.form_summaries(uuid) from public, anon, authenticated;
grant execute on function public.form_summaries(uuid) to authenticated, service_role;

-- How far visits came, for one version (null: all): sessions started and completed, and per page and
-- per question the sessions that reached it. The screen orders them by the definition.
-- Security definer: membership is checked first.
create or replace function public.form_dropoff(input_form_id uuid, input_version_id uuid default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  form public.forms := private.member_form(input_form_id);
begin
  return (
    with visits as (
      select s.pages, s.blocks, s.completed_at from public.forms_sessions as s
      where s.form_id = form.id and (input_version_id is null or s.version_id = input_version_id)
    )
    select jsonb_build_object(
      'started', (select count(*) from visits),
      'completed', (select count(completed_at) from visits),
      'pages', (select coalesce(jsonb_object_agg(p.id, p.n), '{}')
                from (select x as id, count(*) as n from visits, unnest(visits.pages) as x group by x) as p),
      'blocks', (select coalesce(jsonb_object_agg(b.id, b.n), '{}')
                 from (select x as id, count(*) as n from visits, unnest(visits.blocks) as x group by x) as b)
    )
  );
end;
$$;

comment on function public.form_dropoff(uuid, uuid) is
  'Members: a form''s drop-off for one version (null: all) — { started, completed, pages: {page id: sessions}, blocks: {block id: sessions} }; form-not-found for anyone else.';
revoke execute on function public.form_dropoff(uuid, uuid) from public, anon, authenticated;
grant execute on function public.form_dropoff(uuid, uuid) to authenticated, service_role;

-- One row per response for the CSV, oldest first. Security definer: membership is checked in the
-- where clause.
create or replace function public.form_export_rows(input_form_id uuid)
returns table (
  response_id uuid, version integer, submitted_at timestamptz, started_at timestamptz, duration_ms bigint,
  score numeric, ending_id text, answers jsonb, hidden jsonb, name text, email text, phone text,
  marketing_consent boolean, quota_options jsonb
)
language sql
stable
security definer
set search_path = ''
as $$
  select r.id, v.version, r.submitted_at, r.started_at, r.duration_ms, r.score, r.ending_id, r.answers, r.hidden,
    p.name, p.email, p.phone,
    r.marketing_consent_id is not null and exists (
      select 1 from public.consents as k where k.id = r.marketing_consent_id and k.withdrawn_at is null
    ),
    (select coalesce(jsonb_agg(jsonb_build_object('block_id', q.block_id, 'option_id', q.option_id)
                               order by q.block_id, q.option_id), '[]')
     from public.forms_response_quotas as u join public.forms_quotas as q on q.id = u.quota_id
     where u.response_id = r.id)
  from public.forms as f
  join public.forms_responses as r on r.form_id = f.id
  join public.forms_versions as v on v.id = r.version_id
  left join public.participants as p on p.id = r.participant_id
  where f.id = input_form_id and private.has_organization_role(f.organization_id)
  order by r.submitted_at, r.id;
$$;

comment on function public.form_export_rows(uuid) is
  'Members: one row per response, oldest first (version number, times, duration, score, ending, answers, hidden fields, the person''s name, e-mail and phone, a standing marketing consent, the quota options taken) for the export.';
revoke execute on function public.form_export_rows(uuid) from public, anon, authenticated;
grant execute on function public.form_export_rows(uuid) to authenticated, service_role;

-- ============================================================================================
-- 10. Jobs: the respondent's confirmation, the members' notices and daily digest
-- ============================================================================================

-- The e-mail addresses of the members told of a form's responses.
create or replace function private.form_notify_addresses(form_id uuid)
returns text[]
language sql
stable
set search_path = ''
as $$
  select coalesce(array_agg(u.email order by u.email), '{}')
  from public.forms_notify as n
  join auth.users as u on u.id = n.member_id
  where n.form_id = form_notify_addresses.form_id and u.email is not null;
$$;

comment on function private.form_notify_addresses(uuid) is 'The addresses of forms_notify''s members of a form.';
revoke execute on function private.form_notify_addresses(uuid) from public, anon, authenticated;

-- Claims up to input_limit responses whose confirmation is due and not sent, marks them (and the
-- person's registration) sent and returns each with what the e-mail says and a fresh participation
-- token. Rows another run holds are skipped; a failed e-mail is handed back with
-- release_form_confirmation. Security definer: writes the marks and tokens for the service role's job.
create or replace function public.claim_form_confirmations(input_limit integer default 100)
returns table (
  response_id uuid, form_id uuid, form_name text, organization_name text, participant_id uuid, email text,
  name text, ending_id text, answers jsonb, definition jsonb, submitted_at timestamptz, token text
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  due record;
begin
  for due in
    select r.id as r_id, r.form_id as f_id, k.name as k_name, o.name as o_name, p.id as p_id, p.email as p_email,
      p.name as p_name, r.ending_id as r_ending, r.answers as r_answers, v.definition as v_definition,
      r.submitted_at as r_at
    from public.forms_responses as r
    join public.campaigns as k on k.id = r.form_id
    join public.organizations as o on o.id = k.organization_id
    join public.participants as p on p.id = r.participant_id
    join public.forms_versions as v on v.id = r.version_id
    where r.confirmation_due and r.confirmation_sent_at is null
    order by r.submitted_at
    limit least(greatest(coalesce(input_limit, 100), 1), 500)
    for update of r skip locked
  loop
    update public.forms_responses as x set confirmation_sent_at = pg_catalog.now() where x.id = due.r_id;
    update public.campaign_registrations as g set confirmation_sent_at = pg_catalog.now()
    where g.campaign_id = due.f_id and g.participant_id = due.p_id and g.confirmation_sent_at is null;
    response_id := due.r_id;
    form_id := due.f_id;
    form_name := due.k_name;
    organization_name := due.o_name;
    participant_id := due.p_id;
    email := due.p_email;
    name := due.p_name;
    ending_id := due.r_ending;
    answers := due.r_answers;
    definition := due.v_definition;
    submitted_at := due.r_at;
    token := public.issue_participant_token(due.p_id, due.f_id);
    return next;
  end loop;
end;
$$;

comment on function public.claim_form_confirmations(integer) is
  'Service role (form-confirmations job): claims responses whose confirmation is due, marks them sent and returns each with the form, the person, the ending, the answers with their version''s definition and a fresh participation token.';
revoke execute on function public.claim_form_confirmations(integer) from public, anon, authenticated;
grant execute on function public.claim_form_confirmations(integer) to service_role;

-- Security definer: the service role's job hands back an e-mail that failed.
create or replace function public.release_form_confirmation(input_response_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.forms_responses as r set confirmation_sent_at = null where r.id = input_response_id;
$$;

comment on function public.release_form_confirmation(uuid) is 'Service role: hands back a claimed confirmation whose e-mail failed, for the next run.';
revoke execute on function public.release_form_confirmation(uuid) from public, anon, authenticated;
grant execute on function public.release_form_confirmation(uuid) to service_role;

-- Claims up to input_limit responses of forms with notify_mode each that no member was told of, marks
-- them told and returns those whose form has someone to tell, with the addresses. Rows another run
-- holds are skipped; failures are handed back with release_form_notifications.
-- Security definer: reads the members' addresses and writes the marks for the service role's job.
create or replace function public.claim_form_notifications(input_limit integer default 100)
returns table (
  response_id uuid, form_id uuid, form_name text, organization_name text, recipients text[], submitted_at timestamptz,
  answers jsonb, definition jsonb, score numeric, ending_id text, name text, email text, phone text
)
language sql
volatile
security definer
set search_path = ''
as $$
  with due as (
    select r.id from public.forms_responses as r
    join public.forms as f on f.id = r.form_id and f.notify_mode = 'each'
    where r.notified_at is null
    order by r.submitted_at
    limit least(greatest(coalesce(input_limit, 100), 1), 500)
    for update of r skip locked
  ),
  told as (
    update public.forms_responses as r set notified_at = pg_catalog.now()
    from due where r.id = due.id
    returning r.*
  )
  select t.id, t.form_id, k.name, o.name, a.recipients, t.submitted_at, t.answers, v.definition, t.score, t.ending_id,
    p.name, p.email, p.phone
  from told as t
  join public.campaigns as k on k.id = t.form_id
  join public.organizations as o on o.id = k.organization_id
  join public.forms_versions as v on v.id = t.version_id
  left join public.participants as p on p.id = t.participant_id
  cross join lateral (select private.form_notify_addresses(t.form_id) as recipients) as a
  where cardinality(a.recipients) > 0
  order by t.submitted_at;
$$;

comment on function public.claim_form_notifications(integer) is
  'Service role (form-notifications job): marks responses of notify_mode each forms told and returns those with someone to tell — the addresses, the form, the answers with their version''s definition, score, ending and the person.';
revoke execute on function public.claim_form_notifications(integer) from public, anon, authenticated;
grant execute on function public.claim_form_notifications(integer) to service_role;

-- Security definer: the service role's job hands back notices that failed.
create or replace function public.release_form_notifications(input_response_ids uuid[])
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.forms_responses as r set notified_at = null where r.id = any (input_response_ids);
$$;

comment on function public.release_form_notifications(uuid[]) is 'Service role: hands back claimed notices (per response or a digest''s) whose e-mail failed.';
revoke execute on function public.release_form_notifications(uuid[]) from public, anon, authenticated;
grant execute on function public.release_form_notifications(uuid[]) to service_role;

-- Claims, once per Oslo day from 08:00 (input_now, null: the clock), the daily digest of up to
-- input_limit forms with notify_mode daily that have responses nobody was told of: marks the form's
-- day and its responses told, and returns per form the addresses and the responses' count, first and
-- last time and ids. Forms another run holds are skipped; a failed digest is handed back with
-- release_form_digest. Security definer: as claim_form_notifications.
create or replace function public.claim_form_digests(input_now timestamptz default null, input_limit integer default 100)
returns table (
  form_id uuid, form_name text, organization_name text, recipients text[], on_date date, responses bigint,
  first_at timestamptz, last_at timestamptz, response_ids uuid[]
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  clock timestamptz := coalesce(input_now, private.campaign_now());
  today date := (clock at time zone 'Europe/Oslo')::date;
  due record;
  ids uuid[];
begin
  if (clock at time zone 'Europe/Oslo')::time < '08:00' then
    return;
  end if;
  for due in
    select f.id as f_id, k.name as k_name, o.name as o_name
    from public.forms as f
    join public.campaigns as k on k.id = f.id
    join public.organizations as o on o.id = f.organization_id
    where f.notify_mode = 'daily' and f.digest_sent_on is distinct from today
      and exists (select 1 from public.forms_responses as r where r.form_id = f.id and r.notified_at is null)
    order by f.id
    limit least(greatest(coalesce(input_limit, 100), 1), 500)
    for update of f skip locked
  loop
    update public.forms as f set digest_sent_on = today where f.id = due.f_id;
    with told as (
      update public.forms_responses as r set notified_at = pg_catalog.now()
      where r.form_id = due.f_id and r.notified_at is null and r.submitted_at <= clock
      returning r.id, r.submitted_at
    )
    select array_agg(t.id order by t.submitted_at), count(*), min(t.submitted_at), max(t.submitted_at)
    into ids, responses, first_at, last_at
    from told as t;
    recipients := private.form_notify_addresses(due.f_id);
    if responses > 0 and cardinality(recipients) > 0 then
      form_id := due.f_id;
      form_name := due.k_name;
      organization_name := due.o_name;
      on_date := today;
      response_ids := ids;
      return next;
    end if;
  end loop;
end;
$$;

comment on function public.claim_form_digests(timestamptz, integer) is
  'Service role (form-digests job): from 08:00 Oslo, once a day per notify_mode daily form with untold responses — marks them told and returns the addresses, the date, the count, first and last time and the response ids.';
revoke execute on function public.claim_form_digests(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.claim_form_digests(timestamptz, integer) to service_role;

-- Security definer: the service role's job hands back a digest that failed.
create or replace function public.release_form_digest(input_form_id uuid, input_response_ids uuid[])
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.forms as f set digest_sent_on = null where f.id = input_form_id;
  select public.release_form_notifications(input_response_ids);
$$;

comment on function public.release_form_digest(uuid, uuid[]) is 'Service role: hands back a claimed daily digest whose e-mail failed (the form''s day and its responses), for the next run.';
revoke execute on function public.release_form_digest(uuid, uuid[]) from public, anon, authenticated;
grant execute on function public.release_form_digest(uuid, uuid[]) to service_role;

-- Registered disabled: the campaign-jobs function gains the three jobs (jobs/form-*.ts) in a later
-- step, whose migration enables them (`update private.scheduled_jobs set enabled = true where name like 'form-%'`).
insert into private.scheduled_jobs (name, schedule, function_name, body, enabled, description) values
  ('form-confirmations', '* * * * *', 'campaign-jobs', '{}', false,
   'Forms: the confirmation e-mail to each respondent who gave an e-mail, when the form asks for one.'),
  ('form-notifications', '*/5 * * * *', 'campaign-jobs', '{}', false,
   'Forms: an e-mail per response to the members chosen for the form (notify_mode each).'),
  ('form-digests', '*/15 * * * *', 'campaign-jobs', '{}', false,
   'Forms: one digest a day from 08:00 Oslo of the day''s responses to the members chosen (notify_mode daily).');
