-- Receipts: one sales document for every card payment (docs/payments.md «Receipts»).
--
-- bokføringsforskriften § 5-1: a sales document names the seller (legal name, organization number
-- with «MVA» when VAT-registered, address, «Foretaksregisteret» where it applies), carries a number
-- in one unbroken series per seller and a date, says what was sold, the amount with MVA per rate,
-- and the buyer. A receipt is issued once per source (a card payment today; checkout orders and
-- upsells later through the same function) and never changed afterwards: the seller and the buyer
-- are snapshots, since either may move or change name.
--
-- The seller of a pack or a lead bought on demand is the platform operator (the money goes to its
-- Stripe account); its identity is configuration of the edge functions, passed in as `input_seller`.
--
-- Organizations get a postal address, for when they sell (checkouts).
--
-- Depends on 20261122100100_organizations.sql, 20261122101300_card_payments.sql.

-- ---------------------------------------------------------------------------------------------------
-- Organizations' postal address
-- ---------------------------------------------------------------------------------------------------

alter table public.organizations
  add column street_address text null
    constraint organizations_street_address_length check (char_length(btrim(street_address)) between 2 and 120),
  add column postal_code text null
    constraint organizations_postal_code_valid check (postal_code ~ '^[0-9]{4}$'),
  add column city text null
    constraint organizations_city_length check (char_length(btrim(city)) between 2 and 80);

comment on column public.organizations.street_address is 'Postal address: street and number (the seller block of its receipts).';
comment on column public.organizations.postal_code is 'Postal address: Norwegian postal code, four digits.';
comment on column public.organizations.city is 'Postal address: the post office (poststed).';

grant update (street_address, postal_code, city) on public.organizations to authenticated;

-- ---------------------------------------------------------------------------------------------------
-- Receipts
-- ---------------------------------------------------------------------------------------------------

create table public.receipts (
  id uuid primary key default gen_random_uuid(),
  -- Unbroken per seller: taken from private.receipt_counters under a row lock, so a rolled-back issue
  -- leaves no gap (a sequence would).
  number bigint not null check (number > 0),
  issued_at timestamptz not null default now(),
  source_kind text not null check (source_kind in ('card_payment', 'order')),
  source_id uuid not null,
  -- The seller as it was at issue time. seller_organization_id is null for the platform operator.
  seller_organization_id uuid null references public.organizations (id) on delete set null,
  seller_name text not null check (char_length(btrim(seller_name)) between 2 and 200),
  seller_organization_number text not null check (seller_organization_number ~ '^[0-9]{9}$'),
  seller_street_address text not null check (btrim(seller_street_address) <> ''),
  seller_postal_code text not null check (seller_postal_code ~ '^[0-9]{4}$'),
  seller_city text not null check (btrim(seller_city) <> ''),
  seller_vat_registered boolean not null,
  seller_foretaksregisteret boolean not null,
  -- The buyer: an organization (name, number) or a person (name only), and where the receipt went.
  buyer_organization_id uuid null references public.organizations (id) on delete set null,
  buyer_name text not null check (btrim(buyer_name) <> ''),
  buyer_organization_number text null,
  buyer_email text null,
  -- [{description, quantity, unit_price_ore (eks. mva), vat_rate (25|15|12|0), line_total_ore (eks. mva)}]
  lines jsonb not null check (jsonb_typeof(lines) = 'array' and jsonb_array_length(lines) > 0),
  -- [{rate, net_ore, vat_ore}], one per rate used, highest rate first.
  vat_totals jsonb not null check (jsonb_typeof(vat_totals) = 'array'),
  net_ore bigint not null check (net_ore >= 0),
  vat_ore bigint not null check (vat_ore >= 0),
  total_ore bigint not null check (total_ore = net_ore + vat_ore),
  currency text not null default 'nok',
  card_brand text null,
  card_last4 text null check (card_last4 ~ '^[0-9]{4}$'),
  -- A buyer without an account (a checkout's) reads its receipt with a signed token; only its sha256
  -- (hex) is stored.
  buyer_token_hash text null unique check (buyer_token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  constraint receipts_source_key unique (source_kind, source_id),
  constraint receipts_seller_number_key unique (seller_organization_number, number)
);

comment on table public.receipts is
  'Sales documents (bokføringsforskriften § 5-1), one per settled source; written only by private.issue_receipt, never changed.';

create index receipts_buyer_organization_id_idx on public.receipts (buyer_organization_id);
create index receipts_seller_organization_id_idx on public.receipts (seller_organization_id);

alter table public.receipts enable row level security;

create policy "Buyers, sellers and claims admins can read receipts"
on public.receipts
for select
to authenticated
using (
  (buyer_organization_id is not null and private.has_organization_role(buyer_organization_id))
  or (seller_organization_id is not null and private.has_organization_role(seller_organization_id))
  or (select private.is_claims_admin())
);

revoke insert, update, delete, truncate on public.receipts from anon, authenticated;

-- The last number used per seller (its organization number).
create table private.receipt_counters (
  seller_organization_number text primary key,
  last_number bigint not null default 0
);

-- ---------------------------------------------------------------------------------------------------
-- Issuing
-- ---------------------------------------------------------------------------------------------------

create or replace function private.issue_receipt(
  input_source_kind text,
  input_source_id uuid,
  input_seller jsonb,
  input_buyer jsonb,
  input_lines jsonb,
  input_card_brand text,
  input_card_last4 text,
  input_issued_at timestamptz,
  input_buyer_token_hash text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  receipt public.receipts;
  seller_number text := input_seller ->> 'organizationNumber';
  next_number bigint;
  priced jsonb;
  totals jsonb;
  net bigint;
  vat bigint;
begin
  select r.* into receipt from public.receipts r
  where r.source_kind = input_source_kind and r.source_id = input_source_id;
  if found then
    return jsonb_build_object('created', false, 'receipt', to_jsonb(receipt));
  end if;

  if seller_number is null or seller_number !~ '^[0-9]{9}$' then
    raise exception using errcode = '22023', message = 'receipt-seller-invalid';
  end if;
  if exists (
    select 1 from jsonb_array_elements(input_lines) l
    where (l ->> 'vat_rate')::int not in (25, 15, 12, 0)
      or (l ->> 'quantity')::int <= 0 or (l ->> 'unit_price_ore')::bigint < 0
      or coalesce(btrim(l ->> 'description'), '') = ''
  ) then
    raise exception using errcode = '22023', message = 'receipt-lines-invalid';
  end if;

  -- The seller's counter row, locked until commit: concurrent issues of the same seller queue here.
  insert into private.receipt_counters (seller_organization_number) values (seller_number)
  on conflict do nothing;
  select c.last_number + 1 into next_number
  from private.receipt_counters c where c.seller_organization_number = seller_number
  for update;

  -- A concurrent issue of the same source may have committed while this one waited for the lock.
  select r.* into receipt from public.receipts r
  where r.source_kind = input_source_kind and r.source_id = input_source_id;
  if found then
    return jsonb_build_object('created', false, 'receipt', to_jsonb(receipt));
  end if;

  select jsonb_agg(
           jsonb_build_object(
             'description', l ->> 'description',
             'quantity', (l ->> 'quantity')::int,
             'unit_price_ore', (l ->> 'unit_price_ore')::bigint,
             'vat_rate', (l ->> 'vat_rate')::int,
             'line_total_ore', (l ->> 'quantity')::int * (l ->> 'unit_price_ore')::bigint
           ) order by ordinality)
  into priced
  from jsonb_array_elements(input_lines) with ordinality as e(l, ordinality);

  -- MVA per rate on the rate's net total, whole øre with halves up.
  select jsonb_agg(jsonb_build_object('rate', rate, 'net_ore', rate_net,
                                      'vat_ore', round(rate_net * rate / 100.0)::bigint) order by rate desc),
         sum(rate_net), sum(round(rate_net * rate / 100.0)::bigint)
  into totals, net, vat
  from (
    select (p ->> 'vat_rate')::int as rate, sum((p ->> 'line_total_ore')::bigint) as rate_net
    from jsonb_array_elements(priced) p group by 1
  ) per_rate;

  update private.receipt_counters set last_number = next_number
  where seller_organization_number = seller_number;

  insert into public.receipts (
    number, issued_at, source_kind, source_id,
    seller_organization_id, seller_name, seller_organization_number, seller_street_address,
    seller_postal_code, seller_city, seller_vat_registered, seller_foretaksregisteret,
    buyer_organization_id, buyer_name, buyer_organization_number, buyer_email,
    lines, vat_totals, net_ore, vat_ore, total_ore, card_brand, card_last4, buyer_token_hash
  )
  values (
    next_number, coalesce(input_issued_at, now()), input_source_kind, input_source_id,
    nullif(input_seller ->> 'organizationId', '')::uuid, input_seller ->> 'name', seller_number,
    input_seller ->> 'streetAddress', input_seller ->> 'postalCode', input_seller ->> 'city',
    coalesce((input_seller ->> 'vatRegistered')::boolean, true),
    coalesce((input_seller ->> 'foretaksregisteret')::boolean, false),
    nullif(input_buyer ->> 'organizationId', '')::uuid, input_buyer ->> 'name',
    nullif(input_buyer ->> 'organizationNumber', ''), nullif(input_buyer ->> 'email', ''),
    priced, totals, net, vat, net + vat, input_card_brand,
    case when input_card_last4 ~ '^[0-9]{4}$' then input_card_last4 end, input_buyer_token_hash
  )
  returning * into receipt;

  return jsonb_build_object('created', true, 'receipt', to_jsonb(receipt));
end;
$$;

comment on function private.issue_receipt(text, uuid, jsonb, jsonb, jsonb, text, text, timestamptz, text) is
  'Issues the receipt of a source once: { created, receipt }. The next number of the seller''s unbroken series (counter row locked), MVA per rate from the lines (eks. mva). A repeated call returns the existing receipt with created = false.';
revoke execute on function private.issue_receipt(text, uuid, jsonb, jsonb, jsonb, text, text, timestamptz, text)
  from public, anon, authenticated;
grant execute on function private.issue_receipt(text, uuid, jsonb, jsonb, jsonb, text, text, timestamptz, text)
  to service_role;

-- The receipt of a settled card payment (packs, leads bought on demand). The amount paid is incl.
-- 25 % MVA (private.with_vat), so the line's price eks. mva is the amount split back.
create or replace function public.issue_card_payment_receipt(input_payment_id uuid, input_seller jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  payment public.card_payments;
  buyer jsonb;
begin
  select p.* into payment from public.card_payments p where p.id = input_payment_id;
  if not found then
    raise exception using errcode = 'P0001', message = 'card-payment-not-found';
  end if;
  if payment.settled_at is null then
    raise exception using errcode = 'P0001', message = 'card-payment-not-settled';
  end if;

  select jsonb_build_object('organizationId', o.id, 'name', o.name,
                            'organizationNumber', o.organization_number, 'email', u.email)
  into buyer
  from public.organizations o
  left join auth.users u on u.id = payment.created_by
  where o.id = payment.organization_id;

  return private.issue_receipt(
    'card_payment', payment.id, input_seller,
    coalesce(buyer, jsonb_build_object('name', 'Ukjent kjøper')),
    jsonb_build_array(jsonb_build_object(
      'description', payment.description, 'quantity', 1,
      'unit_price_ore', round(payment.amount_ore / 1.25)::bigint, 'vat_rate', 25)),
    payment.card_brand, payment.card_last4, payment.settled_at
  );
end;
$$;

comment on function public.issue_card_payment_receipt(uuid, jsonb) is
  'Service role: the receipt of a settled card payment, issued once ({ created, receipt }); input_seller is the platform operator (edge functions'' configuration). P0001 card-payment-not-found / card-payment-not-settled.';
revoke execute on function public.issue_card_payment_receipt(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.issue_card_payment_receipt(uuid, jsonb) to service_role;

-- A buyer without an account reads its receipt with the token it was given (only the hash is stored).
create or replace function public.receipt_by_token(input_token text)
returns setof public.receipts
language sql
stable
security definer
set search_path = ''
as $$
  select r.* from public.receipts r
  where char_length(input_token) >= 32
    and r.buyer_token_hash = encode(sha256(convert_to(input_token, 'UTF8')), 'hex');
$$;

comment on function public.receipt_by_token(text) is
  'The receipt whose buyer token (at least 32 characters) hashes to its buyer_token_hash; nothing otherwise.';
revoke execute on function public.receipt_by_token(text) from public;
grant execute on function public.receipt_by_token(text) to anon, authenticated, service_role;
