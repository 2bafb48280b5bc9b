-- The e-mails sent on a marketplace's behalf carry its colour (the e-mail layout falls back to
-- Leadtorget's when there is none or it reads badly). The erasure notice is about a purchase: the
-- colour of the marketplace the lead was bought on, read for a run's claimed notices at once.
create function public.lead_purchase_marketplace_colours(input_purchase_ids uuid[])
returns table (purchase_id uuid, primary_color text)
language sql
stable
set search_path = ''
as $$
  select b.id,
    case when (mp.branding ->> 'primaryColor') ~ '^#[0-9A-Fa-f]{6}$' then mp.branding ->> 'primaryColor' end
  from public.leads_purchases as b
  join public.advertised_leads as a on a.id = b.advertised_lead_id
  join public.marketplaces as mp on mp.id = a.marketplace_id
  where b.id = any(input_purchase_ids);
$$;

comment on function public.lead_purchase_marketplace_colours(uuid[]) is
  'Service role (campaign-jobs'' erasure notices): for each purchase, the primary colour (#rrggbb or null) of the marketplace the lead was bought on, from its branding.';
revoke execute on function public.lead_purchase_marketplace_colours(uuid[]) from public, anon, authenticated;
grant execute on function public.lead_purchase_marketplace_colours(uuid[]) to service_role;
