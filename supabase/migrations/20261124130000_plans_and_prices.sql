-- One price model for the marketplace (docs/payments.md «Prices and VAT»).
--
-- Every price the database stores (marketplaces.default_price_ore, the packs' price_ore, a listing's
-- price_ore) is a business price without VAT («eks. mva»). What a card is charged for a pack is that
-- price plus 25 % MVA, so the amount of a pack's card_payments row (and its receipt) is the total
-- incl. mva the buyer confirmed.
--
-- A pack is a volume discount on buying leads one by one: its price per lead (the pack's price per
-- ticket or credit times what a lead costs in tickets or credits by default) must be below the
-- marketplace's on-demand price. Both sides are guarded: a pack that would not save anything is
-- refused, and so is an on-demand price lowered under an active pack (23514
-- `pack-not-cheaper-than-on-demand`). A marketplace without an on-demand price (0) has nothing to
-- compare with.
--
-- Depends on 20261122100400_marketplaces.sql, 20261122100700_marketplace_onboarding.sql,
-- 20261122101300_card_payments.sql.
--
-- Sections: 1. VAT · 2. packs cheaper than on demand · 3. start_card_payment charges incl. mva

-- ---------------------------------------------------------------------------------------------------
-- 1. VAT
-- ---------------------------------------------------------------------------------------------------

create or replace function private.with_vat(net_ore integer)
returns integer
language sql
immutable
set search_path = ''
as $$
  -- 25 % MVA on business sales in Norway; rounded to whole øre, halves up.
  select net_ore + round(net_ore * 0.25)::integer;
$$;

comment on function private.with_vat(integer) is
  'A price without VAT in øre plus 25 % MVA (whole øre, halves rounded up): what a card is charged.';
revoke execute on function private.with_vat(integer) from public, anon, authenticated;
grant execute on function private.with_vat(integer) to service_role;

-- ---------------------------------------------------------------------------------------------------
-- 2. Packs cheaper than on demand
-- ---------------------------------------------------------------------------------------------------

-- True when a pack of `units` tickets or credits for `price_ore` costs less per lead than on demand.
create or replace function private.pack_saves(
  price_ore integer,
  units integer,
  units_per_lead integer,
  on_demand_ore integer
)
returns boolean
language sql
immutable
set search_path = ''
as $$
  -- price / units * units_per_lead < on_demand, without rounding.
  select coalesce(on_demand_ore, 0) = 0
    or coalesce(units_per_lead, 0) = 0
    or price_ore::bigint * units_per_lead < on_demand_ore::bigint * units;
$$;

comment on function private.pack_saves(integer, integer, integer, integer) is
  'Whether a pack''s price per lead is below the on-demand price (true when there is nothing to compare).';
revoke execute on function private.pack_saves(integer, integer, integer, integer) from public, anon, authenticated;

-- security definer: the pack's marketplace row is read whoever inserts the pack (owner, admin).
create or replace function private.check_pack_saves()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  market public.marketplaces;
  units integer;
  units_per_lead integer;
begin
  if not new.active then
    return new;
  end if;
  select m.* into market from public.marketplaces m where m.id = new.marketplace_id;
  if tg_table_name = 'marketplaces_ticket_packs' then
    units := new.tickets;
    units_per_lead := market.default_price_tickets;
  else
    units := new.credits;
    units_per_lead := market.default_price_credits;
  end if;
  if not private.pack_saves(new.price_ore, units, units_per_lead, market.default_price_ore) then
    raise exception using
      errcode = '23514',
      message = 'pack-not-cheaper-than-on-demand',
      detail = format('A lead from this pack costs %s øre; on demand it costs %s øre.',
        new.price_ore::bigint * units_per_lead / nullif(units, 0), market.default_price_ore);
  end if;
  return new;
end;
$$;

comment on function private.check_pack_saves() is
  'Trigger: an active ticket or credit pack must cost less per lead than the marketplace''s on-demand price.';
revoke execute on function private.check_pack_saves() from public, anon, authenticated;

-- After the row's checks and RLS, so a refused or malformed pack says that first.
create trigger marketplaces_ticket_packs_check_saves
after insert or update of price_ore, tickets, active, marketplace_id on public.marketplaces_ticket_packs
for each row execute function private.check_pack_saves();

create trigger marketplaces_credit_packs_check_saves
after insert or update of price_ore, credits, active, marketplace_id on public.marketplaces_credit_packs
for each row execute function private.check_pack_saves();

-- The other side: new default prices must still leave every active pack cheaper per lead.
create or replace function private.check_default_prices_keep_packs_cheaper()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (
    select 1 from public.marketplaces_ticket_packs t
    where t.marketplace_id = new.id and t.active
      and not private.pack_saves(t.price_ore, t.tickets, new.default_price_tickets, new.default_price_ore)
  ) or exists (
    select 1 from public.marketplaces_credit_packs c
    where c.marketplace_id = new.id and c.active
      and not private.pack_saves(c.price_ore, c.credits, new.default_price_credits, new.default_price_ore)
  ) then
    raise exception using
      errcode = '23514',
      message = 'pack-not-cheaper-than-on-demand',
      detail = 'An active pack would cost as much per lead as buying on demand, or more.';
  end if;
  return new;
end;
$$;

comment on function private.check_default_prices_keep_packs_cheaper() is
  'Trigger: a marketplace''s default prices may not make an active pack cost as much per lead as on demand.';
revoke execute on function private.check_default_prices_keep_packs_cheaper() from public, anon, authenticated;

create trigger marketplaces_check_packs_stay_cheaper
after update of default_price_ore, default_price_tickets, default_price_credits on public.marketplaces
for each row
when (
  new.default_price_ore is distinct from old.default_price_ore
  or new.default_price_tickets is distinct from old.default_price_tickets
  or new.default_price_credits is distinct from old.default_price_credits
)
execute function private.check_default_prices_keep_packs_cheaper();

-- ---------------------------------------------------------------------------------------------------
-- 3. start_card_payment charges the pack's price incl. mva
-- ---------------------------------------------------------------------------------------------------

-- amount_ore is the price plus 25 % MVA. The function is defined once, with that amount, in
-- 20261122101300_card_payments.sql (a function is written in one migration only: docs/database.md);
-- its comment and grants are set here.

comment on function public.start_card_payment(uuid, text, uuid, text, text, uuid) is
  'Service role: the card_payments row of a pack purchase attempt (pending; amount = the pack''s price plus 25 % MVA), or the existing row for a replayed idempotency key. P0001 pack-not-found when the pack is inactive, free or on a marketplace the organization does not belong to.';
revoke execute on function public.start_card_payment(uuid, text, uuid, text, text, uuid) from public, anon, authenticated;
grant execute on function public.start_card_payment(uuid, text, uuid, text, text, uuid) to service_role;
