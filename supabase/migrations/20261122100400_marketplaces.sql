-- Marketplaces (docs/data-model.md "Marketplaces", docs/lead-marketplace.md).
--
-- A marketplace belongs to one user (`owner_id`) and is reached through host names
-- (`marketplaces_urls`, readable before sign-in so the app can resolve its host). Organizations join
-- marketplaces (`marketplaces_organizations`), choose a plan per marketplace
-- (`organizations_marketplaces_configs`) and keep their send-to-email settings in
-- `organizations_leads_config`.
--
-- Depends on 20261122100000…100200: schema `private`, enum `organization_role`, tables `organizations`,
-- `organizations_members`, functions `private.has_organization_role`, `public.is_organization_member`,
-- `private.is_claims_admin`, `private.set_updated_at`.
--
-- Sections: 1. types · 2. tables · 3. helpers · 4. triggers · 5. row-level security · 6. grants

-- ---------------------------------------------------------------------------------------------------
-- 1. Types
-- ---------------------------------------------------------------------------------------------------

create type public.marketplace_plan as enum ('on_demand', 'tickets');

comment on type public.marketplace_plan is
  'How an organization pays for leads on a marketplace: per lead (card, on demand) or with tickets.';

-- ---------------------------------------------------------------------------------------------------
-- 2. Tables
-- ---------------------------------------------------------------------------------------------------

create table public.marketplaces (
  id uuid primary key default gen_random_uuid(),
  -- restrict: a marketplace is handed over (owner_id updated by support) before its owner is deleted.
  owner_id uuid not null references auth.users (id) on delete restrict,
  name text not null check (char_length(btrim(name)) between 2 and 120),
  branding jsonb not null default '{}'::jsonb check (jsonb_typeof(branding) = 'object'),
  default_price_tickets integer not null default 1 check (default_price_tickets >= 0),
  default_price_credits integer not null default 0 check (default_price_credits >= 0),
  default_price_ore integer not null default 0 check (default_price_ore >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.marketplaces is
  'A lead marketplace owned by one user; organizations join it and list leads on it. Created by support (service role); the owner updates name, branding and default prices.';
comment on column public.marketplaces.branding is 'Logo, colours and texts shown on the marketplace''s hosts (a JSON object).';
comment on column public.marketplaces.default_price_ore is 'Default price of a lead bought on demand (card), in øre.';

create index marketplaces_owner_id_idx on public.marketplaces (owner_id);

create table public.marketplaces_organizations (
  marketplace_id uuid not null references public.marketplaces (id) on delete cascade,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (marketplace_id, organization_id)
);

comment on table public.marketplaces_organizations is
  'Organizations that belong to a marketplace: they see its active listings and may list their own leads on it. An organization''s owner/admin joins; the marketplace owner manages the list.';

create index marketplaces_organizations_organization_id_idx
  on public.marketplaces_organizations (organization_id, marketplace_id);

create table public.marketplaces_urls (
  url text primary key
    check (
      char_length(url) <= 253
      and url = lower(url)
      and url ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$'
    ),
  marketplace_id uuid not null references public.marketplaces (id) on delete cascade,
  created_at timestamptz not null default now()
);

comment on table public.marketplaces_urls is
  'Host names (lower-case, no scheme, port or path) that serve a marketplace. Readable by anyone: the app resolves its host before sign-in.';

create index marketplaces_urls_marketplace_id_idx on public.marketplaces_urls (marketplace_id);

create table public.organizations_marketplaces_configs (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  marketplace_id uuid not null references public.marketplaces (id) on delete cascade,
  plan public.marketplace_plan null,
  tickets_per_month integer null check (tickets_per_month is null or tickets_per_month between 1 and 100000),
  updated_at timestamptz not null default now(),
  unique (organization_id, marketplace_id),
  constraint organizations_marketplaces_configs_tickets_plan_check
    check (tickets_per_month is null or plan = 'tickets')
);

comment on table public.organizations_marketplaces_configs is
  'An organization''s plan on a marketplace (on_demand: pay per lead by card; tickets: a monthly ticket allowance). Upserted by the organization''s owner/admin on (organization_id, marketplace_id).';

create index organizations_marketplaces_configs_marketplace_id_idx
  on public.organizations_marketplaces_configs (marketplace_id);

create table public.organizations_leads_config (
  id uuid primary key references public.organizations (id) on delete cascade,
  send_to_email boolean not null default false,
  -- Lower-cased and de-duplicated by a trigger before the checks run.
  recipients text[] not null default '{}'
    check (cardinality(recipients) <= 20 and array_position(recipients, null) is null),
  events text[] not null default array['new_lead', 'lead_bought', 'listing_sold']
    check (
      events <@ array['new_lead', 'lead_bought', 'listing_sold']
      and array_position(events, null) is null
    ),
  default_price_tickets integer null check (default_price_tickets >= 0),
  default_price_credits integer null check (default_price_credits >= 0),
  default_price_ore integer null check (default_price_ore >= 0),
  updated_at timestamptz not null default now()
);

comment on table public.organizations_leads_config is
  'An organization''s lead settings (id = organization id): send-to-email on/off, recipients (validated e-mails), which events (new_lead, lead_bought, listing_sold), default listing prices.';

-- ---------------------------------------------------------------------------------------------------
-- 3. Helpers (private: not exposed by the API)
-- ---------------------------------------------------------------------------------------------------

-- Every element a valid lower-case e-mail address (private.is_valid_email, 20261122100000).
create function private.is_email_list(emails text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(bool_and(coalesce(private.is_valid_email(e), false)), true)
  from unnest(emails) as e
$$;

comment on function private.is_email_list(text[]) is 'True when every element is a lower-case e-mail address.';

alter table public.organizations_leads_config
  add constraint organizations_leads_config_recipients_emails_check check (private.is_email_list(recipients));

-- Security definer: policies on several tables ask "is the caller the marketplace's owner?" and must
-- not depend on (or recurse into) the caller's RLS view of `marketplaces`.
create function private.is_marketplace_owner(marketplace_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.marketplaces m
    where m.id = is_marketplace_owner.marketplace_id
      and m.owner_id = (select auth.uid())
  )
$$;

comment on function private.is_marketplace_owner(uuid) is 'True when the caller owns the marketplace.';

-- Security definer: reads the caller's memberships past RLS on organizations_members and
-- marketplaces_organizations, whose own policies call this function family.
create function private.is_marketplace_member(marketplace_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.marketplaces_organizations mo
    join public.organizations_members om on om.organization_id = mo.organization_id
    where mo.marketplace_id = is_marketplace_member.marketplace_id
      and om.member_id = (select auth.uid())
  )
$$;

comment on function private.is_marketplace_member(uuid) is
  'True when one of the caller''s organizations belongs to the marketplace.';

-- The set-returning twins below return arrays, so a policy can call them once per statement
-- (`col = any ((select private.…())::uuid[])` becomes an InitPlan) instead of once per row: that is what keeps
-- the listing and lead list queries within budget at 100,000 rows (scripts/bench-leads-db.ts).

-- Security definer: reads organizations_members past its RLS (see is_marketplace_member).
create function private.current_user_organization_ids(roles public.organization_role[] default null)
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(om.organization_id), '{}')
  from public.organizations_members om
  where om.member_id = (select auth.uid())
    and (current_user_organization_ids.roles is null or om.role = any (current_user_organization_ids.roles))
$$;

comment on function private.current_user_organization_ids(public.organization_role[]) is
  'The caller''s organizations (optionally only those where the caller has one of `roles`).';

-- Security definer: as above.
create function private.current_user_marketplace_ids()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(distinct mo.marketplace_id), '{}')
  from public.marketplaces_organizations mo
  join public.organizations_members om on om.organization_id = mo.organization_id
  where om.member_id = (select auth.uid())
$$;

comment on function private.current_user_marketplace_ids() is
  'Marketplaces that one of the caller''s organizations belongs to.';

-- Security definer: as above.
create function private.current_user_owned_marketplace_ids()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(m.id), '{}')
  from public.marketplaces m
  where m.owner_id = (select auth.uid())
$$;

comment on function private.current_user_owned_marketplace_ids() is 'Marketplaces the caller owns.';

-- ---------------------------------------------------------------------------------------------------
-- 4. Triggers
-- ---------------------------------------------------------------------------------------------------

create function private.organizations_leads_config_normalize()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- lower-case, trimmed, without empty entries and duplicates, in the order given
  new.recipients := coalesce((
    select array_agg(e order by first_position)
    from (
      select lower(btrim(r)) as e, min(position) as first_position
      from unnest(new.recipients) with ordinality as t (r, position)
      where r is not null and btrim(r) <> ''
      group by lower(btrim(r))
    ) as normalized
  ), '{}');
  new.events := coalesce((select array_agg(distinct e) from unnest(new.events) as e), '{}');
  return new;
end;
$$;

comment on function private.organizations_leads_config_normalize() is
  'Lower-cases and de-duplicates recipients and events before the checks run.';

create trigger organizations_leads_config_normalize
  before insert or update of recipients, events on public.organizations_leads_config
  for each row execute function private.organizations_leads_config_normalize();

create trigger marketplaces_set_updated_at
  before update on public.marketplaces
  for each row execute function private.set_updated_at();

create trigger organizations_marketplaces_configs_set_updated_at
  before update on public.organizations_marketplaces_configs
  for each row execute function private.set_updated_at();

create trigger organizations_leads_config_set_updated_at
  before update on public.organizations_leads_config
  for each row execute function private.set_updated_at();

-- ---------------------------------------------------------------------------------------------------
-- 5. Row-level security
-- ---------------------------------------------------------------------------------------------------

alter table public.marketplaces enable row level security;
alter table public.marketplaces_organizations enable row level security;
alter table public.marketplaces_urls enable row level security;
alter table public.organizations_marketplaces_configs enable row level security;
alter table public.organizations_leads_config enable row level security;

-- marketplaces: no insert or delete policy (support creates and removes marketplaces as service role).

create policy "Owners, members and claims admins can read marketplaces"
  on public.marketplaces for select to authenticated
  using (
    owner_id = (select auth.uid())
    or id = any ((select private.current_user_marketplace_ids())::uuid[])
    or (select private.is_claims_admin())
  );

create policy "Owners can update their marketplace"
  on public.marketplaces for update to authenticated
  using (owner_id = (select auth.uid()))
  with check (owner_id = (select auth.uid()));

-- marketplaces_organizations

create policy "Members, marketplace owners and claims admins can read marketplace memberships"
  on public.marketplaces_organizations for select to authenticated
  using (
    organization_id = any ((select private.current_user_organization_ids())::uuid[])
    or marketplace_id = any ((select private.current_user_owned_marketplace_ids())::uuid[])
    or (select private.is_claims_admin())
  );

create policy "Organization owners and admins or marketplace owners can add a membership"
  on public.marketplaces_organizations for insert to authenticated
  with check (
    organization_id = any ((select private.current_user_organization_ids(array['owner', 'admin']::public.organization_role[]))::uuid[])
    or marketplace_id = any ((select private.current_user_owned_marketplace_ids())::uuid[])
  );

-- Needed by upsert (PostgREST merge-duplicates runs `on conflict do update`).
create policy "Organization owners and admins or marketplace owners can update a membership"
  on public.marketplaces_organizations for update to authenticated
  using (
    organization_id = any ((select private.current_user_organization_ids(array['owner', 'admin']::public.organization_role[]))::uuid[])
    or marketplace_id = any ((select private.current_user_owned_marketplace_ids())::uuid[])
  )
  with check (
    organization_id = any ((select private.current_user_organization_ids(array['owner', 'admin']::public.organization_role[]))::uuid[])
    or marketplace_id = any ((select private.current_user_owned_marketplace_ids())::uuid[])
  );

create policy "Organization owners and admins or marketplace owners can remove a membership"
  on public.marketplaces_organizations for delete to authenticated
  using (
    organization_id = any ((select private.current_user_organization_ids(array['owner', 'admin']::public.organization_role[]))::uuid[])
    or marketplace_id = any ((select private.current_user_owned_marketplace_ids())::uuid[])
  );

-- marketplaces_urls

create policy "Visitors can read marketplace URLs"
  on public.marketplaces_urls for select to anon
  using (true);

create policy "Users can read marketplace URLs"
  on public.marketplaces_urls for select to authenticated
  using (true);

create policy "Marketplace owners can add URLs"
  on public.marketplaces_urls for insert to authenticated
  with check (marketplace_id = any ((select private.current_user_owned_marketplace_ids())::uuid[]));

create policy "Marketplace owners can update URLs"
  on public.marketplaces_urls for update to authenticated
  using (marketplace_id = any ((select private.current_user_owned_marketplace_ids())::uuid[]))
  with check (marketplace_id = any ((select private.current_user_owned_marketplace_ids())::uuid[]));

create policy "Marketplace owners can remove URLs"
  on public.marketplaces_urls for delete to authenticated
  using (marketplace_id = any ((select private.current_user_owned_marketplace_ids())::uuid[]));

-- organizations_marketplaces_configs: no delete policy (a plan is changed, not removed).

create policy "Members, marketplace owners and claims admins can read marketplace plans"
  on public.organizations_marketplaces_configs for select to authenticated
  using (
    organization_id = any ((select private.current_user_organization_ids())::uuid[])
    or marketplace_id = any ((select private.current_user_owned_marketplace_ids())::uuid[])
    or (select private.is_claims_admin())
  );

create policy "Organization owners and admins can add a marketplace plan"
  on public.organizations_marketplaces_configs for insert to authenticated
  with check (
    organization_id = any ((select private.current_user_organization_ids(array['owner', 'admin']::public.organization_role[]))::uuid[])
  );

create policy "Organization owners and admins can change a marketplace plan"
  on public.organizations_marketplaces_configs for update to authenticated
  using (
    organization_id = any ((select private.current_user_organization_ids(array['owner', 'admin']::public.organization_role[]))::uuid[])
  )
  with check (
    organization_id = any ((select private.current_user_organization_ids(array['owner', 'admin']::public.organization_role[]))::uuid[])
  );

-- organizations_leads_config: no delete policy (turn send_to_email off instead).

create policy "Members and claims admins can read lead settings"
  on public.organizations_leads_config for select to authenticated
  using (
    id = any ((select private.current_user_organization_ids())::uuid[])
    or (select private.is_claims_admin())
  );

create policy "Organization owners and admins can add lead settings"
  on public.organizations_leads_config for insert to authenticated
  with check (
    id = any ((select private.current_user_organization_ids(array['owner', 'admin']::public.organization_role[]))::uuid[])
  );

create policy "Organization owners and admins can change lead settings"
  on public.organizations_leads_config for update to authenticated
  using (
    id = any ((select private.current_user_organization_ids(array['owner', 'admin']::public.organization_role[]))::uuid[])
  )
  with check (
    id = any ((select private.current_user_organization_ids(array['owner', 'admin']::public.organization_role[]))::uuid[])
  );

-- ---------------------------------------------------------------------------------------------------
-- 6. Grants
-- ---------------------------------------------------------------------------------------------------

-- The owner may change name, branding and prices, never owner_id (support hands marketplaces over).
revoke update on public.marketplaces from anon, authenticated;
grant update (name, branding, default_price_tickets, default_price_credits, default_price_ore)
  on public.marketplaces to authenticated;

revoke execute on function
  private.is_email_list(text[]),
  private.is_marketplace_owner(uuid),
  private.is_marketplace_member(uuid),
  private.current_user_organization_ids(public.organization_role[]),
  private.current_user_marketplace_ids(),
  private.current_user_owned_marketplace_ids(),
  private.organizations_leads_config_normalize()
  from public, anon;

-- Policies run as the caller: authenticated needs the helpers they call.
grant execute on function
  private.is_email_list(text[]),
  private.is_marketplace_owner(uuid),
  private.is_marketplace_member(uuid),
  private.current_user_organization_ids(public.organization_role[]),
  private.current_user_marketplace_ids(),
  private.current_user_owned_marketplace_ids()
  to authenticated, service_role;
