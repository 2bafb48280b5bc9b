-- Lifetime value (supabase/migrations/20261201130000_lifetime_value.sql, docs/lifetime-value.md): who
-- reads and writes, and the figures on a small fixture computed by hand.
--
-- Fjord Rør AS (…0a), figures eks. MVA (inkl. in brackets), up to 2026-10-31:
--   L1 checkout, campaign Kurs: O1 2026-01-10 125 kr @25 % = 100 (125); O2 2026-03-15 112 kr @12 % + 100 kr
--      @0 % half refunded = 100 (106); O3 its upsell 25 kr @25 % = 20 (25), no purchase; a failed order.
--      → 2 purchases, 220 (256), 64 days to the second.
--   L2 form, campaign Skjema: O5 2026-02-20 500 kr @25 % = 400 (500); a fully refunded order; imported by
--      phone 2026-06-20 62,50 kr @25 % = 50 (62,50) → 2 purchases, 450 (562,50), 120 days.
--   L3 manual: by hand 2026-05-01 and 2026-08-01, 115 kr @15 % each → 2 purchases, 200 (230), 92 days.
--   L4 import (created by the import): 2026-06-10 125 kr @25 % → 1 purchase, 100 (125).
--   LB bought from Nordlys Bygg (2 tickets; the organization paid 750 kr incl. MVA for 20 tickets → 30 kr
--      a ticket eks.): by hand 2026-04-10 1000 kr @25 % → 1 purchase, 800 (1000); source marketplace.
--   5 customers, 8 purchases, 1770 (2173,50); LTV 354 kr, sd 280,32 kr, t(4) 2,776 → 5,99 – 702,01 kr.
begin;

select plan(49);

select tests.seed_calendar_cast();

-- The marketplace and the lead Fjord Rør bought from Nordlys Bygg.
insert into public.marketplaces (id, owner_id, name) values
  ('00000000-0000-4000-8000-0000000083f1', tests.get_supabase_uid('other'), 'Byggtorget');
insert into public.marketplaces_ticket_packs (marketplace_id, tickets, price_ore) values
  ('00000000-0000-4000-8000-0000000083f1', 10, 50000);
insert into public.leads (id, organization_id, source, name, email, consent, created_at) values
  ('00000000-0000-4000-8000-0000000083b0', '00000000-0000-4000-8000-00000000000b', 'form', 'Kjøpt Kunde',
   'kjopt@example.com', true, '2026-02-01');
insert into public.advertised_leads (id, lead_id, marketplace_id, organization_id, title, category, price_tickets, status) values
  ('00000000-0000-4000-8000-0000000083a0', '00000000-0000-4000-8000-0000000083b0', '00000000-0000-4000-8000-0000000083f1',
   '00000000-0000-4000-8000-00000000000b', 'Nytt bad', 'Rørlegger', 2, 'active');
insert into public.leads_purchases (id, lead_id, advertised_lead_id, organization_id, paid_with, price_tickets, created_at, completed_at) values
  ('00000000-0000-4000-8000-0000000083c0', '00000000-0000-4000-8000-0000000083b0', '00000000-0000-4000-8000-0000000083a0',
   '00000000-0000-4000-8000-00000000000a', 'tickets', 2, '2026-03-01', '2026-03-01');
insert into public.card_payments (organization_id, purpose, marketplace_id, pack_id, tickets, amount_ore, description,
  provider, status, idempotency_key) values
  ('00000000-0000-4000-8000-00000000000a', 'tickets_pack', '00000000-0000-4000-8000-0000000083f1', gen_random_uuid(), 20,
   75000, '20 billetter', 'local', 'succeeded', 'ltv-pack-1');

-- Campaigns, leads and their participants.
insert into public.campaigns (id, organization_id, kind, name) values
  ('00000000-0000-4000-8000-0000000083d1', '00000000-0000-4000-8000-00000000000a', 'checkout', 'Kurs'),
  ('00000000-0000-4000-8000-0000000083d2', '00000000-0000-4000-8000-00000000000a', 'form', 'Skjema');
insert into public.leads (id, organization_id, source, campaign_id, name, email, phone, created_at) values
  ('00000000-0000-4000-8000-0000000083b1', '00000000-0000-4000-8000-00000000000a', 'checkout',
   '00000000-0000-4000-8000-0000000083d1', 'Kari Kurs', 'kari@example.com', null, '2026-01-05'),
  ('00000000-0000-4000-8000-0000000083b2', '00000000-0000-4000-8000-00000000000a', 'form',
   '00000000-0000-4000-8000-0000000083d2', 'Siri Skjema', 'siri@example.com', '+4791234567', '2026-02-01'),
  ('00000000-0000-4000-8000-0000000083b3', '00000000-0000-4000-8000-00000000000a', 'manual', null, 'Mona Manuell',
   null, '+4792222222', '2026-01-02');
insert into public.participants (id, organization_id, email, lead_id) values
  ('00000000-0000-4000-8000-0000000083e1', '00000000-0000-4000-8000-00000000000a', 'kari@example.com',
   '00000000-0000-4000-8000-0000000083b1'),
  ('00000000-0000-4000-8000-0000000083e2', '00000000-0000-4000-8000-00000000000a', 'siri@example.com',
   '00000000-0000-4000-8000-0000000083b2');

-- Orders: number, participant, parent, status, total, refunded, paid.
insert into public.orders (id, organization_id, number, participant_id, parent_order_id, status, subtotal_ore, total_ore,
  refunded_ore, idempotency_key, access_token_sha256, expires_at, paid_at)
select o.id::uuid, '00000000-0000-4000-8000-00000000000a', o.number, o.participant::uuid, o.parent::uuid, o.status,
  o.total, o.total, o.refunded, 'ltv:' || o.number, repeat('a', 64), o.paid::timestamptz, o.paid::timestamptz
from (values
  ('00000000-0000-4000-8000-000000008301', 1001, '00000000-0000-4000-8000-0000000083e1', null, 'paid', 12500, 0, '2026-01-10 12:00+01'),
  ('00000000-0000-4000-8000-000000008302', 1002, '00000000-0000-4000-8000-0000000083e1', null, 'paid', 21200, 10600, '2026-03-15 12:00+01'),
  ('00000000-0000-4000-8000-000000008303', 1003, '00000000-0000-4000-8000-0000000083e1', '00000000-0000-4000-8000-000000008302', 'paid', 2500, 0, '2026-03-15 12:05+01'),
  ('00000000-0000-4000-8000-000000008304', 1004, '00000000-0000-4000-8000-0000000083e1', null, 'failed', 9900, 0, '2026-04-01 12:00+02'),
  ('00000000-0000-4000-8000-000000008305', 1005, '00000000-0000-4000-8000-0000000083e2', null, 'paid', 50000, 0, '2026-02-20 23:30+01'),
  ('00000000-0000-4000-8000-000000008306', 1006, '00000000-0000-4000-8000-0000000083e2', null, 'refunded', 10000, 10000, '2026-04-01 12:00+02')
) as o (id, number, participant, parent, status, total, refunded, paid);
insert into public.order_items (order_id, organization_id, description, quantity, unit_price_ore, vat_rate)
select i.order_id::uuid, '00000000-0000-4000-8000-00000000000a', 'Vare', 1, i.price, i.vat
from (values
  ('00000000-0000-4000-8000-000000008301', 12500, 25),
  ('00000000-0000-4000-8000-000000008302', 11200, 12),
  ('00000000-0000-4000-8000-000000008302', 10000, 0),
  ('00000000-0000-4000-8000-000000008303', 2500, 25),
  ('00000000-0000-4000-8000-000000008304', 9900, 25),
  ('00000000-0000-4000-8000-000000008305', 50000, 25),
  ('00000000-0000-4000-8000-000000008306', 10000, 25)
) as i (order_id, price, vat);

select results_eq(
  $$ select order_id::text, occurred_on, net_ore, gross_ore, is_purchase from private.customer_purchases
     where organization_id = '00000000-0000-4000-8000-00000000000a' order by occurred_on, order_id $$,
  $$ values ('00000000-0000-4000-8000-000000008301', date '2026-01-10', 10000::bigint, 12500::bigint, true),
            ('00000000-0000-4000-8000-000000008305', date '2026-02-20', 40000::bigint, 50000::bigint, true),
            ('00000000-0000-4000-8000-000000008302', date '2026-03-15', 10000::bigint, 10600::bigint, true),
            ('00000000-0000-4000-8000-000000008303', date '2026-03-15', 2000::bigint, 2500::bigint, false) $$,
  'paid orders become facts eks. MVA per line, refunds taken off in proportion; failed and fully refunded ones do not'
);

-- Writes
select tests.authenticate_as('member');
select throws_ok(
  $$ select public.import_revenue('00000000-0000-4000-8000-00000000000a', 'a.csv', '[]') $$,
  '42501', 'forbidden', 'a member without owner or admin role cannot import revenue'
);
select throws_ok(
  $$ select public.add_revenue_entry('00000000-0000-4000-8000-0000000083b3', '2026-05-01', 11500, 15) $$,
  '42501', 'forbidden', 'a member without owner or admin role cannot add revenue'
);
select throws_ok(
  $$ insert into public.revenue_entries (organization_id, lead_id, occurred_on, amount_ore, vat_rate, kind)
     values ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000083b3', '2026-05-01', 100, 0, 'manual') $$,
  '42501', null, 'nobody writes revenue entries directly'
);
select tests.authenticate_as('other');
select throws_ok(
  $$ select public.add_revenue_entry('00000000-0000-4000-8000-0000000083b3', '2026-05-01', 11500, 15) $$,
  'PT404', 'revenue-lead-not-found', 'another organization cannot add revenue to the lead'
);

select tests.authenticate_as('owner');
select ok(
  public.add_revenue_entry('00000000-0000-4000-8000-0000000083b3', '2026-05-01', 11500, 15, 'Service') is not null
  and public.add_revenue_entry('00000000-0000-4000-8000-0000000083b3', '2026-08-01', 11500, 15) is not null
  and public.add_revenue_entry('00000000-0000-4000-8000-0000000083b0', '2026-04-10', 100000, 25) is not null,
  'the owner adds revenue by hand to an own lead and to a bought one'
);
select throws_ok(
  $$ select public.add_revenue_entry('00000000-0000-4000-8000-0000000083b3', '2026-05-01', 0, 15) $$,
  '22023', 'revenue-amount-invalid', 'a manual amount must be positive'
);
select throws_ok(
  $$ select public.add_revenue_entry('00000000-0000-4000-8000-0000000083b3', current_date + 2, 100, 15) $$,
  '22023', 'revenue-date-invalid', 'a manual date cannot be in the future'
);
select throws_ok(
  $$ select public.import_revenue('00000000-0000-4000-8000-00000000000a', 'stor.csv',
       (select jsonb_agg(jsonb_build_object('occurred_on', '2026-01-01', 'email', 'a@example.com', 'amount_ore', 100, 'vat_rate', 0))
        from generate_series(1, 5001))) $$,
  'PT413', 'revenue-import-too-large', 'more than 5000 rows are refused'
);

create temporary table import_answer on commit drop as
select public.import_revenue('00000000-0000-4000-8000-00000000000a', 'kasse.csv', '[
  {"occurred_on": "2026-06-10", "email": " NY@Example.com ", "name": "Ny Kunde", "amount_ore": 12500, "vat_rate": 25},
  {"occurred_on": "2026-13-01", "email": "x@example.com", "amount_ore": 100, "vat_rate": 25},
  {"occurred_on": "2026-06-10", "email": "x@example.com", "amount_ore": 0, "vat_rate": 25},
  {"occurred_on": "2026-06-10", "email": "x@example.com", "amount_ore": 100, "vat_rate": 10},
  {"occurred_on": "2026-06-10", "name": "Uten kontakt", "amount_ore": 100, "vat_rate": 25},
  {"occurred_on": "2026-06-20", "phone": "912 34 567", "amount_ore": 6250, "vat_rate": 25}
]') as answer;
grant select on import_answer to authenticated;

select is(
  (select answer - 'import_id' from import_answer),
  '{"inserted": 2, "matched": 1, "created_leads": 1, "rejected": [
    {"row": 2, "code": "revenue-date-invalid"}, {"row": 3, "code": "revenue-amount-invalid"},
    {"row": 4, "code": "revenue-vat-invalid"}, {"row": 5, "code": "revenue-customer-missing"}]}'::jsonb,
  'an import inserts the valid rows, matches by phone, creates a lead for a new e-mail and reports the rest'
);
select is(
  (select source || ' ' || name || ' ' || email from public.leads where email = 'ny@example.com'),
  'import Ny Kunde ny@example.com', 'the new customer is a lead with source import and the e-mail in lower case'
);
select is(
  (public.revenue_imports_list('00000000-0000-4000-8000-00000000000a') -> 0) - 'id' - 'created_at' - 'created_by' - 'organization_id',
  '{"file_name": "kasse.csv", "row_count": 2, "matched_count": 1, "amount_ore": 18750}'::jsonb,
  'the imports list shows the file, its rows and its sum'
);

-- Reads
select tests.authenticate_as('member');
select is(
  (select count(*)::integer from public.revenue_entries), 5, 'a member reads the organization''s revenue entries'
);

create temporary table report on commit drop as
select public.lifetime_value_report('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31') as net,
  public.lifetime_value_report('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31', input_include_vat => true) as gross,
  public.lifetime_value_report('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31', input_churn_days => 90) as churn90;

select is(
  (select net -> 'totals' from report),
  '{"customers": 5, "purchases": 8, "revenue_ore": 177000, "arpa_ore": 4784, "ltv_ore": 35400, "ltv_low_ore": 599,
    "ltv_high_ore": 70201, "purchase_frequency": 1.60, "repeat_rate": 0.6000, "median_days_to_second": 92,
    "churn_rate": 0.5000, "predicted_ltv_ore": null, "small_sample": true}'::jsonb,
  'a member reads the totals eks. MVA: revenue up to the end, ARPA per month, the interval, repeat, churn over 180 days'
);
select is(
  (select (gross -> 'totals' ->> 'revenue_ore')::bigint from report), 217350::bigint, 'incl. MVA the revenue is the amounts paid'
);
select is(
  (select churn90 -> 'totals' ->> 'churn_rate' from report), '1.0000', 'over a 90-day window every customer has churned'
);
select is(
  (select jsonb_agg(s ->> 'source' || ' ' || (s ->> 'customers') || ' ' || (s ->> 'ltv_ore')) from report, jsonb_array_elements(net -> 'sources') as s),
  '["checkout 1 22000", "form 1 45000", "import 1 10000", "manual 1 20000", "marketplace 1 80000"]'::jsonb,
  'per first-touch source, by customers and never by value; a bought lead counts as marketplace'
);
select is(
  (select (net -> 'sources' -> 0) - 'source' - 'customers' - 'revenue_ore' - 'ltv_ore' from report),
  '{"ltv_low_ore": null, "ltv_high_ore": null, "repeat_rate": 1.0000, "small_sample": true}'::jsonb,
  'one customer: no interval, marked as a small sample'
);
select is(
  (select jsonb_agg((c ->> 'name') || ' ' || (c ->> 'kind') || ' ' || (c ->> 'revenue_ore')) from report, jsonb_array_elements(net -> 'campaigns') as c),
  '["Kurs checkout 22000", "Skjema form 45000"]'::jsonb,
  'per first-touch campaign'
);
select is(
  public.lifetime_value_report('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31', input_source => 'marketplace') -> 'totals' -> 'revenue_ore',
  '80000'::jsonb, 'filtered by first-touch source'
);
select is(
  public.lifetime_value_report('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31',
    input_campaign_id => '00000000-0000-4000-8000-0000000083d2') -> 'totals' -> 'customers',
  '1'::jsonb, 'filtered by first-touch campaign'
);
select is(
  public.lifetime_value_report('00000000-0000-4000-8000-00000000000a', '2026-02-01', '2026-03-31') -> 'totals' -> 'revenue_ore',
  '40000'::jsonb, 'only customers whose first purchase is in the range, with their revenue up to its end'
);
select throws_ok(
  $$ select public.lifetime_value_report('00000000-0000-4000-8000-00000000000a', '2026-03-01', '2026-02-01') $$,
  '22023', 'lifetime-value-range-invalid', 'a range that ends before it starts is refused'
);

select is(
  public.lifetime_value_cohorts('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-03-31') -> 'cohorts',
  '[{"month": "2026-01", "customers": 1, "small_sample": true, "cells": [{"offset": 0, "active": 1, "revenue_ore": 10000},
      {"offset": 1, "active": 0, "revenue_ore": 0}, {"offset": 2, "active": 1, "revenue_ore": 12000}]},
    {"month": "2026-02", "customers": 1, "small_sample": true, "cells": [{"offset": 0, "active": 1, "revenue_ore": 40000},
      {"offset": 1, "active": 0, "revenue_ore": 0}]}]'::jsonb,
  'cohorts by the month of the first purchase (Oslo), each month since to the end'
);
select is(
  (select jsonb_agg((k ->> 'month') || ' ' || (k ->> 'customers'))
   from jsonb_array_elements(public.lifetime_value_cohorts('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-05-31', 'first_touch') -> 'cohorts') as k),
  '["2026-01 2", "2026-02 1", "2026-03 1"]'::jsonb,
  'cohorts by first touch: the manual lead from January, the bought lead by its purchase in March'
);
select is(
  (select jsonb_agg((k ->> 'month') || ' ' || (k ->> 'customers'))
   from jsonb_array_elements(public.lifetime_value_cohorts('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-05-31') -> 'cohorts') as k),
  '["2026-01 1", "2026-02 1", "2026-04 1", "2026-05 1"]'::jsonb,
  'the same customers by first purchase'
);

select is(
  public.lifetime_value_customers('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31', input_limit => 2, input_offset => 1)
    #- '{rows,0,first_touch_at}' #- '{rows,1,first_touch_at}',
  '{"total": 5, "rows": [
    {"lead_id": "00000000-0000-4000-8000-0000000083b2", "name": "Siri Skjema", "email": "siri@example.com", "phone": "+4791234567",
     "source": "form", "campaign_id": "00000000-0000-4000-8000-0000000083d2", "campaign_name": "Skjema",
     "first_purchase_on": "2026-02-20", "last_purchase_on": "2026-06-20", "purchases": 2, "revenue_ore": 45000},
    {"lead_id": "00000000-0000-4000-8000-0000000083b1", "name": "Kari Kurs", "email": "kari@example.com", "phone": null,
     "source": "checkout", "campaign_id": "00000000-0000-4000-8000-0000000083d1", "campaign_name": "Kurs",
     "first_purchase_on": "2026-01-10", "last_purchase_on": "2026-03-15", "purchases": 2, "revenue_ore": 22000}]}'::jsonb,
  'customers by revenue, a page at a time, with the total'
);
select is(
  public.lifetime_value_customers('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31', input_search => 'ny kunde') #>> '{rows,0,name}',
  'Ny Kunde', 'customers found by name'
);

select is(
  public.lifetime_value_marketplace('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31') -> 'rows',
  '[{"marketplace_id": "00000000-0000-4000-8000-0000000083f1", "marketplace_name": "Byggtorget", "category": "Rørlegger",
     "leads_bought": 1, "cost_ore": 6000, "customers": 1, "revenue_ore": 80000, "cost_per_customer_ore": 6000,
     "return_per_krone": 13.33, "small_sample": true}]'::jsonb,
  'marketplace: 2 tickets at the organization''s own price per ticket against the customer''s revenue'
);
select is(
  public.lifetime_value_marketplace('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31', true) #> '{rows,0,cost_ore}',
  '7500'::jsonb, 'marketplace cost incl. MVA'
);

select throws_ok(
  $$ select public.delete_revenue_import((select (answer ->> 'import_id')::uuid from import_answer)) $$,
  '42501', 'forbidden', 'a member without owner or admin role cannot delete an import'
);

-- Not members
select tests.authenticate_as('other');
select is((select count(*)::integer from public.revenue_entries), 0, 'another organization reads no revenue entries');
select throws_ok(
  $$ select public.lifetime_value_report('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31') $$,
  '42501', 'forbidden', 'another organization cannot read the report'
);
select throws_ok(
  $$ select public.lifetime_value_cohorts('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31') $$,
  '42501', 'forbidden', 'another organization cannot read the cohorts'
);
select throws_ok(
  $$ select public.lifetime_value_customers('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31') $$,
  '42501', 'forbidden', 'another organization cannot read the customers'
);
select throws_ok(
  $$ select public.lifetime_value_marketplace('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31') $$,
  '42501', 'forbidden', 'another organization cannot read the marketplace return'
);
select throws_ok(
  $$ select public.revenue_imports_list('00000000-0000-4000-8000-00000000000a') $$,
  '42501', 'forbidden', 'another organization cannot list the imports'
);
select throws_ok(
  $$ select public.delete_revenue_import((select (answer ->> 'import_id')::uuid from import_answer)) $$,
  'PT404', 'revenue-import-not-found', 'another organization cannot delete the import'
);
select tests.clear_authentication();
select throws_ok(
  $$ select public.lifetime_value_report('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31') $$,
  '42501', null, 'anon cannot read the report'
);
select throws_ok(
  $$ select public.lifetime_value_customers('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31') $$,
  '42501', null, 'anon cannot read the customers'
);
select throws_ok(
  $$ select public.lifetime_value_cohorts('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31') $$,
  '42501', null, 'anon cannot read the cohorts'
);
select throws_ok(
  $$ select public.lifetime_value_marketplace('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31') $$,
  '42501', null, 'anon cannot read the marketplace return'
);

-- An own lead with a bought lead's e-mail, created after the purchase, came from the marketplace.
reset role;
insert into public.leads (id, organization_id, source, name, email, created_at) values
  ('00000000-0000-4000-8000-0000000083b5', '00000000-0000-4000-8000-00000000000a', 'popup', 'Kjøpt Igjen',
   'kjopt@example.com', '2026-05-01');
insert into public.participants (id, organization_id, email, lead_id) values
  ('00000000-0000-4000-8000-0000000083e5', '00000000-0000-4000-8000-00000000000a', 'kjopt@example.com', null);
insert into public.orders (id, organization_id, number, participant_id, status, subtotal_ore, total_ore,
  idempotency_key, access_token_sha256, expires_at, paid_at) values
  ('00000000-0000-4000-8000-000000008307', '00000000-0000-4000-8000-00000000000a', 1007,
   '00000000-0000-4000-8000-0000000083e5', 'paid', 25000, 25000, 'ltv:1007', repeat('a', 64), now(), '2026-05-05 12:00+02');
insert into public.order_items (order_id, organization_id, description, quantity, unit_price_ore, vat_rate) values
  ('00000000-0000-4000-8000-000000008307', '00000000-0000-4000-8000-00000000000a', 'Vare', 1, 25000, 25);
select is(
  (select count(*)::integer from private.customer_purchases where order_id = '00000000-0000-4000-8000-000000008307'),
  0, 'an order of a participant without a lead is no customer''s yet'
);
update public.participants set lead_id = '00000000-0000-4000-8000-0000000083b5'
where id = '00000000-0000-4000-8000-0000000083e5';

select tests.authenticate_as('owner');
select is(
  public.lifetime_value_report('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31', input_source => 'marketplace') -> 'totals' -> 'revenue_ore',
  '100000'::jsonb, 'the order counts once its participant has the lead, from the marketplace by the bought lead''s e-mail'
);
select is(
  public.lifetime_value_marketplace('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31') #> '{rows,0,customers}',
  '1'::jsonb, 'one purchase is one customer at most'
);

select lives_ok(
  $$ select public.delete_revenue_import((select (answer ->> 'import_id')::uuid from import_answer)) $$,
  'the owner deletes the import'
);
select is(
  public.lifetime_value_report('00000000-0000-4000-8000-00000000000a', '2026-01-01', '2026-10-31') -> 'totals' -> 'revenue_ore',
  '182000'::jsonb, 'its revenue is gone (the lead it created stays, without purchases)'
);

-- Enough customers for the prediction (Nordlys Bygg, 2025): 25 customers buy 125 kr @25 % on 1 January,
-- 10 of them again on 1 March. Up to 31 December with a 180-day window all have churned (p = 1); active
-- days 15 × 181 + 10 × 240 = 5115; predicted = 100 kr × 35 purchases × 180 / 5115 days ÷ 1 = 123,17 kr.
-- LTV 140 kr, s = 50 kr, t(24) 2,064 → 119,36 – 160,64 kr.
reset role;
insert into public.leads (id, organization_id, source, name, created_at)
select ('00000000-0000-4000-8000-0000000084' || lpad(n::text, 2, '0'))::uuid, '00000000-0000-4000-8000-00000000000b',
  'manual', 'Kunde ' || n, '2024-12-01'
from generate_series(1, 25) as n;
insert into public.revenue_entries (organization_id, lead_id, occurred_on, amount_ore, vat_rate, kind)
select '00000000-0000-4000-8000-00000000000b', ('00000000-0000-4000-8000-0000000084' || lpad(n::text, 2, '0'))::uuid,
  d, 12500, 25, 'manual'
from generate_series(1, 25) as n
cross join lateral unnest(case when n <= 10 then array[date '2025-01-01', date '2025-03-01'] else array[date '2025-01-01'] end) as d;
select tests.authenticate_as('other');
select is(
  (public.lifetime_value_report('00000000-0000-4000-8000-00000000000b', '2025-01-01', '2025-12-31') -> 'totals')
    - '{purchases,revenue_ore,arpa_ore,repeat_rate,purchase_frequency,median_days_to_second}'::text[],
  '{"customers": 25, "ltv_ore": 14000, "ltv_low_ore": 11936, "ltv_high_ore": 16064, "churn_rate": 1.0000,
    "predicted_ltv_ore": 12317, "small_sample": false}'::jsonb,
  'from 20 customers: no small-sample mark, and a predicted LTV from order value, frequency and churn'
);
select is(
  (public.lifetime_value_report('00000000-0000-4000-8000-00000000000b', '2025-01-01', '2025-12-31') -> 'sources' -> 0) ->> 'small_sample',
  'false', 'a source with 25 customers is not marked'
);

select * from finish();
rollback;
