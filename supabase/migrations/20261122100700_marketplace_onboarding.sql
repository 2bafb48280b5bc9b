-- Marketplace onboarding (docs/auth-onboarding.md "Plans and payment", docs/data-model.md
-- "Marketplace onboarding").
--
-- 1. marketplaces_ticket_packs: the ticket packs a marketplace offers (shown on the public join page).
-- 2. organizations_payments_config: the saved card (written only by the payment functions, docs/payments.md).
-- 3. public.marketplace_intro: the public face of a marketplace, by id or by host.
-- 4. public.marketplace_payment_status: membership, plan and whether a card is needed, in one call
--    (the guard chain's marketplace fact).
--
-- Depends on 20261122100000…100400: private.is_claims_admin, private.has_organization_role,
-- private.is_marketplace_owner, private.set_updated_at, marketplaces, marketplaces_urls,
-- marketplaces_organizations, organizations_marketplaces_configs, organizations_payments(_config).

-- ---------------------------------------------------------------------------------------------------
-- 1. Ticket packs
-- ---------------------------------------------------------------------------------------------------

create table public.marketplaces_ticket_packs (
  id uuid primary key default gen_random_uuid(),
  marketplace_id uuid not null references public.marketplaces (id) on delete cascade,
  tickets integer not null constraint marketplaces_ticket_packs_tickets_positive check (tickets > 0),
  price_ore integer not null constraint marketplaces_ticket_packs_price_not_negative check (price_ore >= 0),
  active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  constraint marketplaces_ticket_packs_marketplace_tickets_key unique (marketplace_id, tickets)
);

comment on table public.marketplaces_ticket_packs is
  'Ticket packs a marketplace offers (tickets, price in øre). Anyone reads them (the public join page shows them); the marketplace owner and claims admins manage them.';

-- The unique constraint's index (marketplace_id, tickets) covers the foreign key.

alter table public.marketplaces_ticket_packs enable row level security;

create policy "Anyone can read ticket packs"
  on public.marketplaces_ticket_packs for select to anon, authenticated
  using (true);

create policy "Marketplace owners and claims admins can add ticket packs"
  on public.marketplaces_ticket_packs for insert to authenticated
  with check (private.is_marketplace_owner(marketplace_id) or (select private.is_claims_admin()));

create policy "Marketplace owners and claims admins can change ticket packs"
  on public.marketplaces_ticket_packs for update to authenticated
  using (private.is_marketplace_owner(marketplace_id) or (select private.is_claims_admin()))
  with check (private.is_marketplace_owner(marketplace_id) or (select private.is_claims_admin()));

create policy "Marketplace owners and claims admins can remove ticket packs"
  on public.marketplaces_ticket_packs for delete to authenticated
  using (private.is_marketplace_owner(marketplace_id) or (select private.is_claims_admin()));

revoke insert, update, delete, truncate on public.marketplaces_ticket_packs from anon;

-- ---------------------------------------------------------------------------------------------------
-- 2. The saved card
-- ---------------------------------------------------------------------------------------------------

-- The existing column grants stay as they are: authenticated may update receipt_emails only, so these
-- columns are written by the payment functions (service role) alone. Members read them (brand and last
-- four digits are what the payment pages show; the id itself is useless without the secret key).
alter table public.organizations_payments_config
  add column payment_method_id text null,
  add column card_brand text null,
  add column card_last4 text null
    constraint organizations_payments_config_card_last4_digits check (card_last4 ~ '^[0-9]{4}$'),
  add column card_exp_month integer null
    constraint organizations_payments_config_card_exp_month_range check (card_exp_month between 1 and 12),
  add column card_exp_year integer null
    constraint organizations_payments_config_card_exp_year_range check (card_exp_year between 2000 and 9999);

comment on column public.organizations_payments_config.payment_method_id is
  'The saved card (payment method id). Not null = the organization can pay by card. Written only by the payment functions.';

-- ---------------------------------------------------------------------------------------------------
-- 3. The public face of a marketplace
-- ---------------------------------------------------------------------------------------------------

-- security definer: visitors (anon) cannot read marketplaces; this returns only what the join page
-- shows — never owner_id, members or plans. By id, or by host name (marketplaces_urls.url, compared
-- lower-cased and trimmed); null when neither finds one.
create or replace function public.marketplace_intro(
  input_marketplace_id uuid default null,
  input_host text default null
)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with found as (
    select m.id, m.name, m.branding, m.default_price_tickets, m.default_price_credits, m.default_price_ore
    from public.marketplaces as m
    where (input_marketplace_id is not null and m.id = input_marketplace_id)
       or (
         input_marketplace_id is null
         and input_host is not null
         and m.id = (
           select u.marketplace_id
           from public.marketplaces_urls as u
           where u.url = lower(btrim(input_host))
         )
       )
    limit 1
  )
  select jsonb_build_object(
    'id', f.id,
    'name', f.name,
    'branding', f.branding,
    'default_price_tickets', f.default_price_tickets,
    'default_price_credits', f.default_price_credits,
    'default_price_ore', f.default_price_ore,
    'packs', coalesce((
      select jsonb_agg(
        jsonb_build_object('id', p.id, 'tickets', p.tickets, 'price_ore', p.price_ore)
        order by p.sort_order, p.tickets
      )
      from public.marketplaces_ticket_packs as p
      where p.marketplace_id = f.id and p.active
    ), '[]'::jsonb)
  )
  from found as f
$$;

comment on function public.marketplace_intro(uuid, text) is
  'The public face of a marketplace by id or host: id, name, branding, default prices and active ticket packs (ordered). Null when not found. Never owner or member data.';
revoke execute on function public.marketplace_intro(uuid, text) from public;
grant execute on function public.marketplace_intro(uuid, text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------
-- 4. Marketplace payment status (guard rule 9)
-- ---------------------------------------------------------------------------------------------------

-- security definer: one round trip for the guard over four tables; answers only members of the
-- organization (42501 otherwise), and only with facts those members can read row by row anyway.
--   is_member            the organization belongs to the marketplace
--   plan                 its plan there (null: none chosen yet → the plans page)
--   needs_payment_setup  on_demand without a saved card, or tickets with neither tickets left nor a
--                        saved card (→ /payments/setup); false without a plan
create or replace function public.marketplace_payment_status(
  input_organization_id uuid,
  input_marketplace_id uuid
)
returns table (is_member boolean, plan public.marketplace_plan, needs_payment_setup boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  chosen public.marketplace_plan;
  has_card boolean;
  tickets_left integer;
begin
  if input_organization_id is null or input_marketplace_id is null then
    raise exception using errcode = '22004', message = 'marketplace-status-incomplete';
  end if;
  if not private.has_organization_role(input_organization_id) then
    raise exception using errcode = '42501', message = 'not-organization-member';
  end if;

  select c.plan into chosen
  from public.organizations_marketplaces_configs as c
  where c.organization_id = input_organization_id and c.marketplace_id = input_marketplace_id;

  select c.payment_method_id is not null into has_card
  from public.organizations_payments_config as c
  where c.id = input_organization_id;

  select p.tickets into tickets_left
  from public.organizations_payments as p
  where p.id = input_organization_id;

  is_member := exists (
    select 1
    from public.marketplaces_organizations as mo
    where mo.organization_id = input_organization_id and mo.marketplace_id = input_marketplace_id
  );
  plan := chosen;
  needs_payment_setup := case chosen
    when 'on_demand' then not coalesce(has_card, false)
    when 'tickets' then not (coalesce(tickets_left, 0) > 0 or coalesce(has_card, false))
    else false
  end;
  return next;
end;
$$;

comment on function public.marketplace_payment_status(uuid, uuid) is
  'For members of the organization: whether it belongs to the marketplace, its plan there, and whether that plan needs a saved card first (on_demand without card; tickets with neither tickets nor card).';
revoke execute on function public.marketplace_payment_status(uuid, uuid) from public, anon;
grant execute on function public.marketplace_payment_status(uuid, uuid) to authenticated, service_role;
