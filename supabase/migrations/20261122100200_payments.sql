-- Balances, their append-only ledger and payment settings (docs/data-model.md "Payments").
--
-- Balances never go negative and change only through private.change_balance, which writes the ledger row
-- in the same transaction. Clients (anon, authenticated) can read their organization's balance, ledger
-- and settings, and add receipt e-mails through organizations_payments_email_insert; nothing else.

-- ============================================================================================
-- Table organizations_payments
-- ============================================================================================

create table public.organizations_payments (
  id uuid primary key references public.organizations (id) on delete cascade,
  tickets integer not null default 0 constraint organizations_payments_tickets_not_negative check (tickets >= 0),
  credits integer not null default 0 constraint organizations_payments_credits_not_negative check (credits >= 0),
  updated_at timestamptz not null default now()
);

comment on table public.organizations_payments is
  'An organization''s balance of tickets and credits (id = organization id). Read by members; written only by private.change_balance.';

create trigger organizations_payments_set_updated_at
before update on public.organizations_payments
for each row execute function private.set_updated_at();

alter table public.organizations_payments enable row level security;

revoke insert, update, delete, truncate on public.organizations_payments from anon, authenticated, service_role;

create policy "Members and claims admins can read their organization's balance"
on public.organizations_payments
for select
to authenticated
using (private.has_organization_role(id) or (select private.is_claims_admin()));

-- No insert, update or delete policy: rows come from the organization trigger, changes from change_balance.

-- ============================================================================================
-- Table organizations_payments_ledger
-- ============================================================================================

create table public.organizations_payments_ledger (
  id bigint generated always as identity primary key,
  -- No cascade: an organization with payment history cannot be deleted (bookkeeping records). `no action`
  -- rather than `restrict` so the error is 23503 on PostgreSQL 15 and on PGlite's newer Postgres alike.
  organization_id uuid not null references public.organizations (id) on delete no action,
  kind text not null check (kind in ('tickets_purchase', 'credits_purchase', 'lead_purchase', 'refund', 'adjustment')),
  tickets_delta integer not null default 0,
  credits_delta integer not null default 0,
  amount_ore integer not null default 0,
  reference text null check (char_length(reference) <= 500),
  -- The acting user when there is one (null for webhooks and the service role). No foreign key: the
  -- ledger outlives accounts and is never updated.
  created_by uuid null,
  created_at timestamptz not null default now(),
  constraint organizations_payments_ledger_not_empty
    check (tickets_delta <> 0 or credits_delta <> 0 or amount_ore <> 0)
);

comment on table public.organizations_payments_ledger is
  'Append-only record of every balance change and payment (øre), written with the change in one transaction.';

create index organizations_payments_ledger_organization_id_idx
  on public.organizations_payments_ledger (organization_id, created_at desc);

alter table public.organizations_payments_ledger enable row level security;

revoke insert, update, delete, truncate on public.organizations_payments_ledger from anon, authenticated, service_role;

create policy "Members and claims admins can read their organization's ledger"
on public.organizations_payments_ledger
for select
to authenticated
using (private.has_organization_role(organization_id) or (select private.is_claims_admin()));

-- No insert, update or delete policy. The trigger below also stops the table owner.
create or replace function private.reject_ledger_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using
    errcode = '42501',
    message = 'ledger-is-append-only',
    detail = format('%s on organizations_payments_ledger is not allowed.', tg_op);
end;
$$;

comment on function private.reject_ledger_change() is
  'Trigger: rejects update, delete and truncate of organizations_payments_ledger.';
revoke execute on function private.reject_ledger_change() from public, anon, authenticated;

create trigger organizations_payments_ledger_append_only
before update or delete on public.organizations_payments_ledger
for each row execute function private.reject_ledger_change();

create trigger organizations_payments_ledger_no_truncate
before truncate on public.organizations_payments_ledger
for each statement execute function private.reject_ledger_change();

-- ============================================================================================
-- Table organizations_payments_config
-- ============================================================================================

create table public.organizations_payments_config (
  id uuid primary key references public.organizations (id) on delete cascade,
  stripe_customer_id text null unique,
  receipt_emails text[] not null default '{}'
    constraint organizations_payments_config_receipt_emails_valid
    check (cardinality(receipt_emails) <= 10 and private.are_valid_emails(receipt_emails)),
  updated_at timestamptz not null default now()
);

comment on table public.organizations_payments_config is
  'Payment settings of an organization (id = organization id): card customer and receipt addresses. Members read; owners and admins change receipt_emails; stripe_customer_id only by functions.';

create trigger organizations_payments_config_set_updated_at
before update on public.organizations_payments_config
for each row execute function private.set_updated_at();

alter table public.organizations_payments_config enable row level security;

revoke insert, update, delete, truncate on public.organizations_payments_config from anon, authenticated;
grant update (receipt_emails) on public.organizations_payments_config to authenticated;

create policy "Members and claims admins can read their organization's payment settings"
on public.organizations_payments_config
for select
to authenticated
using (private.has_organization_role(id) or (select private.is_claims_admin()));

create policy "Owners and admins can change their organization's receipt e-mails"
on public.organizations_payments_config
for update
to authenticated
using (private.has_organization_role(id, '{owner,admin}'))
with check (private.has_organization_role(id, '{owner,admin}'));

-- ============================================================================================
-- Zero balance and settings for a new organization
-- ============================================================================================

-- security definer: clients may not insert balance or settings rows; the organization's creation is the
-- one place they are made.
create or replace function private.add_organization_payments_rows()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.organizations_payments (id) values (new.id);
  insert into public.organizations_payments_config (id) values (new.id);
  return null;
end;
$$;

comment on function private.add_organization_payments_rows() is
  'Trigger: after an organization is created, adds its zero balance and empty payment settings.';
revoke execute on function private.add_organization_payments_rows() from public, anon, authenticated;

create trigger organizations_add_payments_rows
after insert on public.organizations
for each row execute function private.add_organization_payments_rows();

-- ============================================================================================
-- Receipt e-mails (an RPC)
-- ============================================================================================

-- security invoker: the caller's own update privilege and policy apply; the checks only give clear errors.
-- PTxyz errcodes make PostgREST answer HTTP xyz: 404 for an unknown organization, 409 for a full list
-- (20261124100100_not_found_is_404.sql).
create or replace function public.organizations_payments_email_insert(input_organization_id uuid, input_email text)
returns text[]
language plpgsql
volatile
set search_path = ''
as $$
declare
  email text := lower(btrim(input_email));
  emails text[];
begin
  if input_organization_id is null then
    raise exception using errcode = '22004', message = 'organization-id-required';
  end if;
  if input_email is null or not coalesce(private.is_valid_email(email), false) then
    raise exception using errcode = '22023', message = 'invalid-email';
  end if;
  if not private.has_organization_role(input_organization_id, '{owner,admin}') then
    raise exception using errcode = '42501', message = 'not-organization-admin';
  end if;

  select c.receipt_emails into emails
  from public.organizations_payments_config as c
  where c.id = input_organization_id
  for update;

  if not found then
    raise exception using errcode = 'PT404', message = 'organization-not-found';
  end if;
  if email = any (emails) then
    raise exception using errcode = '23505', message = 'receipt-email-exists';
  end if;
  if cardinality(emails) >= 10 then
    raise exception using errcode = 'PT409', message = 'too-many-receipt-emails';
  end if;

  update public.organizations_payments_config as c
  set receipt_emails = array_append(c.receipt_emails, email)
  where c.id = input_organization_id
  returning c.receipt_emails into emails;

  return emails;
end;
$$;

comment on function public.organizations_payments_email_insert(uuid, text) is
  'RPC: adds a receipt e-mail (validated, lower-cased, no duplicates, at most 10) for owners and admins; returns the list.';
revoke execute on function public.organizations_payments_email_insert(uuid, text) from public, anon, authenticated;
grant execute on function public.organizations_payments_email_insert(uuid, text) to authenticated, service_role;

-- ============================================================================================
-- The one writer of balances
-- ============================================================================================

-- security definer: nobody (not even service_role) has write privileges on balances or the ledger; this
-- guarded function is the only way to change them. Not executable by anon or authenticated: public RPCs
-- (buy-lead, purchases) call it after their own checks.
-- Sets updated_at itself so the updated_at trigger does not fire on this hot row
-- (20261122101600_buy_lead_speed.sql); an unknown organization raises PT404 (HTTP 404 through PostgREST).
create or replace function private.change_balance(
  organization_id uuid,
  tickets_delta integer,
  credits_delta integer,
  kind text,
  amount_ore integer default 0,
  reference text default null
)
returns public.organizations_payments
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  balance public.organizations_payments;
begin
  if organization_id is null or tickets_delta is null or credits_delta is null or amount_ore is null then
    raise exception using errcode = '22004', message = 'balance-change-incomplete';
  end if;

  -- Guarded update: no read-then-write; concurrent changes serialise on the row and re-check the guard.
  update public.organizations_payments as p
  set tickets = p.tickets + tickets_delta,
      credits = p.credits + credits_delta,
      updated_at = now()
  where p.id = organization_id
    and p.tickets + tickets_delta >= 0
    and p.credits + credits_delta >= 0
  returning p.* into balance;

  if not found then
    select p.* into balance from public.organizations_payments as p where p.id = organization_id;
    if not found then
      raise exception using errcode = 'PT404', message = 'organization-not-found';
    elsif balance.tickets + tickets_delta < 0 then
      raise exception using errcode = 'P0001', message = 'insufficient-tickets';
    else
      raise exception using errcode = 'P0001', message = 'insufficient-credits';
    end if;
  end if;

  insert into public.organizations_payments_ledger
    (organization_id, kind, tickets_delta, credits_delta, amount_ore, reference, created_by)
  values
    (organization_id, kind, tickets_delta, credits_delta, amount_ore, reference, (select auth.uid()));

  return balance;
end;
$$;

comment on function private.change_balance(uuid, integer, integer, text, integer, text) is
  'The only writer of balances: applies the deltas unless a balance would go negative (P0001 insufficient-tickets / insufficient-credits) and appends the ledger row.';
revoke execute on function private.change_balance(uuid, integer, integer, text, integer, text)
  from public, anon, authenticated;
grant execute on function private.change_balance(uuid, integer, integer, text, integer, text) to service_role;
