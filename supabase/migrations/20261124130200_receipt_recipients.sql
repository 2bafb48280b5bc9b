-- Who gets the receipt of a card payment (docs/payments.md «Receipts»).
--
-- The organization's receipt addresses (organizations_payments_config.receipt_emails) when it has
-- any; otherwise the user who paid (card_payments.created_by), so a new organization's first purchase
-- is never without a receipt. Decided here, in one place, so the app's confirm call and Stripe's
-- webhook (whichever settles first sends it) agree.
--
-- Depends on 20261122100200_payments.sql, 20261122101300_card_payments.sql.

create or replace function public.card_payment_receipt_recipients(input_payment_id uuid)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    nullif(c.receipt_emails, '{}'),
    case when u.email is not null and u.email <> '' then array[u.email::text] end,
    '{}'
  )
  from public.card_payments p
  left join public.organizations_payments_config c on c.id = p.organization_id
  left join auth.users u on u.id = p.created_by
  where p.id = input_payment_id;
$$;

comment on function public.card_payment_receipt_recipients(uuid) is
  'Service role: the receipt addresses of a card payment — the organization''s receipt_emails, else the paying user''s e-mail; empty when neither exists; null for an unknown payment.';
revoke execute on function public.card_payment_receipt_recipients(uuid) from public, anon, authenticated;
grant execute on function public.card_payment_receipt_recipients(uuid) to service_role;
