-- 20261122101500_leads_paging.sql (keyset indexes of /leads) and 20261122101600_buy_lead_speed.sql
-- (updated_at triggers that skip statements which already set it): the indexes exist and serve the
-- list's keyset requests, and updated_at is still now() after every kind of update.
--
-- Cast: Alfa AS (seller) lists a lead on Leadtorget; Beta AS (buyer) buys it with tickets.
begin;

select plan(14);

select tests.create_supabase_user('mp_owner');
select tests.create_supabase_user('seller');
select tests.create_supabase_user('buyer');

insert into public.organizations (id, name, owner_id) values
  ('aaaaaaaa-0000-4000-8000-000000000001', 'Alfa AS', tests.get_supabase_uid('seller')),
  ('bbbbbbbb-0000-4000-8000-000000000002', 'Beta AS', tests.get_supabase_uid('buyer'));

insert into public.marketplaces (id, owner_id, name) values
  ('11111111-1111-4111-8111-111111111111', tests.get_supabase_uid('mp_owner'), 'Leadtorget');

insert into public.marketplaces_organizations (marketplace_id, organization_id) values
  ('11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001'),
  ('11111111-1111-4111-8111-111111111111', 'bbbbbbbb-0000-4000-8000-000000000002');

select private.change_balance('bbbbbbbb-0000-4000-8000-000000000002', 5, 0, 'adjustment');

insert into public.leads (id, organization_id, name, email) values
  ('d0000000-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000001', 'Kunde 1', 'kunde1@example.no');

-- The leads may be shared with buyers (20261124110200_listing_consent.sql refuses a listing otherwise).
update public.leads set consent = true;

insert into public.advertised_leads
  (id, lead_id, marketplace_id, organization_id, title, price_tickets, max_buyers, status, expires_at)
values
  ('e0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
   '11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001', 'Nytt bad', 2, 3,
   'active', now() + interval '7 days');

-- 1. Keyset indexes of the lead list
select has_index('public', 'leads', 'leads_organization_id_name_id_idx', array['organization_id', 'name', 'id'],
  'leads: (organization_id, name, id) for the list sorted by name');
select has_index('public', 'leads', 'leads_organization_id_company_id_idx', array['organization_id', 'company', 'id'],
  'leads: (organization_id, company, id) for the list sorted by company');
select has_index('public', 'leads', 'leads_organization_id_status_id_idx', array['organization_id', 'status', 'id'],
  'leads: (organization_id, status, id) for the list sorted by status');
select has_index('public', 'leads', 'leads_organization_id_source_id_idx', array['organization_id', 'source', 'id'],
  'leads: (organization_id, source, id) for the list sorted by source');

-- The requests of a page after a cursor are index range scans starting at the cursor (planner costs
-- on a tiny table would pick a sequential scan, so that is turned off for the check).
create function pg_temp.plan_of(query text) returns text language plpgsql as $$
declare
  line text;
  plan text := '';
begin
  for line in execute 'explain (costs off) ' || query loop
    plan := plan || line || ' ';
  end loop;
  return plan;
end;
$$;

set local enable_seqscan = off;
set local enable_bitmapscan = off;
select matches(
  pg_temp.plan_of($q$
    select id from public.leads
    where organization_id = 'aaaaaaaa-0000-4000-8000-000000000001' and name > 'Kunde'
    order by name, id limit 51 $q$),
  'Index (Only )?Scan using leads_organization_id_name_id_idx on leads\s+Index Cond: \(\(organization_id = .*\) AND \(name > ',
  'the rows past a name cursor: a range scan of (organization_id, name, id) from the cursor'
);
select matches(
  pg_temp.plan_of($q$
    select id from public.leads
    where organization_id = 'aaaaaaaa-0000-4000-8000-000000000001' and status = 'new'
      and id < 'd0000000-0000-4000-8000-000000000009'
    order by id desc limit 51 $q$),
  'Index (Only )?Scan Backward using leads_organization_id_status_id_idx on leads\s+Index Cond: \(\(organization_id = .*\) AND \(status = .*\) AND \(id < ',
  'the ties of a status cursor: a backward range scan of (organization_id, status, id) from the cursor id'
);
reset enable_seqscan;
reset enable_bitmapscan;

-- 2. updated_at is now() after every kind of update (the trigger fires unless the statement set now())
alter table public.advertised_leads disable trigger advertised_leads_set_updated_at;
alter table public.organizations_payments disable trigger organizations_payments_set_updated_at;
update public.advertised_leads set updated_at = '2001-01-01' where id = 'e0000000-0000-4000-8000-000000000001';
update public.organizations_payments set updated_at = '2001-01-01' where id = 'bbbbbbbb-0000-4000-8000-000000000002';
alter table public.advertised_leads enable trigger advertised_leads_set_updated_at;
alter table public.organizations_payments enable trigger organizations_payments_set_updated_at;

update public.advertised_leads set title = 'Nytt bad i Oslo' where id = 'e0000000-0000-4000-8000-000000000001';
select is(
  (select updated_at from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000001'),
  now(),
  'a listing update that leaves updated_at alone gets now()'
);

update public.advertised_leads set updated_at = '2002-02-02' where id = 'e0000000-0000-4000-8000-000000000001';
select is(
  (select updated_at from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000001'),
  now(),
  'a listing update that sets another updated_at still gets now()'
);

update public.organizations_payments set updated_at = '2003-03-03' where id = 'bbbbbbbb-0000-4000-8000-000000000002';
select is(
  (select updated_at from public.organizations_payments where id = 'bbbbbbbb-0000-4000-8000-000000000002'),
  now(),
  'a balance update that sets another updated_at still gets now()'
);

-- buy_lead and change_balance set updated_at themselves
alter table public.advertised_leads disable trigger advertised_leads_set_updated_at;
alter table public.organizations_payments disable trigger organizations_payments_set_updated_at;
update public.advertised_leads set updated_at = '2001-01-01' where id = 'e0000000-0000-4000-8000-000000000001';
update public.organizations_payments set updated_at = '2001-01-01' where id = 'bbbbbbbb-0000-4000-8000-000000000002';
alter table public.advertised_leads enable trigger advertised_leads_set_updated_at;
alter table public.organizations_payments enable trigger organizations_payments_set_updated_at;

select tests.authenticate_as('buyer');
select is(
  (public.buy_lead('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001',
                   'bbbbbbbb-0000-4000-8000-000000000002') -> 'balance'),
  '{"tickets": 3, "credits": 0}'::jsonb,
  'buy_lead still charges the price and returns the balance'
);
reset role;

select is(
  (select updated_at from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000001'),
  now(),
  'the purchase''s listing update sets updated_at to now()'
);
select is(
  (select updated_at from public.organizations_payments where id = 'bbbbbbbb-0000-4000-8000-000000000002'),
  now(),
  'the purchase''s balance update sets updated_at to now()'
);
select is(
  (select buyers_count from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000001'),
  1,
  'the slot is taken'
);
select is(
  (select sum(tickets_delta)::int from public.organizations_payments_ledger
   where organization_id = 'bbbbbbbb-0000-4000-8000-000000000002'),
  3,
  'the ledger sums to the balance'
);

select * from finish();
rollback;
