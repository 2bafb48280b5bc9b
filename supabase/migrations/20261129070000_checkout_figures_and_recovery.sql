-- Checkouts: the figures of /checkouts/{id} and the recovery of abandoned checkouts
-- (docs/checkouts.md «Figures» and «Recovery»).
--
-- - checkout_figures answers one checkout's totals, days (Oslo) and sources between two days, counted
--   in SQL so the page never downloads rows to add them up.
-- - Recovery e-mails are the checkout registration's reminders: claimed by claim_checkout_recoveries
--   for the job checkout-recovery (every 5 minutes), stopped by a purchase, an unsubscribe or a
--   withdrawal of marketing, and handed back by release_checkout_recovery when an e-mail failed.

-- ============================================================================================
-- 1. Figures
-- ============================================================================================

-- An order that counts as sold: paid, or paid and refunded since (the refund is subtracted).
create or replace function private.order_is_sale(status text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select status in ('paid', 'refunded');
$$;

comment on function private.order_is_sale(text) is 'True for a paid order, refunded or not (the figures subtract refunds).';
revoke execute on function private.order_is_sale(text) from public, anon, authenticated;

-- Security definer after member_checkout: the tables' row policies, evaluated per row, would make the
-- sums slow at a year of visits (as popup_summaries).
create or replace function public.checkout_figures(input_checkout_id uuid, input_from date, input_to date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  checkout public.checkouts := private.member_checkout(input_checkout_id);
  first_moment timestamptz := private.oslo_day_start(input_from);
  end_moment timestamptz := private.oslo_day_start(input_to + 1);
begin
  if input_from is null or input_to is null or input_to < input_from or input_to - input_from > 731 then
    raise exception using errcode = '22023', message = 'checkout-figures-range-invalid';
  end if;
  return (
    with visits as (
      select (e.created_at at time zone 'Europe/Oslo')::date as day, coalesce(e.source, '') as source,
        e.visitor_hash
      from public.campaign_events as e
      where e.campaign_id = checkout.id and e.kind = 'visit'
        and e.created_at >= first_moment and e.created_at < end_moment
    ),
    sessions as (
      select (s.created_at at time zone 'Europe/Oslo')::date as day, coalesce(s.source, '') as source
      from public.checkout_sessions as s
      where s.checkout_id = checkout.id and s.created_at >= first_moment and s.created_at < end_moment
    ),
    sales as (
      select (o.paid_at at time zone 'Europe/Oslo')::date as day, coalesce(o.source, '') as source,
        o.total_ore, o.refunded_ore,
        exists (select 1 from public.order_items as i where i.order_id = o.id and i.is_bump) as has_bump
      from public.orders as o
      where o.checkout_id = checkout.id and o.parent_order_id is null and private.order_is_sale(o.status)
        and o.paid_at >= first_moment and o.paid_at < end_moment
    ),
    refunds as (
      select count(*) as refunds, coalesce(sum(r.amount_ore), 0) as refunded_ore
      from public.order_refunds as r
      join public.orders as o on o.id = r.order_id
      where o.checkout_id = checkout.id and r.created_at >= first_moment and r.created_at < end_moment
    ),
    days as (
      select d::date as day from generate_series(input_from, input_to, interval '1 day') as d
    ),
    sources as (
      select source from visits union select source from sessions union select source from sales
    )
    select jsonb_build_object(
      'totals', (
        select jsonb_build_object(
          'visits', (select count(*) from visits),
          'visitors', (select count(distinct visitor_hash) from visits),
          'started', (select count(*) from sessions),
          'orders', (select count(*) from sales),
          'gross_ore', (select coalesce(sum(total_ore), 0) from sales),
          'bump_orders', (select count(*) from sales where has_bump),
          'refunds', r.refunds,
          'refunded_ore', r.refunded_ore
        ) from refunds as r
      ),
      'days', (
        select jsonb_agg(jsonb_build_object(
          'day', d.day,
          'visits', (select count(*) from visits as v where v.day = d.day),
          'visitors', (select count(distinct v.visitor_hash) from visits as v where v.day = d.day),
          'started', (select count(*) from sessions as s where s.day = d.day),
          'orders', (select count(*) from sales as o where o.day = d.day),
          'gross_ore', (select coalesce(sum(o.total_ore), 0) from sales as o where o.day = d.day)
        ) order by d.day)
        from days as d
      ),
      'sources', coalesce((
        select jsonb_agg(jsonb_build_object(
          'source', nullif(src.source, ''),
          'visits', (select count(*) from visits as v where v.source = src.source),
          'visitors', (select count(distinct v.visitor_hash) from visits as v where v.source = src.source),
          'started', (select count(*) from sessions as s where s.source = src.source),
          'orders', (select count(*) from sales as o where o.source = src.source),
          'gross_ore', (select coalesce(sum(o.total_ore), 0) from sales as o where o.source = src.source)
        ) order by src.source)
        from sources as src
      ), '[]'::jsonb)
    )
  );
end;
$$;

comment on function public.checkout_figures(uuid, date, date) is
  'Members: a checkout''s figures from input_from to input_to (Oslo days, at most two years): totals (visits, unique visitors, started, paid orders, gross, orders with the bump, refunds and their sum), per day and per source (utm_source or referrer); checkout-not-found otherwise.';
revoke execute on function public.checkout_figures(uuid, date, date) from public, anon, authenticated;
grant execute on function public.checkout_figures(uuid, date, date) to authenticated, service_role;

-- ============================================================================================
-- 2. Recovery
-- ============================================================================================

-- When each step of the sequence is due after the e-mail step: 15 minutes, 6 hours, 24 hours.
create or replace function private.checkout_recovery_delay(step integer)
returns interval
language sql
immutable
set search_path = ''
as $$
  select case step when 1 then interval '15 minutes' when 2 then interval '6 hours' when 3 then interval '24 hours' end;
$$;

comment on function private.checkout_recovery_delay(integer) is 'How long after the e-mail step recovery e-mail 1, 2 or 3 is due (null after the last).';
revoke execute on function private.checkout_recovery_delay(integer) from public, anon, authenticated;

-- Claims up to input_limit sessions whose next recovery e-mail is due at input_now (default: the
-- campaigns' clock), marks the step sent and schedules the next, and returns each with what the e-mail
-- says. A session is skipped for good (nothing more due) when the person paid on the checkout since,
-- turned the reminders off, withdrew marketing, or the checkout stopped selling or recovering.
-- Security definer: writes the marks and tokens for the service role's job.
create or replace function public.claim_checkout_recoveries(input_now timestamptz default null, input_limit integer default 100)
returns table (
  session_id uuid, checkout_id uuid, checkout_name text, organization_name text, participant_id uuid,
  email text, name text, step integer, coupon_code text, coupon_percent_off integer,
  coupon_amount_off_ore integer, coupon_expires_at timestamptz, token text
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  clock timestamptz := coalesce(input_now, private.campaign_now());
  due record;
begin
  for due in
    select s.id as s_id, s.checkout_id as k_id, s.participant_id as p_id,
      s.created_at as s_at, s.recovery_sent as sent, c.name as c_name, g.name as g_name, p.email as p_email,
      p.name as p_name,
      k.recovery_coupon_id as coupon_id,
      (c.published_at is not null and k.archived_at is null and c.reminders_enabled
        and coalesce(r.reminders_opt_in, false)
        and not private.marketing_withdrawn(s.organization_id, p.email)
        and not exists (
          select 1 from public.orders as o
          where o.checkout_id = s.checkout_id and o.participant_id = s.participant_id
            and o.created_at >= s.created_at and private.order_is_sale(o.status)
        )) as wanted
    from public.checkout_sessions as s
    join public.checkouts as k on k.id = s.checkout_id
    join public.campaigns as c on c.id = s.checkout_id
    join public.organizations as g on g.id = s.organization_id
    join public.participants as p on p.id = s.participant_id
    left join public.campaign_registrations as r on r.campaign_id = s.checkout_id and r.participant_id = s.participant_id
    where s.recovery_due_at <= clock and s.paid_at is null
    order by s.recovery_due_at
    limit least(greatest(coalesce(input_limit, 100), 1), 500)
    for update of s skip locked
  loop
    if not due.wanted then
      update public.checkout_sessions as x set recovery_due_at = null where x.id = due.s_id;
      continue;
    end if;
    update public.checkout_sessions as x
    set recovery_sent = due.sent + 1,
      recovery_due_at = due.s_at + private.checkout_recovery_delay(due.sent + 2)
    where x.id = due.s_id;
    session_id := due.s_id;
    checkout_id := due.k_id;
    checkout_name := due.c_name;
    organization_name := due.g_name;
    participant_id := due.p_id;
    email := due.p_email;
    name := due.p_name;
    step := due.sent + 1;
    coupon_code := null;
    coupon_percent_off := null;
    coupon_amount_off_ore := null;
    coupon_expires_at := null;
    -- The second e-mail offers the checkout's recovery coupon, while it can still be used.
    if step = 2 then
      select d.code, d.percent_off, d.amount_off_ore, d.expires_at
      into coupon_code, coupon_percent_off, coupon_amount_off_ore, coupon_expires_at
      from public.coupons as d
      where d.id = due.coupon_id and d.archived_at is null
        and (d.expires_at is null or d.expires_at > clock)
        and (d.max_uses is null or d.uses < d.max_uses);
    end if;
    token := public.issue_participant_token(due.p_id, due.k_id);
    return next;
  end loop;
end;
$$;

comment on function public.claim_checkout_recoveries(timestamptz, integer) is
  'Service role (checkout-recovery job): claims abandoned checkout sessions whose next recovery e-mail (15 min, 6 h, 24 h after the e-mail step) is due, marks it sent and returns each with the checkout, its organization''s name, the person, the step, the coupon of step 2 and a fresh participation token; a session whose person paid, unsubscribed or withdrew marketing gets nothing more.';
revoke execute on function public.claim_checkout_recoveries(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.claim_checkout_recoveries(timestamptz, integer) to service_role;

-- Security definer: the service role's job hands back an e-mail that failed.
create or replace function public.release_checkout_recovery(input_session_id uuid, input_step integer)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.checkout_sessions as s
  set recovery_sent = input_step - 1, recovery_due_at = s.created_at + private.checkout_recovery_delay(input_step)
  where s.id = input_session_id and s.recovery_sent = input_step and s.paid_at is null;
$$;

comment on function public.release_checkout_recovery(uuid, integer) is
  'Service role: hands back a claimed recovery e-mail (its step) that failed, for the next run.';
revoke execute on function public.release_checkout_recovery(uuid, integer) from public, anon, authenticated;
grant execute on function public.release_checkout_recovery(uuid, integer) to service_role;

insert into private.scheduled_jobs (name, schedule, function_name, body, description) values
  ('checkout-recovery', '*/5 * * * *', 'campaign-jobs', '{}',
   'Checkouts: the recovery e-mails (15 min, 6 h, 24 h) to buyers who gave an e-mail, asked for a reminder and did not pay.');
