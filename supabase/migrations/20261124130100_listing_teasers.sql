-- What a marketplace has for sale now, for people who may not buy yet (docs/lead-marketplace.md
-- «Listing teasers»).
--
-- An organization that is not ready to buy (no card for its on-demand plan) and visitors of the
-- public join page look first, as on Bark or Thumbtack: the newest open listings of a marketplace with
-- their teaser facts only — title, category, area, prices, buyers so far and how many it may have —
-- and how many open listings there are in all. Never the description, the seller or anything of the
-- lead: contact details are what a purchase buys, so this function cannot return them (it reads
-- advertised_leads only, column by column).
--
-- security definer: advertised_leads' RLS shows listings only to the marketplace's members; the
-- teaser is the public part of a listing, and this function is the one door to it.
--
-- Depends on 20261122100400_marketplaces.sql, 20261122100500_leads.sql.

create or replace function public.marketplace_listing_teasers(
  input_marketplace_id uuid,
  input_limit integer default 5
)
returns table (
  id uuid,
  title text,
  category text,
  area text,
  price_ore integer,
  price_tickets integer,
  price_credits integer,
  max_buyers integer,
  buyers_count integer,
  created_at timestamptz,
  open_count bigint
)
language sql
stable
security definer
set search_path = ''
as $$
  with open_listings as (
    select a.id, a.title, a.category, a.area, a.price_ore, a.price_tickets, a.price_credits, a.max_buyers,
      a.buyers_count, a.created_at
    from public.advertised_leads a
    where a.marketplace_id = input_marketplace_id
      and a.status = 'active'
      and a.expires_at > now()
      and a.buyers_count < a.max_buyers
  )
  select o.*, count(*) over ()
  from open_listings o
  order by o.created_at desc, o.id desc
  -- A teaser, not a catalogue: at most 20 rows whatever the caller asks for.
  limit least(greatest(coalesce(input_limit, 5), 0), 20);
$$;

comment on function public.marketplace_listing_teasers(uuid, integer) is
  'Anyone: the newest open listings of a marketplace as teasers (title, category, area, prices, buyers; never description, seller or contact data), at most 20, each row with the number of open listings (open_count).';
revoke execute on function public.marketplace_listing_teasers(uuid, integer) from public;
grant execute on function public.marketplace_listing_teasers(uuid, integer) to anon, authenticated, service_role;
