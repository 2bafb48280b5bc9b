-- Leads, marketplace listings and purchases (docs/data-model.md "Leads",
-- docs/lead-marketplace.md).
--
-- Contact details live only in `leads`; RLS lets members of the owner organization and of
-- organizations with a purchase read them. `advertised_leads` holds the teaser that marketplace
-- members see. `leads_purchases` is written only by the buy-lead SQL function, never by a
-- client; its design here: one guarded `update advertised_leads … where status = 'active' and
-- expires_at > now() and buyers_count < max_buyers and organization_id <> buyer returning …`, one
-- `insert into leads_purchases … on conflict (lead_id, organization_id) do nothing returning …`
-- (lead-already-bought), one guarded balance update (insufficient-tickets) and the ledger row.
--
-- Depends on 20261122100000…100200 and 20261122100400_marketplaces.sql.
--
-- Sections: 1. types · 2. tables · 3. helpers · 4. triggers · 5. row-level security · 6. grants

-- ---------------------------------------------------------------------------------------------------
-- 1. Types
-- ---------------------------------------------------------------------------------------------------

create type public.lead_source as enum (
  'import', 'form', 'popup', 'calendar', 'competition', 'checkout', 'booking', 'manual', 'marketplace'
);

comment on type public.lead_source is 'Where a lead came from.';

create type public.lead_status as enum ('new', 'contacted', 'quoted', 'won', 'lost');

comment on type public.lead_status is 'The sales pipeline of a lead.';

-- ---------------------------------------------------------------------------------------------------
-- 2. Tables
-- ---------------------------------------------------------------------------------------------------

create table public.leads (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  source public.lead_source not null default 'manual',
  status public.lead_status not null default 'new',
  name text null check (char_length(name) between 1 and 200),
  -- lower-case (private.is_valid_email): duplicate detection (importer) compares e-mails as stored
  email text null check (private.is_valid_email(email)),
  phone text null check (char_length(phone) between 3 and 32),
  postal_code text null check (postal_code ~ '^[0-9]{4}$'),
  city text null check (char_length(city) <= 100),
  company text null check (char_length(company) <= 200),
  category text null check (char_length(category) <= 100),
  area text null check (char_length(area) <= 100),
  notes text null check (char_length(notes) <= 10000),
  consent boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint leads_reachable_check check (num_nonnulls(name, email, phone) > 0),
  -- target of advertised_leads' (lead_id, organization_id) foreign key: a listing is always by the
  -- lead's owner organization
  constraint leads_id_organization_id_key unique (id, organization_id)
);

comment on table public.leads is
  'A person or company who may buy something, owned by one organization, with contact details. Readable by members of the owner organization and of organizations that bought it.';

-- The list query (organization's leads newest first, optionally by status or source); the first also
-- serves the RLS check and the foreign key.
create index leads_organization_id_created_at_idx on public.leads (organization_id, created_at desc, id desc);
create index leads_organization_id_status_created_at_idx
  on public.leads (organization_id, status, created_at desc, id desc);
create index leads_organization_id_source_created_at_idx
  on public.leads (organization_id, source, created_at desc, id desc);
-- Search by name, e-mail or company: `to_tsvector('simple', …) @@ to_tsquery('simple', 'ola:*')`
-- with this exact expression (pg_trgm would serve `ilike '%…%'`, but the PGlite platform does not load
-- it).
create index leads_search_idx on public.leads using gin (
  to_tsvector('simple', coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(company, ''))
);
-- Duplicate detection against existing leads (importer).
create index leads_organization_id_email_idx on public.leads (organization_id, email) where email is not null;

create table public.advertised_leads (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null,
  marketplace_id uuid not null references public.marketplaces (id) on delete cascade,
  -- the seller: always the lead's owner organization (composite foreign key)
  organization_id uuid not null references public.organizations (id) on delete cascade,
  title text not null check (char_length(btrim(title)) between 3 and 120),
  description text null check (char_length(description) <= 2000),
  category text null check (char_length(category) <= 100),
  area text null check (char_length(area) <= 100),
  price_tickets integer not null default 1 check (price_tickets >= 0),
  price_credits integer not null default 0 check (price_credits >= 0),
  price_ore integer not null default 0 check (price_ore >= 0),
  max_buyers integer not null default 1 check (max_buyers between 1 and 100),
  buyers_count integer not null default 0 check (buyers_count >= 0),
  status text not null default 'active' check (status in ('active', 'paused', 'withdrawn', 'sold_out')),
  expires_at timestamptz not null default now() + interval '30 days',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint advertised_leads_buyers_count_max_check check (buyers_count <= max_buyers),
  constraint advertised_leads_lead_fkey foreign key (lead_id, organization_id)
    references public.leads (id, organization_id) on delete cascade
);

comment on table public.advertised_leads is
  'A listing of a lead on a marketplace by its owner organization: teaser only (no contact details), prices, max_buyers (1 = exclusive), buyers_count (written by buy-lead only), status, expiry.';

-- The marketplace listing query (active listings of a marketplace, newest first) and its RLS check.
create index advertised_leads_marketplace_id_status_created_at_idx
  on public.advertised_leads (marketplace_id, status, created_at desc, id desc) include (expires_at);
-- The seller's listings (RLS check, foreign key).
create index advertised_leads_organization_id_created_at_idx
  on public.advertised_leads (organization_id, created_at desc);
-- Foreign key (lead_id, organization_id) and the lead-info page's listings of a lead.
create index advertised_leads_lead_id_organization_id_idx on public.advertised_leads (lead_id, organization_id);
-- One open listing of a lead per marketplace.
create unique index advertised_leads_open_listing_key
  on public.advertised_leads (lead_id, marketplace_id) where status in ('active', 'paused');

create table public.leads_purchases (
  id uuid primary key default gen_random_uuid(),
  -- restrict: a bought lead stays available to its buyers; the seller cannot delete it
  lead_id uuid not null references public.leads (id) on delete restrict,
  advertised_lead_id uuid not null references public.advertised_leads (id) on delete restrict,
  -- the buyer
  organization_id uuid not null references public.organizations (id) on delete cascade,
  paid_with text not null check (paid_with in ('tickets', 'credits', 'card')),
  price_tickets integer not null default 0 check (price_tickets >= 0),
  price_credits integer not null default 0 check (price_credits >= 0),
  amount_ore integer not null default 0 check (amount_ore >= 0),
  created_by uuid null references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint leads_purchases_lead_id_organization_id_key unique (lead_id, organization_id)
);

comment on table public.leads_purchases is
  'Who bought which lead through which listing and how they paid; one per (lead, buying organization). Written only by the buy-lead SQL function.';

-- (lead_id, organization_id) is the unique key: it serves the "bought by one of my organizations"
-- check in the leads policy. The others: buyer's purchases newest first, listing's purchases, FK.
create index leads_purchases_organization_id_created_at_idx
  on public.leads_purchases (organization_id, created_at desc);
create index leads_purchases_advertised_lead_id_idx on public.leads_purchases (advertised_lead_id);
create index leads_purchases_created_by_idx on public.leads_purchases (created_by);

-- ---------------------------------------------------------------------------------------------------
-- 3. Helpers
-- ---------------------------------------------------------------------------------------------------

-- Security definer: the leads_purchases policy asks who owns a lead; reading `leads` under the
-- caller's RLS would recurse (the leads policy reads leads_purchases).
create function private.lead_organization_id(lead_id uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select l.organization_id from public.leads l where l.id = lead_organization_id.lead_id
$$;

comment on function private.lead_organization_id(uuid) is 'The owner organization of a lead.';

-- ---------------------------------------------------------------------------------------------------
-- 4. Triggers
-- ---------------------------------------------------------------------------------------------------

create trigger leads_set_updated_at
  before update on public.leads
  for each row execute function private.set_updated_at();

create trigger advertised_leads_set_updated_at
  before update on public.advertised_leads
  for each row execute function private.set_updated_at();

-- ---------------------------------------------------------------------------------------------------
-- 5. Row-level security
-- ---------------------------------------------------------------------------------------------------

alter table public.leads enable row level security;
alter table public.advertised_leads enable row level security;
alter table public.leads_purchases enable row level security;

-- leads

create policy "Members, buyers and claims admins can read leads"
  on public.leads for select to authenticated
  using (
    organization_id = any ((select private.current_user_organization_ids())::uuid[])
    or exists (
      select 1
      from public.leads_purchases p
      where p.lead_id = leads.id
        and p.organization_id = any ((select private.current_user_organization_ids())::uuid[])
    )
    or (select private.is_claims_admin())
  );

create policy "Members can add leads to their organization"
  on public.leads for insert to authenticated
  with check (organization_id = any ((select private.current_user_organization_ids())::uuid[]));

create policy "Members can update their organization's leads"
  on public.leads for update to authenticated
  using (organization_id = any ((select private.current_user_organization_ids())::uuid[]))
  with check (organization_id = any ((select private.current_user_organization_ids())::uuid[]));

create policy "Organization owners and admins can delete leads"
  on public.leads for delete to authenticated
  using (
    organization_id = any ((select private.current_user_organization_ids(array['owner', 'admin']::public.organization_role[]))::uuid[])
  );

-- advertised_leads: no delete policy (withdraw = update status; purchases reference listings).

create policy "Sellers, marketplace members and owners, buyers and claims admins can read listings"
  on public.advertised_leads for select to authenticated
  using (
    organization_id = any ((select private.current_user_organization_ids())::uuid[])
    or (
      marketplace_id = any ((select private.current_user_marketplace_ids())::uuid[])
      and status = 'active'
      and expires_at > now()
    )
    or marketplace_id = any ((select private.current_user_owned_marketplace_ids())::uuid[])
    or (select private.is_claims_admin())
    or exists (
      select 1
      from public.leads_purchases p
      where p.advertised_lead_id = advertised_leads.id
        and p.organization_id = any ((select private.current_user_organization_ids())::uuid[])
    )
  );

create policy "Organization owners and admins can list their leads on their marketplaces"
  on public.advertised_leads for insert to authenticated
  with check (
    organization_id = any ((select private.current_user_organization_ids(array['owner', 'admin']::public.organization_role[]))::uuid[])
    and exists (
      select 1
      from public.marketplaces_organizations mo
      where mo.marketplace_id = advertised_leads.marketplace_id
        and mo.organization_id = advertised_leads.organization_id
    )
    and buyers_count = 0
    and status in ('active', 'paused')
  );

create policy "Organization owners and admins can update their listings"
  on public.advertised_leads for update to authenticated
  using (
    organization_id = any ((select private.current_user_organization_ids(array['owner', 'admin']::public.organization_role[]))::uuid[])
  )
  with check (
    organization_id = any ((select private.current_user_organization_ids(array['owner', 'admin']::public.organization_role[]))::uuid[])
    and (status <> 'sold_out' or buyers_count = max_buyers)
    and (status <> 'active' or buyers_count < max_buyers)
  );

-- leads_purchases: read only for clients; buy-lead (security definer) writes.

create policy "Buyers, sellers and claims admins can read purchases"
  on public.leads_purchases for select to authenticated
  using (
    organization_id = any ((select private.current_user_organization_ids())::uuid[])
    or (select private.is_claims_admin())
    or private.lead_organization_id(lead_id) = any ((select private.current_user_organization_ids())::uuid[])
  );

-- ---------------------------------------------------------------------------------------------------
-- 6. Grants
-- ---------------------------------------------------------------------------------------------------

-- A lead never moves to another organization.
revoke update on public.leads from anon, authenticated;
grant update (source, status, name, email, phone, postal_code, city, company, category, area, notes, consent)
  on public.leads to authenticated;

-- buyers_count, lead, marketplace and seller of a listing are not the seller's to change.
revoke update on public.advertised_leads from anon, authenticated;
grant update (title, description, category, area, price_tickets, price_credits, price_ore, max_buyers, status, expires_at)
  on public.advertised_leads to authenticated;

-- No client writes purchases, whatever the policies say.
revoke insert, update, delete, truncate on public.leads_purchases from anon, authenticated;

revoke execute on function private.lead_organization_id(uuid) from public, anon;
grant execute on function private.lead_organization_id(uuid) to authenticated, service_role;
