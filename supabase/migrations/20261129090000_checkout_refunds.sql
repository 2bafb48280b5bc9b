-- Refunds of checkout orders (docs/checkouts.md «Orders and refunds»): the checkout-orders function asks
-- checkout_refundable with the member's JWT (owners and admins of the seller), refunds at the payment
-- provider, and records the provider's refund with record_checkout_refund (service role), once per
-- refund id, into the order_refunds ledger and the order's refunded_ore and status.

-- Security definer: members have no grant to read the payment's provider id otherwise needed here.
create or replace function public.checkout_refundable(input_order_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  found public.orders;
begin
  select o.* into found from public.orders as o
  where o.id = input_order_id and private.has_organization_role(o.organization_id, '{owner,admin}');
  if found.id is null then
    raise exception using errcode = 'PT404', message = 'checkout-order-not-found';
  end if;
  if found.status <> 'paid' or found.provider is null or found.provider_payment_id is null
    or found.refunded_ore >= found.total_ore then
    raise exception using errcode = 'P0001', message = 'checkout-refund-invalid';
  end if;
  return jsonb_build_object(
    'order_id', found.id, 'organization_id', found.organization_id, 'provider', found.provider,
    'provider_payment_id', found.provider_payment_id, 'total_ore', found.total_ore,
    'refunded_ore', found.refunded_ore
  );
end;
$$;

comment on function public.checkout_refundable(uuid) is
  'Owners and admins of the seller: what a refund of the paid order needs (provider, payment id, total, refunded so far); checkout-order-not-found for anyone else, checkout-refund-invalid when nothing is left to refund.';
revoke execute on function public.checkout_refundable(uuid) from public, anon, authenticated;
grant execute on function public.checkout_refundable(uuid) to authenticated, service_role;

-- The order row is locked, so two refunds recorded at once add up; a refund id seen before changes
-- nothing (the function's retry, or Stripe's charge.refunded after the function recorded it).
create or replace function public.record_checkout_refund(
  input_order_id uuid,
  input_amount_ore integer,
  input_provider_refund_id text,
  input_reason text default null,
  input_created_by uuid default null
)
returns public.orders
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  found public.orders;
begin
  select o.* into found from public.orders as o where o.id = input_order_id for update;
  if found.id is null then
    raise exception using errcode = 'PT404', message = 'checkout-order-not-found';
  end if;
  if exists (select 1 from public.order_refunds as r where r.provider_refund_id = input_provider_refund_id) then
    return found;
  end if;
  if input_amount_ore is null or input_amount_ore <= 0 or found.refunded_ore + input_amount_ore > found.total_ore then
    raise exception using errcode = 'P0001', message = 'checkout-refund-invalid';
  end if;
  insert into public.order_refunds (order_id, organization_id, amount_ore, reason, provider_refund_id, created_by)
  values (found.id, found.organization_id, input_amount_ore, nullif(left(btrim(input_reason), 500), ''),
    input_provider_refund_id, input_created_by);
  update public.orders as o
  set refunded_ore = o.refunded_ore + input_amount_ore,
    status = case when o.refunded_ore + input_amount_ore = o.total_ore then 'refunded' else o.status end
  where o.id = found.id
  returning * into found;
  return found;
end;
$$;

comment on function public.record_checkout_refund(uuid, integer, text, text, uuid) is
  'Service role: records a refund the provider made (once per refund id) in order_refunds and on the order (refunded_ore; status refunded when all of it); checkout-refund-invalid beyond the order''s total.';
revoke execute on function public.record_checkout_refund(uuid, integer, text, text, uuid) from public, anon, authenticated;
grant execute on function public.record_checkout_refund(uuid, integer, text, text, uuid) to service_role;
