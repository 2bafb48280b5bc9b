-- How many buyers a lead may have across its listings (docs/lead-marketplace.md «What a sale promises»).
--
-- A listing's max_buyers is a promise to whoever buys through it: at most that many organizations get
-- this lead (1 = exclusive: only the buyer). A new listing of the same lead, or an old one opened
-- again, must keep every promise made: an exclusively sold lead is never listed again; a lead sold
-- shared is listed again only for the buyers still promised, and that listing says how many bought it
-- before (`earlier_buyers`), so it is never exclusive. Enforced here, by a trigger on advertised_leads,
-- whichever client or role writes the row; the lead page shows the same figures (lead_supply).
--
-- Terms, per lead (every figure counts slots held: completed purchases and card reservations):
--   sold      — buyers_count summed over the lead's listings;
--   promised  — the smallest earlier_buyers + max_buyers of the listings that have a buyer;
--   remaining — promised − sold (no promise before the first sale).
-- A listing being opened (inserted active or paused; resumed; reopened; given more buyers; an expired
-- one extended) is refused with P0001 (PostgREST: 400):
--   lead-already-sold-exclusively — a listing with max_buyers 1 and no earlier buyers has sold;
--   lead-buyers-exhausted         — its free slots would take the lead past `promised`;
--   lead-listed-elsewhere         — it would be buyable while another marketplace's listing of the lead
--                                   still has free slots (two listings selling at once would each
--                                   promise their buyers a number the other could break).
-- buy_lead's own updates (a slot taken, sold out) and the release of a card reservation never open a
-- listing and never fire the check; they cannot change the sum of sold and free slots.
--
-- Depends on 20261122100500_leads.sql, 20261122100900_buy_lead.sql.
--
-- Sections: 1. column · 2. supply · 3. trigger · 4. grants

-- ---------------------------------------------------------------------------------------------------
-- 1. advertised_leads.earlier_buyers
-- ---------------------------------------------------------------------------------------------------

alter table public.advertised_leads
  add column earlier_buyers integer not null default 0 check (earlier_buyers >= 0);

comment on column public.advertised_leads.earlier_buyers is
  'Buyers the lead had through its other listings when this listing was opened (set by the supply trigger, not client-writable). The listing promises at most earlier_buyers + max_buyers buyers in all; exclusive = max_buyers 1 and no earlier buyers.';

-- ---------------------------------------------------------------------------------------------------
-- 2. Supply of a lead
-- ---------------------------------------------------------------------------------------------------

-- Security definer: the trigger must see every listing of the lead, whoever writes. Reads the lead's
-- listings through advertised_leads_lead_id_organization_id_idx.
create function private.lead_supply(lead_id uuid, except_advertised_lead_id uuid default null)
returns table (sold integer, promised integer, sold_exclusively boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select
    coalesce(sum(a.buyers_count), 0)::integer,
    min(a.earlier_buyers + a.max_buyers) filter (where a.buyers_count > 0),
    coalesce(bool_or(a.buyers_count > 0 and a.max_buyers = 1 and a.earlier_buyers = 0), false)
  from public.advertised_leads a
  where a.lead_id = lead_supply.lead_id
    and a.id is distinct from lead_supply.except_advertised_lead_id
$$;

comment on function private.lead_supply(uuid, uuid) is
  'Buyers of a lead over its listings (but one): sold (slots held), promised (smallest earlier_buyers + max_buyers of a listing that sold; null before a sale), sold_exclusively.';

-- Security definer with its own check: the seller's lead page asks before it offers the advertise
-- form; only members of the lead's organization (and claims admins) may ask.
create function public.lead_supply(input_lead_id uuid)
returns table (sold integer, promised integer, remaining integer, sold_exclusively boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if input_lead_id is null or not (
    private.lead_organization_id(input_lead_id) = any (private.current_user_organization_ids())
    or private.is_claims_admin()
  ) then
    raise exception using errcode = '42501', message = 'forbidden';
  end if;
  return query
    select s.sold, s.promised, case when s.promised is not null then greatest(s.promised - s.sold, 0) end,
           s.sold_exclusively
    from private.lead_supply(input_lead_id) s;
end;
$$;

comment on function public.lead_supply(uuid) is
  'What the lead may still be sold as: sold, promised (null before a sale), remaining (null: no promise yet), sold_exclusively. Members of the lead''s organization and claims admins; others 42501 forbidden.';

-- ---------------------------------------------------------------------------------------------------
-- 3. The check, on every listing that opens
-- ---------------------------------------------------------------------------------------------------

-- Security definer: it locks and reads the lead and all its listings, whichever role writes.
create function private.advertised_leads_check_supply()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  supply record;
  own_sold boolean := tg_op = 'UPDATE' and old.buyers_count > 0;
  promised integer;
begin
  -- Not the writer's lead (the foreign key refuses it), or a client who may not list it (row-level
  -- security refuses it after this trigger): say nothing about the lead, as before.
  if (select auth.uid()) is not null
     and not new.organization_id = any (
       (select private.current_user_organization_ids(array['owner', 'admin']::public.organization_role[]))::uuid[]
     ) then
    return new;
  end if;
  -- One listing of a lead opens at a time: concurrent advertisers of the same lead queue here. FOR NO
  -- KEY UPDATE does not wait for buy_lead, whose purchase insert takes only a key-share lock.
  perform 1
  from public.leads l
  where l.id = new.lead_id and l.organization_id = new.organization_id
  for no key update;
  if not found then
    return new;
  end if;

  select * into supply from private.lead_supply(new.lead_id, new.id);

  if supply.sold_exclusively or (own_sold and old.max_buyers = 1 and old.earlier_buyers = 0) then
    raise exception using errcode = 'P0001', message = 'lead-already-sold-exclusively';
  end if;

  -- This listing's own buyers were promised what it said when they bought.
  promised := least(supply.promised, case when own_sold then old.earlier_buyers + old.max_buyers end);
  if promised is not null and supply.sold + new.max_buyers > promised then
    raise exception using errcode = 'P0001', message = 'lead-buyers-exhausted';
  end if;

  -- The same marketplace has its own rule (advertised_leads_open_listing_key, 23505).
  if new.status = 'active' and new.expires_at > now() and exists (
    select 1
    from public.advertised_leads a
    where a.lead_id = new.lead_id
      and a.id <> new.id
      and a.marketplace_id <> new.marketplace_id
      and a.status = 'active'
      and a.expires_at > now()
      and a.buyers_count < a.max_buyers
  ) then
    raise exception using errcode = 'P0001', message = 'lead-listed-elsewhere';
  end if;

  new.earlier_buyers := supply.sold;
  return new;
end;
$$;

comment on function private.advertised_leads_check_supply() is
  'Before a listing opens: refuses lead-already-sold-exclusively, lead-buyers-exhausted, lead-listed-elsewhere (P0001) and sets earlier_buyers (docs/lead-marketplace.md «What a sale promises»).';

create trigger advertised_leads_check_supply
  before insert on public.advertised_leads
  for each row
  when (new.status in ('active', 'paused'))
  execute function private.advertised_leads_check_supply();

-- Updates that open a listing or add buyers to it. A released card reservation (sold_out → active
-- with one buyer less) is buy_lead's bookkeeping, not an opening.
create trigger advertised_leads_check_supply_on_update
  before update of status, max_buyers, expires_at on public.advertised_leads
  for each row
  when (
    new.status in ('active', 'paused')
    and not (old.status = 'sold_out' and new.buyers_count < old.buyers_count)
    and (
      old.status not in ('active', 'paused')
      or (old.status = 'paused' and new.status = 'active')
      or new.max_buyers > old.max_buyers
      or (old.expires_at <= now() and new.expires_at > now())
    )
  )
  execute function private.advertised_leads_check_supply();

-- ---------------------------------------------------------------------------------------------------
-- 4. Grants
-- ---------------------------------------------------------------------------------------------------

-- earlier_buyers is the trigger's: the column-level insert and update grants of advertised_leads
-- (20261122100500, 20261122101200) leave it out.

revoke execute on function private.lead_supply(uuid, uuid) from public, anon, authenticated;
grant execute on function private.lead_supply(uuid, uuid) to service_role;

revoke execute on function public.lead_supply(uuid) from public, anon;
grant execute on function public.lead_supply(uuid) to authenticated, service_role;

revoke execute on function private.advertised_leads_check_supply() from public, anon, authenticated;
