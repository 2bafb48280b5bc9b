-- Per-customer totals (supabase/migrations/20261202120000_lifetime_value_totals.sql): private.customer_totals
-- follows every change of a customer's purchases (an order paid, refunded, moved to another lead,
-- deleted; a revenue entry deleted) and of its first touch (the lead's source, a purchase of its lead on
-- a marketplace), and a report ending before a customer's last revenue still adds up only what came
-- before.
--
-- Fjord Rør AS (…0a): Anna (form) and Bjørn (popup), each a participant. Amounts eks. MVA (inkl.).
begin;

select plan(14);

select tests.seed_calendar_cast();

insert into public.leads (id, organization_id, source, name, email, created_at) values
  ('00000000-0000-4000-8000-0000000084a1', '00000000-0000-4000-8000-00000000000a', 'form', 'Anna', 'anna@example.com', '2026-01-01'),
  ('00000000-0000-4000-8000-0000000084a2', '00000000-0000-4000-8000-00000000000a', 'popup', 'Bjørn', 'bjorn@example.com', '2026-01-02');
insert into public.participants (id, organization_id, email, lead_id) values
  ('00000000-0000-4000-8000-0000000084e1', '00000000-0000-4000-8000-00000000000a', 'anna@example.com',
   '00000000-0000-4000-8000-0000000084a1'),
  ('00000000-0000-4000-8000-0000000084e2', '00000000-0000-4000-8000-00000000000a', 'bjorn@example.com',
   '00000000-0000-4000-8000-0000000084a2');

-- Anna: O1 125 kr on 10 January, O2 250 kr on 1 March, O3 its upsell 25 kr on 1 April (all @25 %).
insert into public.orders (id, organization_id, number, participant_id, parent_order_id, status, subtotal_ore, total_ore,
  refunded_ore, idempotency_key, access_token_sha256, expires_at, paid_at)
select o.id::uuid, '00000000-0000-4000-8000-00000000000a', o.number, '00000000-0000-4000-8000-0000000084e1', o.parent::uuid,
  'paid', o.total, o.total, 0, 'ltv-totals:' || o.number, repeat('a', 64), o.paid::timestamptz, o.paid::timestamptz
from (values
  ('00000000-0000-4000-8000-000000008401', 2001, null, 12500, '2026-01-10 12:00+01'),
  ('00000000-0000-4000-8000-000000008402', 2002, null, 25000, '2026-03-01 12:00+01'),
  ('00000000-0000-4000-8000-000000008403', 2003, '00000000-0000-4000-8000-000000008402', 2500, '2026-04-01 12:00+02')
) as o (id, number, parent, total, paid);
insert into public.order_items (order_id, organization_id, description, quantity, unit_price_ore, vat_rate)
select o.id::uuid, '00000000-0000-4000-8000-00000000000a', 'Vare', 1, o.price, 25
from (values
  ('00000000-0000-4000-8000-000000008401', 12500),
  ('00000000-0000-4000-8000-000000008402', 25000),
  ('00000000-0000-4000-8000-000000008403', 2500)
) as o (id, price);

create temporary view totals as
select l.name, t.first_on, t.second_on, t.last_on, t.revenue_until, t.purchases, t.net_ore, t.gross_ore, t.source
from private.customer_totals as t
join public.leads as l on l.id = t.lead_id
where t.organization_id = '00000000-0000-4000-8000-00000000000a';

select results_eq(
  $$ select * from totals $$,
  $$ values ('Anna', date '2026-01-10', date '2026-03-01', date '2026-03-01', date '2026-04-01', 2, 32000::bigint, 40000::bigint, 'form') $$,
  'a customer''s totals: first, second and last purchase, the upsell''s day as the last revenue, the sums, the source'
);

select tests.authenticate_as('owner');
select is(
  public.lifetime_value_report('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-03-15') -> 'totals'
    -> 'revenue_ore',
  '30000'::jsonb, 'a report ending before the upsell adds up only the purchases up to its end'
);
select is(
  public.lifetime_value_customers('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-01-31') #>> '{rows,0,name}',
  'Anna', 'the customers list names the customer from its lead'
);
reset role;

update public.orders set refunded_ore = 12500, status = 'paid' where id = '00000000-0000-4000-8000-000000008402';
select results_eq(
  $$ select purchases, net_ore, gross_ore, second_on from totals $$,
  $$ values (2, 22000::bigint, 27500::bigint, date '2026-03-01') $$,
  'a half refund takes its share off the revenue'
);

update public.orders set refunded_ore = 25000, status = 'refunded' where id = '00000000-0000-4000-8000-000000008402';
select results_eq(
  $$ select purchases, net_ore, second_on, last_on, revenue_until from totals $$,
  $$ values (1, 12000::bigint, null::date, date '2026-01-10', date '2026-04-01') $$,
  'a full refund is no purchase any more; the upsell''s revenue stays'
);

-- O1 moves to Bjørn's participant: Anna keeps only the upsell (no purchase, so no customer).
update public.orders set participant_id = '00000000-0000-4000-8000-0000000084e2' where id = '00000000-0000-4000-8000-000000008401';
select results_eq(
  $$ select name, purchases, net_ore, source from totals $$,
  $$ values ('Bjørn', 1, 10000::bigint, 'popup') $$,
  'a purchase moved to another participant moves the customer: the one left with only an upsell is none'
);

-- The participant's lead changes: its orders go with it.
update public.participants set lead_id = '00000000-0000-4000-8000-0000000084a1' where id = '00000000-0000-4000-8000-0000000084e2';
select results_eq(
  $$ select name, purchases, net_ore, gross_ore from totals $$,
  $$ values ('Anna', 1, 12000::bigint, 15000::bigint) $$,
  'a participant moved to another lead takes its purchases along'
);

-- Revenue by hand on Bjørn, then deleted.
insert into public.revenue_entries (id, organization_id, lead_id, occurred_on, amount_ore, vat_rate, kind) values
  ('00000000-0000-4000-8000-0000000084f1', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000084a2',
   '2026-05-01', 11500, 15, 'manual');
select results_eq(
  $$ select name, first_on, net_ore from totals order by name $$,
  $$ values ('Anna', date '2026-01-10', 12000::bigint), ('Bjørn', date '2026-05-01', 10000::bigint) $$,
  'a revenue entry makes a customer'
);
delete from public.revenue_entries where id = '00000000-0000-4000-8000-0000000084f1';
select results_eq(
  $$ select name from totals $$, $$ values ('Anna') $$, 'a deleted revenue entry takes the customer with it'
);

-- First touch: the lead's source changes.
update public.leads set source = 'manual' where id = '00000000-0000-4000-8000-0000000084a1';
select results_eq($$ select source from totals $$, $$ values ('manual') $$, 'the lead''s new source is the first touch');

-- Fjord Rør buys a lead with Anna's e-mail before Anna's lead existed: then Anna came from the marketplace.
insert into public.marketplaces (id, owner_id, name) values
  ('00000000-0000-4000-8000-0000000084f0', tests.get_supabase_uid('other'), 'Byggtorget');
insert into public.leads (id, organization_id, source, name, email, consent, created_at) values
  ('00000000-0000-4000-8000-0000000084b0', '00000000-0000-4000-8000-00000000000b', 'form', 'Anna solgt', 'anna@example.com',
   true, '2025-12-01');
insert into public.advertised_leads (id, lead_id, marketplace_id, organization_id, title, category, price_tickets, status) values
  ('00000000-0000-4000-8000-0000000084c0', '00000000-0000-4000-8000-0000000084b0', '00000000-0000-4000-8000-0000000084f0',
   '00000000-0000-4000-8000-00000000000b', 'Nytt bad', 'Rørlegger', 1, 'active');
insert into public.leads_purchases (id, lead_id, advertised_lead_id, organization_id, paid_with, price_tickets, created_at, completed_at) values
  ('00000000-0000-4000-8000-0000000084d0', '00000000-0000-4000-8000-0000000084b0', '00000000-0000-4000-8000-0000000084c0',
   '00000000-0000-4000-8000-00000000000a', 'tickets', 1, '2025-12-15', '2025-12-15');
select results_eq(
  $$ select t.source, t.campaign_id, t.touched_at, t.lead_purchase_id from private.customer_totals as t
     where t.lead_id = '00000000-0000-4000-8000-0000000084a1' $$,
  $$ values ('marketplace', null::uuid, timestamptz '2025-12-15', '00000000-0000-4000-8000-0000000084d0'::uuid) $$,
  'a bought lead with the customer''s e-mail from before the own lead makes the first touch the marketplace purchase'
);
update public.leads set created_at = '2025-12-10' where id = '00000000-0000-4000-8000-0000000084a1';
select results_eq(
  $$ select source from totals $$, $$ values ('manual') $$,
  'an own lead from before the purchase keeps its own source'
);

-- Deletes: the upsell's order, then the lead.
delete from public.orders where id = '00000000-0000-4000-8000-000000008403';
select results_eq(
  $$ select purchases, net_ore, gross_ore, revenue_until from totals $$,
  $$ values (1, 10000::bigint, 12500::bigint, date '2026-01-10') $$,
  'a deleted order''s revenue is gone'
);
delete from public.leads where id = '00000000-0000-4000-8000-0000000084a1';
select is((select count(*)::integer from totals), 0, 'an erased lead is no customer');

select * from finish();
rollback;
