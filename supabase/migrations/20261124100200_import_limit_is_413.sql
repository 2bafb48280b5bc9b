-- Too many rows for an import answers 413, not 500.
--
-- import_leads_stage, import_leads and import_leads_existing refused more than 10,000 rows with
-- errcode 54000 (program_limit_exceeded), which PostgREST answers with HTTP 500 as if the server had
-- failed. RAISE SQLSTATE 'PTxyz' makes PostgREST answer with status xyz: 413 (Payload Too Large) says
-- what happened. Each function is re-created from its definition in 20261122101000_lead_import.sql
-- with only that errcode changed; create or replace keeps its owner, grants and comment.

create or replace function public.import_leads_stage(
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

create or replace function public.import_leads(
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

create or replace function public.import_leads_existing(
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
