-- A selling organization's own registration facts for its receipts' seller block (bokføringsforskriften
-- § 5-1: «MVA» after the organization number when VAT-registered, «Foretaksregisteret» when registered
-- there), instead of guessing them from the order's MVA and the name's AS/ASA (docs/payments.md
-- «Receipts»).
--
-- - Two columns on organizations, edited by owners and admins with the postal address.
-- - Existing organizations keep what the guess gave them: Foretaksregisteret for an AS or ASA,
--   VAT-registered when they have sold anything with MVA.
-- - issue_checkout_order_receipt takes its seller from private.order_receipt_seller (the columns);
--   issued receipts are snapshots and do not change.
--
-- Depends on 20261129110000_receipts.sql, 20261129130000_checkout_receipts.sql.

-- ---------------------------------------------------------------------------------------------------
-- The columns
-- ---------------------------------------------------------------------------------------------------

alter table public.organizations
  add column vat_registered boolean not null default false,
  add column foretaksregisteret boolean not null default false;

comment on column public.organizations.vat_registered is
  'Registered in Merverdiavgiftsregisteret: its receipts read «Org.nr. … MVA» (bokføringsforskriften § 5-1).';
comment on column public.organizations.foretaksregisteret is
  'Registered in Foretaksregisteret: its receipts say «Foretaksregisteret» (bokføringsforskriften § 5-1).';

grant update (vat_registered, foretaksregisteret) on public.organizations to authenticated;

-- What the guess gave each organization until now.
update public.organizations as g
set foretaksregisteret = g.name ~* '\m(as|asa)$',
  vat_registered = exists (select 1 from public.order_items as i where i.organization_id = g.id and i.vat_rate > 0);

-- ---------------------------------------------------------------------------------------------------
-- The seller of an order's receipt
-- ---------------------------------------------------------------------------------------------------

create or replace function private.order_receipt_seller(input_organization_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  seller jsonb;
begin
  select jsonb_build_object('organizationId', g.id, 'name', g.name, 'organizationNumber', g.organization_number,
      'streetAddress', g.street_address, 'postalCode', g.postal_code, 'city', g.city,
      'vatRegistered', g.vat_registered, 'foretaksregisteret', g.foretaksregisteret)
  into seller
  from public.organizations as g
  where g.id = input_organization_id and g.organization_number is not null and g.street_address is not null
    and g.postal_code is not null and g.city is not null;
  if seller is null then
    raise exception using errcode = 'P0001', message = 'receipt-seller-incomplete';
  end if;
  return seller;
end;
$$;

comment on function private.order_receipt_seller(uuid) is
  'The seller block of an organization''s receipts as it is now (name, organization number, postal address, vat_registered, foretaksregisteret). P0001 receipt-seller-incomplete without organization number or postal address.';
revoke execute on function private.order_receipt_seller(uuid) from public, anon, authenticated;

create or replace function public.issue_checkout_order_receipt(input_order_id uuid, input_buyer_token text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  paid public.orders;
  issued public.receipts;
  computed jsonb;
begin
  select o.* into paid from public.orders as o where o.id = input_order_id;
  if not found then
    raise exception using errcode = 'P0001', message = 'checkout-order-not-found';
  elsif paid.paid_at is null then
    raise exception using errcode = 'P0001', message = 'checkout-order-not-paid';
  end if;
  select r.* into issued from public.receipts as r where r.source_kind = 'order' and r.source_id = paid.id;
  if found then
    return jsonb_build_object('created', false, 'receipt', to_jsonb(issued));
  end if;

  computed := private.order_receipt_lines(paid.id, (select d.code from public.coupons as d where d.id = paid.coupon_id));
  return private.issue_document('receipt', 'order', paid.id,
    -- The seller as it is now (the receipt keeps the snapshot).
    private.order_receipt_seller(paid.organization_id),
    (select jsonb_build_object('name', coalesce(paid.buyer ->> 'company', paid.buyer ->> 'name', p.name, p.email, 'Kjøper'),
        'organizationNumber', paid.buyer ->> 'organization_number', 'email', p.email)
     from (select 1) as one left join public.participants as p on p.id = paid.participant_id),
    computed -> 'lines', computed -> 'vat_totals', paid.card_brand, paid.card_last4, paid.paid_at,
    case when char_length(input_buyer_token) >= 32
      then encode(sha256(convert_to(input_buyer_token, 'UTF8')), 'hex') end);
end;
$$;

comment on function public.issue_checkout_order_receipt(uuid, text) is
  'Service role: the numbered receipt of a paid checkout order, issued once ({ created, receipt }) in the seller organization''s series, the seller block from its registration facts (private.order_receipt_seller); input_buyer_token (at least 32 characters; only its hash is kept) opens it from the buyer''s link. P0001 checkout-order-not-found / checkout-order-not-paid / receipt-seller-incomplete (no organization number or postal address).';
