-- Checkout orders (docs/checkouts.md «Paying»): the order functions the checkout-pay edge function calls
-- with the service role, and the buyer's receipt read.
--
-- - begin_checkout_order checks the session's secret and everything the page asked, reserves stock and
--   the coupon's use with one guarded update each (so 64 buyers for the last 3 units make 3 orders),
--   and writes the order with its lines; the same request id returns the same order.
-- - settle_checkout_order marks it paid exactly once and then makes the buyer's consents and lead
--   through the engine; release_checkout_order gives stock and the coupon back exactly once.

alter table public.orders add column marketing_consent boolean not null default false;
comment on column public.orders.marketing_consent is 'The buyer ticked the marketing consent; recorded (if asked and not withdrawn) when the order is paid.';

-- A session of a published checkout whose secret the caller holds, or checkout-session-invalid.
create or replace function private.checkout_session(session_id uuid, session_token text)
returns public.checkout_sessions
language plpgsql
stable
set search_path = ''
as $$
declare
  found public.checkout_sessions;
begin
  select s.* into found from public.checkout_sessions as s
  where s.id = checkout_session.session_id
    and s.token_sha256 = encode(sha256(convert_to(coalesce(session_token, ''), 'UTF8')), 'hex');
  if found.id is null then
    raise exception using errcode = 'P0001', message = 'checkout-session-invalid';
  end if;
  return found;
end;
$$;

comment on function private.checkout_session(uuid, text) is 'The checkout session when the token is its secret; checkout-session-invalid otherwise.';
revoke execute on function private.checkout_session(uuid, text) from public, anon, authenticated;

-- The buyer's answers are checked against the checkout's fields: every required one answered.
create or replace function private.checkout_answers_valid(checkout public.checkouts, buyer jsonb, answers jsonb)
returns boolean
language sql
stable
set search_path = ''
as $$
  select (checkout.business_fields <> 'required'
      or (coalesce(btrim(buyer ->> 'company'), '') <> '' and coalesce(buyer ->> 'organization_number', '') ~ '^\d{9}$'))
    and not exists (
      select 1 from jsonb_array_elements(checkout.custom_fields) as f
      where coalesce((f ->> 'required')::boolean, false)
        and coalesce(nullif(btrim(answers ->> (f ->> 'id')), ''), case when (answers -> (f ->> 'id')) = 'true'::jsonb then 'true' end) is null
    );
$$;

comment on function private.checkout_answers_valid(public.checkouts, jsonb, jsonb) is
  'True when the business fields (if required) and every required custom field are answered.';
revoke execute on function private.checkout_answers_valid(public.checkouts, jsonb, jsonb) from public, anon, authenticated;

create or replace function public.begin_checkout_order(
  input_session_id uuid,
  input_session_token text,
  input_request_id uuid,
  input_items jsonb,
  input_bump boolean,
  input_coupon_code text,
  input_buyer jsonb,
  input_answers jsonb,
  input_consent boolean,
  input_marketing_consent boolean,
  input_provider text
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  session public.checkout_sessions := private.checkout_session(input_session_id, input_session_token);
  checkout public.checkouts := private.published_checkout(session.checkout_id);
  existing public.orders;
  coupon public.coupons;
  new_order public.orders;
  token text := encode(extensions.gen_random_bytes(24), 'hex');
  lines jsonb;
  main_count integer;
  enough boolean;
  subtotal bigint;
  discount bigint := 0;
  order_number integer;
  clean_buyer jsonb;
begin
  select o.* into existing from public.orders as o where o.idempotency_key = 'checkout:' || input_request_id;
  if existing.id is not null then
    if existing.session_id is distinct from session.id then
      raise exception using errcode = 'P0001', message = 'checkout-session-invalid';
    end if;
    return jsonb_build_object('order', to_jsonb(existing), 'token', null);
  end if;
  if input_consent is not true then
    raise exception using errcode = 'P0001', message = 'participant-consent-required';
  end if;
  clean_buyer := jsonb_strip_nulls(jsonb_build_object(
    'name', nullif(left(btrim(input_buyer ->> 'name'), 120), ''),
    'phone', private.participant_phone(input_buyer ->> 'phone'),
    'company', nullif(left(btrim(input_buyer ->> 'company'), 160), ''),
    'organization_number', nullif(regexp_replace(coalesce(input_buyer ->> 'organization_number', ''), '\s', '', 'g'), '')
  ));
  if coalesce(jsonb_typeof(input_answers), 'object') <> 'object'
    or not private.checkout_answers_valid(checkout, clean_buyer, coalesce(input_answers, '{}')) then
    raise exception using errcode = 'P0001', message = 'checkout-fields-invalid';
  end if;

  -- The lines: the main products asked for (quantity 1, or up to max_per_order where editable) and
  -- the bump when ticked, at their prices now.
  select coalesce(jsonb_agg(line order by (line ->> 'position')::integer), '[]'::jsonb) into lines
  from (
    select jsonb_build_object('product_id', p.id, 'description', left(p.name, 200), 'quantity', i.quantity,
      'unit_price_ore', p.price_ore, 'vat_rate', p.vat_rate, 'is_bump', false, 'position', cp.position) as line
    from (
      select e ->> 'product_id' as product_id, e ->> 'quantity' as quantity_text,
        case when (e ->> 'quantity') ~ '^\d{1,4}$' then (e ->> 'quantity')::integer end as quantity
      from jsonb_array_elements(case when jsonb_typeof(input_items) = 'array' then input_items else '[]' end) as e
    ) as i
    join public.checkout_products as cp
      on cp.checkout_id = checkout.id and cp.product_id::text = i.product_id and cp.role = 'main'
    join public.products as p on p.id = cp.product_id and p.archived_at is null
    where i.quantity between 1 and case when cp.quantity_editable then p.max_per_order else 1 end
    union all
    select jsonb_build_object('product_id', p.id, 'description', left(p.name, 200), 'quantity', 1,
      'unit_price_ore', p.price_ore, 'vat_rate', p.vat_rate, 'is_bump', true, 'position', 100)
    from public.checkout_products as cp
    join public.products as p on p.id = cp.product_id and p.archived_at is null
    where coalesce(input_bump, false) and cp.checkout_id = checkout.id and cp.role = 'bump'
  ) as chosen;
  main_count := (select count(*) from jsonb_array_elements(lines) as l where not (l ->> 'is_bump')::boolean);
  if main_count = 0 or main_count <> jsonb_array_length(coalesce(input_items, '[]'))
    or main_count <> (select count(distinct l ->> 'product_id') from jsonb_array_elements(lines) as l
                      where not (l ->> 'is_bump')::boolean) then
    raise exception using errcode = 'P0001', message = 'checkout-quantity-invalid';
  end if;

  -- Stock: one guarded update per limited product (the row lock makes a racing buyer re-check what is
  -- left); fewer rows updated than limited products means one ran out, and the raise undoes the rest.
  with wanted as (
    select (l ->> 'product_id')::uuid as product_id, sum((l ->> 'quantity')::integer) as quantity
    from jsonb_array_elements(lines) as l group by 1
  ),
  limited as (
    select w.* from wanted as w join public.products as p on p.id = w.product_id where p.stock is not null
  ),
  taken as (
    update public.products as p set stock = p.stock - limited.quantity
    from limited where p.id = limited.product_id and p.stock >= limited.quantity
    returning p.id
  )
  select (select count(*) from taken) = (select count(*) from limited) into enough;
  if not enough then
    raise exception using errcode = 'P0001', message = 'checkout-sold-out';
  end if;

  subtotal := (select sum((l ->> 'quantity')::bigint * (l ->> 'unit_price_ore')::bigint) from jsonb_array_elements(lines) as l);
  if nullif(btrim(input_coupon_code), '') is not null then
    select d.* into coupon from public.coupons as d
    where d.organization_id = checkout.organization_id and d.code = upper(btrim(input_coupon_code))
      and d.archived_at is null and (d.checkout_id is null or d.checkout_id = checkout.id);
    if coupon.id is null then
      raise exception using errcode = 'P0001', message = 'checkout-coupon-invalid';
    end if;
    if coupon.expires_at is not null and coupon.expires_at <= private.campaign_now() then
      raise exception using errcode = 'P0001', message = 'checkout-coupon-expired';
    end if;
    update public.coupons as d set uses = d.uses + 1
    where d.id = coupon.id and (d.max_uses is null or d.uses < d.max_uses);
    if not found then
      raise exception using errcode = 'P0001', message = 'checkout-coupon-used-up';
    end if;
    discount := least(subtotal, coalesce(coupon.amount_off_ore, round(subtotal * coupon.percent_off / 100.0)::bigint));
  end if;

  insert into private.order_numbers (organization_id, last_number) values (checkout.organization_id, 1001)
  on conflict (organization_id) do update set last_number = private.order_numbers.last_number + 1
  returning last_number into order_number;

  insert into public.orders (organization_id, number, checkout_id, session_id, participant_id, buyer, answers,
    coupon_id, subtotal_ore, discount_ore, total_ore, provider, idempotency_key, access_token_sha256, source, utm,
    expires_at, marketing_consent)
  values (checkout.organization_id, order_number, checkout.id, session.id, session.participant_id, clean_buyer,
    coalesce(input_answers, '{}'), coupon.id, subtotal, discount, subtotal - discount,
    case when input_provider in ('stripe', 'local') then input_provider end, 'checkout:' || input_request_id,
    encode(sha256(convert_to(token, 'UTF8')), 'hex'), session.source, session.utm,
    private.campaign_now() + interval '30 minutes', coalesce(input_marketing_consent, false))
  returning * into new_order;

  -- The discount spread over the lines in proportion to their totals, the last line taking the
  -- rounding, so MVA per rate stays right on the receipt.
  insert into public.order_items (order_id, organization_id, product_id, description, quantity, unit_price_ore,
    vat_rate, discount_ore, is_bump)
  select new_order.id, new_order.organization_id, x.product_id, x.description, x.quantity, x.unit_price_ore,
    x.vat_rate,
    case when x.n = x.lines then discount - coalesce(sum(x.share) over (order by x.n rows between unbounded preceding and 1 preceding), 0)
      else x.share end,
    x.is_bump
  from (
    select r.*, row_number() over (order by r.position, r.product_id) as n, count(*) over () as lines,
      case when subtotal > 0 then round(discount * (r.quantity::bigint * r.unit_price_ore) / subtotal::numeric)::bigint else 0 end as share
    from jsonb_to_recordset(lines) as r(product_id uuid, description text, quantity integer, unit_price_ore integer,
      vat_rate integer, is_bump boolean, position integer)
  ) as x
  order by x.n;
  return jsonb_build_object('order', to_jsonb(new_order), 'token', token);
end;
$$;

comment on function public.begin_checkout_order(uuid, text, uuid, jsonb, boolean, text, jsonb, jsonb, boolean, boolean, text) is
  'Service role (checkout-pay): the order of a checkout session (its secret checked): the main products and bump at their prices incl. MVA, the coupon''s discount spread over the lines, stock and the coupon''s use reserved (checkout-sold-out, checkout-coupon-*), 30 minutes to pay; {order, token} (token only when this call made it). The same request id answers the same order.';
revoke execute on function public.begin_checkout_order(uuid, text, uuid, jsonb, boolean, text, jsonb, jsonb, boolean, boolean, text)
  from public, anon, authenticated;
grant execute on function public.begin_checkout_order(uuid, text, uuid, jsonb, boolean, text, jsonb, jsonb, boolean, boolean, text)
  to service_role;

-- What the provider said about the order's payment, before it is settled or released.
create or replace function public.record_checkout_payment(
  input_order_id uuid, input_status text, input_provider_payment_id text default null, input_failure_code text default null
)
returns public.orders
language sql
volatile
security definer
set search_path = ''
as $$
  update public.orders as o
  set status = case when input_status in ('pending', 'requires_action', 'processing') then input_status else o.status end,
    provider_payment_id = coalesce(o.provider_payment_id, input_provider_payment_id),
    failure_code = coalesce(input_failure_code, o.failure_code)
  where o.id = input_order_id and o.status in ('pending', 'requires_action', 'processing')
  returning *;
$$;

comment on function public.record_checkout_payment(uuid, text, text, text) is
  'Service role: an unsettled order''s payment state (pending, requires_action, processing), its first provider payment id and failure code.';
revoke execute on function public.record_checkout_payment(uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.record_checkout_payment(uuid, text, text, text) to service_role;

-- Paid, exactly once: whoever comes first (the page's confirm, Stripe's webhook) settles.
create or replace function public.settle_checkout_order(
  input_order_id uuid, input_card_brand text default null, input_card_last4 text default null,
  input_customer_id text default null, input_payment_method_id text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  settled public.orders;
  campaign public.campaigns;
  participant public.participants;
begin
  update public.orders as o
  set status = 'paid', paid_at = private.campaign_now(), card_brand = coalesce(input_card_brand, o.card_brand),
    card_last4 = coalesce(input_card_last4, o.card_last4), provider_customer_id = input_customer_id,
    provider_payment_method_id = input_payment_method_id
  where o.id = input_order_id and o.status in ('pending', 'requires_action', 'processing')
  returning * into settled;
  if settled.id is null then
    return jsonb_build_object('settled', false,
      'order', (select to_jsonb(o) from public.orders as o where o.id = input_order_id));
  end if;
  select * into campaign from public.campaigns as c where c.id = settled.checkout_id;
  select * into participant from public.participants as p where p.id = settled.participant_id;
  if campaign.id is not null and participant.id is not null then
    perform private.record_entry_consents(campaign, participant, settled.marketing_consent);
    perform private.upsert_lead_for(participant, campaign.id);
  end if;
  update public.checkout_sessions as s set paid_at = settled.paid_at, recovery_due_at = null
  where s.id = settled.session_id;
  return jsonb_build_object('settled', true, 'order', to_jsonb(settled));
end;
$$;

comment on function public.settle_checkout_order(uuid, text, text, text, text) is
  'Service role: marks an unsettled order paid once (the card, the saved payment method for upsells), records the buyer''s consents and lead (source checkout) through the engine and stops the session''s recovery; {settled, order}.';
revoke execute on function public.settle_checkout_order(uuid, text, text, text, text) from public, anon, authenticated;
grant execute on function public.settle_checkout_order(uuid, text, text, text, text) to service_role;

-- Failed, canceled or expired, exactly once: the stock and the coupon's use go back.
create or replace function public.release_checkout_order(input_order_id uuid, input_status text)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  released public.orders;
begin
  if input_status not in ('failed', 'canceled', 'expired') then
    raise exception using errcode = '22023', message = 'checkout-release-invalid';
  end if;
  update public.orders as o set status = input_status
  where o.id = input_order_id and o.status in ('pending', 'requires_action', 'processing')
  returning * into released;
  if released.id is null then
    return (select o from public.orders as o where o.id = input_order_id);
  end if;
  update public.products as p set stock = p.stock + i.quantity
  from public.order_items as i
  where i.order_id = released.id and p.id = i.product_id and p.stock is not null;
  update public.coupons as d set uses = greatest(d.uses - 1, 0) where d.id = released.coupon_id;
  return released;
end;
$$;

comment on function public.release_checkout_order(uuid, text) is
  'Service role: an unsettled order failed, canceled or expired, once: its stock and coupon use are given back.';
revoke execute on function public.release_checkout_order(uuid, text) from public, anon, authenticated;
grant execute on function public.release_checkout_order(uuid, text) to service_role;

-- The order behind the buyer's receipt link (service role: checkout-pay checks a token before paying).
create or replace function public.checkout_order_by_token(input_order_id uuid, input_token text)
returns public.orders
language sql
stable
security definer
set search_path = ''
as $$
  select o.* from public.orders as o
  where o.id = input_order_id and o.access_token_sha256 = encode(sha256(convert_to(coalesce(input_token, ''), 'UTF8')), 'hex');
$$;

comment on function public.checkout_order_by_token(uuid, text) is 'Service role: the order when the token is its receipt secret; null otherwise.';
revoke execute on function public.checkout_order_by_token(uuid, text) from public, anon, authenticated;
grant execute on function public.checkout_order_by_token(uuid, text) to service_role;

-- The receipt page (anon, by the link's secret): the seller, the lines, MVA per rate, the totals, the
-- card and the checkout's thank-you texts.
create or replace function public.checkout_receipt(input_order_id uuid, input_token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  found public.orders := public.checkout_order_by_token(input_order_id, input_token);
begin
  perform private.check_public_rate('checkout-receipt', 60);
  if found.id is null then
    raise exception using errcode = 'PT404', message = 'checkout-order-not-found';
  end if;
  return (
    select jsonb_build_object(
      'order_id', found.id, 'number', found.number, 'status', found.status, 'created_at', found.created_at,
      'paid_at', found.paid_at, 'subtotal_ore', found.subtotal_ore, 'discount_ore', found.discount_ore,
      'total_ore', found.total_ore, 'refunded_ore', found.refunded_ore, 'card_brand', found.card_brand,
      'card_last4', found.card_last4,
      'buyer', found.buyer || jsonb_build_object('email', (select p.email from public.participants as p where p.id = found.participant_id)),
      'seller', jsonb_build_object('name', g.name, 'organization_number', g.organization_number, 'email', g.contact_email),
      'checkout', jsonb_build_object('id', found.checkout_id, 'name', c.name, 'thank_you_heading', k.thank_you_heading,
        'thank_you_text', k.thank_you_text, 'redirect_url', k.redirect_url),
      'lines', (
        select coalesce(jsonb_agg(jsonb_build_object('description', i.description, 'quantity', i.quantity,
          'unit_price_ore', i.unit_price_ore, 'vat_rate', i.vat_rate, 'discount_ore', i.discount_ore, 'is_bump', i.is_bump)
          order by i.is_bump, i.description), '[]'::jsonb)
        from public.order_items as i where i.order_id = found.id
      ),
      'vat', (
        select coalesce(jsonb_agg(jsonb_build_object('rate', v.rate, 'total_ore', v.total,
          'vat_ore', round(v.total * v.rate / (100.0 + v.rate))::bigint) order by v.rate desc), '[]'::jsonb)
        from (
          select i.vat_rate as rate, sum(i.quantity::bigint * i.unit_price_ore - i.discount_ore) as total
          from public.order_items as i where i.order_id = found.id group by i.vat_rate
        ) as v
      )
    )
    from public.organizations as g
    left join public.campaigns as c on c.id = found.checkout_id
    left join public.checkouts as k on k.id = found.checkout_id
    where g.id = found.organization_id
  );
end;
$$;

comment on function public.checkout_receipt(uuid, text) is
  'Anyone with the receipt link: the order''s number, state, buyer, seller, lines, MVA per rate, totals, card and the checkout''s thank-you texts; checkout-order-not-found for a wrong link; 60 reads a minute per address.';
revoke execute on function public.checkout_receipt(uuid, text) from public, anon, authenticated;
grant execute on function public.checkout_receipt(uuid, text) to anon, authenticated, service_role;
