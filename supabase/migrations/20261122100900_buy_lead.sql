-- buy-lead in SQL (docs/lead-marketplace.md "buy_lead in SQL").
--
-- One function call = one short transaction: a guarded `update advertised_leads … returning` takes a
-- slot, the purchase row is inserted (unique per lead and buying organization among rows that are not
-- released), and the balance changes through private.change_balance (ledger row in the same
-- transaction). No read-then-write: when the guarded update finds nothing, a diagnosis read names the
-- reason (the error rolls everything back). Card purchases (on-demand plan) reserve the slot; the edge
-- function charges the card outside the transaction and confirms or releases.
--
-- Also: leads.status and leads.source become text with check constraints (enum equality is not
-- leakproof, so under RLS the (organization_id, status, …) indexes could not serve a status filter).
--
-- Depends on 20261122100200_payments.sql, 20261122100400_marketplaces.sql, 20261122100500_leads.sql.
--
-- Sections: 1. leads columns · 2. purchases · 3. row-level security · 4. buy_lead · 5. confirm and
-- release · 6. marketplace sales · 7. grants

-- ---------------------------------------------------------------------------------------------------
-- 1. leads.status and leads.source: text with check constraints
-- ---------------------------------------------------------------------------------------------------

-- The enum types stay (seed data and generated TypeScript unions use them); no column uses them any
-- more. Changing the type rebuilds the (organization_id, status|source, created_at, id) indexes.
alter table public.leads
  alter column status drop default,
  alter column source drop default;

alter table public.leads
  alter column status type text using status::text,
  alter column source type text using source::text;

alter table public.leads
  alter column status set default 'new',
  alter column source set default 'manual',
  add constraint leads_status_check check (status in ('new', 'contacted', 'quoted', 'won', 'lost')),
  add constraint leads_source_check check (
    source in ('import', 'form', 'popup', 'calendar', 'competition', 'checkout', 'booking', 'manual', 'marketplace')
  );

comment on column public.leads.status is 'The sales pipeline: new, contacted, quoted, won, lost.';
comment on column public.leads.source is
  'Where the lead came from: import, form, popup, calendar, competition, checkout, booking, manual, marketplace.';

-- ---------------------------------------------------------------------------------------------------
-- 2. Purchases: state of a card reservation
-- ---------------------------------------------------------------------------------------------------

alter table public.leads_purchases
  add column state text not null default 'completed'
    constraint leads_purchases_state_check check (state in ('reserved', 'completed', 'released')),
  add column reserved_until timestamptz null,
  add column completed_at timestamptz null default now(),
  add column payment_reference text null check (char_length(payment_reference) <= 500),
  add constraint leads_purchases_reserved_until_check check (state <> 'reserved' or reserved_until is not null),
  add constraint leads_purchases_completed_at_check check (state <> 'completed' or completed_at is not null);

comment on column public.leads_purchases.state is
  'reserved: a card purchase holding a slot until reserved_until, waiting for the charge; completed: paid, contact details readable; released: the reservation was given up (slot freed).';

-- A released reservation may be tried again: one purchase per (lead, buyer) among the rows that hold a
-- slot. The partial unique index is also what the leads policy's "bought by one of my organizations"
-- check uses (state = 'completed' implies state <> 'released').
alter table public.leads_purchases drop constraint leads_purchases_lead_id_organization_id_key;
create unique index leads_purchases_lead_id_organization_id_key
  on public.leads_purchases (lead_id, organization_id) where state <> 'released';

-- Lazy release of expired reservations (per listing, and the sweep).
create index leads_purchases_reserved_until_idx
  on public.leads_purchases (advertised_lead_id, reserved_until) where state = 'reserved';

-- ---------------------------------------------------------------------------------------------------
-- 3. Row-level security: contact details only after a completed purchase
-- ---------------------------------------------------------------------------------------------------

drop policy "Members, buyers and claims admins can read leads" on public.leads;

create policy "Members, buyers and claims admins can read leads"
  on public.leads for select to authenticated
  using (
    organization_id = any ((select private.current_user_organization_ids())::uuid[])
    or exists (
      select 1
      from public.leads_purchases p
      where p.lead_id = leads.id
        and p.organization_id = any ((select private.current_user_organization_ids())::uuid[])
        and p.state = 'completed'
    )
    or (select private.is_claims_admin())
  );

-- ---------------------------------------------------------------------------------------------------
-- 4. buy_lead
-- ---------------------------------------------------------------------------------------------------

-- The completed result of a purchase (docs/lead-marketplace.md "Result"). Reads by primary key only.
create function private.lead_purchase_result(purchase_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'status', p.state,
    'purchase_id', p.id,
    'payment', p.paid_with,
    'price_tickets', p.price_tickets,
    'price_credits', p.price_credits,
    'amount_ore', p.amount_ore,
    'balance', jsonb_build_object('tickets', b.tickets, 'credits', b.credits),
    'lead_id', p.lead_id,
    'advertised_lead_id', p.advertised_lead_id,
    'organization_id', p.organization_id,
    'seller_organization_id', a.organization_id,
    'marketplace_id', a.marketplace_id,
    'buyers_count', a.buyers_count,
    'max_buyers', a.max_buyers,
    'sold_out', a.buyers_count >= a.max_buyers,
    'lead', jsonb_build_object(
      'id', l.id, 'name', l.name, 'email', l.email, 'phone', l.phone, 'postal_code', l.postal_code,
      'city', l.city, 'company', l.company, 'category', l.category, 'area', l.area
    )
  )
  from public.leads_purchases p
  join public.advertised_leads a on a.id = p.advertised_lead_id
  join public.leads l on l.id = p.lead_id
  join public.organizations_payments b on b.id = p.organization_id
  where p.id = lead_purchase_result.purchase_id
$$;

comment on function private.lead_purchase_result(uuid) is
  'The jsonb result of a completed lead purchase, with the lead''s contact details and the buyer''s balance.';

-- Releases the expired card reservations of one listing (or of every listing when null); returns how
-- many. Lock order as in buy_lead: the listing row first, then its purchases.
create function private.release_expired_lead_purchases(advertised_lead_id uuid default null)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  listing_id uuid;
  released integer;
  total integer := 0;
begin
  for listing_id in
    select distinct p.advertised_lead_id
    from public.leads_purchases p
    where p.state = 'reserved'
      and p.reserved_until <= now()
      and (advertised_lead_id is null or p.advertised_lead_id = advertised_lead_id)
  loop
    perform 1 from public.advertised_leads a where a.id = listing_id for update;

    with gone as (
      update public.leads_purchases p
      set state = 'released'
      where p.advertised_lead_id = listing_id
        and p.state = 'reserved'
        and p.reserved_until <= now()
      returning 1
    )
    select count(*)::integer into released from gone;

    if released > 0 then
      update public.advertised_leads a
      set buyers_count = a.buyers_count - released,
          status = case when a.status = 'sold_out' then 'active' else a.status end
      where a.id = listing_id;
      total := total + released;
    end if;
  end loop;
  return total;
end;
$$;

comment on function private.release_expired_lead_purchases(uuid) is
  'Releases card reservations past reserved_until (of one listing, or all): state released, slot freed, sold_out back to active. Returns the number released.';

-- Sets the listing's updated_at itself so its updated_at trigger does not fire on this hot row
-- (20261122101600_buy_lead_speed.sql).
create function public.buy_lead(
  input_lead_id uuid,
  input_advertised_lead_id uuid,
  input_organization_id uuid,
  input_payment text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  buyer uuid := (select auth.uid());
  listing_marketplace_id uuid;
  listing_seller_id uuid;
  listing_lead_id uuid;
  listing_status text;
  listing_expires_at timestamptz;
  listing_buyers_count integer;
  listing_max_buyers integer;
  price_tickets integer;
  price_credits integer;
  price_ore integer;
  buyer_plan public.marketplace_plan;
  payment text;
  new_purchase_id uuid;
  reserved_until timestamptz;
  balance public.organizations_payments;
  contact jsonb;
  attempts integer := 0;
begin
  if input_payment is not null and input_payment not in ('tickets', 'credits', 'card') then
    raise exception using errcode = '22023', message = 'invalid-payment';
  end if;

  -- The caller must be a member of the buying organization (primary key lookup).
  if buyer is null or input_organization_id is null or not exists (
    select 1
    from public.organizations_members m
    where m.organization_id = input_organization_id
      and m.member_id = buyer
  ) then
    raise exception using errcode = 'P0001', message = 'organization-not-found';
  end if;

  if input_lead_id is null or input_advertised_lead_id is null then
    raise exception using errcode = 'P0001', message = 'lead-not-found';
  end if;

  loop
    -- Take a slot: the guard re-runs on the newest row version after a concurrent buyer commits.
    update public.advertised_leads a
    set buyers_count = a.buyers_count + 1,
        status = case when a.buyers_count + 1 >= a.max_buyers then 'sold_out' else a.status end,
        -- set here, so the updated_at trigger (WHEN updated_at is distinct from now()) does not fire
        updated_at = now()
    where a.id = input_advertised_lead_id
      and a.lead_id = input_lead_id
      and a.status = 'active'
      and a.expires_at > now()
      and a.buyers_count < a.max_buyers
      and a.organization_id <> input_organization_id
      and exists (
        select 1
        from public.marketplaces_organizations mo
        where mo.marketplace_id = a.marketplace_id
          and mo.organization_id = input_organization_id
      )
    returning a.marketplace_id, a.organization_id, a.price_tickets, a.price_credits, a.price_ore,
      a.buyers_count, a.max_buyers,
      (
        select c.plan
        from public.organizations_marketplaces_configs c
        where c.organization_id = input_organization_id
          and c.marketplace_id = a.marketplace_id
      )
    into listing_marketplace_id, listing_seller_id, price_tickets, price_credits, price_ore,
      listing_buyers_count, listing_max_buyers, buyer_plan;

    exit when found;

    -- Diagnosis (read only; nothing was changed): why did the guard fail?
    select a.lead_id, a.marketplace_id, a.organization_id, a.status, a.expires_at, a.buyers_count, a.max_buyers
    into listing_lead_id, listing_marketplace_id, listing_seller_id, listing_status, listing_expires_at,
      listing_buyers_count, listing_max_buyers
    from public.advertised_leads a
    where a.id = input_advertised_lead_id;

    if not found or listing_lead_id <> input_lead_id or not exists (
      select 1
      from public.marketplaces_organizations mo
      where mo.marketplace_id = listing_marketplace_id
        and mo.organization_id = input_organization_id
    ) then
      raise exception using errcode = 'P0001', message = 'lead-not-found';
    end if;
    if exists (
      select 1
      from public.leads_purchases p
      where p.lead_id = input_lead_id
        and p.organization_id = input_organization_id
        and p.state <> 'released'
    ) then
      raise exception using errcode = 'P0001', message = 'lead-already-bought';
    end if;
    if listing_seller_id = input_organization_id then
      raise exception using errcode = 'P0001', message = 'lead-not-available';
    end if;
    if listing_status in ('paused', 'withdrawn') then
      raise exception using errcode = 'P0001', message = 'lead-not-for-sale';
    end if;
    if listing_expires_at <= now() then
      raise exception using errcode = 'P0001', message = 'lead-not-available';
    end if;
    attempts := attempts + 1;
    if listing_buyers_count >= listing_max_buyers or listing_status = 'sold_out' then
      -- Full. Expired card reservations give their slots back (released here, or just now by a
      -- concurrent buyer), then the guard is tried once more.
      if attempts > 1 or not exists (
        select 1
        from public.leads_purchases p
        where p.advertised_lead_id = input_advertised_lead_id
          and p.state = 'reserved'
          and p.reserved_until <= now()
      ) then
        raise exception using errcode = 'P0001', message = 'lead-not-available';
      end if;
      perform private.release_expired_lead_purchases(input_advertised_lead_id);
    elsif attempts > 3 then
      -- Buyable now, but the guard kept failing: a slot came and went between the statements.
      raise exception using errcode = 'P0001', message = 'lead-not-available';
    end if;
  end loop;

  -- Payment: the buyer's plan on this marketplace (no plan: tickets), or credits when asked for.
  payment := case when buyer_plan = 'on_demand' then 'card' else 'tickets' end;
  if input_payment = 'credits' then
    payment := 'credits';
  elsif input_payment is not null and input_payment <> payment then
    raise exception using errcode = '22023', message = 'invalid-payment';
  end if;
  if payment = 'card' and price_ore > 0 then
    reserved_until := now() + interval '15 minutes';
  end if;

  insert into public.leads_purchases as p (
    lead_id, advertised_lead_id, organization_id, paid_with, price_tickets, price_credits, amount_ore,
    created_by, state, reserved_until, completed_at
  )
  values (
    input_lead_id, input_advertised_lead_id, input_organization_id, payment,
    case when payment = 'tickets' then price_tickets else 0 end,
    case when payment = 'credits' then price_credits else 0 end,
    case when payment = 'card' then price_ore else 0 end,
    buyer,
    case when reserved_until is null then 'completed' else 'reserved' end,
    reserved_until,
    case when reserved_until is null then now() end
  )
  on conflict (lead_id, organization_id) where state <> 'released' do nothing
  returning p.id into new_purchase_id;

  if new_purchase_id is null then
    raise exception using errcode = 'P0001', message = 'lead-already-bought';
  end if;

  if reserved_until is not null then
    return jsonb_build_object(
      'status', 'reserved',
      'purchase_id', new_purchase_id,
      'payment', 'card',
      'amount_ore', price_ore,
      'reserved_until', reserved_until,
      'lead_id', input_lead_id,
      'advertised_lead_id', input_advertised_lead_id,
      'organization_id', input_organization_id,
      'seller_organization_id', listing_seller_id,
      'marketplace_id', listing_marketplace_id
    );
  end if;

  -- Raises insufficient-tickets / insufficient-credits (rolling back the slot and the purchase).
  if payment = 'tickets' and price_tickets > 0 then
    balance := private.change_balance(
      input_organization_id, -price_tickets, 0, 'lead_purchase', 0, 'lead_purchase ' || new_purchase_id
    );
  elsif payment = 'credits' and price_credits > 0 then
    balance := private.change_balance(
      input_organization_id, 0, -price_credits, 'lead_purchase', 0, 'lead_purchase ' || new_purchase_id
    );
  else
    select b.* into balance from public.organizations_payments b where b.id = input_organization_id;
  end if;

  -- The result from what the statements above returned (as private.lead_purchase_result builds it).
  select jsonb_build_object(
    'id', l.id, 'name', l.name, 'email', l.email, 'phone', l.phone, 'postal_code', l.postal_code,
    'city', l.city, 'company', l.company, 'category', l.category, 'area', l.area
  )
  into contact
  from public.leads l
  where l.id = input_lead_id;

  return jsonb_build_object(
    'status', 'completed',
    'purchase_id', new_purchase_id,
    'payment', payment,
    'price_tickets', case when payment = 'tickets' then price_tickets else 0 end,
    'price_credits', case when payment = 'credits' then price_credits else 0 end,
    'amount_ore', case when payment = 'card' then price_ore else 0 end,
    'balance', jsonb_build_object('tickets', balance.tickets, 'credits', balance.credits),
    'lead_id', input_lead_id,
    'advertised_lead_id', input_advertised_lead_id,
    'organization_id', input_organization_id,
    'seller_organization_id', listing_seller_id,
    'marketplace_id', listing_marketplace_id,
    'buyers_count', listing_buyers_count,
    'max_buyers', listing_max_buyers,
    'sold_out', listing_buyers_count >= listing_max_buyers,
    'lead', contact
  );
end;
$$;

comment on function public.buy_lead(uuid, uuid, uuid, text) is
  'buy-lead: buys a listed lead for the caller''s organization in one transaction (docs/lead-marketplace.md). Raises P0001 organization-not-found, lead-not-found, lead-already-bought, lead-not-available, lead-not-for-sale, insufficient-tickets, insufficient-credits; 22023 invalid-payment.';

-- ---------------------------------------------------------------------------------------------------
-- 5. Card purchases: confirm and release (service role, from the buy-lead edge function)
-- ---------------------------------------------------------------------------------------------------

-- The ledger row carries the amount charged, incl. mva (20261124170000_lead_card_payment_vat.sql).
-- private.with_vat is defined in 20261124130000_plans_and_prices.sql; PL/pgSQL resolves it when called.
create function public.confirm_lead_purchase(input_purchase_id uuid, input_payment_reference text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  purchase public.leads_purchases;
begin
  update public.leads_purchases p
  set state = 'completed',
      completed_at = now(),
      reserved_until = null,
      payment_reference = left(input_payment_reference, 500)
  where p.id = input_purchase_id
    and p.state = 'reserved'
  returning p.* into purchase;

  if found then
    if purchase.amount_ore > 0 then
      perform private.change_balance(
        purchase.organization_id, 0, 0, 'lead_purchase', private.with_vat(purchase.amount_ore),
        left('lead_purchase ' || purchase.id || ' card ' || coalesce(input_payment_reference, ''), 500)
      );
    end if;
  else
    select p.* into purchase from public.leads_purchases p where p.id = input_purchase_id;
    if not found then
      raise exception using errcode = 'P0001', message = 'lead-purchase-not-found';
    elsif purchase.state = 'released' then
      raise exception using errcode = 'P0001', message = 'lead-purchase-released';
    end if;
    -- completed already: the same result again
  end if;

  return private.lead_purchase_result(input_purchase_id);
end;
$$;

comment on function public.confirm_lead_purchase(uuid, text) is
  'Completes a reserved card purchase after the charge (ledger row with the amount); idempotent. Raises lead-purchase-not-found, lead-purchase-released.';

create function public.release_lead_purchase(input_purchase_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  listing_id uuid;
  purchase_state text;
begin
  select p.advertised_lead_id, p.state into listing_id, purchase_state
  from public.leads_purchases p
  where p.id = input_purchase_id;

  if not found then
    raise exception using errcode = 'P0001', message = 'lead-purchase-not-found';
  elsif purchase_state = 'completed' then
    raise exception using errcode = 'P0001', message = 'lead-purchase-completed';
  elsif purchase_state = 'released' then
    return;
  end if;

  -- Lock order as in buy_lead: the listing, then the purchase.
  perform 1 from public.advertised_leads a where a.id = listing_id for update;

  update public.leads_purchases p
  set state = 'released'
  where p.id = input_purchase_id
    and p.state = 'reserved';

  if found then
    update public.advertised_leads a
    set buyers_count = a.buyers_count - 1,
        status = case when a.status = 'sold_out' then 'active' else a.status end
    where a.id = listing_id;
  else
    select p.state into purchase_state from public.leads_purchases p where p.id = input_purchase_id;
    if purchase_state = 'completed' then
      raise exception using errcode = 'P0001', message = 'lead-purchase-completed';
    end if;
  end if;
end;
$$;

comment on function public.release_lead_purchase(uuid) is
  'Gives up a reserved card purchase (charge failed): state released, slot freed; idempotent. Raises lead-purchase-not-found, lead-purchase-completed.';

-- ---------------------------------------------------------------------------------------------------
-- 6. Marketplace sales (the marketplace owner's view)
-- ---------------------------------------------------------------------------------------------------

create function public.marketplace_sales(input_marketplace_id uuid)
returns table (month date, purchases bigint, tickets bigint, credits bigint, amount_ore bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if input_marketplace_id is null
    or not (private.is_marketplace_owner(input_marketplace_id) or (select private.is_claims_admin())) then
    raise exception using errcode = 'P0001', message = 'marketplace-not-found';
  end if;

  return query
  select date_trunc('month', p.completed_at at time zone 'Europe/Oslo')::date,
         count(*),
         coalesce(sum(p.price_tickets), 0)::bigint,
         coalesce(sum(p.price_credits), 0)::bigint,
         coalesce(sum(p.amount_ore), 0)::bigint
  from public.advertised_leads a
  join public.leads_purchases p on p.advertised_lead_id = a.id
  where a.marketplace_id = input_marketplace_id
    and p.state = 'completed'
  group by 1
  order by 1 desc;
end;
$$;

comment on function public.marketplace_sales(uuid) is
  'Completed purchases on a marketplace per month (Europe/Oslo): count, tickets, credits, øre. For the marketplace owner and claims admins; others get marketplace-not-found.';

-- ---------------------------------------------------------------------------------------------------
-- 7. Grants
-- ---------------------------------------------------------------------------------------------------

revoke execute on function private.lead_purchase_result(uuid) from public, anon, authenticated;
revoke execute on function private.release_expired_lead_purchases(uuid) from public, anon, authenticated;
grant execute on function private.release_expired_lead_purchases(uuid) to service_role;

revoke execute on function public.buy_lead(uuid, uuid, uuid, text) from public, anon;
grant execute on function public.buy_lead(uuid, uuid, uuid, text) to authenticated;

revoke execute on function public.confirm_lead_purchase(uuid, text) from public, anon, authenticated;
grant execute on function public.confirm_lead_purchase(uuid, text) to service_role;

revoke execute on function public.release_lead_purchase(uuid) from public, anon, authenticated;
grant execute on function public.release_lead_purchase(uuid) to service_role;

revoke execute on function public.marketplace_sales(uuid) from public, anon;
grant execute on function public.marketplace_sales(uuid) to authenticated;
