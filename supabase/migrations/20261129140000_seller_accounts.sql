-- Sellers' own payment accounts (docs/checkouts.md «Where the money goes», docs/payments.md «Stripe
-- Connect»): a checkout's payment is a direct charge on the organization's connected Stripe account
-- (`acct_…`), so the seller is the merchant of record. One account per organization, connected from
-- /payments by the payments-connect function; its state (charges_enabled, payouts_enabled,
-- details_submitted) is what Stripe last said, written by that function and by stripe-webhook's
-- account.updated. Members read it; only the service role writes.

create table public.seller_accounts (
  organization_id uuid primary key references public.organizations (id) on delete cascade,
  provider text not null check (provider in ('stripe', 'local')),
  account_id text not null unique check (account_id ~ '^acct_[A-Za-z0-9_]{1,250}$'),
  charges_enabled boolean not null default false,
  payouts_enabled boolean not null default false,
  details_submitted boolean not null default false,
  country text null check (country ~ '^[A-Z]{2}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.seller_accounts is
  'The organization''s connected payment account (Stripe Connect, or the local provider''s test account): checkouts charge it directly. Members read; the service role writes (connect_seller_account, record_seller_account_state).';

alter table public.seller_accounts enable row level security;
revoke all on public.seller_accounts from public, anon, authenticated;
grant select on public.seller_accounts to authenticated;
grant all on public.seller_accounts to service_role;

create policy "Members can read their organization's seller account"
on public.seller_accounts
for select
to authenticated
using (private.has_organization_role(organization_id));

-- The account of an organization never changes once connected: its orders were charged on it, and
-- their confirmations and refunds must reach the same account.
create or replace function private.seller_accounts_keep_account()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.account_id <> old.account_id or new.provider <> old.provider
    or new.organization_id <> old.organization_id then
    raise exception using errcode = '23514', message = 'seller-account-immutable';
  end if;
  new.updated_at := now();
  return new;
end;
$$;

revoke execute on function private.seller_accounts_keep_account() from public, anon, authenticated;

create trigger seller_accounts_keep_account
before update on public.seller_accounts
for each row execute function private.seller_accounts_keep_account();

-- The account payments-connect created at the provider: inserted once; a second call (a double
-- click, two admins at once) answers the row that is there, whichever account it names.
create or replace function public.connect_seller_account(
  input_organization_id uuid,
  input_provider text,
  input_account_id text,
  input_country text default null
)
returns public.seller_accounts
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  found public.seller_accounts;
begin
  insert into public.seller_accounts (organization_id, provider, account_id, country)
  values (input_organization_id, input_provider, input_account_id, input_country)
  on conflict (organization_id) do nothing;
  select s.* into found from public.seller_accounts as s where s.organization_id = input_organization_id;
  return found;
end;
$$;

comment on function public.connect_seller_account(uuid, text, text, text) is
  'Service role: stores the organization''s connected account once; a second call returns the stored row.';
revoke execute on function public.connect_seller_account(uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.connect_seller_account(uuid, text, text, text) to service_role;

-- What the provider says about an account now (payments-connect's refresh, account.updated). Null for
-- an account that is none of ours.
create or replace function public.record_seller_account_state(
  input_account_id text,
  input_charges_enabled boolean,
  input_payouts_enabled boolean,
  input_details_submitted boolean,
  input_country text default null
)
returns public.seller_accounts
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  found public.seller_accounts;
begin
  update public.seller_accounts as s
  set charges_enabled = input_charges_enabled,
    payouts_enabled = input_payouts_enabled,
    details_submitted = input_details_submitted,
    country = coalesce(input_country, s.country)
  where s.account_id = input_account_id
  returning s.* into found;
  return found;
end;
$$;

comment on function public.record_seller_account_state(text, boolean, boolean, boolean, text) is
  'Service role: records the connected account''s state as the provider reports it; null for an unknown account.';
revoke execute on function public.record_seller_account_state(text, boolean, boolean, boolean, text)
  from public, anon, authenticated;
grant execute on function public.record_seller_account_state(text, boolean, boolean, boolean, text)
  to service_role;
