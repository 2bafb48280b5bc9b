-- The public door of a marketplace (docs/lead-marketplace.md "The public door").
--
-- public.marketplace_door(input_host): everything the anonymous `/bli-partner` page shows, in one
-- call: the host's marketplace (name, tagline, colour, prices, ticket packs) and a few example
-- teasers of its current listings. Visitors (anon) cannot read marketplaces or advertised_leads, so
-- this is a security definer function that builds its answer field by field: a listing's title,
-- category, area, price and buyers — never its description (sellers write notes there), the lead,
-- the seller or any contact detail.
--
-- Rate-safe: one indexed lookup of the host and at most six listings, read by
-- marketplace_listing_teasers (the one rule for teasers), whatever the input; no writes.
--
-- On a host without a marketplace (the competition host, a mistyped address) it names the
-- marketplaces that do have a host, so the page can point there instead of ending the visit.
--
-- Depends on 20261122100400_marketplaces.sql, 20261122100500_leads.sql,
-- 20261122100700_marketplace_onboarding.sql and 20261124130100_listing_teasers.sql.

create function public.marketplace_door(input_host text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with found as (
    select m.id, m.name, m.branding, m.default_price_tickets, m.default_price_ore
    from public.marketplaces as m
    join public.marketplaces_urls as u on u.marketplace_id = m.id
    -- a host name is at most 253 characters; anything longer finds nothing without a lookup
    where char_length(input_host) <= 253
      and u.url = lower(btrim(input_host))
    limit 1
  )
  select case
    when exists (select 1 from found) then (
      select jsonb_build_object(
        'marketplace', jsonb_build_object(
          'name', f.name,
          'tagline', case
            when jsonb_typeof(f.branding -> 'tagline') = 'string'
              then left(f.branding ->> 'tagline', 200)
          end,
          -- only a plain #rrggbb colour reaches the page's style
          'primary_color', case
            when (f.branding ->> 'primaryColor') ~ '^#[0-9A-Fa-f]{6}$' then f.branding ->> 'primaryColor'
          end,
          'default_price_tickets', f.default_price_tickets,
          'default_price_ore', f.default_price_ore,
          'packs', coalesce((
            select jsonb_agg(
              jsonb_build_object('tickets', p.tickets, 'price_ore', p.price_ore)
              order by p.sort_order, p.tickets
            )
            from public.marketplaces_ticket_packs as p
            where p.marketplace_id = f.id and p.active
          ), '[]'::jsonb)
        ),
        'teasers', coalesce((
          select jsonb_agg(
            jsonb_build_object(
              'title', a.title,
              'category', a.category,
              'area', a.area,
              'price_tickets', a.price_tickets,
              'price_ore', a.price_ore,
              'max_buyers', a.max_buyers,
              'buyers_count', a.buyers_count
            )
            order by a.created_at desc, a.id desc
          )
          -- the one rule for what an open listing shows to anyone (20261124130100_listing_teasers.sql)
          from public.marketplace_listing_teasers(f.id, 6) as a
        ), '[]'::jsonb)
      )
      from found as f
    )
    else jsonb_build_object(
      'marketplace', null,
      'elsewhere', coalesce((
        select jsonb_agg(jsonb_build_object('name', e.name, 'host', e.url) order by e.name)
        from (
          select distinct on (m.id) m.name, u.url
          from public.marketplaces as m
          join public.marketplaces_urls as u on u.marketplace_id = m.id
          order by m.id, u.url
          limit 10
        ) as e
      ), '[]'::jsonb)
    )
  end
$$;

comment on function public.marketplace_door(text) is
  'The public door of the marketplace at a host: name, tagline, colour, prices, ticket packs and up to six example teasers of open listings (title, category, area, price, buyers). Never descriptions, leads, sellers or contact details. On a host without a marketplace: the marketplaces that have a host.';

revoke execute on function public.marketplace_door(text) from public;
grant execute on function public.marketplace_door(text) to anon, authenticated, service_role;
