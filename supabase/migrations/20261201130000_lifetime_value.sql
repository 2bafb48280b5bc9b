-- Lifetime value (docs/lifetime-value.md): what a customer is worth, by where they came from.
--
-- - revenue_imports / revenue_entries: revenue the organization records by hand or imports, on a lead.
-- - private.customer_purchases: one row per paid order (refunds subtracted) and per revenue entry, on
--   the customer's lead, with its amount eks. and inkl. MVA; kept by triggers so the reports read one
--   narrow, indexed table instead of joining orders, items and participants at every call.
-- - The report functions (members read): lifetime_value_report, _cohorts, _customers, _marketplace.
--
-- Sections: 1. tables · 2. purchase facts · 3. revenue writes · 4. customers · 5. reports

-- ============================================================================================
-- 1. Tables
-- ============================================================================================

create table public.revenue_imports (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  file_name text not null check (char_length(btrim(file_name)) between 1 and 255),
  -- The rows inserted (valid rows) and how many of them found an existing lead.
  row_count integer not null check (row_count >= 0),
  matched_count integer not null check (matched_count between 0 and row_count),
  created_by uuid null default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint revenue_imports_id_organization_id_key unique (id, organization_id)
);

comment on table public.revenue_imports is
  'A file of revenue an owner or admin imported (public.import_revenue): name, rows inserted and matched to existing leads. Members read; deleting it deletes its entries.';

create index revenue_imports_organization_id_created_at_idx on public.revenue_imports (organization_id, created_at desc);
create index revenue_imports_created_by_idx on public.revenue_imports (created_by);

create table public.revenue_entries (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  import_id uuid null,
  -- The organization's own lead, or a lead it bought on a marketplace (owned by the seller).
  lead_id uuid not null references public.leads (id) on delete cascade,
  occurred_on date not null,
  -- Incl. MVA. Positive only: a correction is made by deleting the import (or the entry's lead).
  amount_ore bigint not null check (amount_ore between 1 and 100000000000),
  vat_rate integer not null check (vat_rate in (0, 12, 15, 25)),
  kind text not null check (kind in ('import', 'manual')),
  note text null check (char_length(note) <= 500),
  created_by uuid null default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint revenue_entries_kind_import check ((kind = 'import') = (import_id is not null)),
  constraint revenue_entries_import_fkey foreign key (import_id, organization_id)
    references public.revenue_imports (id, organization_id) on delete cascade
);

comment on table public.revenue_entries is
  'Revenue the organization recorded on a lead outside the checkouts: imported (import_id) or manual. Amount incl. MVA at vat_rate, positive. Members read; written only by import_revenue and add_revenue_entry.';

create index revenue_entries_import_id_idx on public.revenue_entries (import_id, organization_id);
create index revenue_entries_lead_id_idx on public.revenue_entries (lead_id);
create index revenue_entries_organization_id_occurred_on_idx on public.revenue_entries (organization_id, occurred_on);
create index revenue_entries_created_by_idx on public.revenue_entries (created_by);

alter table public.revenue_imports enable row level security;
alter table public.revenue_entries enable row level security;

create policy "Members can read their organization's revenue imports"
  on public.revenue_imports for select to authenticated
  using (private.has_organization_role(organization_id));

create policy "Members can read their organization's revenue entries"
  on public.revenue_entries for select to authenticated
  using (private.has_organization_role(organization_id));

revoke all on public.revenue_imports, public.revenue_entries from anon, authenticated;
grant select on public.revenue_imports, public.revenue_entries to authenticated;

-- ============================================================================================
-- 2. Purchase facts
-- ============================================================================================

create table private.customer_purchases (
  id bigint generated always as identity primary key,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  lead_id uuid not null references public.leads (id) on delete cascade,
  -- The Oslo date of the payment (orders) or the entry's date.
  occurred_on date not null,
  order_id uuid null unique references public.orders (id) on delete cascade,
  revenue_entry_id uuid null unique references public.revenue_entries (id) on delete cascade,
  net_ore bigint not null,
  gross_ore bigint not null,
  -- False for an upsell order: its revenue counts, but it is part of the purchase it followed.
  is_purchase boolean not null,
  constraint customer_purchases_one_origin check (num_nonnulls(order_id, revenue_entry_id) = 1)
);

comment on table private.customer_purchases is
  'One row per paid order (refunds subtracted, on the buyer''s lead) and per revenue entry: the lifetime-value reports'' input, kept by triggers.';

create index customer_purchases_organization_id_lead_id_idx
  on private.customer_purchases (organization_id, lead_id, occurred_on) include (net_ore, gross_ore, is_purchase);
create index customer_purchases_lead_id_idx on private.customer_purchases (lead_id);

revoke all on private.customer_purchases from public, anon, authenticated;

-- The amount eks. MVA of an amount incl. MVA at a rate, to whole øre.
create or replace function private.without_vat(gross_ore numeric, vat_rate integer)
returns bigint
language sql
immutable
set search_path = ''
as $$
  select round(gross_ore * 100 / (100 + vat_rate))::bigint;
$$;

comment on function private.without_vat(numeric, integer) is 'An amount incl. MVA at vat_rate (%) without the MVA, rounded to whole øre.';
revoke execute on function private.without_vat(numeric, integer) from public, anon, authenticated;

-- An order's fact again from the order as it is now: paid (or partly refunded) with a buyer whose
-- participant has a lead. What was refunded is taken off the order in proportion to its lines, so
-- the MVA share stays right; a fully refunded order is no purchase.
create or replace function private.sync_customer_purchase(order_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  delete from private.customer_purchases as f where f.order_id = sync_customer_purchase.order_id;
  insert into private.customer_purchases (organization_id, lead_id, occurred_on, order_id, net_ore, gross_ore, is_purchase)
  select o.organization_id, p.lead_id, (o.paid_at at time zone 'Europe/Oslo')::date, o.id,
    round((o.total_ore - o.refunded_ore) * coalesce(lines.net / nullif(lines.gross, 0), 1))::bigint,
    o.total_ore - o.refunded_ore,
    o.parent_order_id is null
  from public.orders as o
  join public.participants as p on p.id = o.participant_id
  cross join lateral (
    select sum(private.without_vat(i.quantity * i.unit_price_ore - i.discount_ore, i.vat_rate))::numeric as net,
      sum(i.quantity * i.unit_price_ore - i.discount_ore)::numeric as gross
    from public.order_items as i
    where i.order_id = o.id
  ) as lines
  where o.id = sync_customer_purchase.order_id
    and private.order_is_sale(o.status) and o.paid_at is not null
    and p.lead_id is not null and o.total_ore > o.refunded_ore;
end;
$$;

comment on function private.sync_customer_purchase(uuid) is
  'Writes the order''s private.customer_purchases row again from the order, its lines and its participant''s lead (none unless paid with something left after refunds).';
revoke execute on function private.sync_customer_purchase(uuid) from public, anon, authenticated;

create or replace function private.customer_purchases_from_order()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_name = 'participants' then
    perform private.sync_customer_purchase(o.id) from public.orders as o where o.participant_id = new.id;
  elsif tg_op = 'DELETE' then
    perform private.sync_customer_purchase(old.order_id);
  elsif tg_table_name = 'order_items' then
    perform private.sync_customer_purchase(new.order_id);
  else
    perform private.sync_customer_purchase(new.id);
  end if;
  return null;
end;
$$;

comment on function private.customer_purchases_from_order() is
  'Trigger: keeps private.customer_purchases in step with orders, their lines and their participant''s lead.';
revoke execute on function private.customer_purchases_from_order() from public, anon, authenticated;

create trigger orders_customer_purchase_insert after insert on public.orders
  for each row when (new.status in ('paid', 'refunded')) execute function private.customer_purchases_from_order();
create trigger orders_customer_purchase_update
  after update of status, total_ore, refunded_ore, paid_at, participant_id, parent_order_id on public.orders
  for each row execute function private.customer_purchases_from_order();
create trigger order_items_customer_purchase after insert or update or delete on public.order_items
  for each row execute function private.customer_purchases_from_order();
create trigger participants_customer_purchase after update of lead_id on public.participants
  for each row when (new.lead_id is distinct from old.lead_id) execute function private.customer_purchases_from_order();

create or replace function private.customer_purchase_from_entry()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.customer_purchases (organization_id, lead_id, occurred_on, revenue_entry_id, net_ore, gross_ore, is_purchase)
  values (new.organization_id, new.lead_id, new.occurred_on, new.id, private.without_vat(new.amount_ore, new.vat_rate),
    new.amount_ore, true);
  return null;
end;
$$;

comment on function private.customer_purchase_from_entry() is 'Trigger: a revenue entry''s private.customer_purchases row (deleted with the entry).';
revoke execute on function private.customer_purchase_from_entry() from public, anon, authenticated;

create trigger revenue_entries_customer_purchase after insert on public.revenue_entries
  for each row execute function private.customer_purchase_from_entry();

-- Each customer's first purchase day: the reports pick the customers of a range here and add up
-- only their purchases, instead of every purchase of the organization.
create table private.customer_first_purchases (
  organization_id uuid not null references public.organizations (id) on delete cascade,
  lead_id uuid not null references public.leads (id) on delete cascade,
  first_on date not null,
  primary key (organization_id, lead_id)
);

comment on table private.customer_first_purchases is
  'The day of each customer''s first purchase (private.customer_purchases with is_purchase), kept by a trigger.';

create index customer_first_purchases_first_on_idx on private.customer_first_purchases (organization_id, first_on, lead_id);
create index customer_first_purchases_lead_id_idx on private.customer_first_purchases (lead_id);

revoke all on private.customer_first_purchases from public, anon, authenticated;

create or replace function private.customer_first_purchase_again()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  organization uuid := case when tg_op = 'DELETE' then old.organization_id else new.organization_id end;
  lead uuid := case when tg_op = 'DELETE' then old.lead_id else new.lead_id end;
  first_day date := (
    select min(f.occurred_on) from private.customer_purchases as f
    where f.organization_id = organization and f.lead_id = lead and f.is_purchase
  );
begin
  if first_day is null then
    delete from private.customer_first_purchases as k where k.organization_id = organization and k.lead_id = lead;
  else
    insert into private.customer_first_purchases as k (organization_id, lead_id, first_on)
    values (organization, lead, first_day)
    on conflict (organization_id, lead_id) do update set first_on = excluded.first_on
    where k.first_on <> excluded.first_on;
  end if;
  return null;
end;
$$;

comment on function private.customer_first_purchase_again() is 'Trigger: the lead''s row of private.customer_first_purchases from its purchases.';
revoke execute on function private.customer_first_purchase_again() from public, anon, authenticated;

create trigger customer_purchases_first_purchase_insert after insert on private.customer_purchases
  for each row when (new.is_purchase) execute function private.customer_first_purchase_again();
create trigger customer_purchases_first_purchase_delete after delete on private.customer_purchases
  for each row when (old.is_purchase) execute function private.customer_first_purchase_again();

-- The orders paid before this migration.
do $$
begin
  perform private.sync_customer_purchase(o.id) from public.orders as o where o.status in ('paid', 'refunded');
end;
$$;

-- ============================================================================================
-- 3. Revenue writes
-- ============================================================================================

-- Below this many customers a figure is marked as a small sample (the answers carry it).
create or replace function private.lifetime_value_min_sample()
returns integer
language sql
immutable
set search_path = ''
as $$
  select 20;
$$;

comment on function private.lifetime_value_min_sample() is 'The smallest number of customers a lifetime-value figure is not marked as a small sample on.';
revoke execute on function private.lifetime_value_min_sample() from public, anon, authenticated;

-- Raises forbidden unless the caller is an owner or admin of the organization (after the member check).
create or replace function private.assert_revenue_writer(organization_id uuid)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.assert_lead_import_member(assert_revenue_writer.organization_id);
  if not private.has_organization_role(assert_revenue_writer.organization_id, '{owner,admin}') then
    raise exception using errcode = '42501', message = 'forbidden';
  end if;
end;
$$;

comment on function private.assert_revenue_writer(uuid) is 'Raises not-authenticated / forbidden unless the caller is an owner or admin of the organization.';
revoke execute on function private.assert_revenue_writer(uuid) from public, anon, authenticated;

-- A revenue row's first problem (the import's row codes), or null when it may be inserted.
create or replace function private.revenue_row_problem(occurred_on text, amount jsonb, vat_rate jsonb)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  day date;
begin
  if occurred_on is null or occurred_on !~ '^\d{4}-\d{2}-\d{2}$' then
    return 'revenue-date-invalid';
  end if;
  begin
    day := occurred_on::date;
  exception when others then
    return 'revenue-date-invalid';
  end;
  if day < date '2000-01-01' or day > (now() at time zone 'Europe/Oslo')::date then
    return 'revenue-date-invalid';
  end if;
  if jsonb_typeof(amount) is distinct from 'number' or amount::numeric <> trunc(amount::numeric)
    or amount::numeric not between 1 and 100000000000 then
    return 'revenue-amount-invalid';
  end if;
  if jsonb_typeof(vat_rate) is distinct from 'number' or vat_rate::numeric not in (0, 12, 15, 25) then
    return 'revenue-vat-invalid';
  end if;
  return null;
end;
$$;

comment on function private.revenue_row_problem(text, jsonb, jsonb) is
  'revenue-date-invalid (not YYYY-MM-DD, before 2000 or after today in Oslo), revenue-amount-invalid (not a whole number of øre from 1 to 10^11), revenue-vat-invalid (not 0, 12, 15 or 25), or null.';
revoke execute on function private.revenue_row_problem(text, jsonb, jsonb) from public, anon, authenticated;

-- The organization's lead with this e-mail (its own first, oldest first), else a lead it bought.
create or replace function private.revenue_lead_by_email(organization_id uuid, email text)
returns uuid
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select l.id from public.leads as l
     where l.organization_id = revenue_lead_by_email.organization_id and l.email = revenue_lead_by_email.email
     order by l.created_at, l.id limit 1),
    (select l.id from public.leads_purchases as p join public.leads as l on l.id = p.lead_id
     where p.organization_id = revenue_lead_by_email.organization_id and p.state = 'completed'
       and l.email = revenue_lead_by_email.email
     order by p.completed_at, p.id limit 1)
  );
$$;

comment on function private.revenue_lead_by_email(uuid, text) is 'The organization''s own lead with the e-mail (oldest), else one it bought; null when none.';
revoke execute on function private.revenue_lead_by_email(uuid, text) from public, anon, authenticated;

create or replace function public.import_revenue(input_organization_id uuid, input_file_name text, input_rows jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  rows_given integer := coalesce(jsonb_array_length(case when jsonb_typeof(input_rows) = 'array' then input_rows end), -1);
  new_import uuid := gen_random_uuid();
  rejected jsonb := '[]'::jsonb;
  -- The organization's leads by normalized phone, built once when a row needs it.
  phones jsonb;
  item record;
  problem text;
  row_email text;
  row_phone text;
  found_lead uuid;
  inserted integer := 0;
  matched integer := 0;
  created integer := 0;
begin
  perform private.assert_revenue_writer(input_organization_id);
  if rows_given < 0 then
    raise exception using errcode = '22023', message = 'revenue-import-invalid';
  end if;
  if rows_given > 5000 then
    raise exception using errcode = 'PT413', message = 'revenue-import-too-large';
  end if;
  insert into public.revenue_imports (id, organization_id, file_name, row_count, matched_count)
  values (new_import, input_organization_id, left(coalesce(nullif(btrim(input_file_name), ''), 'import'), 255), 0, 0);

  for item in select r.value as data, r.ordinality::integer as n from jsonb_array_elements(input_rows) with ordinality as r loop
    problem := case when jsonb_typeof(item.data) = 'object'
      then private.revenue_row_problem(item.data ->> 'occurred_on', item.data -> 'amount_ore', item.data -> 'vat_rate')
      else 'revenue-date-invalid' end;
    row_email := lower(btrim(item.data ->> 'email'));
    row_email := case when private.is_valid_email(row_email) then row_email end;
    row_phone := private.valid_phone(item.data ->> 'phone');
    if problem is null and row_email is null and row_phone is null then
      problem := 'revenue-customer-missing';
    end if;
    if problem is not null then
      rejected := rejected || jsonb_build_object('row', item.n, 'code', problem);
      continue;
    end if;

    found_lead := case when row_email is not null then private.revenue_lead_by_email(input_organization_id, row_email) end;
    if found_lead is null and row_phone is not null then
      if phones is null then
        select coalesce(jsonb_object_agg(byphone.phone, byphone.id), '{}'::jsonb) into phones
        from (
          select distinct on (private.valid_phone(l.phone)) private.valid_phone(l.phone) as phone, l.id
          from public.leads as l
          where l.organization_id = input_organization_id and l.phone is not null
          order by private.valid_phone(l.phone), l.created_at, l.id
        ) as byphone
        where byphone.phone is not null;
      end if;
      found_lead := (phones ->> row_phone)::uuid;
    end if;
    if found_lead is null then
      insert into public.leads (organization_id, source, name, email, phone)
      values (input_organization_id, 'import',
        case when char_length(btrim(item.data ->> 'name')) between 1 and 200 then btrim(item.data ->> 'name') end,
        row_email, row_phone)
      returning id into found_lead;
      created := created + 1;
      if row_phone is not null and phones is not null then
        phones := phones || jsonb_build_object(row_phone, found_lead);
      end if;
    else
      matched := matched + 1;
    end if;

    insert into public.revenue_entries (organization_id, import_id, lead_id, occurred_on, amount_ore, vat_rate, kind)
    values (input_organization_id, new_import, found_lead, (item.data ->> 'occurred_on')::date,
      (item.data ->> 'amount_ore')::numeric::bigint, (item.data ->> 'vat_rate')::numeric::integer, 'import');
    inserted := inserted + 1;
  end loop;

  if inserted = 0 then
    delete from public.revenue_imports as i where i.id = new_import;
    new_import := null;
  else
    update public.revenue_imports as i set row_count = inserted, matched_count = matched where i.id = new_import;
  end if;
  return jsonb_build_object('import_id', new_import, 'inserted', inserted, 'matched', matched,
    'created_leads', created, 'rejected', rejected);
end;
$$;

comment on function public.import_revenue(uuid, text, jsonb) is
  'Owners and admins: imports revenue rows ({occurred_on, email?, phone?, name?, amount_ore incl. MVA, vat_rate}, at most 5000) on the organization''s leads, matched by e-mail (own leads, then bought ones), else by phone (own leads); an unmatched row creates a lead with source import. Rejected rows are reported by 1-based row and code; the valid rows are inserted together. import_id is null when no row was valid. Raises revenue-import-too-large (PT413), not-authenticated / forbidden (42501).';
revoke execute on function public.import_revenue(uuid, text, jsonb) from public, anon, authenticated;
grant execute on function public.import_revenue(uuid, text, jsonb) to authenticated, service_role;

create or replace function public.delete_revenue_import(input_import_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  organization uuid := (select i.organization_id from public.revenue_imports as i where i.id = input_import_id);
begin
  if organization is null or not private.has_organization_role(organization) then
    raise exception using errcode = 'PT404', message = 'revenue-import-not-found';
  end if;
  perform private.assert_revenue_writer(organization);
  delete from public.revenue_imports as i where i.id = input_import_id;
end;
$$;

comment on function public.delete_revenue_import(uuid) is
  'Owners and admins: deletes an import and its entries (the leads it created stay). revenue-import-not-found (PT404) for another organization''s or a missing import; forbidden (42501) for a member.';
revoke execute on function public.delete_revenue_import(uuid) from public, anon, authenticated;
grant execute on function public.delete_revenue_import(uuid) to authenticated, service_role;

create or replace function public.revenue_imports_list(input_organization_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_lead_import_member(input_organization_id);
  return coalesce((
    select jsonb_agg(jsonb_build_object(
      'id', i.id, 'organization_id', i.organization_id, 'file_name', i.file_name, 'row_count', i.row_count,
      'matched_count', i.matched_count, 'created_by', i.created_by, 'created_at', i.created_at,
      'amount_ore', (select coalesce(sum(e.amount_ore), 0) from public.revenue_entries as e
                     where e.import_id = i.id and e.organization_id = i.organization_id)
    ) order by i.created_at desc, i.id)
    from public.revenue_imports as i
    where i.organization_id = input_organization_id
  ), '[]'::jsonb);
end;
$$;

comment on function public.revenue_imports_list(uuid) is
  'Members: the organization''s revenue imports, newest first (the table''s columns and amount_ore, the sum incl. MVA).';
revoke execute on function public.revenue_imports_list(uuid) from public, anon, authenticated;
grant execute on function public.revenue_imports_list(uuid) to authenticated, service_role;

create or replace function public.add_revenue_entry(
  input_lead_id uuid,
  input_occurred_on date,
  input_amount_ore bigint,
  input_vat_rate integer,
  input_note text default null
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  -- The lead's own organization, else the caller's organization that bought it.
  organization uuid := coalesce(
    (select l.organization_id from public.leads as l
     where l.id = input_lead_id and private.has_organization_role(l.organization_id)),
    (select p.organization_id from public.leads_purchases as p
     where p.lead_id = input_lead_id and p.state = 'completed' and private.has_organization_role(p.organization_id)
     order by private.has_organization_role(p.organization_id, '{owner,admin}') desc, p.completed_at limit 1)
  );
  problem text := private.revenue_row_problem(to_char(input_occurred_on, 'YYYY-MM-DD'),
    to_jsonb(input_amount_ore), to_jsonb(input_vat_rate));
  new_id uuid;
begin
  if organization is null then
    raise exception using errcode = 'PT404', message = 'revenue-lead-not-found';
  end if;
  perform private.assert_revenue_writer(organization);
  if problem is not null then
    raise exception using errcode = '22023', message = problem;
  end if;
  insert into public.revenue_entries (organization_id, lead_id, occurred_on, amount_ore, vat_rate, kind, note)
  values (organization, input_lead_id, input_occurred_on, input_amount_ore, input_vat_rate, 'manual',
    nullif(btrim(input_note), ''))
  returning id into new_id;
  return new_id;
end;
$$;

comment on function public.add_revenue_entry(uuid, date, bigint, integer, text) is
  'Owners and admins: records revenue (incl. MVA) on one of the organization''s leads or a lead it bought. revenue-lead-not-found (PT404); forbidden (42501) for a member; revenue-date-invalid, revenue-amount-invalid, revenue-vat-invalid (22023).';
revoke execute on function public.add_revenue_entry(uuid, date, bigint, integer, text) from public, anon, authenticated;
grant execute on function public.add_revenue_entry(uuid, date, bigint, integer, text) to authenticated, service_role;

-- ============================================================================================
-- 4. Customers
-- ============================================================================================

-- Raises unless the caller is a member and the dates make a range.
create or replace function private.assert_lifetime_value_read(organization_id uuid, from_date date, to_date date)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.assert_lead_import_member(assert_lifetime_value_read.organization_id);
  if from_date is null or to_date is null or to_date < from_date then
    raise exception using errcode = '22023', message = 'lifetime-value-range-invalid';
  end if;
end;
$$;

comment on function private.assert_lifetime_value_read(uuid, date, date) is
  'Raises not-authenticated / forbidden (42501) unless a member, lifetime-value-range-invalid (22023) unless from ≤ to.';
revoke execute on function private.assert_lifetime_value_read(uuid, date, date) from public, anon, authenticated;

-- Every lead of the organization whose first purchase is in [from_date, to_date] (bought_only: every
-- lead it bought or matched to a bought one, whenever its first purchase): its purchases, revenue up to
-- to_date and first touch. First touch: the lead's source and campaign (the lead bridge sets them from
-- the participation that created the lead); `marketplace` (no campaign) for a lead the organization
-- bought and for its own lead whose e-mail is a bought lead's from before the own lead existed. First
-- touch is never later than the first purchase (revenue imported for earlier dates).
create or replace function private.lifetime_value_customers(
  organization_id uuid,
  from_date date,
  to_date date,
  include_vat boolean,
  bought_only boolean default false
)
returns table (
  lead_id uuid,
  first_on date,
  second_on date,
  last_on date,
  purchases bigint,
  revenue_ore bigint,
  source text,
  campaign_id uuid,
  first_touch_at timestamptz,
  lead_purchase_id uuid,
  name text,
  email text,
  phone text
)
language plpgsql
stable
set search_path = ''
-- Planned for the call's own organization and dates: a generic plan would join every purchase of the
-- organization instead of looking up the range's customers. The rows are in memory at this size, so an
-- index lookup per customer costs what the SSD default says, not a disk seek (PostgreSQL's default 4).
set plan_cache_mode = force_custom_plan
set random_page_cost = 1.1
as $$
begin
  return query
  with bought as (
    select p.id, p.lead_id, p.completed_at, l.email
    from public.leads_purchases as p
    join public.leads as l on l.id = p.lead_id
    where p.organization_id = lifetime_value_customers.organization_id and p.state = 'completed'
  ),
  -- Own leads with a bought lead's e-mail, created after the purchase (the earliest purchase per e-mail).
  same_person as (
    select distinct on (l.id) l.id as lead_id, b.id, b.completed_at
    from bought as b
    cross join lateral (
      select o.id from public.leads as o
      where o.organization_id = lifetime_value_customers.organization_id and o.email = b.email
        and o.created_at >= b.completed_at
    ) as l
    order by l.id, b.completed_at, b.id
  ),
  chosen as (
    select k.lead_id
    from private.customer_first_purchases as k
    where k.organization_id = lifetime_value_customers.organization_id and not bought_only
      and k.first_on between from_date and to_date
    union all
    select b.lead_id from bought as b where bought_only
    union all
    select s.lead_id from same_person as s where bought_only
  ),
  -- Each chosen customer's purchases through the index, not a join of every purchase.
  facts as (
    select k.lead_id, a.*
    from chosen as k
    cross join lateral (
      select min(f.occurred_on) filter (where f.is_purchase) as first_on,
        (array_agg(f.occurred_on order by f.occurred_on) filter (where f.is_purchase))[2] as second_on,
        max(f.occurred_on) filter (where f.is_purchase) as last_on,
        count(*) filter (where f.is_purchase) as purchases,
        sum(case when include_vat then f.gross_ore else f.net_ore end)::bigint as revenue_ore
      from private.customer_purchases as f
      where f.organization_id = lifetime_value_customers.organization_id and f.lead_id = k.lead_id
        and f.occurred_on <= to_date
    ) as a
  )
  select c.lead_id, c.first_on, c.second_on, c.last_on, c.purchases, c.revenue_ore,
    case when coalesce(own.id, same.id) is not null then 'marketplace' else l.source end,
    case when coalesce(own.id, same.id) is null then l.campaign_id end,
    -- (Midnight in Oslo written out: a function call per customer costs more than the rest of the row.)
    least(coalesce(own.completed_at, same.completed_at, l.created_at), c.first_on::timestamp at time zone 'Europe/Oslo'),
    coalesce(own.id, same.id), l.name, l.email, l.phone
  from facts as c
  join public.leads as l on l.id = c.lead_id
  left join bought as own on own.lead_id = c.lead_id
  left join same_person as same on same.lead_id = c.lead_id
  where c.first_on is not null;
end;
$$;

comment on function private.lifetime_value_customers(uuid, date, date, boolean, boolean) is
  'The customers whose first purchase is in [from_date, to_date] (or, bought_only, those from bought leads): first, second and last purchase day, purchases, revenue up to to_date (eks. or inkl. MVA), first-touch source, campaign and moment, the marketplace purchase it came from, and the lead''s name, e-mail and phone.';
revoke execute on function private.lifetime_value_customers(uuid, date, date, boolean, boolean) from public, anon, authenticated;

-- A mean's 95 % interval (Student's t) and the small-sample mark, as the answers' keys.
create or replace function private.lifetime_value_mean(customers bigint, mean numeric, sd numeric)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'ltv_ore', coalesce(round(mean), 0)::bigint,
    'ltv_low_ore', case when customers >= 2 then greatest(0, round(mean - t.value * sd / sqrt(customers)))::bigint end,
    'ltv_high_ore', case when customers >= 2 then round(mean + t.value * sd / sqrt(customers))::bigint end,
    'small_sample', customers < private.lifetime_value_min_sample()
  )
  from (
    -- t(0.975, df): the table to 30 degrees of freedom, then 1.96 + 2.5/df (within 0.002).
    select case
      when customers < 2 then null
      when customers - 1 <= 30 then (array[12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060,
        2.056, 2.052, 2.048, 2.045, 2.042])[customers - 1]
      else 1.96 + 2.5 / (customers - 1)
    end as value
  ) as t;
$$;

comment on function private.lifetime_value_mean(bigint, numeric, numeric) is
  'ltv_ore (the mean), ltv_low_ore / ltv_high_ore (its 95 % t-interval, the low end at least 0; null under 2 customers) and small_sample.';
revoke execute on function private.lifetime_value_mean(bigint, numeric, numeric) from public, anon, authenticated;

-- ============================================================================================
-- 5. Reports
-- ============================================================================================

-- Security definer after the member check (as checkout_figures): row policies per row would make the
-- sums slow at 100,000 orders.
create or replace function public.lifetime_value_report(
  input_organization_id uuid,
  input_from date,
  input_to date,
  input_source public.lead_source default null,
  input_campaign_id uuid default null,
  input_include_vat boolean default false,
  input_churn_days integer default 180
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  min_sample integer := private.lifetime_value_min_sample();
  churn_line date := input_to - input_churn_days;
begin
  perform private.assert_lifetime_value_read(input_organization_id, input_from, input_to);
  if input_churn_days is null or input_churn_days not between 7 and 1825 then
    raise exception using errcode = '22023', message = 'lifetime-value-churn-invalid';
  end if;
  return (
    with customers as (
      select c.*,
        -- Months seen: from the first purchase's month to input_to's, both counted.
        (extract(year from age(date_trunc('month', input_to), date_trunc('month', c.first_on))) * 12
          + extract(month from age(date_trunc('month', input_to), date_trunc('month', c.first_on))) + 1)::integer as months,
        -- Days active: to input_to, or to the end of the churn window after the last purchase.
        least(input_to, c.last_on + input_churn_days) - c.first_on + 1 as active_days
      from private.lifetime_value_customers(input_organization_id, input_from, input_to, input_include_vat) as c
      where (input_source is null or c.source = input_source::text)
        and (input_campaign_id is null or c.campaign_id = input_campaign_id)
    ),
    totals as (
      select count(*) as customers, coalesce(sum(c.purchases), 0) as purchases, coalesce(sum(c.revenue_ore), 0) as revenue,
        avg(c.revenue_ore) as mean, stddev_samp(c.revenue_ore) as sd,
        sum(c.months) as months, sum(c.active_days) as active_days,
        count(*) filter (where c.purchases >= 2) as repeaters,
        percentile_cont(0.5) within group (order by c.second_on - c.first_on) filter (where c.second_on is not null) as days_to_second,
        count(*) filter (where c.first_on <= churn_line) as churn_eligible,
        count(*) filter (where c.first_on <= churn_line and c.last_on <= churn_line) as churned
      from customers as c
    ),
    model as (
      select t.*,
        case when t.churn_eligible > 0 then round(t.churned::numeric / t.churn_eligible, 4) end as churn_rate
      from totals as t
    )
    select jsonb_build_object(
      'min_sample', min_sample,
      'computed_at', now(),
      'include_vat', input_include_vat,
      'totals', jsonb_build_object(
        'customers', m.customers,
        'purchases', m.purchases,
        'revenue_ore', m.revenue,
        'arpa_ore', case when m.months > 0 then round(m.revenue / m.months)::bigint else 0 end,
        'purchase_frequency', case when m.customers > 0 then round(m.purchases::numeric / m.customers, 2) else 0 end,
        'repeat_rate', case when m.customers > 0 then round(m.repeaters::numeric / m.customers, 4) else 0 end,
        'median_days_to_second', round(m.days_to_second)::integer,
        'churn_rate', m.churn_rate,
        -- Average order value × purchases per active year × expected years (churn window ÷ churn
        -- rate, at most 5); only on enough customers and churn observations.
        'predicted_ltv_ore', case
          when m.customers >= min_sample and m.churn_eligible >= min_sample and m.purchases > 0 then
            round(m.revenue::numeric / m.purchases
              * (m.purchases::numeric / (m.active_days / 365.25))
              * least(5, case when m.churn_rate > 0 then (input_churn_days / 365.25) / m.churn_rate else 5 end))::bigint
        end
      ) || private.lifetime_value_mean(m.customers, m.mean, m.sd),
      'sources', coalesce((
        select jsonb_agg(s.row order by s.customers desc, s.source)
        from (
          select c.source, count(*) as customers,
            jsonb_build_object('source', c.source, 'customers', count(*), 'revenue_ore', sum(c.revenue_ore),
              'repeat_rate', round((count(*) filter (where c.purchases >= 2))::numeric / count(*), 4))
              || private.lifetime_value_mean(count(*), avg(c.revenue_ore), stddev_samp(c.revenue_ore)) as row
          from customers as c
          group by c.source
        ) as s
      ), '[]'::jsonb),
      'campaigns', coalesce((
        select jsonb_agg(k.row order by k.customers desc, k.name, k.campaign_id)
        from (
          select c.campaign_id, g.name, count(*) as customers,
            jsonb_build_object('campaign_id', c.campaign_id, 'name', g.name, 'kind', g.kind, 'customers', count(*),
              'revenue_ore', sum(c.revenue_ore))
              || private.lifetime_value_mean(count(*), avg(c.revenue_ore), stddev_samp(c.revenue_ore)) as row
          from customers as c
          join public.campaigns as g on g.id = c.campaign_id
          group by c.campaign_id, g.name, g.kind
        ) as k
      ), '[]'::jsonb)
    )
    from model as m
  );
end;
$$;

comment on function public.lifetime_value_report(uuid, date, date, public.lead_source, uuid, boolean, integer) is
  'Members: customers whose first purchase is in [from, to] (optionally of one first-touch source or campaign): totals (customers, purchases, revenue up to to, ARPA per month, LTV with its 95 % interval, purchase frequency, repeat rate, median days to the second purchase, churn over input_churn_days, predicted LTV) and the same per first-touch source and campaign; amounts eks. MVA unless input_include_vat. docs/lifetime-value.md.';
revoke execute on function public.lifetime_value_report(uuid, date, date, public.lead_source, uuid, boolean, integer) from public, anon, authenticated;
grant execute on function public.lifetime_value_report(uuid, date, date, public.lead_source, uuid, boolean, integer) to authenticated, service_role;

create or replace function public.lifetime_value_cohorts(
  input_organization_id uuid,
  input_from date,
  input_to date,
  input_basis text default 'first_purchase',
  input_include_vat boolean default false
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
-- Each customer's purchases by index (as private.lifetime_value_customers), not every purchase.
set random_page_cost = 1.1
as $$
declare
  min_sample integer := private.lifetime_value_min_sample();
  last_month date := date_trunc('month', input_to)::date;
begin
  perform private.assert_lifetime_value_read(input_organization_id, input_from, input_to);
  if input_basis is null or input_basis not in ('first_purchase', 'first_touch') then
    raise exception using errcode = '22023', message = 'lifetime-value-basis-invalid';
  end if;
  return (
    with customers as (
      select c.lead_id, date_trunc('month', b.day)::date as month
      from private.lifetime_value_customers(input_organization_id, input_from, input_to, input_include_vat) as c
      cross join lateral (
        select case when input_basis = 'first_touch' then (c.first_touch_at at time zone 'Europe/Oslo')::date
          else c.first_on end as day
      ) as b
      where b.day between input_from and input_to
    ),
    activity as (
      select c.month, date_trunc('month', f.occurred_on)::date as active_month,
        count(distinct f.lead_id) filter (where f.is_purchase) as active,
        sum(case when input_include_vat then f.gross_ore else f.net_ore end) as revenue
      from customers as c
      join private.customer_purchases as f
        on f.organization_id = input_organization_id and f.lead_id = c.lead_id and f.occurred_on <= input_to
      group by 1, 2
    ),
    cohorts as (
      select c.month, count(*) as customers from customers as c group by c.month
    )
    select jsonb_build_object(
      'min_sample', min_sample,
      'cohorts', coalesce((
        select jsonb_agg(jsonb_build_object(
          'month', to_char(k.month, 'YYYY-MM'),
          'customers', k.customers,
          'small_sample', k.customers < min_sample,
          'cells', (
            select jsonb_agg(jsonb_build_object(
              'offset', o.n, 'active', coalesce(a.active, 0), 'revenue_ore', coalesce(a.revenue, 0)
            ) order by o.n)
            from generate_series(0, ((extract(year from last_month) - extract(year from k.month)) * 12
              + extract(month from last_month) - extract(month from k.month))::integer) as o(n)
            left join activity as a on a.month = k.month and a.active_month = (k.month + make_interval(months => o.n))::date
          )
        ) order by k.month)
        from cohorts as k
      ), '[]'::jsonb)
    )
  );
end;
$$;

comment on function public.lifetime_value_cohorts(uuid, date, date, text, boolean) is
  'Members: customers by the month of their first purchase (or first touch) in [from, to], with per month since (offset 0 to to''s month) the customers who bought and the revenue; amounts eks. MVA unless input_include_vat.';
revoke execute on function public.lifetime_value_cohorts(uuid, date, date, text, boolean) from public, anon, authenticated;
grant execute on function public.lifetime_value_cohorts(uuid, date, date, text, boolean) to authenticated, service_role;

create or replace function public.lifetime_value_customers(
  input_organization_id uuid,
  input_from date,
  input_to date,
  input_source public.lead_source default null,
  input_campaign_id uuid default null,
  input_include_vat boolean default false,
  input_search text default null,
  input_limit integer default 50,
  input_offset integer default 0
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  search text := lower(nullif(btrim(input_search), ''));
begin
  perform private.assert_lifetime_value_read(input_organization_id, input_from, input_to);
  return (
    with customers as (
      select c.*
      from private.lifetime_value_customers(input_organization_id, input_from, input_to, input_include_vat) as c
      where (input_source is null or c.source = input_source::text)
        and (input_campaign_id is null or c.campaign_id = input_campaign_id)
        and (search is null
          or strpos(lower(concat_ws(' ', c.name, c.email, c.phone)), search) > 0)
    ),
    page as (
      select c.* from customers as c
      order by c.revenue_ore desc, c.lead_id
      limit least(greatest(coalesce(input_limit, 50), 1), 500) offset greatest(coalesce(input_offset, 0), 0)
    )
    select jsonb_build_object(
      'total', (select count(*) from customers),
      'rows', coalesce((
        select jsonb_agg(jsonb_build_object(
          'lead_id', p.lead_id, 'name', p.name, 'email', p.email, 'phone', p.phone, 'source', p.source,
          'campaign_id', p.campaign_id, 'campaign_name', g.name, 'first_touch_at', p.first_touch_at,
          'first_purchase_on', p.first_on, 'last_purchase_on', p.last_on, 'purchases', p.purchases,
          'revenue_ore', p.revenue_ore
        ) order by p.revenue_ore desc, p.lead_id)
        from page as p
        left join public.campaigns as g on g.id = p.campaign_id
      ), '[]'::jsonb)
    )
  );
end;
$$;

comment on function public.lifetime_value_customers(uuid, date, date, public.lead_source, uuid, boolean, text, integer, integer) is
  'Members: the customers of lifetime_value_report (same filters), optionally matching a search in name, e-mail or phone, by revenue (highest first), a page of input_limit (1–500) from input_offset; total counts them all.';
revoke execute on function public.lifetime_value_customers(uuid, date, date, public.lead_source, uuid, boolean, text, integer, integer) from public, anon, authenticated;
grant execute on function public.lifetime_value_customers(uuid, date, date, public.lead_source, uuid, boolean, text, integer, integer) to authenticated, service_role;

create or replace function public.lifetime_value_marketplace(
  input_organization_id uuid,
  input_from date,
  input_to date,
  input_include_vat boolean default false
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  min_sample integer := private.lifetime_value_min_sample();
  -- Pack and lead prices are eks. MVA; card charges add 25 % (private.with_vat).
  vat_factor numeric := case when input_include_vat then 1.25 else 1 end;
begin
  perform private.assert_lifetime_value_read(input_organization_id, input_from, input_to);
  return (
    with bought as (
      select p.id, p.paid_with, p.price_tickets, p.price_credits, p.amount_ore, a.marketplace_id, a.category
      from public.leads_purchases as p
      join public.advertised_leads as a on a.id = p.advertised_lead_id
      where p.organization_id = input_organization_id and p.state = 'completed'
        and (p.completed_at at time zone 'Europe/Oslo')::date between input_from and input_to
    ),
    -- A ticket's and a credit's price: the organization's own average over its card-paid packs on
    -- the marketplace (charged incl. 25 % MVA), else the average of the marketplace's active packs.
    unit_prices as materialized (
      select m.marketplace_id,
        coalesce(
          (select sum(c.amount_ore) / 1.25 / nullif(sum(c.tickets), 0) from public.card_payments as c
           where c.organization_id = input_organization_id and c.marketplace_id = m.marketplace_id
             and c.purpose = 'tickets_pack' and c.status = 'succeeded'),
          (select sum(t.price_ore)::numeric / nullif(sum(t.tickets), 0) from public.marketplaces_ticket_packs as t
           where t.marketplace_id = m.marketplace_id and t.active), 0) as ticket_ore,
        coalesce(
          (select sum(c.amount_ore) / 1.25 / nullif(sum(c.credits), 0) from public.card_payments as c
           where c.organization_id = input_organization_id and c.marketplace_id = m.marketplace_id
             and c.purpose = 'credits_pack' and c.status = 'succeeded'),
          (select sum(t.price_ore)::numeric / nullif(sum(t.credits), 0) from public.marketplaces_credit_packs as t
           where t.marketplace_id = m.marketplace_id and t.active), 0) as credit_ore
      from (select distinct b.marketplace_id from bought as b) as m
    ),
    -- One bought person may be two customers (the bought lead and an own lead with its e-mail).
    customers as (
      select c.lead_purchase_id, sum(c.revenue_ore) as revenue_ore
      from private.lifetime_value_customers(input_organization_id, null, input_to, input_include_vat, true) as c
      where c.lead_purchase_id is not null
      group by c.lead_purchase_id
    ),
    grouped as (
      select b.marketplace_id, b.category, count(*) as leads_bought,
        round(sum((b.amount_ore + b.price_tickets * u.ticket_ore + b.price_credits * u.credit_ore) * vat_factor))::bigint as cost,
        count(c.lead_purchase_id) as customers, coalesce(sum(c.revenue_ore), 0)::bigint as revenue
      from bought as b
      join unit_prices as u on u.marketplace_id = b.marketplace_id
      left join customers as c on c.lead_purchase_id = b.id
      group by b.marketplace_id, b.category
    )
    select jsonb_build_object(
      'min_sample', min_sample,
      'rows', coalesce((
        select jsonb_agg(jsonb_build_object(
          'marketplace_id', g.marketplace_id, 'marketplace_name', m.name, 'category', g.category,
          'leads_bought', g.leads_bought, 'cost_ore', g.cost, 'customers', g.customers, 'revenue_ore', g.revenue,
          'cost_per_customer_ore', case when g.customers > 0 then round(g.cost::numeric / g.customers)::bigint end,
          'return_per_krone', case when g.cost > 0 then round(g.revenue::numeric / g.cost, 2) end,
          'small_sample', g.customers < min_sample
        ) order by m.name, g.marketplace_id, g.category nulls last)
        from grouped as g
        join public.marketplaces as m on m.id = g.marketplace_id
      ), '[]'::jsonb)
    )
  );
end;
$$;

comment on function public.lifetime_value_marketplace(uuid, date, date, boolean) is
  'Members: the leads the organization bought in [from, to] per marketplace and category: how many, their cost (card price, tickets and credits at the organization''s own average pack price, else the marketplace''s), the customers they became and their revenue up to to, cost per customer and return per krone; eks. MVA unless input_include_vat.';
revoke execute on function public.lifetime_value_marketplace(uuid, date, date, boolean) from public, anon, authenticated;
grant execute on function public.lifetime_value_marketplace(uuid, date, date, boolean) to authenticated, service_role;
