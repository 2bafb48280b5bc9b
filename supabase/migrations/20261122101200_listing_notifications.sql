-- New-listing notifications (docs/lead-marketplace.md «New-listing notifications»).
--
-- `advertised_leads.notified_at`: when the `notify-listing` function claimed the listing's e-mails. No
-- client writes it (column-level insert and update grants leave it out); only
-- `public.claim_listing_notification` (service role) sets it, once, with a guarded update, so two calls
-- for the same listing never send twice.
--
-- Sections: 1. column · 2. claim function · 3. grants

-- ---------------------------------------------------------------------------------------------------
-- 1. Column
-- ---------------------------------------------------------------------------------------------------

alter table public.advertised_leads add column notified_at timestamptz null;

comment on column public.advertised_leads.notified_at is
  'When the new-listing e-mails were claimed (notify-listing, via claim_listing_notification); null = not yet. Not client-writable.';

-- ---------------------------------------------------------------------------------------------------
-- 2. claim_listing_notification
-- ---------------------------------------------------------------------------------------------------

create function public.claim_listing_notification(input_advertised_lead_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  listing public.advertised_leads;
begin
  if input_advertised_lead_id is null then
    return null;
  end if;

  -- Guarded update: only the first claim of an active, unexpired listing gets a row back.
  update public.advertised_leads a
  set notified_at = now()
  where a.id = input_advertised_lead_id
    and a.notified_at is null
    and a.status = 'active'
    and a.expires_at > now()
  returning a.* into listing;

  if not found then
    return null;
  end if;

  return jsonb_build_object(
    'advertised_lead_id', listing.id,
    'lead_id', listing.lead_id,
    'marketplace_id', listing.marketplace_id,
    'marketplace_name', (select m.name from public.marketplaces m where m.id = listing.marketplace_id),
    'organization_id', listing.organization_id,
    'title', listing.title,
    'category', listing.category,
    'area', listing.area,
    'price_tickets', listing.price_tickets,
    'price_credits', listing.price_credits,
    'price_ore', listing.price_ore,
    'max_buyers', listing.max_buyers,
    'expires_at', listing.expires_at,
    'recipients', coalesce(
      (
        select jsonb_agg(jsonb_build_object('email', r.email) order by r.email)
        from (
          select distinct lower(address) as email
          from public.marketplaces_organizations mo
          join public.organizations_leads_config c on c.id = mo.organization_id
          cross join lateral unnest(c.recipients) as address
          where mo.marketplace_id = listing.marketplace_id
            and mo.organization_id <> listing.organization_id
            and c.send_to_email
            and 'new_lead' = any (c.events)
        ) r
      ),
      '[]'::jsonb
    )
  );
end;
$$;

comment on function public.claim_listing_notification(uuid) is
  'Service role (notify-listing): sets advertised_leads.notified_at once for an active listing and returns its teaser (title, category, area, prices; no contact details), marketplace, seller organization and the recipients ([{email}]) of the marketplace''s other member organizations with send_to_email and new_lead; null when not found, not active or already claimed.';

-- ---------------------------------------------------------------------------------------------------
-- 3. Grants
-- ---------------------------------------------------------------------------------------------------

-- Clients insert listings column by column: every column but notified_at.
revoke insert on public.advertised_leads from anon, authenticated;
grant insert (
  id, lead_id, marketplace_id, organization_id, title, description, category, area, price_tickets,
  price_credits, price_ore, max_buyers, buyers_count, status, expires_at, created_at, updated_at
) on public.advertised_leads to authenticated;

revoke execute on function public.claim_listing_notification(uuid) from public, anon, authenticated;
grant execute on function public.claim_listing_notification(uuid) to service_role;
