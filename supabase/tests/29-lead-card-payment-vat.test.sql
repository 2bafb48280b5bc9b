-- A lead bought on demand by card is charged incl. mva (20261124170000_lead_card_payment_vat.sql,
-- docs/payments.md «Prices and VAT»): the purchase keeps the listing's price eks. mva, its card_payments
-- row (what buy-lead and the webhook charge, what the receipt shows) is with_vat of it, and so is the
-- ledger row of the confirmed purchase.
--
-- Cast: Alfa AS (seller) lists a lead for 99 kr on M1; Delta AS (delta_owner, on demand) buys it by card.
begin;

select plan(7);

-- The cast of supabase/tests/setup/10-marketplace-cast.sql.
select tests.seed_marketplace_cast('{alfa,delta}', '{}', '{M1}');
select tests.join_marketplace('M1', '{alfa,delta}');
insert into public.organizations_marketplaces_configs (organization_id, marketplace_id, plan) values
  ('dddddddd-0000-4000-8000-000000000004', '11111111-1111-4111-8111-111111111111', 'on_demand');

insert into public.leads (id, organization_id, name, email, consent) values
  ('d0000000-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000001', 'Kunde', 'kunde@example.no', true);
insert into public.advertised_leads
  (id, lead_id, marketplace_id, organization_id, title, price_tickets, price_credits, price_ore, max_buyers, status, expires_at)
values
  ('e0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111',
   'aaaaaaaa-0000-4000-8000-000000000001', 'Nytt bad', 1, 100, 9900, 1, 'active', now() + interval '7 days');

select tests.authenticate_as('delta_owner');
create temporary table reserved as
select public.buy_lead('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001',
  'dddddddd-0000-4000-8000-000000000004', 'card') as r;
grant select on reserved to public;
select is((select (r ->> 'amount_ore')::int from reserved), 9900, 'the purchase keeps the listing''s price eks. mva');

select tests.authenticate_as_service_role();
create temporary table payment as
select * from public.start_lead_card_payment((select (r ->> 'purchase_id')::uuid from reserved), 'local');
grant select on payment to public;
select is((select amount_ore from payment), 12375, 'the card is charged 99 kr + 25 % MVA = 123,75 kr');
select is((select amount_ore from payment), private.with_vat(9900), 'the amount is with_vat of the price (one VAT rule)');
select is(
  (select amount_ore from public.start_lead_card_payment((select (r ->> 'purchase_id')::uuid from reserved), 'local')),
  12375, 'a replay returns the same row and amount'
);
select is(
  (select (public.confirm_lead_purchase((select (r ->> 'purchase_id')::uuid from reserved), 'pi_1') ->> 'amount_ore')::int),
  9900, 'the confirmed purchase still reads its price eks. mva'
);
reset role;
select is(
  (select amount_ore from public.organizations_payments_ledger
   where organization_id = 'dddddddd-0000-4000-8000-000000000004' and kind = 'lead_purchase'),
  12375, 'the ledger row carries the amount charged, incl. mva'
);
select is((select count(*)::int from public.card_payments where lead_purchase_id = (select (r ->> 'purchase_id')::uuid from reserved)),
  1, 'one card_payments row for the purchase');

select * from finish();
rollback;
