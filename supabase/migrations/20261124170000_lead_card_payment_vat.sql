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

-- start_lead_card_payment: amount_ore is the purchase's price plus 25 % MVA. confirm_lead_purchase: the
-- ledger row carries the amount charged (incl. mva). Both functions are defined once, with these
-- amounts, in 20261122101300_card_payments.sql and 20261122100900_buy_lead.sql (a function is written in
-- one migration only: docs/database.md); their comments and grants are set here.

comment on function public.start_lead_card_payment(uuid, text) is
  'Service role: the card_payments row (key buy-lead:<purchase id>) of an on-demand card purchase, inserted once; amount = the purchase''s price eks. mva plus 25 % MVA. P0001 lead-purchase-not-found.';
revoke execute on function public.start_lead_card_payment(uuid, text) from public, anon, authenticated;
grant execute on function public.start_lead_card_payment(uuid, text) to service_role;

comment on function public.confirm_lead_purchase(uuid, text) is
  'Completes a reserved card purchase after the charge (ledger row with the amount charged, the price plus 25 % MVA); idempotent. Raises lead-purchase-not-found, lead-purchase-released.';
revoke execute on function public.confirm_lead_purchase(uuid, text) from public, anon, authenticated;
grant execute on function public.confirm_lead_purchase(uuid, text) to service_role;
