-- Lifetime value at every range (docs/lifetime-value.md, «Speed»): each customer's totals kept beside
-- the first purchase, so a report over every customer reads one row per customer instead of looking up
-- every customer's purchases.
--
-- - private.customer_totals replaces private.customer_first_purchases: first, second and last purchase
--   day, the last day of any revenue, purchases, revenue eks. and inkl. MVA and the first touch (source,
--   campaign, moment, the marketplace purchase), kept by triggers on private.customer_purchases, leads
--   and leads_purchases, so a report joins no lead.
-- - private.lifetime_value_customers takes the source and campaign filters (one filtered set for the
--   report and the customers list) and adds up purchases only for customers with revenue after the
--   range's end.
-- - The report functions run without JIT: compiling the plan cost more than running it.

-- ============================================================================================
-- 1. Per-customer totals
-- ============================================================================================

create table private.customer_totals (
  organization_id uuid not null references public.organizations (id) on delete cascade,
  lead_id uuid not null references public.leads (id) on delete cascade,
  first_on date not null,
  second_on date null,
  last_on date not null,
  -- The last day of any revenue (an upsell may follow the last purchase): the totals hold for a report
  -- ending on or after it.
  revenue_until date not null,
  purchases integer not null check (purchases >= 1),
  net_ore bigint not null,
  gross_ore bigint not null,
  -- First touch (private.customer_first_touch); first_touch_at before it is capped at the first purchase.
  source text not null,
  campaign_id uuid null,
  touched_at timestamptz not null,
  lead_purchase_id uuid null,
  primary key (organization_id, lead_id)
);

comment on table private.customer_totals is
  'Each customer''s purchases summed (private.customer_purchases): first, second and last purchase day, the last day of revenue, purchases, revenue eks. and inkl. MVA, and the first touch; a lead without a purchase has no row. Kept by triggers.';

create index customer_totals_first_on_idx on private.customer_totals (organization_id, first_on);
create index customer_totals_lead_id_idx on private.customer_totals (lead_id);
-- The marketplace return's customers: those from a bought lead.
create index customer_totals_lead_purchase_id_idx on private.customer_totals (organization_id, lead_purchase_id)
  where lead_purchase_id is not null;

revoke all on private.customer_totals from public, anon, authenticated;

-- Where a customer came from: the lead's source and campaign (the lead bridge sets them from the
-- participation that created the lead); `marketplace` (no campaign) for a lead the organization bought
-- and for its own lead whose e-mail is a bought lead's from before the own lead existed (the earliest
-- such purchase). The moment is the purchase's for those, else the lead's creation.
create or replace function private.customer_first_touch(organization_id uuid, lead_id uuid)
returns table (source text, campaign_id uuid, touched_at timestamptz, lead_purchase_id uuid)
-- PL/pgSQL, not SQL: its plan is kept between the trigger's calls.
language plpgsql
stable
set search_path = ''
as $$
begin
  return query
  select case when m.id is null then l.source::text else 'marketplace' end,
    case when m.id is null then l.campaign_id end,
    coalesce(m.completed_at, l.created_at),
    m.id
  from public.leads as l
  left join lateral (
    select a.id, a.completed_at
    from (
      select p.id, p.completed_at, 0 as rank from public.leads_purchases as p
      where p.lead_id = l.id and p.organization_id = customer_first_touch.organization_id and p.state = 'completed'
      union all
      select p.id, p.completed_at, 1 from public.leads_purchases as p
      join public.leads as b on b.id = p.lead_id
      where l.organization_id = customer_first_touch.organization_id and l.email is not null
        and p.organization_id = customer_first_touch.organization_id and p.state = 'completed'
        and b.email = l.email and p.completed_at <= l.created_at
    ) as a
    order by a.rank, a.completed_at, a.id
    limit 1
  ) as m on true
  where l.id = customer_first_touch.lead_id;
end;
$$;

comment on function private.customer_first_touch(uuid, uuid) is
  'A customer''s first-touch source, campaign, moment and the marketplace purchase it came from (marketplace for a bought lead, or an own lead with a bought lead''s e-mail created after the purchase).';
revoke execute on function private.customer_first_touch(uuid, uuid) from public, anon, authenticated;

-- The lead's totals again from its purchases (through the facts' index: a customer has a handful).
create or replace function private.customer_totals_again(organization_id uuid, lead_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  sums record;
begin
  select min(f.occurred_on) filter (where f.is_purchase) as first_on,
    (array_agg(f.occurred_on order by f.occurred_on) filter (where f.is_purchase))[2] as second_on,
    max(f.occurred_on) filter (where f.is_purchase) as last_on,
    max(f.occurred_on) as revenue_until,
    count(*) filter (where f.is_purchase) as purchases,
    coalesce(sum(f.net_ore), 0) as net_ore,
    coalesce(sum(f.gross_ore), 0) as gross_ore
  into sums
  from private.customer_purchases as f
  where f.organization_id = customer_totals_again.organization_id and f.lead_id = customer_totals_again.lead_id;

  if sums.first_on is null then
    delete from private.customer_totals as t
    where t.organization_id = customer_totals_again.organization_id and t.lead_id = customer_totals_again.lead_id;
    return;
  end if;
  update private.customer_totals as t
  set first_on = sums.first_on, second_on = sums.second_on, last_on = sums.last_on, revenue_until = sums.revenue_until,
    purchases = sums.purchases, net_ore = sums.net_ore, gross_ore = sums.gross_ore
  where t.organization_id = customer_totals_again.organization_id and t.lead_id = customer_totals_again.lead_id;
  if not found then
    -- A new customer: its first touch is looked up here; the triggers on leads and leads_purchases
    -- below keep it after that.
    insert into private.customer_totals as t
      (organization_id, lead_id, first_on, second_on, last_on, revenue_until, purchases, net_ore, gross_ore,
       source, campaign_id, touched_at, lead_purchase_id)
    select customer_totals_again.organization_id, customer_totals_again.lead_id, sums.first_on, sums.second_on,
      sums.last_on, sums.revenue_until, sums.purchases, sums.net_ore, sums.gross_ore,
      touch.source, touch.campaign_id, touch.touched_at, touch.lead_purchase_id
    from private.customer_first_touch(customer_totals_again.organization_id, customer_totals_again.lead_id) as touch
    -- (Another transaction's first purchase of the same customer at the same moment.)
    on conflict on constraint customer_totals_pkey do update
    set first_on = excluded.first_on, second_on = excluded.second_on, last_on = excluded.last_on,
      revenue_until = excluded.revenue_until, purchases = excluded.purchases, net_ore = excluded.net_ore,
      gross_ore = excluded.gross_ore;
  end if;
end;
$$;

comment on function private.customer_totals_again(uuid, uuid) is
  'Writes the lead''s private.customer_totals row again from its private.customer_purchases (deletes it when no purchase is left).';
revoke execute on function private.customer_totals_again(uuid, uuid) from public, anon, authenticated;

create or replace function private.customer_totals_from_purchase()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform private.customer_totals_again(old.organization_id, old.lead_id);
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and (new.organization_id, new.lead_id) is distinct from (old.organization_id, old.lead_id)) then
    perform private.customer_totals_again(new.organization_id, new.lead_id);
  end if;
  return null;
end;
$$;

comment on function private.customer_totals_from_purchase() is 'Trigger: the totals of the lead (both leads, when moved) whose purchase changed.';
revoke execute on function private.customer_totals_from_purchase() from public, anon, authenticated;

drop trigger customer_purchases_first_purchase_insert on private.customer_purchases;
drop trigger customer_purchases_first_purchase_delete on private.customer_purchases;
drop function private.customer_first_purchase_again();

create trigger customer_purchases_totals after insert or update or delete on private.customer_purchases
  for each row execute function private.customer_totals_from_purchase();

-- The customers before this migration.
do $$
begin
  perform private.customer_totals_again(f.organization_id, f.lead_id)
  from (select distinct f.organization_id, f.lead_id from private.customer_purchases as f where f.is_purchase) as f;
end;
$$;

-- The first touch again where what it is made of changes: the lead's source, campaign, creation or
-- e-mail, and the organization's completed purchases of leads (the bought lead, and own leads with its
-- e-mail).
create or replace function private.customer_touch_again(organization_id uuid, lead_ids uuid[])
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update private.customer_totals as t
  set source = touch.source, campaign_id = touch.campaign_id, touched_at = touch.touched_at,
    lead_purchase_id = touch.lead_purchase_id
  from private.customer_totals as k
  cross join lateral private.customer_first_touch(k.organization_id, k.lead_id) as touch
  where k.organization_id = t.organization_id and k.lead_id = t.lead_id
    and (customer_touch_again.organization_id is null or k.organization_id = customer_touch_again.organization_id)
    and k.lead_id = any (customer_touch_again.lead_ids);
end;
$$;

comment on function private.customer_touch_again(uuid, uuid[]) is
  'Writes the first touch of these leads'' private.customer_totals rows again (of every organization when organization_id is null).';
revoke execute on function private.customer_touch_again(uuid, uuid[]) from public, anon, authenticated;

create or replace function private.customer_touch_from_lead()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The lead itself (as a customer of its own organization or of one that bought it) ...
  perform private.customer_touch_again(null, array[new.id]);
  -- ... and, a bought lead's e-mail changed, the buyers' own leads with the old or new e-mail.
  if new.email is distinct from old.email then
    perform private.customer_touch_again(p.organization_id, array(
      select o.id from public.leads as o
      where o.organization_id = p.organization_id and o.email in (old.email, new.email)))
    from public.leads_purchases as p
    where p.lead_id = new.id and p.state = 'completed';
  end if;
  return null;
end;
$$;

comment on function private.customer_touch_from_lead() is 'Trigger: the first touch of the lead''s customers (and of the buyers'' own leads with its e-mail).';
revoke execute on function private.customer_touch_from_lead() from public, anon, authenticated;

create trigger leads_customer_touch after update of source, campaign_id, created_at, email on public.leads
  for each row when ((new.source, new.campaign_id, new.created_at, new.email)
    is distinct from (old.source, old.campaign_id, old.created_at, old.email))
  execute function private.customer_touch_from_lead();

create or replace function private.customer_touch_from_lead_purchase()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  purchase record;
begin
  for purchase in select old.organization_id, old.lead_id where tg_op in ('UPDATE', 'DELETE')
    union select new.organization_id, new.lead_id where tg_op in ('INSERT', 'UPDATE') loop
    perform private.customer_touch_again(purchase.organization_id, array(
      select purchase.lead_id
      union all
      select o.id from public.leads as b
      join public.leads as o on o.organization_id = purchase.organization_id and o.email = b.email
      where b.id = purchase.lead_id));
  end loop;
  return null;
end;
$$;

comment on function private.customer_touch_from_lead_purchase() is 'Trigger: the first touch of the bought lead and of the buyer''s own leads with its e-mail.';
revoke execute on function private.customer_touch_from_lead_purchase() from public, anon, authenticated;

create trigger leads_purchases_customer_touch after insert or delete or update of state, completed_at on public.leads_purchases
  for each row execute function private.customer_touch_from_lead_purchase();

-- ============================================================================================
-- 2. The customers of a report
-- ============================================================================================

drop function private.lifetime_value_customers(uuid, date, date, boolean, boolean);
drop table private.customer_first_purchases;

-- Every customer of the organization whose first purchase is in [from_date, to_date], of the first-touch
-- source and campaign when given (bought_only: every customer from a bought lead, whenever its first
-- purchase): its purchases, revenue up to to_date and first touch (private.customer_first_touch), which is
-- never later than the first purchase (revenue imported for earlier dates).
create or replace function private.lifetime_value_customers(
  organization_id uuid,
  from_date date,
  to_date date,
  include_vat boolean,
  only_source public.lead_source default null,
  only_campaign_id uuid default null,
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
  lead_purchase_id uuid
)
language plpgsql
stable
set search_path = ''
-- Planned for the call's own organization and dates: a generic plan would read every customer of the
-- organization. The rows are in memory at this size, so an index lookup per customer costs what the
-- SSD default says, not a disk seek (PostgreSQL's default 4).
set plan_cache_mode = force_custom_plan
set random_page_cost = 1.1
set jit = off
as $$
begin
  return query
  -- Not materialized: each branch below reads the totals with its own condition.
  with chosen as not materialized (
    select t.*
    from private.customer_totals as t
    where t.organization_id = lifetime_value_customers.organization_id
      and (bought_only or t.first_on >= from_date) and t.first_on <= to_date
      and (not bought_only or t.lead_purchase_id is not null)
      and (only_source is null or t.source = only_source::text)
      and (only_campaign_id is null or t.campaign_id = only_campaign_id)
  ),
  -- The totals where no revenue follows to_date; else the purchases up to to_date through the index.
  sums as (
    select k.lead_id, k.first_on, k.second_on, k.last_on, k.purchases::bigint,
      case when include_vat then k.gross_ore else k.net_ore end as revenue_ore,
      k.source, k.campaign_id, k.touched_at, k.lead_purchase_id
    from chosen as k
    where k.revenue_until <= to_date
    union all
    select k.lead_id, a.*, k.source, k.campaign_id, k.touched_at, k.lead_purchase_id
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
    where k.revenue_until > to_date
  )
  select c.lead_id, c.first_on, c.second_on, c.last_on, c.purchases, c.revenue_ore, c.source, c.campaign_id,
    -- (Midnight in Oslo written out: a function call per customer costs more than the rest of the row.)
    least(c.touched_at, c.first_on::timestamp at time zone 'Europe/Oslo'), c.lead_purchase_id
  from sums as c;
end;
$$;

comment on function private.lifetime_value_customers(uuid, date, date, boolean, public.lead_source, uuid, boolean) is
  'The customers whose first purchase is in [from_date, to_date], of the first-touch source and campaign when given (or, bought_only, those from bought leads): first, second and last purchase day, purchases, revenue up to to_date (eks. or inkl. MVA), first-touch source, campaign and moment, and the marketplace purchase it came from.';
revoke execute on function private.lifetime_value_customers(uuid, date, date, boolean, public.lead_source, uuid, boolean) from public, anon, authenticated;

-- ============================================================================================
-- 3. Reports (as before, on the filtered set and without JIT)
-- ============================================================================================

create or replace function private.lifetime_value_report_figures(
  input_organization_id uuid,
  input_from date,
  input_to date,
  input_source public.lead_source,
  input_campaign_id uuid,
  input_include_vat boolean,
  input_churn_days integer
)
returns jsonb
language plpgsql
stable
set search_path = ''
set jit = off
as $$
declare
  min_sample integer := private.lifetime_value_min_sample();
  churn_line date := input_to - input_churn_days;
  to_months double precision := date_part('year', input_to) * 12 + date_part('month', input_to);
begin
  perform private.assert_lifetime_value_read(input_organization_id, input_from, input_to);
  if input_churn_days is null or input_churn_days not between 7 and 1825 then
    raise exception using errcode = '22023', message = 'lifetime-value-churn-invalid';
  end if;
  return (
    with customers as (
      select c.source, c.campaign_id, c.first_on, c.second_on, c.last_on, c.purchases, c.revenue_ore,
        -- Months seen: from the first purchase's month to input_to's, both counted (date_part, not
        -- age(): a cheap sum per customer).
        (to_months - date_part('year', c.first_on) * 12 - date_part('month', c.first_on) + 1)::integer as months,
        -- Days active: to input_to, or to the end of the churn window after the last purchase.
        least(input_to, c.last_on + input_churn_days) - c.first_on + 1 as active_days
      from private.lifetime_value_customers(input_organization_id, input_from, input_to, input_include_vat,
        input_source, input_campaign_id) as c
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

revoke execute on function private.lifetime_value_report_figures(uuid, date, date, public.lead_source, uuid, boolean, integer) from public, anon, authenticated;

-- The public call stays as it was; its figures come from the private function above.
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
language sql
stable
security definer
set search_path = ''
as $$
  select private.lifetime_value_report_figures(input_organization_id, input_from, input_to, input_source, input_campaign_id, input_include_vat, input_churn_days);
$$;

create or replace function private.lifetime_value_cohorts_figures(
  input_organization_id uuid,
  input_from date,
  input_to date,
  input_basis text,
  input_include_vat boolean
)
returns jsonb
language plpgsql
stable
set search_path = ''
set jit = off
-- Planned for the call's basis and dates (as private.lifetime_value_customers).
set plan_cache_mode = force_custom_plan
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
      -- The first of the month by date arithmetic: date_trunc would take each date through a time zone.
      select c.lead_id, b.day - date_part('day', b.day)::integer + 1 as month
      from private.lifetime_value_customers(input_organization_id, input_from, input_to, input_include_vat) as c
      cross join lateral (
        select case when input_basis = 'first_touch' then (c.first_touch_at at time zone 'Europe/Oslo')::date
          else c.first_on end as day
      ) as b
      -- (Every customer's first purchase is in the range; written so for the planner's row estimate.)
      where input_basis = 'first_purchase' or b.day between input_from and input_to
    ),
    -- Each customer's months first, then the cohort's: a count, not a count(distinct) that sorts.
    customer_months as (
      select c.month, f.lead_id, f.occurred_on - date_part('day', f.occurred_on)::integer + 1 as active_month,
        bool_or(f.is_purchase) as bought, sum(case when input_include_vat then f.gross_ore else f.net_ore end) as revenue
      from customers as c
      join private.customer_purchases as f
        on f.organization_id = input_organization_id and f.lead_id = c.lead_id and f.occurred_on <= input_to
      group by 1, 2, 3
    ),
    -- Materialized: computed once, not again for each cohort below.
    activity as materialized (
      select m.month, m.active_month, count(*) filter (where m.bought) as active, sum(m.revenue) as revenue
      from customer_months as m
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

revoke execute on function private.lifetime_value_cohorts_figures(uuid, date, date, text, boolean) from public, anon, authenticated;

-- The public call stays as it was; its figures come from the private function above.
create or replace function public.lifetime_value_cohorts(
  input_organization_id uuid,
  input_from date,
  input_to date,
  input_basis text default 'first_purchase',
  input_include_vat boolean default false
)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.lifetime_value_cohorts_figures(input_organization_id, input_from, input_to, input_basis, input_include_vat);
$$;

create or replace function private.lifetime_value_customers_figures(
  input_organization_id uuid,
  input_from date,
  input_to date,
  input_source public.lead_source,
  input_campaign_id uuid,
  input_include_vat boolean,
  input_search text,
  input_limit integer,
  input_offset integer
)
returns jsonb
language plpgsql
stable
set search_path = ''
set jit = off
as $$
declare
  search text := lower(nullif(btrim(input_search), ''));
begin
  perform private.assert_lifetime_value_read(input_organization_id, input_from, input_to);
  return (
    -- The lead's name, e-mail and phone are looked up for a search and for the page only.
    with customers as (
      select c.*
      from private.lifetime_value_customers(input_organization_id, input_from, input_to, input_include_vat,
        input_source, input_campaign_id) as c
      where search is null or exists (
        select from public.leads as l
        where l.id = c.lead_id and strpos(lower(concat_ws(' ', l.name, l.email, l.phone)), search) > 0)
    ),
    page as (
      select c.*, l.name, l.email, l.phone
      from (
        select c.* from customers as c
        order by c.revenue_ore desc, c.lead_id
        limit least(greatest(coalesce(input_limit, 50), 1), 500) offset greatest(coalesce(input_offset, 0), 0)
      ) as c
      join public.leads as l on l.id = c.lead_id
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

revoke execute on function private.lifetime_value_customers_figures(uuid, date, date, public.lead_source, uuid, boolean, text, integer, integer) from public, anon, authenticated;

-- The public call stays as it was; its figures come from the private function above.
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
language sql
stable
security definer
set search_path = ''
as $$
  select private.lifetime_value_customers_figures(input_organization_id, input_from, input_to, input_source, input_campaign_id, input_include_vat, input_search, input_limit, input_offset);
$$;

create or replace function private.lifetime_value_marketplace_figures(
  input_organization_id uuid,
  input_from date,
  input_to date,
  input_include_vat boolean
)
returns jsonb
language plpgsql
stable
set search_path = ''
set jit = off
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
      from private.lifetime_value_customers(input_organization_id, null, input_to, input_include_vat, bought_only => true) as c
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

revoke execute on function private.lifetime_value_marketplace_figures(uuid, date, date, boolean) from public, anon, authenticated;

-- The public call stays as it was; its figures come from the private function above.
create or replace function public.lifetime_value_marketplace(
  input_organization_id uuid,
  input_from date,
  input_to date,
  input_include_vat boolean default false
)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.lifetime_value_marketplace_figures(input_organization_id, input_from, input_to, input_include_vat);
$$;
