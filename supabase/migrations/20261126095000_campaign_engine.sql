-- The campaign engine's shared rules (docs/campaign-engine.md): what every public tool (calendars
-- today; competitions, forms, popups later) checks the same way, defined before any area.
--
-- Sections: 1. the clock and Oslo time · 2. the public write check · 3. people's details and choices ·
-- 4. consents · 5. draws
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
-- marketing e-mail, being shared with marketplace buyers. The participant's foreign key is added by
-- the area whose participants it names (the calendars' until the engine has its own).
create table public.consents (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  participant_id uuid not null,
  -- The campaign (a calendar today) the consent was given in.
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
