-- Checkout orders get the numbered receipts of the receipts module, refunds their credit notes, and
-- unpaid orders past their time a job to expire them (docs/checkouts.md «Paying», «Orders and
-- refunds»; docs/payments.md «Receipts»).
--
-- - One series per seller: private.issue_document takes the seller's next number (counter row locked)
--   for every document, card payments' receipts (private.issue_receipt, re-created to use it),
--   orders' receipts and credit notes alike.
-- - An order's prices are incl. MVA, so its MVA per rate is taken out of what was paid at each rate
--   (round(total × rate / (100 + rate))) and the receipt's total is exactly what the buyer paid; a
--   coupon shows as a «Rabatt» line per rate.
-- - A refund (order_refunds, from checkout-orders or Stripe's charge.refunded) issues a credit note
--   (kreditnota, bokføringsforskriften § 5-2-6) that names the receipt it credits, in the same
--   transaction.
-- - The buyer's receipt link may carry the receipt's own token (a receipt e-mailed by Stripe's
--   webhook or the expiry job, which never saw the order's secret): checkout_order_by_token accepts
--   it, and receipt_by_token answers an order's receipt and credit notes for either token.
--
-- Depends on 20261129110000_receipts.sql, 20261129100000_checkout_orders.sql,
-- 20261129090000_checkout_refunds.sql.

-- ---------------------------------------------------------------------------------------------------
-- Credit notes beside receipts
-- ---------------------------------------------------------------------------------------------------

alter table public.receipts
  add column kind text not null default 'receipt' check (kind in ('receipt', 'credit_note')),
  add column credited_receipt_id uuid null references public.receipts (id) on delete restrict,
  add constraint receipts_credit_note_names_receipt check ((kind = 'credit_note') = (credited_receipt_id is not null));

alter table public.receipts drop constraint receipts_source_kind_check;
alter table public.receipts add constraint receipts_source_kind_check
  check (source_kind in ('card_payment', 'order', 'order_refund'));

comment on column public.receipts.kind is 'receipt, or credit_note (kreditnota: the amounts are what is credited, positive).';
comment on column public.receipts.credited_receipt_id is 'A credit note: the receipt it credits.';

create index receipts_credited_receipt_id_idx on public.receipts (credited_receipt_id);

-- ---------------------------------------------------------------------------------------------------
-- Issuing: one numbering for every document
-- ---------------------------------------------------------------------------------------------------

create or replace function private.issue_document(
  input_kind text,
  input_source_kind text,
  input_source_id uuid,
  input_seller jsonb,
  input_buyer jsonb,
  input_lines jsonb,
  input_vat_totals jsonb,
  input_card_brand text,
  input_card_last4 text,
  input_issued_at timestamptz,
  input_buyer_token_hash text default null,
  input_credited_receipt_id uuid default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  document public.receipts;
  seller_number text := input_seller ->> 'organizationNumber';
  next_number bigint;
begin
  select r.* into document from public.receipts as r
  where r.source_kind = input_source_kind and r.source_id = input_source_id;
  if found then
    return jsonb_build_object('created', false, 'receipt', to_jsonb(document));
  end if;
  if seller_number is null or seller_number !~ '^[0-9]{9}$' then
    raise exception using errcode = '22023', message = 'receipt-seller-invalid';
  end if;

  -- The seller's counter row, locked until commit: concurrent issues of one seller queue here and a
  -- rolled-back issue leaves no gap.
  insert into private.receipt_counters (seller_organization_number) values (seller_number)
  on conflict do nothing;
  select c.last_number + 1 into next_number
  from private.receipt_counters as c where c.seller_organization_number = seller_number
  for update;

  -- A concurrent issue of the same source may have committed while this one waited.
  select r.* into document from public.receipts as r
  where r.source_kind = input_source_kind and r.source_id = input_source_id;
  if found then
    return jsonb_build_object('created', false, 'receipt', to_jsonb(document));
  end if;

  update private.receipt_counters set last_number = next_number
  where seller_organization_number = seller_number;

  insert into public.receipts (
    kind, credited_receipt_id, number, issued_at, source_kind, source_id,
    seller_organization_id, seller_name, seller_organization_number, seller_street_address,
    seller_postal_code, seller_city, seller_vat_registered, seller_foretaksregisteret,
    buyer_organization_id, buyer_name, buyer_organization_number, buyer_email,
    lines, vat_totals, net_ore, vat_ore, total_ore, card_brand, card_last4, buyer_token_hash
  )
  select input_kind, input_credited_receipt_id, next_number, coalesce(input_issued_at, now()),
    input_source_kind, input_source_id,
    nullif(input_seller ->> 'organizationId', '')::uuid, input_seller ->> 'name', seller_number,
    input_seller ->> 'streetAddress', input_seller ->> 'postalCode', input_seller ->> 'city',
    coalesce((input_seller ->> 'vatRegistered')::boolean, true),
    coalesce((input_seller ->> 'foretaksregisteret')::boolean, false),
    nullif(input_buyer ->> 'organizationId', '')::uuid, input_buyer ->> 'name',
    nullif(input_buyer ->> 'organizationNumber', ''), nullif(input_buyer ->> 'email', ''),
    input_lines, input_vat_totals, totals.net, totals.vat, totals.net + totals.vat, input_card_brand,
    case when input_card_last4 ~ '^[0-9]{4}$' then input_card_last4 end, input_buyer_token_hash
  from (
    select coalesce(sum((t ->> 'net_ore')::bigint), 0) as net, coalesce(sum((t ->> 'vat_ore')::bigint), 0) as vat
    from jsonb_array_elements(input_vat_totals) as t
  ) as totals
  returning * into document;

  return jsonb_build_object('created', true, 'receipt', to_jsonb(document));
end;
$$;

comment on function private.issue_document(text, text, uuid, jsonb, jsonb, jsonb, jsonb, text, text, timestamptz, text, uuid) is
  'Issues a receipt or credit note of a source once ({ created, receipt }) with the next number of the seller''s one unbroken series (counter row locked); the lines and MVA per rate as given, the totals summed from them. A repeated call returns the existing document with created = false.';
revoke execute on function private.issue_document(text, text, uuid, jsonb, jsonb, jsonb, jsonb, text, text, timestamptz, text, uuid)
  from public, anon, authenticated;

-- Lines priced eks. mva (card payments): MVA per rate on each rate's net total, halves up.
create or replace function private.receipt_vat_totals(priced jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('rate', rate, 'net_ore', rate_net,
    'vat_ore', round(rate_net * rate / 100.0)::bigint) order by rate desc), '[]'::jsonb)
  from (
    select (p ->> 'vat_rate')::int as rate, sum((p ->> 'line_total_ore')::bigint) as rate_net
    from jsonb_array_elements(priced) as p group by 1
  ) as per_rate;
$$;

comment on function private.receipt_vat_totals(jsonb) is 'MVA per rate of lines priced eks. mva: [{rate, net_ore, vat_ore}], highest rate first.';
revoke execute on function private.receipt_vat_totals(jsonb) from public, anon, authenticated;

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
  priced jsonb;
begin
  if exists (
    select 1 from jsonb_array_elements(input_lines) as l
    where (l ->> 'vat_rate')::int not in (25, 15, 12, 0)
      or (l ->> 'quantity')::int <= 0 or (l ->> 'unit_price_ore')::bigint < 0
      or coalesce(btrim(l ->> 'description'), '') = ''
  ) then
    raise exception using errcode = '22023', message = 'receipt-lines-invalid';
  end if;
  select jsonb_agg(jsonb_build_object('description', l ->> 'description', 'quantity', (l ->> 'quantity')::int,
      'unit_price_ore', (l ->> 'unit_price_ore')::bigint, 'vat_rate', (l ->> 'vat_rate')::int,
      'line_total_ore', (l ->> 'quantity')::int * (l ->> 'unit_price_ore')::bigint) order by ordinality)
  into priced
  from jsonb_array_elements(input_lines) with ordinality as e(l, ordinality);
  return private.issue_document('receipt', input_source_kind, input_source_id, input_seller, input_buyer,
    priced, private.receipt_vat_totals(priced), input_card_brand, input_card_last4, input_issued_at,
    input_buyer_token_hash);
end;
$$;

-- ---------------------------------------------------------------------------------------------------
-- An order's receipt
-- ---------------------------------------------------------------------------------------------------

-- What the buyer paid at each rate, incl. MVA, as receipt lines eks. mva: the rate's MVA is taken out
-- of its total after the discount, so net + MVA is exactly what was paid; each line's net is its
-- share (the last line of a rate takes the rounding), a discount is one «Rabatt» line per rate.
create or replace function private.order_receipt_lines(input_order_id uuid, coupon_code text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with items as (
    select i.description, i.quantity, i.unit_price_ore, i.vat_rate, i.discount_ore,
      i.quantity::bigint * i.unit_price_ore as gross,
      round(i.quantity::bigint * i.unit_price_ore * 100.0 / (100 + i.vat_rate))::bigint as share,
      row_number() over (partition by i.vat_rate order by i.is_bump, i.id) as n,
      count(*) over (partition by i.vat_rate) as of_rate,
      row_number() over (order by i.is_bump, i.id) as position
    from public.order_items as i where i.order_id = input_order_id
  ),
  rates as (
    select r.*, r.gross - round(r.gross * r.rate / (100.0 + r.rate))::bigint as gross_net,
      round((r.gross - r.discount) * r.rate / (100.0 + r.rate))::bigint as vat
    from (select vat_rate as rate, sum(gross) as gross, sum(discount_ore) as discount from items group by vat_rate) as r
  ),
  lines as (
    select i.position, jsonb_build_object('description', i.description, 'quantity', i.quantity,
      'unit_price_ore', round(i.unit_price_ore * 100.0 / (100 + i.vat_rate))::bigint, 'vat_rate', i.vat_rate,
      'line_total_ore', case when i.n = i.of_rate
        then r.gross_net - coalesce(sum(i.share) over (partition by i.vat_rate order by i.n
          rows between unbounded preceding and 1 preceding), 0)
        else i.share end) as line
    from items as i join rates as r on r.rate = i.vat_rate
    union all
    select 1000 - r.rate, jsonb_build_object('description', 'Rabatt' || coalesce(' (' || coupon_code || ')', ''),
      'quantity', 1, 'unit_price_ore', r.gross - r.discount - r.vat - r.gross_net, 'vat_rate', r.rate,
      'line_total_ore', r.gross - r.discount - r.vat - r.gross_net)
    from rates as r where r.discount > 0
  )
  select jsonb_build_object(
    'lines', (select coalesce(jsonb_agg(l.line order by l.position), '[]'::jsonb) from lines as l),
    'vat_totals', (select coalesce(jsonb_agg(jsonb_build_object('rate', r.rate, 'net_ore', r.gross - r.discount - r.vat,
      'vat_ore', r.vat) order by r.rate desc), '[]'::jsonb) from rates as r)
  );
$$;

comment on function private.order_receipt_lines(uuid, text) is
  'An order''s receipt lines eks. mva and MVA per rate taken out of what was paid at each rate incl. MVA (a coupon as a Rabatt line per rate): {lines, vat_totals}.';
revoke execute on function private.order_receipt_lines(uuid, text) from public, anon, authenticated;

create or replace function public.issue_checkout_order_receipt(input_order_id uuid, input_buyer_token text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  found public.orders;
  existing public.receipts;
  seller jsonb;
  buyer jsonb;
  computed jsonb;
begin
  select o.* into found from public.orders as o where o.id = input_order_id;
  if found.id is null then
    raise exception using errcode = 'P0001', message = 'checkout-order-not-found';
  end if;
  if found.paid_at is null then
    raise exception using errcode = 'P0001', message = 'checkout-order-not-paid';
  end if;
  select r.* into existing from public.receipts as r where r.source_kind = 'order' and r.source_id = found.id;
  if existing.id is not null then
    return jsonb_build_object('created', false, 'receipt', to_jsonb(existing));
  end if;

  -- The seller is the organization as it is now (the receipt keeps the snapshot).
  select jsonb_build_object('organizationId', g.id, 'name', g.name, 'organizationNumber', g.organization_number,
      'streetAddress', g.street_address, 'postalCode', g.postal_code, 'city', g.city,
      'vatRegistered', exists (select 1 from public.order_items as i where i.order_id = found.id and i.vat_rate > 0),
      'foretaksregisteret', g.name ~* '\m(as|asa)$')
  into seller
  from public.organizations as g where g.id = found.organization_id;
  if seller ->> 'organizationNumber' is null or seller ->> 'streetAddress' is null or seller ->> 'postalCode' is null
    or seller ->> 'city' is null then
    raise exception using errcode = 'P0001', message = 'receipt-seller-incomplete';
  end if;

  select jsonb_build_object(
      'name', coalesce(found.buyer ->> 'company', found.buyer ->> 'name', p.name, p.email, 'Kjøper'),
      'organizationNumber', found.buyer ->> 'organization_number', 'email', p.email)
  into buyer
  from (select 1) as one
  left join public.participants as p on p.id = found.participant_id;

  computed := private.order_receipt_lines(found.id, (select d.code from public.coupons as d where d.id = found.coupon_id));
  return private.issue_document('receipt', 'order', found.id, seller, buyer, computed -> 'lines',
    computed -> 'vat_totals', found.card_brand, found.card_last4, found.paid_at,
    case when char_length(input_buyer_token) >= 32
      then encode(sha256(convert_to(input_buyer_token, 'UTF8')), 'hex') end);
end;
$$;

comment on function public.issue_checkout_order_receipt(uuid, text) is
  'Service role: the numbered receipt of a paid checkout order, issued once ({ created, receipt }) in the seller organization''s series; input_buyer_token (at least 32 characters; only its hash is kept) opens it from the buyer''s link. P0001 checkout-order-not-found / checkout-order-not-paid / receipt-seller-incomplete (no organization number or postal address).';
revoke execute on function public.issue_checkout_order_receipt(uuid, text) from public, anon, authenticated;
grant execute on function public.issue_checkout_order_receipt(uuid, text) to service_role;

-- ---------------------------------------------------------------------------------------------------
-- A refund's credit note
-- ---------------------------------------------------------------------------------------------------

-- The refund is spread over the receipt's rates in proportion to what was paid at each (the last rate
-- takes the rounding); the MVA of each part is taken out of it as on the receipt.
create or replace function private.issue_order_credit_note(input_refund_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  refund public.order_refunds;
  receipt public.receipts;
  parts jsonb;
begin
  select r.* into refund from public.order_refunds as r where r.id = input_refund_id;
  select r.* into receipt from public.receipts as r where r.source_kind = 'order' and r.source_id = refund.order_id;
  if receipt.id is null then
    perform public.issue_checkout_order_receipt(refund.order_id);
    select r.* into receipt from public.receipts as r where r.source_kind = 'order' and r.source_id = refund.order_id;
  end if;

  with rates as (
    select (t ->> 'rate')::int as rate, (t ->> 'net_ore')::bigint + (t ->> 'vat_ore')::bigint as paid,
      row_number() over (order by (t ->> 'rate')::int desc) as n, count(*) over () as rate_count
    from jsonb_array_elements(receipt.vat_totals) as t
  ),
  shares as (
    select r.rate, r.n, r.rate_count,
      case when receipt.total_ore > 0 then round(refund.amount_ore::numeric * r.paid / receipt.total_ore)::bigint else 0 end as share
    from rates as r
  ),
  split as (
    select s.rate, case when s.n = s.rate_count
        then refund.amount_ore - coalesce(sum(s.share) over (order by s.n rows between unbounded preceding and 1 preceding), 0)
        else s.share end as amount
    from shares as s
  )
  select jsonb_agg(jsonb_build_object('rate', p.rate, 'amount', p.amount,
      'vat', round(p.amount * p.rate / (100.0 + p.rate))::bigint) order by p.rate desc)
  into parts
  from split as p where p.amount > 0;

  return private.issue_document('credit_note', 'order_refund', refund.id,
    jsonb_build_object('organizationId', receipt.seller_organization_id, 'name', receipt.seller_name,
      'organizationNumber', receipt.seller_organization_number, 'streetAddress', receipt.seller_street_address,
      'postalCode', receipt.seller_postal_code, 'city', receipt.seller_city,
      'vatRegistered', receipt.seller_vat_registered, 'foretaksregisteret', receipt.seller_foretaksregisteret),
    jsonb_build_object('organizationId', receipt.buyer_organization_id, 'name', receipt.buyer_name,
      'organizationNumber', receipt.buyer_organization_number, 'email', receipt.buyer_email),
    (select jsonb_agg(jsonb_build_object('description', 'Kreditert fra kvittering nr. ' || receipt.number,
        'quantity', 1, 'unit_price_ore', (p ->> 'amount')::bigint - (p ->> 'vat')::bigint, 'vat_rate', (p ->> 'rate')::int,
        'line_total_ore', (p ->> 'amount')::bigint - (p ->> 'vat')::bigint))
     from jsonb_array_elements(parts) as p),
    (select jsonb_agg(jsonb_build_object('rate', (p ->> 'rate')::int,
        'net_ore', (p ->> 'amount')::bigint - (p ->> 'vat')::bigint, 'vat_ore', (p ->> 'vat')::bigint))
     from jsonb_array_elements(parts) as p),
    receipt.card_brand, receipt.card_last4, refund.created_at, null, receipt.id);
end;
$$;

comment on function private.issue_order_credit_note(uuid) is
  'The credit note (kreditnota) of an order refund, once: the refunded amount over the receipt''s rates, MVA per rate, naming the receipt it credits (issued first when missing).';
revoke execute on function private.issue_order_credit_note(uuid) from public, anon, authenticated;

-- Every refund recorded gets its credit note in the same transaction. A seller without a postal
-- address has no receipt to credit: the refund is still recorded (the money went back), and a warning
-- is logged.
create or replace function private.order_refund_credit_note()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  begin
    perform private.issue_order_credit_note(new.id);
  exception when others then
    raise warning 'order refund %: no credit note (%)', new.id, sqlerrm;
  end;
  return null;
end;
$$;

comment on function private.order_refund_credit_note() is 'Trigger: a recorded order refund issues its credit note.';
revoke execute on function private.order_refund_credit_note() from public, anon, authenticated;

create trigger order_refunds_credit_note
after insert on public.order_refunds
for each row execute function private.order_refund_credit_note();

-- ---------------------------------------------------------------------------------------------------
-- The buyer's link
-- ---------------------------------------------------------------------------------------------------

create or replace function public.checkout_order_by_token(input_order_id uuid, input_token text)
returns public.orders
language sql
stable
security definer
set search_path = ''
as $$
  select o.* from public.orders as o
  cross join lateral (select encode(sha256(convert_to(coalesce(input_token, ''), 'UTF8')), 'hex') as hash) as t
  where o.id = input_order_id
    and (o.access_token_sha256 = t.hash
      or exists (select 1 from public.receipts as r
                 where r.source_kind = 'order' and r.source_id = o.id and r.buyer_token_hash = t.hash));
$$;

comment on function public.checkout_order_by_token(uuid, text) is
  'Service role: the order when the token is its receipt secret or its receipt''s buyer token (the e-mail''s link); null otherwise.';

create or replace function public.receipt_by_token(input_token text)
returns setof public.receipts
language sql
stable
security definer
set search_path = ''
as $$
  with token as (
    select encode(sha256(convert_to(input_token, 'UTF8')), 'hex') as hash where char_length(input_token) >= 32
  ),
  orders_of as (
    select o.id from public.orders as o join token on o.access_token_sha256 = token.hash
    union
    select r.source_id from public.receipts as r join token on r.buyer_token_hash = token.hash
    where r.source_kind = 'order'
  )
  select r.* from public.receipts as r
  where r.buyer_token_hash = (select hash from token)
    or (r.source_kind = 'order' and r.source_id in (select id from orders_of))
    or r.credited_receipt_id in (select x.id from public.receipts as x
                                 where x.source_kind = 'order' and x.source_id in (select id from orders_of))
  order by r.number;
$$;

comment on function public.receipt_by_token(text) is
  'The documents a buyer''s token (at least 32 characters) opens: the receipt whose buyer_token_hash it is, and for a checkout order (its secret or its receipt''s token) the order''s receipt and credit notes, by number.';

-- ---------------------------------------------------------------------------------------------------
-- Expiry
-- ---------------------------------------------------------------------------------------------------

create or replace function public.checkout_orders_past_expiry(input_now timestamptz default null, input_limit integer default 100)
returns table (order_id uuid, organization_id uuid, provider text, provider_payment_id text, status text)
language sql
stable
security definer
set search_path = ''
as $$
  select o.id, o.organization_id, o.provider, o.provider_payment_id, o.status
  from public.orders as o
  where o.status in ('pending', 'requires_action') and o.expires_at <= coalesce(input_now, private.campaign_now())
  order by o.expires_at
  limit greatest(1, least(coalesce(input_limit, 100), 500));
$$;

comment on function public.checkout_orders_past_expiry(timestamptz, integer) is
  'Service role (checkout-order-expiry job): unpaid orders (pending, requires_action) whose 30 minutes ran out at input_now (default: the campaigns'' clock), oldest first.';
revoke execute on function public.checkout_orders_past_expiry(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.checkout_orders_past_expiry(timestamptz, integer) to service_role;

insert into private.scheduled_jobs (name, schedule, function_name, body, description) values
  ('checkout-order-expiry', '*/5 * * * *', 'campaign-jobs', '{}',
   'Checkouts: unpaid orders past their 30 minutes: the payment canceled at the provider, stock and coupon given back (or settled when it succeeded meanwhile).');
