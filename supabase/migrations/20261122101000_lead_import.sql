-- Lead import (/leads/importer): one all-or-nothing import per file.
--
-- The browser parses and validates the file, but the server trusts none of it: `public.import_leads`
-- re-validates every row (name, e-mail or phone, e-mail shape, Norwegian phone number normalised to
-- +47XXXXXXXX, four-digit postal code, lengths), rejects duplicates within the import and against the
-- organization's existing leads (normalised e-mail or phone), inserts the rest with source 'import'
-- in one statement, and returns `{"inserted": n, "rejected": [{"index": i, "reason": "…"}]}` (index =
-- 0-based position in the whole import). Any error rolls the whole import back.
--
-- A request body is limited (the local platform takes 1 MiB), so an import of up to 10,000 rows may be
-- sent in parts: `public.import_leads_stage(import_id, organization_id, part, rows)` parks a part in
-- private.leads_import_parts (never leads), and the final `public.import_leads(organization_id, rows,
-- import_id)` takes the parked parts plus its own rows, in part order, and imports them in its one
-- transaction. An abandoned import leaves only parked parts, removed after a day.
--
-- `public.import_leads_existing` tells the importer which e-mails/phones the organization already has,
-- so the preview can show duplicates before anything is sent.
--
-- Sections: 1. helpers · 2. staging · 3. functions · 4. grants

-- ---------------------------------------------------------------------------------------------------
-- 1. Helpers
-- ---------------------------------------------------------------------------------------------------

-- The comparable form of a phone number: separators removed, Norwegian numbers as +47XXXXXXXX
-- (8 digits starting 2–9, optionally prefixed +47 or 0047); anything else as stripped.
create function private.normalize_phone(phone text)
returns text
language sql
immutable
strict
set search_path = ''
as $$
  select case
    when s ~ '^(\+47|0047)?[2-9][0-9]{7}$' then '+47' || right(s, 8)
    else nullif(s, '')
  end
  from (select regexp_replace(normalize_phone.phone, '[[:space:]().-]', '', 'g') as s) as stripped
$$;

comment on function private.normalize_phone(text) is
  'Phone number without separators; Norwegian numbers (8 digits starting 2-9, optional +47/0047) as +47XXXXXXXX.';
revoke execute on function private.normalize_phone(text) from public, anon;
grant execute on function private.normalize_phone(text) to authenticated, service_role;

-- Duplicate detection by phone (the e-mail index is in 20261122100500_leads.sql).
create index leads_organization_id_phone_idx
  on public.leads (organization_id, private.normalize_phone(phone)) where phone is not null;

-- ---------------------------------------------------------------------------------------------------
-- 2. Staging (private: never exposed; written and read only by the functions below)
-- ---------------------------------------------------------------------------------------------------

create table private.leads_import_parts (
  import_id uuid not null,
  part integer not null check (part between 1 and 1000),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  created_by uuid not null references auth.users (id) on delete cascade,
  rows jsonb not null check (jsonb_typeof(rows) = 'array'),
  created_at timestamptz not null default now(),
  primary key (import_id, part)
);

comment on table private.leads_import_parts is
  'Parts of a lead import parked until public.import_leads finishes it (all or nothing); removed after a day if abandoned.';

create index leads_import_parts_created_at_idx on private.leads_import_parts (created_at);
create index leads_import_parts_organization_id_idx on private.leads_import_parts (organization_id);
create index leads_import_parts_created_by_idx on private.leads_import_parts (created_by);

-- Only the security definer functions below touch it (as for private.sign_in_requests).
alter table private.leads_import_parts enable row level security;
revoke all on private.leads_import_parts from public, anon, authenticated, service_role;
create policy "Only the lead import functions touch import parts"
on private.leads_import_parts
as restrictive
for all
to public
using (false)
with check (false);

-- ---------------------------------------------------------------------------------------------------
-- 3. Functions
-- ---------------------------------------------------------------------------------------------------

-- Raises unless the caller is signed in and a member of the organization.
create function private.assert_lead_import_member(organization_id uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception using errcode = '42501', message = 'not-authenticated';
  end if;
  if assert_lead_import_member.organization_id is null
    or not (assert_lead_import_member.organization_id = any (private.current_user_organization_ids())) then
    raise exception using errcode = '42501', message = 'forbidden';
  end if;
end;
$$;

comment on function private.assert_lead_import_member(uuid) is
  'Raises not-authenticated / forbidden unless the caller is a member of the organization.';
revoke execute on function private.assert_lead_import_member(uuid) from public, anon;
grant execute on function private.assert_lead_import_member(uuid) to authenticated, service_role;

-- Too many rows raise PT413 in the three import functions, which PostgREST answers with HTTP 413
-- (20261124100200_import_limit_is_413.sql).
create function public.import_leads_stage(
  input_import_id uuid,
  input_organization_id uuid,
  input_part integer,
  input_rows jsonb
)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  staged integer;
begin
  perform private.assert_lead_import_member(input_organization_id);
  if input_import_id is null or input_part is null or input_part not between 1 and 1000
    or input_rows is null or jsonb_typeof(input_rows) <> 'array' then
    raise exception using errcode = '22023', message = 'import-invalid-payload';
  end if;

  -- abandoned imports
  delete from private.leads_import_parts p where p.created_at < now() - interval '1 day';

  if exists (
    select 1 from private.leads_import_parts p
    where p.import_id = input_import_id
      and (p.created_by <> (select auth.uid()) or p.organization_id <> input_organization_id)
  ) then
    raise exception using errcode = '42501', message = 'forbidden';
  end if;

  select coalesce(sum(jsonb_array_length(p.rows)), 0)::integer into staged
  from private.leads_import_parts p
  where p.import_id = input_import_id and p.part <> input_part;
  if staged + jsonb_array_length(input_rows) > 10000 then
    raise exception using errcode = 'PT413', message = 'import-too-many-rows';
  end if;

  insert into private.leads_import_parts (import_id, part, organization_id, created_by, rows)
  values (input_import_id, input_part, input_organization_id, (select auth.uid()), input_rows)
  on conflict (import_id, part) do update set rows = excluded.rows, created_at = now();

  return staged + jsonb_array_length(input_rows);
end;
$$;

comment on function public.import_leads_stage(uuid, uuid, integer, jsonb) is
  'Parks one part of a lead import (not yet leads); public.import_leads with the same import id finishes it.';

-- Security definer: it reads the caller's parked parts (private) and the organization's leads for
-- duplicates; membership is checked first and every insert is for that organization.
create function public.import_leads(
  input_organization_id uuid,
  input_rows jsonb,
  input_import_id uuid default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  all_rows jsonb;
  result jsonb;
begin
  perform private.assert_lead_import_member(input_organization_id);
  if input_rows is null or jsonb_typeof(input_rows) <> 'array' then
    raise exception using errcode = '22023', message = 'import-invalid-payload';
  end if;

  all_rows := input_rows;
  if input_import_id is not null then
    if exists (
      select 1 from private.leads_import_parts p
      where p.import_id = input_import_id
        and (p.created_by <> (select auth.uid()) or p.organization_id <> input_organization_id)
    ) then
      raise exception using errcode = '42501', message = 'forbidden';
    end if;
    select coalesce(jsonb_agg(r.value order by p.part, r.ordinality), '[]'::jsonb) || input_rows
    into all_rows
    from private.leads_import_parts p
    cross join lateral jsonb_array_elements(p.rows) with ordinality as r(value, ordinality)
    where p.import_id = input_import_id;
    delete from private.leads_import_parts p where p.import_id = input_import_id;
  end if;

  if jsonb_array_length(all_rows) > 10000 then
    raise exception using errcode = 'PT413', message = 'import-too-many-rows';
  end if;

  with input as (
    select (r.ordinality - 1)::integer as idx, r.value as v
    from jsonb_array_elements(all_rows) with ordinality as r(value, ordinality)
  ),
  cleaned as (
    select
      idx,
      jsonb_typeof(v) = 'object' as is_object,
      nullif(btrim(v ->> 'name'), '') as name,
      lower(nullif(btrim(v ->> 'email'), '')) as email,
      nullif(btrim(v ->> 'phone'), '') as phone_raw,
      private.normalize_phone(nullif(btrim(v ->> 'phone'), '')) as phone,
      nullif(btrim(v ->> 'postal_code'), '') as postal_code,
      nullif(btrim(v ->> 'city'), '') as city,
      nullif(btrim(v ->> 'company'), '') as company,
      nullif(btrim(v ->> 'category'), '') as category,
      nullif(btrim(v ->> 'area'), '') as area,
      nullif(btrim(v ->> 'notes'), '') as notes,
      case when jsonb_typeof(v -> 'consent') = 'boolean' then (v ->> 'consent')::boolean else false end as consent
    from input
  ),
  checked as (
    select
      c.*,
      case
        when not c.is_object then 'invalid-row'
        when c.name is null then 'name-required'
        when c.email is null and c.phone_raw is null then 'contact-required'
        when c.email is not null and not coalesce(private.is_valid_email(c.email), false) then 'email-invalid'
        when c.phone_raw is not null and coalesce(c.phone !~ '^\+47[2-9][0-9]{7}$', true) then 'phone-invalid'
        when c.postal_code is not null and c.postal_code !~ '^[0-9]{4}$' then 'postal-code-invalid'
        when char_length(c.name) > 200 or char_length(c.city) > 100 or char_length(c.company) > 200
          or char_length(c.category) > 100 or char_length(c.area) > 100 or char_length(c.notes) > 10000
          then 'too-long'
      end as invalid
    from cleaned c
  ),
  -- duplicates within the import: the first valid row with an e-mail or phone keeps it
  ranked as (
    select
      k.*,
      min(k.idx) filter (where k.invalid is null and k.email is not null)
        over (partition by k.email) as first_email_idx,
      min(k.idx) filter (where k.invalid is null and k.phone is not null)
        over (partition by k.phone) as first_phone_idx
    from checked k
  ),
  classified as (
    select
      r.*,
      case
        when r.invalid is not null then r.invalid
        when r.first_email_idx < r.idx or r.first_phone_idx < r.idx then 'duplicate-in-file'
        when (r.email is not null and exists (
                select 1 from public.leads l
                where l.organization_id = input_organization_id and l.email = r.email))
          or (r.phone is not null and exists (
                select 1 from public.leads l
                where l.organization_id = input_organization_id
                  and l.phone is not null
                  and private.normalize_phone(l.phone) = r.phone))
          then 'duplicate-existing'
      end as reason
    from ranked r
  ),
  inserted as (
    insert into public.leads (
      organization_id, source, name, email, phone, postal_code, city, company, category, area, notes, consent
    )
    select
      input_organization_id, 'import', c.name, c.email, c.phone, c.postal_code, c.city, c.company,
      c.category, c.area, c.notes, c.consent
    from classified c
    where c.reason is null
    order by c.idx
    returning 1
  )
  select jsonb_build_object(
    'inserted', (select count(*) from inserted),
    'rejected', coalesce(
      (select jsonb_agg(jsonb_build_object('index', c.idx, 'reason', c.reason) order by c.idx)
       from classified c where c.reason is not null),
      '[]'::jsonb
    )
  ) into result;

  return result;
end;
$$;

comment on function public.import_leads(uuid, jsonb, uuid) is
  'Imports up to 10,000 leads (source import) for a member''s organization in one transaction, re-validating every row; returns {inserted, rejected: [{index, reason}]}.';

-- Which of these e-mails / phone numbers the organization already has (duplicates in the preview).
create function public.import_leads_existing(
  input_organization_id uuid,
  input_emails text[],
  input_phones text[]
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_lead_import_member(input_organization_id);
  if coalesce(cardinality(input_emails), 0) > 10000 or coalesce(cardinality(input_phones), 0) > 10000 then
    raise exception using errcode = 'PT413', message = 'import-too-many-rows';
  end if;
  return jsonb_build_object(
    'emails', coalesce((
      select jsonb_agg(distinct l.email)
      from public.leads l
      where l.organization_id = input_organization_id
        and l.email = any (coalesce(input_emails, '{}'))
    ), '[]'::jsonb),
    'phones', coalesce((
      select jsonb_agg(distinct private.normalize_phone(l.phone))
      from public.leads l
      where l.organization_id = input_organization_id
        and l.phone is not null
        and private.normalize_phone(l.phone) = any (coalesce(input_phones, '{}'))
    ), '[]'::jsonb)
  );
end;
$$;

comment on function public.import_leads_existing(uuid, text[], text[]) is
  'The given (lower-case) e-mails and (+47-normalised) phone numbers that the member''s organization already has among its leads.';

-- ---------------------------------------------------------------------------------------------------
-- 4. Grants
-- ---------------------------------------------------------------------------------------------------

revoke execute on function public.import_leads_stage(uuid, uuid, integer, jsonb) from public, anon;
grant execute on function public.import_leads_stage(uuid, uuid, integer, jsonb) to authenticated, service_role;
revoke execute on function public.import_leads(uuid, jsonb, uuid) from public, anon;
grant execute on function public.import_leads(uuid, jsonb, uuid) to authenticated, service_role;
revoke execute on function public.import_leads_existing(uuid, text[], text[]) from public, anon;
grant execute on function public.import_leads_existing(uuid, text[], text[]) to authenticated, service_role;
