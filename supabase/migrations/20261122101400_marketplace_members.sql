-- marketplace_members (docs/lead-marketplace.md «Marketplace screens»): the owner view of a
-- marketplace lists its member organizations by name. RLS on `organizations` lets a user read only the
-- organizations they belong to, so the marketplace owner (a user who need not be in any of them) saw
-- member ids only. This security-definer read returns, for the marketplace owner and claims admins
-- only, each member's name, organization number, plan and figures on that marketplace — nothing else
-- of the organization (no contact e-mail, no members, no balances).
--
-- Sections: 1. function · 2. grants

-- ---------------------------------------------------------------------------------------------------
-- 1. Function
-- ---------------------------------------------------------------------------------------------------

create function public.marketplace_members(input_marketplace_id uuid)
returns table (
  organization_id uuid,
  name text,
  organization_number text,
  joined_at timestamptz,
  plan public.marketplace_plan,
  listings bigint,
  sold bigint,
  purchases bigint,
  revenue_ore bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if input_marketplace_id is null
    or (select auth.uid()) is null
    or not (private.is_marketplace_owner(input_marketplace_id) or (select private.is_claims_admin())) then
    raise exception using errcode = '42501', message = 'forbidden';
  end if;

  return query
  select mo.organization_id,
         o.name,
         o.organization_number,
         mo.created_at,
         c.plan,
         coalesce(l.listings, 0)::bigint,
         coalesce(l.sold, 0)::bigint,
         coalesce(p.purchases, 0)::bigint,
         coalesce(p.revenue_ore, 0)::bigint
  from public.marketplaces_organizations mo
  join public.organizations o on o.id = mo.organization_id
  left join public.organizations_marketplaces_configs c
    on c.organization_id = mo.organization_id and c.marketplace_id = mo.marketplace_id
  -- as seller: its listings on this marketplace and their taken slots
  left join lateral (
    select count(*) as listings, sum(a.buyers_count) as sold
    from public.advertised_leads a
    where a.marketplace_id = mo.marketplace_id
      and a.organization_id = mo.organization_id
  ) l on true
  -- as buyer: completed purchases through this marketplace's listings and what was paid by card
  left join lateral (
    select count(*) as purchases, sum(lp.amount_ore) as revenue_ore
    from public.leads_purchases lp
    join public.advertised_leads a on a.id = lp.advertised_lead_id
    where lp.organization_id = mo.organization_id
      and lp.state = 'completed'
      and a.marketplace_id = mo.marketplace_id
  ) p on true
  where mo.marketplace_id = input_marketplace_id
  order by mo.created_at desc, mo.organization_id;
end;
$$;

comment on function public.marketplace_members(uuid) is
  'Member organizations of a marketplace with name, organization number, joined_at, plan, listings and sold slots (as seller), completed purchases and card revenue in øre (as buyer) on that marketplace. For the marketplace owner and claims admins; others get 42501 forbidden.';

-- ---------------------------------------------------------------------------------------------------
-- 2. Grants
-- ---------------------------------------------------------------------------------------------------

revoke execute on function public.marketplace_members(uuid) from public, anon, service_role;
grant execute on function public.marketplace_members(uuid) to authenticated;
