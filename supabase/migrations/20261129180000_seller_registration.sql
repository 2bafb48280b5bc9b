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

-- ---------------------------------------------------------------------------------------------------
-- A refund's credit note to the buyer, once
-- ---------------------------------------------------------------------------------------------------

-- record_checkout_refund answers the order either way; the functions that e-mail the credit note must
-- know whether THIS call recorded the refund (and so issued its credit note), as with receipts: the
-- order row locked first, concurrent recorders of one refund queue here and only the first is told
-- created. The buyer never gave the functions a token they could reuse (only hashes are kept), so the
-- credit note gets its own, which opens the order's receipt page as the receipt's does.
create or replace function public.record_checkout_refund_credit_note(
  input_order_id uuid,
  input_amount_ore integer,
  input_provider_refund_id text,
  input_reason text default null,
  input_created_by uuid default null,
  input_buyer_token text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  recorded public.orders;
  is_new boolean;
  note public.receipts;
  credited_number bigint;
begin
  perform 1 from public.orders as o where o.id = input_order_id for update;
  is_new := not exists (select 1 from public.order_refunds as r where r.provider_refund_id = input_provider_refund_id);
  recorded := public.record_checkout_refund(input_order_id, input_amount_ore, input_provider_refund_id, input_reason,
    input_created_by);
  select c.* into note from public.receipts as c
  join public.order_refunds as r on c.source_kind = 'order_refund' and c.source_id = r.id
  where r.provider_refund_id = input_provider_refund_id;
  if is_new and note.id is not null and char_length(input_buyer_token) >= 32 then
    update public.receipts set buyer_token_hash = encode(sha256(convert_to(input_buyer_token, 'UTF8')), 'hex')
    where id = note.id returning * into note;
  end if;
  select x.number into credited_number from public.receipts as x where x.id = note.credited_receipt_id;
  return jsonb_build_object('created', is_new and note.id is not null, 'order', to_jsonb(recorded),
    'credit_note', to_jsonb(note), 'credited_receipt_number', credited_number);
end;
$$;

comment on function public.record_checkout_refund_credit_note(uuid, integer, text, text, uuid, text) is
  'Service role: record_checkout_refund, answering { created, order, credit_note, credited_receipt_number }: created only for the call that recorded the refund and so issued its credit note (the one that e-mails it); input_buyer_token (at least 32 characters, only its hash kept) opens the order''s receipt page from the credit note''s e-mail.';
revoke execute on function public.record_checkout_refund_credit_note(uuid, integer, text, text, uuid, text)
  from public, anon, authenticated;
grant execute on function public.record_checkout_refund_credit_note(uuid, integer, text, text, uuid, text) to service_role;

-- The order's documents, for any of its buyer tokens: the order's secret, its receipt's, a credit note's.
create or replace function private.order_of_buyer_token(input_token text)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  with token as (
    select encode(sha256(convert_to(input_token, 'UTF8')), 'hex') as hash where char_length(input_token) >= 32
  )
  select o.id from public.orders as o join token on o.access_token_sha256 = token.hash
  union
  select r.source_id from public.receipts as r join token on r.buyer_token_hash = token.hash
  where r.source_kind = 'order'
  union
  select x.source_id from public.receipts as c join token on c.buyer_token_hash = token.hash
  join public.receipts as x on x.id = c.credited_receipt_id
  where x.source_kind = 'order';
$$;

comment on function private.order_of_buyer_token(text) is
  'The checkout order a buyer''s token (at least 32 characters) opens: the order''s secret, its receipt''s token or one of its credit notes''.';
revoke execute on function private.order_of_buyer_token(text) from public, anon, authenticated;

create or replace function public.checkout_order_by_token(input_order_id uuid, input_token text)
returns public.orders
language sql
stable
security definer
set search_path = ''
as $$
  select o.* from public.orders as o
  where o.id = input_order_id and o.id in (select private.order_of_buyer_token(input_token));
$$;

comment on function public.checkout_order_by_token(uuid, text) is
  'Service role: the order when the token is its receipt secret, its receipt''s buyer token or one of its credit notes'' (the e-mails'' links); null otherwise.';

create or replace function public.receipt_by_token(input_token text)
returns setof public.receipts
language sql
stable
security definer
set search_path = ''
as $$
  select r.* from public.receipts as r
  where (char_length(input_token) >= 32 and r.buyer_token_hash = encode(sha256(convert_to(input_token, 'UTF8')), 'hex'))
    or (r.source_kind = 'order' and r.source_id in (select private.order_of_buyer_token(input_token)))
    or r.credited_receipt_id in (select x.id from public.receipts as x
                                 where x.source_kind = 'order' and x.source_id in (select private.order_of_buyer_token(input_token)))
  order by r.number;
$$;

comment on function public.receipt_by_token(text) is
  'The documents a buyer''s token (at least 32 characters) opens: the receipt whose buyer_token_hash it is, and for a checkout order (its secret, its receipt''s or a credit note''s token) the order''s receipt and credit notes, by number.';
