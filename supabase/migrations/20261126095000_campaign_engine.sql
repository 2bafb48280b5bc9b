-- The campaign engine's shared rules (docs/campaign-engine.md): what every public tool (calendars
-- today; competitions, forms, popups later) checks the same way, defined before any area.
--
-- Sections: 1. the clock and Oslo time · 2. the public write check · 3. people's details and choices ·
-- 4. consents · 5. draws · 6. campaigns and their items · 7. participants, their campaigns and their
-- links · 8. entries, prizes, draws and events · 9. the lead bridge and the public participant write ·
-- 10. a person's rights
--
-- - Every «is it open» test of an area compares with private.campaign_now(), which is now() outside
--   tests.
-- - Every public write of a participant passes private.check_public_write (honeypot, time trap,
--   per-IP limit) and the e-mail and phone rules; their codes are campaign-* and participant-*, the
--   areas' own codes keep the area's prefix.

-- ============================================================================================
-- 1. The clock and Oslo time
-- ============================================================================================

-- The test clock is honoured only when the DATABASE carries leadtorget.allow_test_clock = on
-- (`alter database … set`, done by scripts/test-db.ts and nothing else). The setting is read from
-- pg_db_role_setting, not from the session: a custom setting can be changed by any session, but only
-- the database's owner can alter the database, and PostgREST runs nothing but its own statements
-- (set_config of request.* and the role), so no API request can turn the test clock on. Without it,
-- leadtorget.test_now is ignored.
-- Security definer: the API roles call it, and it reads the database's settings
-- (pg_db_role_setting) with the owner's rights, the same for every caller.
create or replace function private.campaign_now()
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when nullif(current_setting('leadtorget.test_now', true), '') is not null
      and exists (
        select 1
        from pg_catalog.pg_db_role_setting as s
        join pg_catalog.pg_database as d on d.oid = s.setdatabase
        where d.datname = pg_catalog.current_database()
          and s.setrole = 0
          and 'leadtorget.allow_test_clock=on' = any (s.setconfig)
      )
    then current_setting('leadtorget.test_now', true)::timestamptz
    else pg_catalog.now()
  end;
$$;

comment on function private.campaign_now() is
  'The campaigns'' clock: now(), or leadtorget.test_now when the database (not the session) has leadtorget.allow_test_clock = on, as only the test harness sets it.';
revoke execute on function private.campaign_now() from public, anon, authenticated;
grant execute on function private.campaign_now() to anon, authenticated, service_role;

-- An Oslo wall-clock date and time as a moment. A time that does not exist (the spring-forward gap,
-- 02:00–03:00 on the last Sunday of March) is read with the offset before the jump, so 02:30 becomes
-- 03:30 CEST; a time that occurs twice (02:00–03:00 on the last Sunday of October) is the second,
-- standard-time one, so 02:30 opens an hour after the first 02:30 (PostgreSQL's rule for
-- `timestamp at time zone`). Either way a door opens once, at a moment the page can show.
create or replace function private.oslo_moment(on_date date, at_time time)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select (on_date + at_time) at time zone 'Europe/Oslo';
$$;

comment on function private.oslo_moment(date, time) is
  'A date and wall-clock time in Europe/Oslo as a timestamptz; a time in the spring-forward gap moves forward by the gap.';
revoke execute on function private.oslo_moment(date, time) from public, anon, authenticated;
grant execute on function private.oslo_moment(date, time) to authenticated, service_role;

-- The start of an Oslo day as a moment (for index range scans on created_at).
create or replace function private.oslo_day_start(on_date date)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select private.oslo_moment(on_date, '00:00');
$$;

comment on function private.oslo_day_start(date) is 'Midnight at the start of an Oslo date, as a timestamptz.';
revoke execute on function private.oslo_day_start(date) from public, anon, authenticated;

-- ============================================================================================
-- 2. The public write check
-- ============================================================================================

-- The caller's address as the gateway saw it: the rightmost X-Forwarded-For entry of the request
-- (each proxy appends the address it received from; a client can only add entries on the left), as
-- supabase/functions/_shared/client-ip.ts reads it. 'unknown' outside an API request.
create or replace function private.request_client_ip()
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(nullif(btrim(entries[cardinality(entries)]), ''), 'unknown')
  from (
    select regexp_split_to_array(
      coalesce(nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for', ''), ','
    ) as entries
  ) as h;
$$;

comment on function private.request_client_ip() is
  'The rightmost X-Forwarded-For entry of the current PostgREST request, or unknown.';
revoke execute on function private.request_client_ip() from public, anon, authenticated;

-- A public page's per-address limit: `per_minute` calls a minute per IP address and key (the key
-- names the kind of write, e.g. calendar-entry), campaign-rate-limited (PT429) beyond, with the
-- seconds to wait in the hint.
create or replace function private.check_public_rate(rate_key text, per_minute integer)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  limited record;
begin
  select * into limited from public.consume_rate_limit(rate_key || ':ip:' || private.request_client_ip(), 60, per_minute);
  if not limited.allowed then
    raise exception using errcode = 'PT429', message = 'campaign-rate-limited',
      hint = limited.retry_after_seconds::text;
  end if;
end;
$$;

comment on function private.check_public_rate(text, integer) is
  'Raises campaign-rate-limited (PT429, seconds to wait in the hint) beyond per_minute calls a minute per IP address and key.';
revoke execute on function private.check_public_rate(text, integer) from public, anon, authenticated;

-- The checks every public write of a participant passes first.
--
-- The honeypot (a hidden field people leave empty) and the time trap (the form must have been shown
-- at least 3 seconds, by the client's own clock reading) stop naive bots only: a script can send an
-- empty honeypot and an old timestamp, so they are a cheap spam filter, not security. The limit per
-- IP address (30 writes a minute per key) and the areas' own uniqueness rules are the real limits.
create or replace function private.check_public_write(honeypot text, shown_at timestamptz, rate_key text)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  if nullif(honeypot, '') is not null or shown_at is null or shown_at > pg_catalog.now() - interval '3 seconds' then
    raise exception using errcode = 'P0001', message = 'campaign-write-refused';
  end if;
  perform private.check_public_rate(rate_key, 30);
end;
$$;

comment on function private.check_public_write(text, timestamptz, text) is
  'Honeypot empty and form shown ≥ 3 s (campaign-write-refused), then 30 a minute per IP and key (campaign-rate-limited, PT429).';
revoke execute on function private.check_public_write(text, timestamptz, text) from public, anon, authenticated;

-- ============================================================================================
-- 3. People's details
-- ============================================================================================

-- A phone number people may give: Norwegian (8 digits starting 2–9, with or without +47/0047, any
-- separators) as +47XXXXXXXX, or another country's already in E.164; null for anything else. The
-- same rule as src/lib/validation/phone.ts, on top of the importer's private.normalize_phone.
create or replace function private.valid_phone(input text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when n ~ '^\+47[2-9][0-9]{7}$' then n
    when n ~ '^\+[1-9][0-9]{7,14}$' and n !~ '^\+47' then n
  end
  from (select private.normalize_phone(input) as n) as normalized;
$$;

comment on function private.valid_phone(text) is
  'A Norwegian phone number as +47XXXXXXXX or a foreign one in E.164; null when it is neither (src/lib/validation/phone.ts).';
revoke execute on function private.valid_phone(text) from public, anon, authenticated;
grant execute on function private.valid_phone(text) to authenticated, service_role;

-- «Ola Nordmann» → «Ola N.»; one word stays as it is; no name → null.
create or replace function private.first_name_and_initial(name text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when words[2] is null then words[1]
    else words[1] || ' ' || upper(left(words[cardinality(words)], 1)) || '.'
  end
  from (select regexp_split_to_array(btrim(name), '\s+') as words) as w
  where nullif(btrim(name), '') is not null;
$$;

comment on function private.first_name_and_initial(text) is
  'A full name as first name and the last name''s initial («Ola N.»), as winners are announced.';
revoke execute on function private.first_name_and_initial(text) from public, anon, authenticated;

-- A participant's e-mail as stored: lower case, trimmed, GoTrue's rule; participant-email-invalid
-- otherwise.
create or replace function private.participant_email(input text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  clean text := lower(btrim(input));
begin
  if clean is null or not private.is_valid_email(clean) then
    raise exception using errcode = 'P0001', message = 'participant-email-invalid';
  end if;
  return clean;
end;
$$;

comment on function private.participant_email(text) is
  'The address lower-cased and trimmed when it passes GoTrue''s rule (private.is_valid_email); raises participant-email-invalid.';
revoke execute on function private.participant_email(text) from public, anon, authenticated;

-- A participant's phone as stored (+47XXXXXXXX or E.164), null when none was given;
-- participant-phone-invalid for anything else.
create or replace function private.participant_phone(input text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if nullif(btrim(input), '') is null then
    return null;
  end if;
  if private.valid_phone(input) is null then
    raise exception using errcode = 'P0001', message = 'participant-phone-invalid';
  end if;
  return private.valid_phone(input);
end;
$$;

comment on function private.participant_phone(text) is
  'The phone number as +47XXXXXXXX or E.164 (private.valid_phone), null when blank; raises participant-phone-invalid.';
revoke execute on function private.participant_phone(text) from public, anon, authenticated;

-- A person's choices the organization keeps on their one lead (one per organization and e-mail): a
-- marketing withdrawal for the whole organization, and the organization's own reason to keep the lead
-- when the person asks to be erased (public.withdraw_consent, public.delete_participant).
alter table public.leads
  add column marketing_withdrawn_at timestamptz null,
  add column retention_reason text null check (char_length(btrim(retention_reason)) between 1 and 500);

comment on column public.leads.marketing_withdrawn_at is
  'When the person withdrew marketing consent for the whole organization (public.withdraw_consent): no reminder or marketing e-mail after that, and a public form cannot turn it back on.';
comment on column public.leads.retention_reason is
  'The organization''s stated lawful reason to keep this lead when the person asks to be erased (e.g. an open order); null: the lead is erased with the person''s data.';

grant update (retention_reason) on public.leads to authenticated;

-- ============================================================================================
-- 4. Consents
-- ============================================================================================

-- Every text a person was shown and agreed to, stored once per organization and version (its
-- SHA-256); consents point at it, so no entry or participant copies a text.
create table public.consent_texts (
  organization_id uuid not null references public.organizations (id) on delete cascade,
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  body text not null check (char_length(body) between 1 and 20000),
  created_at timestamptz not null default now(),
  primary key (organization_id, sha256)
);

comment on table public.consent_texts is
  'The exact consent texts an organization''s participants agreed to, once per version (sha256 of the UTF-8 text). Written by private.record_consent; members read.';

-- A consent a person actually gave, one row per purpose and text version: taking part in a campaign,
-- marketing e-mail, being shared with marketplace buyers. Its participant and campaign keys are added
-- with their tables (sections 6 and 7).
create table public.consents (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  participant_id uuid not null,
  -- The campaign the consent was given in.
  campaign_id uuid not null,
  purpose text not null check (purpose in ('participation', 'marketing', 'sharing')),
  text_sha256 text not null,
  given_at timestamptz not null default now(),
  -- Where it was given: the page (the request's Referer) and the SHA-256 of the caller's IP address.
  page text null check (char_length(page) <= 2000),
  ip_hash text null check (ip_hash ~ '^[0-9a-f]{64}$'),
  withdrawn_at timestamptz null,
  constraint consents_text_fkey foreign key (organization_id, text_sha256)
    references public.consent_texts (organization_id, sha256)
);

comment on table public.consents is
  'A consent a participant gave (purpose participation, marketing or sharing) in a campaign: the text version, when, where from, and when withdrawn. Written by private.record_consent and the participation functions; members read.';

create index consents_participant_id_idx on public.consents (participant_id);
create index consents_organization_id_text_sha256_idx on public.consents (organization_id, text_sha256);
create index consents_campaign_id_idx on public.consents (campaign_id);

alter table public.consent_texts enable row level security;
alter table public.consents enable row level security;
revoke all on public.consent_texts, public.consents from anon, authenticated;
grant select on public.consent_texts, public.consents to authenticated;

create policy "Members can read their organization's consent texts"
on public.consent_texts for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's consents"
on public.consents for select to authenticated
using (private.has_organization_role(organization_id));

-- Records that a participant agreed to `shown_text` for a purpose in a campaign: the text once per
-- version, and a consent row unless the same one is already given and not withdrawn. Returns the
-- consent's id, for the entry that was made under it. Called from the areas' checked functions.
create or replace function private.record_consent(
  for_organization uuid, for_participant uuid, for_campaign uuid, for_purpose text, shown_text text
)
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
declare
  hash text := encode(sha256(convert_to(shown_text, 'UTF8')), 'hex');
  ip text := private.request_client_ip();
  consent_id uuid;
begin
  insert into public.consent_texts (organization_id, sha256, body)
  values (for_organization, hash, shown_text)
  on conflict do nothing;
  select c.id into consent_id from public.consents as c
  where c.participant_id = for_participant and c.campaign_id = for_campaign and c.purpose = for_purpose
    and c.text_sha256 = hash and c.withdrawn_at is null;
  if consent_id is null then
    insert into public.consents (organization_id, participant_id, campaign_id, purpose, text_sha256, page, ip_hash)
    values (
      for_organization, for_participant, for_campaign, for_purpose, hash,
      left(nullif(coalesce(nullif(current_setting('request.headers', true), '')::jsonb ->> 'referer', ''), ''), 2000),
      case when ip <> 'unknown' then encode(sha256(convert_to(ip, 'UTF8')), 'hex') end
    )
    returning id into consent_id;
  end if;
  return consent_id;
end;
$$;

comment on function private.record_consent(uuid, uuid, uuid, text, text) is
  'A participant''s consent to a text for a purpose in a campaign: the text stored once per version, the consent row unless the same is already given; returns its id.';
revoke execute on function private.record_consent(uuid, uuid, uuid, text, text) from public, anon, authenticated;

-- ============================================================================================
-- 5. Draws
-- ============================================================================================

-- The exact bytes the commitment hashes: the ids as lower-case uuid text, sorted, joined by '\n'.
create or replace function private.draw_entries_sha256(entry_ids uuid[])
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(sha256(convert_to(coalesce(string_agg(id::text, E'\n' order by id::text), ''), 'UTF8')), 'hex')
  from unnest(entry_ids) as id;
$$;

comment on function private.draw_entries_sha256(uuid[]) is
  'Hex SHA-256 of the entry ids as lower-case text, sorted, joined by a line feed (UTF-8, no final line feed).';
revoke execute on function private.draw_entries_sha256(uuid[]) from public, anon, authenticated;

-- Who may commit, run and decide a campaign's draws: its organization's owners and admins (a member
-- could otherwise redraw until a friend wins), and the service role (the automatic draws, whose calls
-- carry the service key; a client cannot claim that role). Security definer: has_organization_role
-- reads the membership table, which the caller may not.
create or replace function private.campaign_may_draw(organization_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.has_organization_role(campaign_may_draw.organization_id, '{owner,admin}')
    or coalesce((select auth.role()) = 'service_role', false);
$$;

comment on function private.campaign_may_draw(uuid) is
  'True for owners and admins of the organization and for the service role (automatic draws): who may commit, run and decide a campaign''s draws.';
revoke execute on function private.campaign_may_draw(uuid) from public, anon, authenticated;
grant execute on function private.campaign_may_draw(uuid) to authenticated, service_role;

-- ============================================================================================
-- 6. Campaigns and their items
-- ============================================================================================

-- What every public tool has in common. A kind keeps its own columns in its own table, 1:1 with the
-- campaign and keyed by the campaign's id (a calendar's table is public.calendars); the kind's
-- migration adds it. Members manage their organization's campaigns; the public reads them only
-- through each kind's checked read functions.
create table public.campaigns (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  kind text not null check (kind in ('calendar', 'competition', 'form', 'popup', 'checkout', 'booking')),
  name text not null check (char_length(btrim(name)) between 1 and 120),
  published_at timestamptz null,
  rules_text text null check (char_length(rules_text) <= 20000),
  consent_text text null check (char_length(consent_text) <= 2000),
  marketing_consent_text text null check (char_length(btrim(marketing_consent_text)) between 1 and 2000),
  reminders_enabled boolean not null default true,
  reminder_time time not null default '08:00',
  design jsonb not null default '{}' check (jsonb_typeof(design) = 'object' and pg_column_size(design) <= 65536),
  created_by uuid null default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The participants consent to this text; there is nothing to consent to before it is written.
  constraint campaigns_consent_before_publish check (
    published_at is null or coalesce(char_length(btrim(consent_text)), 0) > 0
  ),
  -- Targets of the children's (campaign, organization) and the kinds' (id, kind) foreign keys.
  constraint campaigns_id_organization_id_key unique (id, organization_id),
  constraint campaigns_id_kind_key unique (id, kind)
);

comment on table public.campaigns is
  'A public tool of an organization (kind calendar, competition, form, popup, checkout, booking): name, publication, the consent, marketing and rules texts, reminders and design. The kind''s own table holds the rest, 1:1 by id.';
comment on column public.campaigns.published_at is 'Null: a draft. Set: public (the kind decides when it is scheduled, live or ended).';
comment on column public.campaigns.consent_text is 'The consent every participant gives (a consents row per version); required before publishing.';
comment on column public.campaigns.marketing_consent_text is 'The optional, separate consent to marketing e-mail; null: not asked.';
comment on column public.campaigns.reminders_enabled is 'True: the public form offers reminder e-mails and the kind''s reminder job sends them to those who opted in.';
comment on column public.campaigns.reminder_time is 'When reminder e-mails go out, Oslo wall clock.';
comment on column public.campaigns.design is 'Colours, background and layout of the public pages (the kind''s editor format).';

create index campaigns_organization_id_created_at_idx on public.campaigns (organization_id, created_at desc);
create index campaigns_created_by_idx on public.campaigns (created_by);

-- The things of a campaign a person enters, a prize belongs to or a lead came from: a calendar's
-- doors (the kind's table shares the item's id), later a competition's stages or a form's pages.
create table public.campaign_items (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null,
  organization_id uuid not null,
  -- The item's number within its campaign as the public sees it (a calendar's day number).
  position integer null check (position between 1 and 10000),
  created_at timestamptz not null default now(),
  constraint campaign_items_id_campaign_id_key unique (id, campaign_id),
  constraint campaign_items_campaign_fkey foreign key (campaign_id, organization_id)
    references public.campaigns (id, organization_id) on delete cascade
);

comment on table public.campaign_items is
  'An item of a campaign (a calendar''s door): what entries, prizes, draws, events and leads point at. Written by the kind''s triggers; members read.';

create index campaign_items_campaign_id_idx on public.campaign_items (campaign_id, organization_id);
create index campaign_items_organization_id_idx on public.campaign_items (organization_id);

create trigger campaigns_set_updated_at before update on public.campaigns
  for each row execute function private.set_updated_at();

alter table public.consents
  add constraint consents_campaign_fkey foreign key (campaign_id, organization_id)
    references public.campaigns (id, organization_id) on delete cascade;

-- ============================================================================================
-- 7. Participants, their campaigns and their links
-- ============================================================================================

-- A person of an organization: one per e-mail address. The same address in two campaigns of one
-- organization is one participant and one lead; in another organization, another participant.
create table public.participants (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  email text not null check (private.is_valid_email(email)),
  name text null check (char_length(btrim(name)) between 1 and 200),
  phone text null check (phone = private.valid_phone(phone)),
  lead_id uuid null references public.leads (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint participants_organization_id_email_key unique (organization_id, email),
  constraint participants_id_organization_id_key unique (id, organization_id)
);

comment on table public.participants is
  'A person of an organization (one per e-mail) who took part in any of its campaigns: details as first given, and their one lead. Written only by the checked public functions; members read; the person reads, exports and erases it through their link. Erasure deletes the row.';

create index participants_lead_id_idx on public.participants (lead_id);

-- Which campaigns a participant joined (an entry or a pre-registration), with what they chose there
-- and what the campaign's jobs have sent them.
create table public.campaign_registrations (
  campaign_id uuid not null,
  participant_id uuid not null,
  organization_id uuid not null,
  reminders_opt_in boolean not null default false,
  confirmation_sent_at timestamptz null,
  last_reminded_on date null,
  created_at timestamptz not null default now(),
  primary key (campaign_id, participant_id),
  constraint campaign_registrations_campaign_fkey foreign key (campaign_id, organization_id)
    references public.campaigns (id, organization_id) on delete cascade,
  constraint campaign_registrations_participant_fkey foreign key (participant_id, organization_id)
    references public.participants (id, organization_id) on delete cascade
);

comment on table public.campaign_registrations is
  'A participant in a campaign: since when, whether they want its reminders, and the confirmation and last reminder e-mails claimed (the jobs). Written by the checked functions and the jobs; members read.';
comment on column public.campaign_registrations.confirmation_sent_at is
  'When the confirmation e-mail with the participation link was claimed for sending (null: not yet).';
comment on column public.campaign_registrations.last_reminded_on is
  'The Oslo date of the last reminder e-mail (at most one a day).';

create index campaign_registrations_participant_id_idx on public.campaign_registrations (participant_id, organization_id);
create index campaign_registrations_organization_id_idx on public.campaign_registrations (organization_id);
create index campaign_registrations_unconfirmed_idx on public.campaign_registrations (created_at)
  where confirmation_sent_at is null;

alter table public.consents
  add constraint consents_participant_fkey foreign key (participant_id, organization_id)
    references public.participants (id, organization_id) on delete cascade;

-- The participation page's links: one token per e-mail sent, so an older e-mail's link (its one-click
-- unsubscribe above all) keeps working after a newer one. Only a token's SHA-256 is kept; the token
-- itself is only in the e-mail. A token opens the person's data in its organization, whichever
-- campaign's e-mail carried it (campaign_id: the page's context). In the private schema: no API role
-- reads it, the token functions do.
create table private.participant_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  participant_id uuid not null references public.participants (id) on delete cascade,
  campaign_id uuid not null references public.campaigns (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

comment on table private.participant_tokens is
  'Participation links: SHA-256 of each token an e-mail carried, valid until expires_at (180 days); deleted with the participant.';

create index participant_tokens_participant_id_idx on private.participant_tokens (participant_id);
create index participant_tokens_campaign_id_idx on private.participant_tokens (campaign_id);

create trigger participants_set_updated_at before update on public.participants
  for each row execute function private.set_updated_at();

-- ============================================================================================
-- 8. Entries, prizes, draws and events
-- ============================================================================================

create table public.campaign_entries (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null,
  organization_id uuid not null,
  -- The item entered (a calendar's door); null for a campaign entered as a whole.
  item_id uuid null,
  participant_id uuid not null,
  answer text null check (char_length(answer) <= 1000),
  -- Null when the item has no right answer.
  is_correct boolean null,
  form_answers jsonb not null default '{}' check (jsonb_typeof(form_answers) = 'object' and pg_column_size(form_answers) <= 8192),
  -- The consents the entry was made under (the exact texts are the consents'; the campaign's texts may
  -- change later): taking part, and marketing when the person ticked it.
  consent_id uuid not null references public.consents (id) on delete cascade,
  marketing_consent_id uuid null references public.consents (id) on delete cascade,
  -- Hex SHA-256 of the caller's IP address: spots abuse without keeping the address.
  ip_hash text null check (ip_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  -- At most one entry per participant and item (an entry of a whole campaign has no such limit).
  constraint campaign_entries_participant_item_key unique (participant_id, item_id),
  constraint campaign_entries_campaign_fkey foreign key (campaign_id, organization_id)
    references public.campaigns (id, organization_id) on delete cascade,
  constraint campaign_entries_item_fkey foreign key (item_id, campaign_id)
    references public.campaign_items (id, campaign_id) on delete cascade,
  constraint campaign_entries_participant_fkey foreign key (participant_id, organization_id)
    references public.participants (id, organization_id) on delete cascade
);

comment on table public.campaign_entries is
  'An entry of a participant in a campaign (at most one per item), pointing at the consents it was made under. Written only by the kinds'' checked entry functions; members read.';

create index campaign_entries_item_id_idx on public.campaign_entries (item_id, campaign_id);
create index campaign_entries_campaign_id_created_at_idx on public.campaign_entries (campaign_id, organization_id, created_at);
create index campaign_entries_organization_id_idx on public.campaign_entries (organization_id);
create index campaign_entries_participant_id_idx on public.campaign_entries (participant_id, organization_id);
create index campaign_entries_consent_id_idx on public.campaign_entries (consent_id);
create index campaign_entries_marketing_consent_id_idx on public.campaign_entries (marketing_consent_id);

create table public.campaign_prizes (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null,
  organization_id uuid not null,
  -- Null: a grand prize, drawn among every entry of the campaign.
  item_id uuid null,
  name text not null check (char_length(btrim(name)) between 1 and 200),
  description text null check (char_length(description) <= 2000),
  value_ore integer null check (value_ore >= 0),
  quantity integer not null default 1 check (quantity between 1 and 1000),
  drawn_by_chance boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint campaign_prizes_id_campaign_id_key unique (id, campaign_id),
  constraint campaign_prizes_campaign_fkey foreign key (campaign_id, organization_id)
    references public.campaigns (id, organization_id) on delete cascade,
  constraint campaign_prizes_item_fkey foreign key (item_id, campaign_id)
    references public.campaign_items (id, campaign_id) on delete cascade
);

comment on table public.campaign_prizes is
  'A prize of an item (item_id) or the grand prize (item_id null). Members manage; the public reads them through the kind''s read functions.';
comment on column public.campaign_prizes.drawn_by_chance is 'False for prizes given by merit (a jury, the best answer); true ones are a lottery when entering requires a purchase.';

create index campaign_prizes_campaign_id_idx on public.campaign_prizes (campaign_id, organization_id);
create index campaign_prizes_organization_id_idx on public.campaign_prizes (organization_id);
create index campaign_prizes_item_id_idx on public.campaign_prizes (item_id, campaign_id);

create table public.campaign_draws (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null,
  organization_id uuid not null,
  item_id uuid null,
  prize_id uuid not null,
  eligibility text not null check (eligibility in ('all', 'correct')),
  exclude_previous_winners boolean not null,
  winners_count integer not null check (winners_count between 1 and 100),
  -- The committed list, sorted; entries_sha256 is private.draw_entries_sha256 of these ids.
  entry_ids uuid[] not null,
  entries_sha256 text not null check (entries_sha256 ~ '^[0-9a-f]{64}$'),
  committed_at timestamptz not null default now(),
  committed_by uuid null default auth.uid() references auth.users (id) on delete set null,
  -- 32 random bytes, hex, drawn after the commit; entries rank by sha256(seed_hex || ':' || entry_id).
  seed_hex text null check (seed_hex ~ '^[0-9a-f]{64}$'),
  drawn_at timestamptz null,
  constraint campaign_draws_seed_with_time check ((seed_hex is null) = (drawn_at is null)),
  -- One draw per prize: a second commit could otherwise be run until a chosen entry wins.
  constraint campaign_draws_prize_key unique (prize_id, campaign_id),
  constraint campaign_draws_campaign_fkey foreign key (campaign_id, organization_id)
    references public.campaigns (id, organization_id) on delete cascade,
  constraint campaign_draws_item_fkey foreign key (item_id, campaign_id)
    references public.campaign_items (id, campaign_id) on delete cascade,
  constraint campaign_draws_prize_fkey foreign key (prize_id, campaign_id)
    references public.campaign_prizes (id, campaign_id) on delete cascade
);

comment on table public.campaign_draws is
  'A verifiable draw: the eligible entries are committed (entry_ids, entries_sha256) before the random seed is drawn; anyone can rank the entries by sha256(seed_hex || '':'' || entry_id) again. Written by the draw functions; members read.';

create index campaign_draws_campaign_id_idx on public.campaign_draws (campaign_id, organization_id);
create index campaign_draws_organization_id_idx on public.campaign_draws (organization_id);
create index campaign_draws_item_id_idx on public.campaign_draws (item_id, campaign_id);
create index campaign_draws_committed_by_idx on public.campaign_draws (committed_by);

create table public.campaign_draw_winners (
  id uuid primary key default gen_random_uuid(),
  draw_id uuid not null references public.campaign_draws (id) on delete cascade,
  campaign_id uuid not null,
  organization_id uuid not null,
  -- Null once the person has erased their data: the draw's record (rank, status, reason) stays.
  entry_id uuid null references public.campaign_entries (id) on delete set null,
  participant_id uuid null references public.participants (id) on delete set null,
  -- Position in the draw's ranking (1 = the lowest hash).
  rank integer not null check (rank >= 1),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  decided_at timestamptz null,
  -- draw: among the first winners_count; replacement: drawn because a winner was rejected; more:
  -- added later by a member.
  added_as text not null default 'draw' check (added_as in ('draw', 'replacement', 'more')),
  -- Why the winner was rejected, as the member gave it.
  reason text null check (char_length(btrim(reason)) between 1 and 500),
  created_at timestamptz not null default now(),
  constraint campaign_draw_winners_rejected_with_reason check (status <> 'rejected' or reason is not null),
  constraint campaign_draw_winners_entry_key unique (draw_id, entry_id),
  constraint campaign_draw_winners_rank_key unique (draw_id, rank),
  constraint campaign_draw_winners_campaign_fkey foreign key (campaign_id, organization_id)
    references public.campaigns (id, organization_id) on delete cascade
);

comment on table public.campaign_draw_winners is
  'The entries a draw picked, in ranking order; pending until an owner or admin approves or rejects with a reason (a rejection is replaced by the next in the ranking, added_as replacement). Append-only while the campaign exists.';

create index campaign_draw_winners_campaign_id_idx on public.campaign_draw_winners (campaign_id, organization_id);
create index campaign_draw_winners_organization_id_idx on public.campaign_draw_winners (organization_id);
create index campaign_draw_winners_entry_id_idx on public.campaign_draw_winners (entry_id);
create index campaign_draw_winners_participant_id_idx on public.campaign_draw_winners (participant_id);

create table public.campaign_events (
  id bigint generated always as identity primary key,
  campaign_id uuid not null,
  organization_id uuid not null,
  kind text not null check (kind in ('visit', 'share')),
  -- The item's page the event happened on; null for the campaign's page.
  item_id uuid null,
  -- Hex SHA-256 of the campaign id and the page's random visitor id (sessionStorage): counts unique
  -- visitors without keeping anything that names a person or a device.
  visitor_hash text null check (visitor_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  constraint campaign_events_campaign_fkey foreign key (campaign_id, organization_id)
    references public.campaigns (id, organization_id) on delete cascade,
  constraint campaign_events_item_fkey foreign key (item_id, campaign_id)
    references public.campaign_items (id, campaign_id) on delete cascade
);

comment on table public.campaign_events is
  'Visits and shares of a published campaign''s public pages, for the statistics. Written only by the kinds'' checked event functions; members read.';

create index campaign_events_campaign_id_created_at_idx on public.campaign_events (campaign_id, organization_id, created_at);
create index campaign_events_organization_id_idx on public.campaign_events (organization_id);
create index campaign_events_item_id_idx on public.campaign_events (item_id, campaign_id);

create trigger campaign_prizes_set_updated_at before update on public.campaign_prizes
  for each row execute function private.set_updated_at();

-- Draws are the record of who won and why, so they are append-only: a committed draw, its winners
-- and its prize stay as long as the campaign does (deleting the whole campaign removes them, and only
-- owners and admins may). Otherwise deleting a prize or item would erase a redraw's trace.
create or replace function private.campaign_draws_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from public.campaigns as c where c.id = old.campaign_id) then
    return old;
  end if;
  if tg_table_name = 'campaign_prizes' then
    if exists (select 1 from public.campaign_draws as d where d.prize_id = old.id) then
      raise exception using errcode = 'P0001', message = 'campaign-prize-drawn';
    end if;
    return old;
  end if;
  raise exception using errcode = 'P0001', message = 'campaign-draw-append-only';
end;
$$;

comment on function private.campaign_draws_append_only() is
  'Trigger: refuses deleting a draw or winner (campaign-draw-append-only) or a drawn prize (campaign-prize-drawn) while the campaign exists.';
revoke execute on function private.campaign_draws_append_only() from public, anon, authenticated;

create trigger campaign_prizes_keep_drawn before delete on public.campaign_prizes
  for each row execute function private.campaign_draws_append_only();
create trigger campaign_draws_append_only before delete on public.campaign_draws
  for each row execute function private.campaign_draws_append_only();
create trigger campaign_draw_winners_append_only before delete on public.campaign_draw_winners
  for each row execute function private.campaign_draws_append_only();

-- Row-level security: members read their organization's rows; campaigns and prizes they also write
-- (deleting a campaign: owners and admins); everything a participant writes goes through the kinds'
-- checked functions, the draws through the draw functions.
alter table public.campaigns enable row level security;
alter table public.campaign_items enable row level security;
alter table public.participants enable row level security;
alter table public.campaign_registrations enable row level security;
alter table public.campaign_entries enable row level security;
alter table public.campaign_prizes enable row level security;
alter table public.campaign_draws enable row level security;
alter table public.campaign_draw_winners enable row level security;
alter table public.campaign_events enable row level security;

revoke all on public.campaigns, public.campaign_items, public.participants, public.campaign_registrations,
  public.campaign_entries, public.campaign_prizes, public.campaign_draws, public.campaign_draw_winners,
  public.campaign_events
  from anon, authenticated;

grant select, insert, delete on public.campaigns, public.campaign_prizes to authenticated;
grant update (name, published_at, rules_text, consent_text, marketing_consent_text, reminders_enabled,
  reminder_time, design)
  on public.campaigns to authenticated;
grant update (item_id, name, description, value_ore, quantity, drawn_by_chance) on public.campaign_prizes to authenticated;
grant select on public.campaign_items, public.participants, public.campaign_registrations, public.campaign_entries,
  public.campaign_draws, public.campaign_draw_winners, public.campaign_events
  to authenticated;

create policy "Members can read their organization's campaigns"
on public.campaigns for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can create campaigns for their organization"
on public.campaigns for insert to authenticated
with check (private.has_organization_role(organization_id) and created_by is not distinct from (select auth.uid()));

create policy "Members can update their organization's campaigns"
on public.campaigns for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Owners and admins can delete their organization's campaigns"
on public.campaigns for delete to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Members can read their organization's prizes"
on public.campaign_prizes for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can add prizes to their organization's campaigns"
on public.campaign_prizes for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can update their organization's prizes"
on public.campaign_prizes for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Members can delete their organization's prizes"
on public.campaign_prizes for delete to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's campaign items"
on public.campaign_items for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's participants"
on public.participants for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's campaign registrations"
on public.campaign_registrations for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's campaign entries"
on public.campaign_entries for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's draws"
on public.campaign_draws for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's draw winners"
on public.campaign_draw_winners for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's campaign events"
on public.campaign_events for select to authenticated
using (private.has_organization_role(organization_id));

-- ============================================================================================
-- 9. The lead bridge and the public participant write
-- ============================================================================================

-- Which campaign and item brought the lead in (the first, for a person who was already a lead).
-- Deleting the campaign or the item clears only these columns. The item also has a key of its own:
-- deleting the whole campaign may clear campaign_id before its items go, and the pair key then no
-- longer matches the lead, so only that key clears campaign_item_id.
alter table public.leads
  add column campaign_id uuid null,
  add column campaign_item_id uuid null,
  add constraint leads_campaign_fkey foreign key (campaign_id, organization_id)
    references public.campaigns (id, organization_id) on delete set null (campaign_id),
  add constraint leads_campaign_item_fkey foreign key (campaign_item_id, campaign_id)
    references public.campaign_items (id, campaign_id) on delete set null (campaign_item_id),
  add constraint leads_campaign_item_id_fkey foreign key (campaign_item_id)
    references public.campaign_items (id) on delete set null;

comment on column public.leads.campaign_id is 'The campaign the lead came from (source calendar, competition, form, …), or null.';
comment on column public.leads.campaign_item_id is 'The item of that campaign (a calendar''s door) the person first entered, or null.';

create index leads_campaign_id_idx on public.leads (campaign_id, organization_id);
create index leads_campaign_item_id_idx on public.leads (campaign_item_id, campaign_id);

-- The participant's one lead in the organization. A person already in the leads keeps their lead
-- (a missing name or phone filled in); a new one gets the campaign's kind as source and the campaign
-- and item. The advisory lock serializes writes for the same e-mail across campaigns, as no unique
-- index on leads (organization_id, email) exists (imports may hold duplicates). Stores the lead on
-- the participant and returns it.
create or replace function private.upsert_lead_for(
  participant public.participants, for_campaign uuid, for_item uuid default null
)
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
declare
  found_id uuid;
  campaign_kind text := (select c.kind from public.campaigns as c where c.id = for_campaign);
begin
  if participant.lead_id is not null then
    return participant.lead_id;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtextextended('participant-lead:' || participant.organization_id || ':' || participant.email, 0)
  );
  select l.id into found_id
  from public.leads as l
  where l.organization_id = participant.organization_id and l.email = participant.email
  order by l.created_at
  limit 1;
  if found_id is null then
    insert into public.leads (organization_id, source, name, email, phone, campaign_id, campaign_item_id)
    values (participant.organization_id, campaign_kind::public.lead_source, participant.name, participant.email,
            participant.phone, for_campaign, for_item)
    returning id into found_id;
  else
    update public.leads as l
    set name = coalesce(l.name, participant.name), phone = coalesce(l.phone, participant.phone)
    where l.id = found_id
      and ((l.name is null and participant.name is not null) or (l.phone is null and participant.phone is not null));
  end if;
  update public.participants as p set lead_id = found_id where p.id = participant.id;
  return found_id;
end;
$$;

comment on function private.upsert_lead_for(public.participants, uuid, uuid) is
  'The one lead of a participant in the organization: theirs already, found by e-mail (missing name/phone filled in), or created with the campaign''s kind as source and the campaign and item; stored on the participant.';
revoke execute on function private.upsert_lead_for(public.participants, uuid, uuid) from public, anon, authenticated;

-- Whether marketing is withdrawn for the whole organization for this address (on its lead).
create or replace function private.marketing_withdrawn(for_organization uuid, for_email text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.leads as l
    where l.organization_id = for_organization and l.email = for_email and l.marketing_withdrawn_at is not null
  );
$$;

comment on function private.marketing_withdrawn(uuid, text) is
  'True when the person with this e-mail withdrew marketing for the whole organization (leads.marketing_withdrawn_at).';
revoke execute on function private.marketing_withdrawn(uuid, text) from public, anon, authenticated;

-- The engine's checks of a public participant write and the participant and registration it writes.
-- Whoever types an address is not necessarily its owner, so a known address's participant comes back
-- exactly as it was: a public write never changes a person's name, phone or reminders choice (the
-- person's own link does), and the caller learns nothing from it. Reminders are offered only when the
-- campaign has them on and the person has not withdrawn marketing for the organization.
create or replace function private.upsert_participant(
  campaign public.campaigns,
  rate_key text,
  input_email text,
  input_consent boolean,
  input_form_shown_at timestamptz,
  input_honeypot text,
  input_name text,
  input_phone text,
  input_reminders_opt_in boolean
)
returns public.participants
language plpgsql
volatile
set search_path = ''
as $$
declare
  clean_email text;
  clean_phone text;
  participant public.participants;
begin
  perform private.check_public_write(input_honeypot, input_form_shown_at, rate_key);
  if input_consent is not true then
    raise exception using errcode = 'P0001', message = 'participant-consent-required';
  end if;
  clean_email := private.participant_email(input_email);
  clean_phone := private.participant_phone(input_phone);

  insert into public.participants (organization_id, email, name, phone)
  values (campaign.organization_id, clean_email, nullif(btrim(input_name), ''), clean_phone)
  on conflict (organization_id, email) do nothing
  returning * into participant;
  if participant.id is null then
    select * into participant from public.participants as p
    where p.organization_id = campaign.organization_id and p.email = clean_email;
  end if;
  insert into public.campaign_registrations (campaign_id, participant_id, organization_id, reminders_opt_in)
  values (
    campaign.id, participant.id, campaign.organization_id,
    coalesce(input_reminders_opt_in, false) and campaign.reminders_enabled
      and not private.marketing_withdrawn(campaign.organization_id, clean_email)
  )
  on conflict (campaign_id, participant_id) do nothing;
  return participant;
end;
$$;

comment on function private.upsert_participant(public.campaigns, text, text, boolean, timestamptz, text, text, text, boolean) is
  'The checks of a public participant write (check_public_write with the rate key, consent, e-mail and phone rules), the participant of this organization and e-mail (created, or the existing one unchanged) and its registration in the campaign (created, or unchanged).';
revoke execute on function private.upsert_participant(public.campaigns, text, text, boolean, timestamptz, text, text, text, boolean)
  from public, anon, authenticated;

-- The consents of a public write: taking part (always) and marketing (when ticked, asked, and not
-- withdrawn, neither for the organization nor in this campaign: whoever types a known address must not
-- undo the person's own withdrawal, so a form cannot give it again). Returns both ids (marketing null).
create or replace function private.record_entry_consents(
  campaign public.campaigns, participant public.participants, input_marketing_consent boolean,
  out consent_id uuid, out marketing_consent_id uuid
)
language plpgsql
volatile
set search_path = ''
as $$
begin
  consent_id := private.record_consent(campaign.organization_id, participant.id, campaign.id, 'participation', campaign.consent_text);
  if coalesce(input_marketing_consent, false) and campaign.marketing_consent_text is not null
    and not private.marketing_withdrawn(campaign.organization_id, participant.email)
    and not exists (
      select 1 from public.consents as k
      where k.participant_id = participant.id and k.campaign_id = campaign.id and k.purpose = 'marketing'
        and k.withdrawn_at is not null
    ) then
    marketing_consent_id := private.record_consent(
      campaign.organization_id, participant.id, campaign.id, 'marketing', campaign.marketing_consent_text
    );
  end if;
end;
$$;

comment on function private.record_entry_consents(public.campaigns, public.participants, boolean) is
  'A public write''s consents: participation, and marketing when ticked, asked and not withdrawn (for the organization or in this campaign); returns their ids.';
revoke execute on function private.record_entry_consents(public.campaigns, public.participants, boolean) from public, anon, authenticated;

-- A lead that is a participant's may be offered to marketplace buyers only while the person's
-- consent to be shared (purpose sharing) stands: no seller's confirmation replaces it. Security
-- definer: the listing's writer cannot read participants or consents.
create or replace function private.advertised_leads_require_sharing_consent()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.participants as p where p.lead_id = new.lead_id)
    and not exists (
      select 1 from public.participants as p
      join public.consents as k on k.participant_id = p.id and k.purpose = 'sharing' and k.withdrawn_at is null
      where p.lead_id = new.lead_id
    ) then
    raise exception using errcode = 'P0001', message = 'lead-consent-required';
  end if;
  return new;
end;
$$;

comment on function private.advertised_leads_require_sharing_consent() is
  'Trigger: a participant''s lead is listed only with their standing sharing consent (lead-consent-required).';
revoke execute on function private.advertised_leads_require_sharing_consent() from public, anon, authenticated;

create trigger advertised_leads_require_sharing_consent
  before insert or update of status on public.advertised_leads
  for each row when (new.status in ('active', 'paused'))
  execute function private.advertised_leads_require_sharing_consent();

-- ============================================================================================
-- 10. A person's rights across the organization (the participation page, by token)
-- ============================================================================================

-- A person is a participant: one e-mail address within one organization, with every campaign they
-- joined, their entries, consents and their one lead. Nothing of another organization is read or
-- changed. docs/campaign-engine.md «A person's rights» gives the lawful basis of each purpose.
-- The functions are security definers: the public has no access to participants, entries or leads,
-- and the token alone decides whose data a call reaches.

-- A new token for the participation link, for the e-mail that carries it (service role: the jobs).
-- Only its hash is kept; earlier links keep working until they expire.
create or replace function public.issue_participant_token(input_participant_id uuid, input_campaign_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  token text := encode(extensions.gen_random_bytes(32), 'hex');
begin
  if not exists (
    select 1 from public.campaign_registrations as r
    where r.participant_id = input_participant_id and r.campaign_id = input_campaign_id
  ) then
    raise exception using errcode = 'PT404', message = 'participant-not-found';
  end if;
  delete from private.participant_tokens as t
  where t.participant_id = input_participant_id and t.expires_at <= now();
  insert into private.participant_tokens (token_hash, participant_id, campaign_id, expires_at)
  values (encode(sha256(convert_to(token, 'UTF8')), 'hex'), input_participant_id, input_campaign_id,
          now() + interval '180 days');
  return token;
end;
$$;

comment on function public.issue_participant_token(uuid, uuid) is
  'Service role: a fresh random token for a participant''s participation link from a campaign they joined, valid 180 days (only its SHA-256 is stored; earlier links keep working until they expire).';
revoke execute on function public.issue_participant_token(uuid, uuid) from public, anon, authenticated;
grant execute on function public.issue_participant_token(uuid, uuid) to service_role;

create or replace function private.participant_by_token(token text)
returns public.participants
language plpgsql
stable
set search_path = ''
as $$
declare
  participant public.participants;
begin
  select p.* into participant
  from private.participant_tokens as t
  join public.participants as p on p.id = t.participant_id
  where t.token_hash = encode(sha256(convert_to(coalesce(token, ''), 'UTF8')), 'hex')
    and t.expires_at > now();
  if not found then
    raise exception using errcode = 'PT404', message = 'participant-not-found';
  end if;
  return participant;
end;
$$;

comment on function private.participant_by_token(text) is
  'The participant whose participation token this is; raises participant-not-found (PT404).';
revoke execute on function private.participant_by_token(text) from public, anon, authenticated;

-- The notices to buying organizations that the person behind a lead they bought asked the seller to
-- erase their data (GDPR art. 19). One per purchase; a job claims and sends them. A claim is a lease:
-- until sent_at is set, a notice whose run died before it could send or release it is claimed again.
create table private.lead_erasure_notices (
  purchase_id uuid primary key references public.leads_purchases (id) on delete cascade,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  requested_at timestamptz not null default now(),
  claimed_at timestamptz null,
  sent_at timestamptz null
);

comment on table private.lead_erasure_notices is
  'Notices to a buying organization (organization_id) that the person behind a purchased lead asked for erasure: written by delete_participant, claimed by claim_lead_erasure_notices, sent_at set by mark_lead_erasure_notices_sent.';

create index lead_erasure_notices_organization_id_idx on private.lead_erasure_notices (organization_id);
create index lead_erasure_notices_unsent_idx on private.lead_erasure_notices (requested_at) where sent_at is null;

-- Everything the organization holds about the person, for the page and as the export (JSON; the page
-- makes CSV of it): their details, every campaign with its entries and the consents given there (the
-- exact texts, when, withdrawn when), and their lead.
create or replace function public.participation(input_token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  person public.participants := private.participant_by_token(input_token);
begin
  return jsonb_build_object(
    'organization_name', (select o.name from public.organizations as o where o.id = person.organization_id),
    'email', person.email,
    'name', person.name,
    'phone', person.phone,
    'created_at', person.created_at,
    'lead', (
      select jsonb_build_object('source', l.source, 'created_at', l.created_at,
                                'marketing_withdrawn_at', l.marketing_withdrawn_at)
      from public.leads as l where l.id = person.lead_id
    ),
    'campaigns', coalesce((
      select jsonb_agg(jsonb_build_object(
        'campaign_id', c.id,
        'kind', c.kind,
        'name', c.name,
        'joined_at', r.created_at,
        'marketing_consent', exists (
          select 1 from public.consents as k
          where k.participant_id = person.id and k.campaign_id = c.id and k.purpose = 'marketing' and k.withdrawn_at is null
        ),
        'reminders_opt_in', r.reminders_opt_in,
        'entries', coalesce((
          select jsonb_agg(jsonb_build_object(
            'item', i.position, 'answer', e.answer, 'is_correct', e.is_correct,
            'form_answers', e.form_answers, 'created_at', e.created_at
          ) order by i.position nulls first, e.created_at)
          from public.campaign_entries as e left join public.campaign_items as i on i.id = e.item_id
          where e.participant_id = person.id and e.campaign_id = c.id
        ), '[]'),
        'consents', coalesce((
          select jsonb_agg(jsonb_build_object(
            'purpose', k.purpose, 'text', t.body, 'given_at', k.given_at, 'withdrawn_at', k.withdrawn_at
          ) order by k.given_at, k.purpose)
          from public.consents as k
          join public.consent_texts as t on t.organization_id = k.organization_id and t.sha256 = k.text_sha256
          where k.participant_id = person.id and k.campaign_id = c.id
        ), '[]')
      ) order by r.created_at)
      from public.campaign_registrations as r
      join public.campaigns as c on c.id = r.campaign_id
      where r.participant_id = person.id
    ), '[]')
  );
end;
$$;

comment on function public.participation(text) is
  'By participation token: everything the organization holds about the person (details, every campaign with entries and consents with their texts and times, the lead), also the export. participant-not-found (PT404) for a wrong or expired token.';
revoke execute on function public.participation(text) from public, anon, authenticated;
grant execute on function public.participation(text) to anon, authenticated, service_role;

-- Withdraws a consent by token: marketing (which includes the reminder e-mails, as they promote the
-- campaign) or reminders only, in one campaign or (campaign null) in all of the organization's.
-- Marketing withdrawn for the whole organization is kept on the lead, so that no public form turns it
-- on again.
create or replace function public.withdraw_consent(input_token text, input_purpose text, input_campaign_id uuid default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  person public.participants := private.participant_by_token(input_token);
begin
  if input_purpose is null or input_purpose not in ('marketing', 'reminders') then
    -- A programming error of the page, not the person's: 400, not a catalogue message.
    raise exception using errcode = '22023', message = 'participant-purpose-invalid';
  end if;
  update public.campaign_registrations as r set reminders_opt_in = false
  where r.participant_id = person.id and (input_campaign_id is null or r.campaign_id = input_campaign_id);
  if input_purpose = 'marketing' then
    update public.consents as k set withdrawn_at = pg_catalog.now()
    where k.participant_id = person.id and k.purpose = 'marketing' and k.withdrawn_at is null
      and (input_campaign_id is null or k.campaign_id = input_campaign_id);
  end if;
  if input_purpose = 'marketing' and input_campaign_id is null then
    perform private.upsert_lead_for(person, (
      select r.campaign_id from public.campaign_registrations as r
      where r.participant_id = person.id order by r.created_at limit 1
    ));
    update public.leads as l set marketing_withdrawn_at = coalesce(l.marketing_withdrawn_at, pg_catalog.now())
    where l.id = (select p.lead_id from public.participants as p where p.id = person.id);
  end if;
end;
$$;

comment on function public.withdraw_consent(text, text, uuid) is
  'By participation token: withdraws marketing (with reminders) or reminders, in one campaign or all of the organization''s (campaign null; marketing is then remembered on the lead). participant-purpose-invalid (22023) for another purpose.';
revoke execute on function public.withdraw_consent(text, text, uuid) from public, anon, authenticated;
grant execute on function public.withdraw_consent(text, text, uuid) to anon, authenticated, service_role;

-- Deletes everything the organization holds about the person: the participant with every
-- registration, entry, consent and token (draws keep their record without the person), and their
-- lead, unless the organization has stated a lawful reason to keep it (retention_reason) or has sold
-- it: a sold lead stays as the buyers' purchase, each purchase is marked and its buyer is sent a
-- notice (GDPR art. 19), and its open listings are withdrawn.
create or replace function public.delete_participant(input_token text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  person public.participants := private.participant_by_token(input_token);
  lead_ids uuid[];
begin
  lead_ids := array_remove(array[person.lead_id], null);

  delete from public.participants as p where p.id = person.id;

  update public.leads_purchases as b set erasure_requested_at = pg_catalog.now()
  where b.lead_id = any (lead_ids) and b.erasure_requested_at is null;
  insert into private.lead_erasure_notices (purchase_id, organization_id)
  select b.id, b.organization_id from public.leads_purchases as b
  where b.lead_id = any (lead_ids) and b.state = 'completed'
  on conflict (purchase_id) do nothing;
  update public.advertised_leads as a set status = 'withdrawn'
  where a.lead_id = any (lead_ids) and a.status in ('active', 'paused');

  delete from public.leads as l
  where l.id = any (lead_ids) and l.organization_id = person.organization_id and l.retention_reason is null
    and not exists (select 1 from public.leads_purchases as b where b.lead_id = l.id);
end;
$$;

comment on function public.delete_participant(text) is
  'By participation token: deletes the person''s data in the token''s organization (participant, registrations, entries, consents, tokens, wins) and their campaign lead unless a stated retention_reason or a sale keeps it; sold copies are marked (leads_purchases.erasure_requested_at) and each buyer gets a notice (claim_lead_erasure_notices).';
revoke execute on function public.delete_participant(text) from public, anon, authenticated;
grant execute on function public.delete_participant(text) to anon, authenticated, service_role;

-- The erasure notices to send (service role: the job that e-mails them): marks up to input_limit
-- claimed and returns each with the buyer's name, which lead it is (the lead, the listing's title and
-- marketplace, when it was bought) and the buyer's owners' and admins' addresses. Rows another run
-- holds are skipped; a claim not marked sent nor released within 15 minutes (far beyond a function's
-- run) is taken again, so a run that died loses no notice.
create or replace function public.claim_lead_erasure_notices(input_limit integer default 100)
returns table (
  purchase_id uuid, organization_id uuid, organization_name text, lead_id uuid, title text,
  marketplace_name text, purchased_at timestamptz, requested_at timestamptz, recipients text[]
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  return query
  with claimed as (
    update private.lead_erasure_notices as n set claimed_at = pg_catalog.now()
    where n.purchase_id in (
      select x.purchase_id from private.lead_erasure_notices as x
      where x.sent_at is null
        and (x.claimed_at is null or x.claimed_at < pg_catalog.now() - interval '15 minutes')
      order by x.requested_at
      limit least(greatest(coalesce(input_limit, 100), 1), 1000)
      for update skip locked
    )
    returning n.purchase_id, n.organization_id, n.requested_at
  )
  select c.purchase_id, c.organization_id, o.name, b.lead_id, a.title, mp.name, b.completed_at, c.requested_at,
    array(
      select u.email::text from public.organizations_members as m join auth.users as u on u.id = m.member_id
      where m.organization_id = c.organization_id and m.role in ('owner', 'admin') and u.email is not null
      union
      select u.email::text from auth.users as u where u.id = o.owner_id and u.email is not null
    )
  from claimed as c
  join public.organizations as o on o.id = c.organization_id
  join public.leads_purchases as b on b.id = c.purchase_id
  join public.advertised_leads as a on a.id = b.advertised_lead_id
  join public.marketplaces as mp on mp.id = a.marketplace_id;
end;
$$;

comment on function public.claim_lead_erasure_notices(integer) is
  'Service role (the erasure-notice job): claims unsent notices that a purchased lead''s person asked for erasure, with the buyer, the lead, the listing''s title and marketplace, the purchase time and the buyer''s owner and admin addresses. release_lead_erasure_notice hands a failed one back.';
revoke execute on function public.claim_lead_erasure_notices(integer) from public, anon, authenticated;
grant execute on function public.claim_lead_erasure_notices(integer) to service_role;

-- Security definer: the notices are in the private schema, which no API role reads.
create or replace function public.release_lead_erasure_notice(input_purchase_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update private.lead_erasure_notices as n set claimed_at = null where n.purchase_id = input_purchase_id;
$$;

comment on function public.release_lead_erasure_notice(uuid) is
  'Service role: hands back a claimed erasure notice whose e-mail failed, for the next run.';
revoke execute on function public.release_lead_erasure_notice(uuid) from public, anon, authenticated;
grant execute on function public.release_lead_erasure_notice(uuid) to service_role;

-- Security definer: as release_lead_erasure_notice. Only a claimed notice can be marked.
create or replace function public.mark_lead_erasure_notices_sent(input_purchase_ids uuid[])
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update private.lead_erasure_notices as n set sent_at = pg_catalog.now()
  where n.purchase_id = any (input_purchase_ids) and n.claimed_at is not null and n.sent_at is null;
$$;

comment on function public.mark_lead_erasure_notices_sent(uuid[]) is
  'Service role: marks claimed erasure notices as given (one of the buyer''s owners or admins got the e-mail); never claimed again.';
revoke execute on function public.mark_lead_erasure_notices_sent(uuid[]) from public, anon, authenticated;
grant execute on function public.mark_lead_erasure_notices_sent(uuid[]) to service_role;
