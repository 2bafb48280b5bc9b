-- The sender of a campaign's e-mails as the participants see it: the organization's name, its contact
-- address and the campaign's primary colour (its design), for the e-mail layout's header, button and
-- footer. Only a plain #rrggbb colour is answered; the layout itself checks its contrast.

create function public.campaign_email_senders(input_campaign_ids uuid[])
returns table (campaign_id uuid, organization_name text, contact_email text, primary_color text)
language sql
stable
set search_path = ''
as $$
  select k.id, o.name, o.contact_email,
    case when (k.design ->> 'primary_color') ~ '^#[0-9A-Fa-f]{6}$' then k.design ->> 'primary_color' end
  from public.campaigns as k
  join public.organizations as o on o.id = k.organization_id
  where k.id = any(input_campaign_ids);
$$;

comment on function public.campaign_email_senders(uuid[]) is
  'Service role (campaign-jobs): each campaign''s e-mail sender — organization name, contact address and the design''s primary colour (#rrggbb or null).';
revoke execute on function public.campaign_email_senders(uuid[]) from public, anon, authenticated;
grant execute on function public.campaign_email_senders(uuid[]) to service_role;
