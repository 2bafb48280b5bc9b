-- Card payments (docs/payments.md «Database»).
--
-- 1. marketplaces_credit_packs: the credit packs a marketplace offers (twin of the ticket packs).
-- 2. card_payments: every card payment (packs and on-demand leads) from its first attempt; balances
--    change only when settle_card_payment marks it succeeded — once (guarded update).
-- 3. The service-role functions the payment edge functions call.
-- 4. Stripe webhook event ids (duplicates are ignored).
--
-- The local payment provider's store (what Stripe would keep, for offline stacks and tests) is not
-- here: it is development infrastructure, created by the embedded platform's bootstrap
-- (supabase/local/db/bootstrap/30-local-payments.sql), so hosted Supabase never gets it.
--
-- Depends on: private.has_organization_role, private.is_claims_admin, private.is_marketplace_owner,
-- private.set_updated_at, private.change_balance, marketplaces_ticket_packs, marketplaces_organizations,
-- leads_purchases (state, paid_with, amount_ore).

-- ---------------------------------------------------------------------------------------------------
-- 1. Credit packs
-- ---------------------------------------------------------------------------------------------------

create table public.marketplaces_credit_packs (
  id uuid primary key default gen_random_uuid(),
  marketplace_id uuid not null references public.marketplaces (id) on delete cascade,
  credits integer not null constraint marketplaces_credit_packs_credits_positive check (credits > 0),
  price_ore integer not null constraint marketplaces_credit_packs_price_not_negative check (price_ore >= 0),
  active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  constraint marketplaces_credit_packs_marketplace_credits_key unique (marketplace_id, credits)
);

comment on table public.marketplaces_credit_packs is
  'Credit packs a marketplace offers (credits, price in øre). Anyone reads them; the marketplace owner and claims admins manage them.';

alter table public.marketplaces_credit_packs enable row level security;

create policy "Anyone can read credit packs"
  on public.marketplaces_credit_packs for select to anon, authenticated
  using (true);

create policy "Marketplace owners and claims admins can add credit packs"
  on public.marketplaces_credit_packs for insert to authenticated
  with check (private.is_marketplace_owner(marketplace_id) or (select private.is_claims_admin()));

create policy "Marketplace owners and claims admins can change credit packs"
  on public.marketplaces_credit_packs for update to authenticated
  using (private.is_marketplace_owner(marketplace_id) or (select private.is_claims_admin()))
  with check (private.is_marketplace_owner(marketplace_id) or (select private.is_claims_admin()));

create policy "Marketplace owners and claims admins can remove credit packs"
  on public.marketplaces_credit_packs for delete to authenticated
  using (private.is_marketplace_owner(marketplace_id) or (select private.is_claims_admin()));

revoke insert, update, delete, truncate on public.marketplaces_credit_packs from anon;

-- ---------------------------------------------------------------------------------------------------
-- 2. Card payments
-- ---------------------------------------------------------------------------------------------------

create table public.card_payments (
  id uuid primary key default gen_random_uuid(),
  -- No cascade: payment records are bookkeeping (like the ledger).
  organization_id uuid not null references public.organizations (id) on delete no action,
  purpose text not null constraint card_payments_purpose_valid
    check (purpose in ('tickets_pack', 'credits_pack', 'lead')),
  marketplace_id uuid null references public.marketplaces (id) on delete set null,
  -- The pack bought (ticket or credit pack id). No foreign key: packs change; the snapshot below counts.
  pack_id uuid null,
  lead_purchase_id uuid null references public.leads_purchases (id) on delete set null,
  tickets integer not null default 0 constraint card_payments_tickets_not_negative check (tickets >= 0),
  credits integer not null default 0 constraint card_payments_credits_not_negative check (credits >= 0),
  amount_ore integer not null constraint card_payments_amount_positive check (amount_ore > 0),
  currency text not null default 'nok' constraint card_payments_currency_nok check (currency = 'nok'),
  description text not null constraint card_payments_description_length
    check (char_length(description) between 1 and 200),
  provider text not null constraint card_payments_provider_valid check (provider in ('stripe', 'local')),
  provider_payment_id text null constraint card_payments_provider_payment_id_key unique,
  status text not null default 'pending' constraint card_payments_status_valid
    check (status in ('pending', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled', 'refunded')),
  failure_code text null constraint card_payments_failure_code_length check (char_length(failure_code) <= 100),
  card_brand text null constraint card_payments_card_brand_length check (char_length(card_brand) <= 40),
  card_last4 text null constraint card_payments_card_last4_digits check (card_last4 ~ '^[0-9]{4}$'),
  idempotency_key text not null constraint card_payments_idempotency_key_key unique
    constraint card_payments_idempotency_key_length check (char_length(idempotency_key) between 1 and 255),
  refunded_ore integer not null default 0 constraint card_payments_refunded_range
    check (refunded_ore >= 0 and refunded_ore <= amount_ore),
  -- The acting user (no foreign key: payment records outlive accounts).
  created_by uuid null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  settled_at timestamptz null,
  constraint card_payments_pack_shape check (
    (purpose = 'tickets_pack' and tickets > 0 and credits = 0 and pack_id is not null)
    or (purpose = 'credits_pack' and credits > 0 and tickets = 0 and pack_id is not null)
    or (purpose = 'lead' and tickets = 0 and credits = 0)
  )
);

comment on table public.card_payments is
  'Every card payment of an organization (pack purchases and on-demand leads) from its first attempt. Members read; written only by the payment functions (service role). Balances change only when settle_card_payment marks a pack succeeded.';

create index card_payments_organization_id_created_at_idx
  on public.card_payments (organization_id, created_at desc);
create index card_payments_lead_purchase_id_idx on public.card_payments (lead_purchase_id);
create index card_payments_marketplace_id_idx on public.card_payments (marketplace_id);

create trigger card_payments_set_updated_at
before update on public.card_payments
for each row execute function private.set_updated_at();

alter table public.card_payments enable row level security;

revoke insert, update, delete, truncate on public.card_payments from anon, authenticated;

create policy "Members and claims admins can read their organization's card payments"
on public.card_payments
for select
to authenticated
using (private.has_organization_role(organization_id) or (select private.is_claims_admin()));

-- ---------------------------------------------------------------------------------------------------
-- 3. Functions
-- ---------------------------------------------------------------------------------------------------

-- security definer: the caller's role in another organization's member list is not readable row by
-- row for every member; this reveals only the caller's own right.
create or replace function public.can_manage_organization_payments(input_organization_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    private.has_organization_role(input_organization_id, '{owner,admin}') or private.is_claims_admin(),
    false
  );
$$;

comment on function public.can_manage_organization_payments(uuid) is
  'True when the caller may save or remove the organization''s card and buy packs: its owner or an admin (or a claims admin).';
revoke execute on function public.can_manage_organization_payments(uuid) from public, anon;
grant execute on function public.can_manage_organization_payments(uuid) to authenticated, service_role;

-- Charges the pack's price incl. mva (20261124130000_plans_and_prices.sql, which defines
-- private.with_vat; PL/pgSQL resolves it when called).
create or replace function public.start_card_payment(
  input_organization_id uuid,
  input_kind text,
  input_pack_id uuid,
  input_idempotency_key text,
  input_provider text,
  input_created_by uuid default null
)
returns public.card_payments
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  payment public.card_payments;
  pack_marketplace_id uuid;
  pack_amount integer;
  pack_price integer;
  marketplace_name text;
begin
  if input_organization_id is null or input_kind is null or input_pack_id is null
     or input_idempotency_key is null or input_provider is null then
    raise exception using errcode = '22004', message = 'card-payment-incomplete';
  end if;
  if input_kind not in ('tickets', 'credits') then
    raise exception using errcode = '22023', message = 'invalid-pack-kind';
  end if;

  -- A repeated key: the same attempt (replay) returns its row; another purchase must not reuse it.
  select p.* into payment from public.card_payments p where p.idempotency_key = input_idempotency_key;
  if found then
    if payment.organization_id <> input_organization_id or payment.pack_id is distinct from input_pack_id then
      raise exception using errcode = '22023', message = 'idempotency-key-reused';
    end if;
    return payment;
  end if;

  if input_kind = 'tickets' then
    select t.marketplace_id, t.tickets, t.price_ore, m.name
      into pack_marketplace_id, pack_amount, pack_price, marketplace_name
    from public.marketplaces_ticket_packs t
    join public.marketplaces m on m.id = t.marketplace_id
    join public.marketplaces_organizations mo
      on mo.marketplace_id = t.marketplace_id and mo.organization_id = input_organization_id
    where t.id = input_pack_id and t.active;
  else
    select c.marketplace_id, c.credits, c.price_ore, m.name
      into pack_marketplace_id, pack_amount, pack_price, marketplace_name
    from public.marketplaces_credit_packs c
    join public.marketplaces m on m.id = c.marketplace_id
    join public.marketplaces_organizations mo
      on mo.marketplace_id = c.marketplace_id and mo.organization_id = input_organization_id
    where c.id = input_pack_id and c.active;
  end if;
  -- A free pack is not a card payment.
  if pack_marketplace_id is null or pack_price <= 0 then
    raise exception using errcode = 'P0001', message = 'pack-not-found';
  end if;

  insert into public.card_payments (
    organization_id, purpose, marketplace_id, pack_id, tickets, credits, amount_ore, description,
    provider, idempotency_key, created_by
  )
  values (
    input_organization_id,
    input_kind || '_pack',
    pack_marketplace_id,
    input_pack_id,
    case when input_kind = 'tickets' then pack_amount else 0 end,
    case when input_kind = 'credits' then pack_amount else 0 end,
    private.with_vat(pack_price),
    left(pack_amount || case when input_kind = 'tickets' then ' klipp' else ' kreditter' end
      || ' – ' || marketplace_name, 200),
    input_provider,
    input_idempotency_key,
    input_created_by
  )
  -- Concurrent replays of the same key: one row wins, the others read it.
  on conflict on constraint card_payments_idempotency_key_key do nothing
  returning * into payment;

  if not found then
    select p.* into payment from public.card_payments p where p.idempotency_key = input_idempotency_key;
    if payment.organization_id <> input_organization_id or payment.pack_id is distinct from input_pack_id then
      raise exception using errcode = '22023', message = 'idempotency-key-reused';
    end if;
  end if;
  return payment;
end;
$$;

comment on function public.start_card_payment(uuid, text, uuid, text, text, uuid) is
  'Service role: the card_payments row of a pack purchase attempt (pending), or the existing row for a replayed idempotency key. P0001 pack-not-found when the pack is inactive, free or on a marketplace the organization does not belong to.';
revoke execute on function public.start_card_payment(uuid, text, uuid, text, text, uuid) from public, anon, authenticated;
grant execute on function public.start_card_payment(uuid, text, uuid, text, text, uuid) to service_role;

-- Charges the purchase's price incl. mva (20261124170000_lead_card_payment_vat.sql).
create or replace function public.start_lead_card_payment(input_purchase_id uuid, input_provider text)
returns public.card_payments
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  payment public.card_payments;
  purchase public.leads_purchases;
  listing_marketplace_id uuid;
  lead_title text;
begin
  if input_purchase_id is null or input_provider is null then
    raise exception using errcode = '22004', message = 'card-payment-incomplete';
  end if;

  select p.* into purchase
  from public.leads_purchases p
  where p.id = input_purchase_id and p.paid_with = 'card' and p.state in ('reserved', 'completed')
    and p.amount_ore > 0;
  if not found then
    raise exception using errcode = 'P0001', message = 'lead-purchase-not-found';
  end if;

  select a.marketplace_id, a.title into listing_marketplace_id, lead_title
  from public.advertised_leads a where a.id = purchase.advertised_lead_id;

  insert into public.card_payments (
    organization_id, purpose, marketplace_id, lead_purchase_id, amount_ore, description, provider,
    idempotency_key, created_by
  )
  values (
    purchase.organization_id, 'lead', listing_marketplace_id, purchase.id,
    private.with_vat(purchase.amount_ore),
    left('Lead: ' || coalesce(nullif(lead_title, ''), 'kjøpt lead'), 200), input_provider,
    'buy-lead:' || purchase.id, purchase.created_by
  )
  on conflict on constraint card_payments_idempotency_key_key do nothing
  returning * into payment;

  if not found then
    select p.* into payment from public.card_payments p where p.idempotency_key = 'buy-lead:' || purchase.id;
  end if;
  return payment;
end;
$$;

comment on function public.start_lead_card_payment(uuid, text) is
  'Service role: the card_payments row (key buy-lead:<purchase id>) of an on-demand card purchase, inserted once. P0001 lead-purchase-not-found.';
revoke execute on function public.start_lead_card_payment(uuid, text) from public, anon, authenticated;
grant execute on function public.start_lead_card_payment(uuid, text) to service_role;

create or replace function public.update_card_payment(
  input_payment_id uuid,
  input_status text default null,
  input_provider_payment_id text default null,
  input_failure_code text default null,
  input_card_brand text default null,
  input_card_last4 text default null
)
returns public.card_payments
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  payment public.card_payments;
begin
  if input_payment_id is null then
    raise exception using errcode = '22004', message = 'card-payment-incomplete';
  end if;
  if input_status = 'succeeded' or input_status = 'refunded' then
    -- Success goes through settle_card_payment (the balance change); refunds through refund_card_payment.
    raise exception using errcode = '22023', message = 'use-settle-or-refund';
  end if;

  update public.card_payments p
  set status = coalesce(input_status, p.status),
      provider_payment_id = coalesce(p.provider_payment_id, input_provider_payment_id),
      failure_code = case
        when input_status = 'failed' then coalesce(input_failure_code, p.failure_code)
        when input_status is not null then null
        else coalesce(input_failure_code, p.failure_code)
      end,
      card_brand = coalesce(input_card_brand, p.card_brand),
      card_last4 = coalesce(input_card_last4, p.card_last4)
  where p.id = input_payment_id
    and p.status not in ('succeeded', 'refunded')
  returning p.* into payment;

  if not found then
    select p.* into payment from public.card_payments p where p.id = input_payment_id;
    if not found then
      raise exception using errcode = 'P0001', message = 'card-payment-not-found';
    end if;
  end if;
  return payment;
end;
$$;

comment on function public.update_card_payment(uuid, text, text, text, text, text) is
  'Service role: records what the provider said (status, payment id, failure code, card). Never moves a row out of succeeded or refunded; keeps the first provider payment id; nulls keep old values.';
revoke execute on function public.update_card_payment(uuid, text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.update_card_payment(uuid, text, text, text, text, text) to service_role;

create or replace function public.settle_card_payment(input_payment_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  payment public.card_payments;
  balance public.organizations_payments;
  was_settled boolean := false;
begin
  if input_payment_id is null then
    raise exception using errcode = '22004', message = 'card-payment-incomplete';
  end if;

  -- Guarded update: of concurrent settlers (the app's confirm, Stripe's webhook) exactly one gets the row.
  update public.card_payments p
  set status = 'succeeded', settled_at = now(), failure_code = null
  where p.id = input_payment_id
    and p.settled_at is null
    and p.status <> 'refunded'
  returning p.* into payment;

  if found then
    was_settled := true;
    if payment.purpose in ('tickets_pack', 'credits_pack') then
      balance := private.change_balance(
        payment.organization_id,
        payment.tickets,
        payment.credits,
        case when payment.purpose = 'tickets_pack' then 'tickets_purchase' else 'credits_purchase' end,
        payment.amount_ore,
        'card_payment ' || payment.id
      );
    end if;
  else
    select p.* into payment from public.card_payments p where p.id = input_payment_id;
    if not found then
      raise exception using errcode = 'P0001', message = 'card-payment-not-found';
    end if;
  end if;

  if balance.id is null then
    select b.* into balance from public.organizations_payments b where b.id = payment.organization_id;
  end if;

  return jsonb_build_object(
    'settled', was_settled,
    'payment', to_jsonb(payment),
    'balance', jsonb_build_object('tickets', balance.tickets, 'credits', balance.credits)
  );
end;
$$;

comment on function public.settle_card_payment(uuid) is
  'Service role: marks a card payment succeeded once; for packs adds the tickets/credits with the ledger row (kind tickets_purchase/credits_purchase, reference card_payment <id>). Later calls return settled=false and change nothing.';
revoke execute on function public.settle_card_payment(uuid) from public, anon, authenticated;
grant execute on function public.settle_card_payment(uuid) to service_role;

create or replace function public.refund_card_payment(input_payment_id uuid, input_refunded_ore integer)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  payment public.card_payments;
  previous_refunded integer;
  newly_refunded integer;
  current_balance public.organizations_payments;
  take_tickets integer := 0;
  take_credits integer := 0;
begin
  if input_payment_id is null or input_refunded_ore is null then
    raise exception using errcode = '22004', message = 'card-payment-incomplete';
  end if;

  -- Lock the payment; the total refunded only grows (Stripe reports the running total).
  select p.* into payment from public.card_payments p where p.id = input_payment_id for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'card-payment-not-found';
  end if;
  if payment.settled_at is null then
    raise exception using errcode = 'P0001', message = 'card-payment-not-settled';
  end if;

  previous_refunded := payment.refunded_ore;
  newly_refunded := least(input_refunded_ore, payment.amount_ore) - previous_refunded;
  if newly_refunded <= 0 then
    return jsonb_build_object('refunded', false, 'payment', to_jsonb(payment));
  end if;

  update public.card_payments p
  set refunded_ore = previous_refunded + newly_refunded, status = 'refunded'
  where p.id = input_payment_id
  returning p.* into payment;

  -- Take back the pack proportionally, but never more than is left (the rest was already used).
  select b.* into current_balance from public.organizations_payments b where b.id = payment.organization_id for update;
  take_tickets := least(current_balance.tickets, (payment.tickets::bigint * newly_refunded / payment.amount_ore)::integer);
  take_credits := least(current_balance.credits, (payment.credits::bigint * newly_refunded / payment.amount_ore)::integer);

  perform private.change_balance(
    payment.organization_id, -take_tickets, -take_credits, 'refund', -newly_refunded,
    'card_payment ' || payment.id
  );

  return jsonb_build_object('refunded', true, 'payment', to_jsonb(payment));
end;
$$;

comment on function public.refund_card_payment(uuid, integer) is
  'Service role: records a refund (the running total refunded, as Stripe reports it) once per amount: ledger row kind refund with the negative amount, taking back the pack proportionally but never below zero.';
revoke execute on function public.refund_card_payment(uuid, integer) from public, anon, authenticated;
grant execute on function public.refund_card_payment(uuid, integer) to service_role;

-- ---------------------------------------------------------------------------------------------------
-- 4. Stripe webhook events
-- ---------------------------------------------------------------------------------------------------

create table private.stripe_events (
  id text primary key constraint stripe_events_id_length check (char_length(id) between 1 and 255),
  type text not null,
  received_at timestamptz not null default now()
);

comment on table private.stripe_events is 'Stripe webhook event ids already processed (duplicates are ignored).';

create or replace function public.record_stripe_event(input_event_id text, input_type text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if input_event_id is null or input_type is null then
    raise exception using errcode = '22004', message = 'stripe-event-incomplete';
  end if;
  insert into private.stripe_events (id, type) values (input_event_id, input_type)
  on conflict (id) do nothing;
  return found;
end;
$$;

comment on function public.record_stripe_event(text, text) is
  'Service role: true the first time a Stripe event id is seen, false for a duplicate.';
revoke execute on function public.record_stripe_event(text, text) from public, anon, authenticated;
grant execute on function public.record_stripe_event(text, text) to service_role;

create or replace function public.forget_stripe_event(input_event_id text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from private.stripe_events where id = input_event_id;
$$;

comment on function public.forget_stripe_event(text) is
  'Service role: processing an event failed; forget its id so Stripe''s retry is processed.';
revoke execute on function public.forget_stripe_event(text) from public, anon, authenticated;
grant execute on function public.forget_stripe_event(text) to service_role;
