-- A lead bought on demand by card is charged incl. mva, like a pack (docs/payments.md «Prices and VAT»).
--
-- A listing's price (leads_purchases.amount_ore) stays the price eks. mva the buyer saw on the
-- listing; what the card is charged — the card_payments row's amount_ore, which the buy-lead function
-- and the stripe-webhook charge and the receipt shows — is private.with_vat of it, and so is the
-- ledger row the confirmed purchase writes (as a settled pack's ledger row carries the amount charged).
-- Rows started before this migration keep their amount (a replayed key returns its row unchanged).
--
-- Depends on 20261122100900_buy_lead.sql, 20261122101300_card_payments.sql,
-- 20261124130000_plans_and_prices.sql (private.with_vat).

-- As in 20261122101300_card_payments.sql, but amount_ore is the purchase's price plus 25 % MVA.
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
  'Service role: the card_payments row (key buy-lead:<purchase id>) of an on-demand card purchase, inserted once; amount = the purchase''s price eks. mva plus 25 % MVA. P0001 lead-purchase-not-found.';
revoke execute on function public.start_lead_card_payment(uuid, text) from public, anon, authenticated;
grant execute on function public.start_lead_card_payment(uuid, text) to service_role;

-- As in 20261122100900_buy_lead.sql, but the ledger row carries the amount charged (incl. mva).
create or replace function public.confirm_lead_purchase(input_purchase_id uuid, input_payment_reference text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  purchase public.leads_purchases;
begin
  update public.leads_purchases p
  set state = 'completed',
      completed_at = now(),
      reserved_until = null,
      payment_reference = left(input_payment_reference, 500)
  where p.id = input_purchase_id
    and p.state = 'reserved'
  returning p.* into purchase;

  if found then
    if purchase.amount_ore > 0 then
      perform private.change_balance(
        purchase.organization_id, 0, 0, 'lead_purchase', private.with_vat(purchase.amount_ore),
        left('lead_purchase ' || purchase.id || ' card ' || coalesce(input_payment_reference, ''), 500)
      );
    end if;
  else
    select p.* into purchase from public.leads_purchases p where p.id = input_purchase_id;
    if not found then
      raise exception using errcode = 'P0001', message = 'lead-purchase-not-found';
    elsif purchase.state = 'released' then
      raise exception using errcode = 'P0001', message = 'lead-purchase-released';
    end if;
    -- completed already: the same result again
  end if;

  return private.lead_purchase_result(input_purchase_id);
end;
$$;

comment on function public.confirm_lead_purchase(uuid, text) is
  'Completes a reserved card purchase after the charge (ledger row with the amount charged, the price plus 25 % MVA); idempotent. Raises lead-purchase-not-found, lead-purchase-released.';
revoke execute on function public.confirm_lead_purchase(uuid, text) from public, anon, authenticated;
grant execute on function public.confirm_lead_purchase(uuid, text) to service_role;
