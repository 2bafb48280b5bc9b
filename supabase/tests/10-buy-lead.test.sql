-- buy_lead (20261122100900_buy_lead.sql, docs/lead-marketplace.md "buy_lead in SQL"): every error code,
-- each leaving balances, ledger, slots and purchases unchanged; tickets, credits and card purchases;
-- contact details readable only after a completed purchase; confirm / release of card reservations and
-- the lazy release of expired ones; marketplace_sales; leads.status / source as text.
--
-- Cast: Alfa AS (seller) lists on M1 and M2; Beta AS (beta_owner, beta_member; tickets plan, 10 tickets,
-- 5 credits), Gamma AS (gamma_owner; no plan, 0 tickets, 4 credits) and Delta AS (delta_owner;
-- on_demand plan) are members of M1 only; outsider has no organization; mp_owner owns M1.
begin;

select plan(82);

-- ---------------------------------------------------------------------------------------------------
-- Setup (as postgres)
-- ---------------------------------------------------------------------------------------------------

-- The cast of supabase/tests/setup/10-marketplace-cast.sql.
select tests.seed_marketplace_cast('{alfa,beta,gamma,delta}', '{beta_member}', '{M1,M2}');
select tests.create_supabase_user('outsider');
select tests.join_marketplace('M1', '{alfa,beta,gamma,delta}');
select tests.join_marketplace('M2', '{alfa}');

insert into public.organizations_marketplaces_configs (organization_id, marketplace_id, plan) values
  ('bbbbbbbb-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111', 'tickets'),
  ('dddddddd-0000-4000-8000-000000000004', '11111111-1111-4111-8111-111111111111', 'on_demand');

select private.change_balance('bbbbbbbb-0000-4000-8000-000000000002', 10, 5, 'adjustment');
select private.change_balance('cccccccc-0000-4000-8000-000000000003', 0, 4, 'adjustment');

-- Alfa's leads d…01-d…10, one listing each (e…01-e…10); Beta's own lead d…b1 listed as e…b1.
insert into public.leads (id, organization_id, name, email, phone, category, area)
select ('d0000000-0000-4000-8000-0000000000' || lpad(n::text, 2, '0'))::uuid, 'aaaaaaaa-0000-4000-8000-000000000001',
       'Kunde ' || n, 'kunde' || n || '@example.no', '+4791234' || lpad(n::text, 3, '0'), 'Bad', 'Oslo'
from generate_series(1, 10) as n;
insert into public.leads (id, organization_id, name, email) values
  ('d0000000-0000-4000-8000-0000000000b1', 'bbbbbbbb-0000-4000-8000-000000000002', 'Beta Kunde', 'kunde@beta.no');

-- The leads may be shared with buyers (20261124110200_listing_consent.sql refuses a listing otherwise).
update public.leads set consent = true;

insert into public.advertised_leads
  (id, lead_id, marketplace_id, organization_id, title, price_tickets, price_credits, price_ore, max_buyers, status, expires_at)
values
  -- 01: two buyers, 2 tickets / 3 credits / 500 kr
  ('e0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111',
   'aaaaaaaa-0000-4000-8000-000000000001', 'Nytt bad', 2, 3, 50000, 2, 'active', now() + interval '7 days'),
  ('e0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111',
   'aaaaaaaa-0000-4000-8000-000000000001', 'Pauset', 1, 1, 100, 1, 'paused', now() + interval '7 days'),
  ('e0000000-0000-4000-8000-000000000003', 'd0000000-0000-4000-8000-000000000003', '11111111-1111-4111-8111-111111111111',
   'aaaaaaaa-0000-4000-8000-000000000001', 'Trukket', 1, 1, 100, 1, 'withdrawn', now() + interval '7 days'),
  ('e0000000-0000-4000-8000-000000000004', 'd0000000-0000-4000-8000-000000000004', '11111111-1111-4111-8111-111111111111',
   'aaaaaaaa-0000-4000-8000-000000000001', 'Utgått', 1, 1, 100, 1, 'active', now() - interval '1 minute'),
  ('e0000000-0000-4000-8000-000000000006', 'd0000000-0000-4000-8000-000000000006', '22222222-2222-4222-8222-222222222222',
   'aaaaaaaa-0000-4000-8000-000000000001', 'Annet marked', 1, 1, 100, 1, 'active', now() + interval '7 days'),
  ('e0000000-0000-4000-8000-000000000007', 'd0000000-0000-4000-8000-000000000007', '11111111-1111-4111-8111-111111111111',
   'aaaaaaaa-0000-4000-8000-000000000001', 'Dyrt', 100, 100, 100, 1, 'active', now() + interval '7 days'),
  ('e0000000-0000-4000-8000-000000000009', 'd0000000-0000-4000-8000-000000000009', '11111111-1111-4111-8111-111111111111',
   'aaaaaaaa-0000-4000-8000-000000000001', 'Kort', 1, 1, 49900, 1, 'active', now() + interval '7 days'),
  ('e0000000-0000-4000-8000-000000000010', 'd0000000-0000-4000-8000-000000000010', '11111111-1111-4111-8111-111111111111',
   'aaaaaaaa-0000-4000-8000-000000000001', 'Reservert', 1, 1, 1000, 1, 'active', now() + interval '7 days'),
  ('e0000000-0000-4000-8000-0000000000b1', 'd0000000-0000-4000-8000-0000000000b1', '11111111-1111-4111-8111-111111111111',
   'bbbbbbbb-0000-4000-8000-000000000002', 'Eget', 1, 1, 100, 1, 'active', now() + interval '7 days');

-- 05: sold out (its buyer is Gamma, via a purchase made as postgres)
insert into public.advertised_leads
  (id, lead_id, marketplace_id, organization_id, title, max_buyers, buyers_count, status)
values
  ('e0000000-0000-4000-8000-000000000005', 'd0000000-0000-4000-8000-000000000005', '11111111-1111-4111-8111-111111111111',
   'aaaaaaaa-0000-4000-8000-000000000001', 'Utsolgt', 1, 1, 'sold_out');
insert into public.leads_purchases (lead_id, advertised_lead_id, organization_id, paid_with)
values ('d0000000-0000-4000-8000-000000000005', 'e0000000-0000-4000-8000-000000000005', 'cccccccc-0000-4000-8000-000000000003', 'credits');

create temporary table snapshot as
select
  (select jsonb_agg(to_jsonb(p) - 'updated_at' order by p.id) from public.organizations_payments p) as balances,
  (select count(*) from public.organizations_payments_ledger) as ledger_rows,
  (select count(*) from public.leads_purchases) as purchases,
  (select jsonb_agg(jsonb_build_array(a.id, a.buyers_count, a.status) order by a.id) from public.advertised_leads a) as slots;

create function pg_temp.unchanged()
returns boolean
language sql
as $$
  select
    (select jsonb_agg(to_jsonb(p) - 'updated_at' order by p.id) from public.organizations_payments p) = s.balances
    and (select count(*) from public.organizations_payments_ledger) = s.ledger_rows
    and (select count(*) from public.leads_purchases) = s.purchases
    and (select jsonb_agg(jsonb_build_array(a.id, a.buyers_count, a.status) order by a.id) from public.advertised_leads a) = s.slots
  from snapshot s
$$;

-- ---------------------------------------------------------------------------------------------------
-- leads.status and leads.source are text with check constraints
-- ---------------------------------------------------------------------------------------------------

select col_type_is('public', 'leads', 'status', 'text', 'leads.status is text');
select col_type_is('public', 'leads', 'source', 'text', 'leads.source is text');
select col_default_is('public', 'leads', 'status', 'new', 'leads.status defaults to new');
select throws_ok(
  $$ update public.leads set status = 'archived' where id = 'd0000000-0000-4000-8000-000000000001' $$,
  '23514', null, 'leads.status keeps its five values'
);
select throws_ok(
  $$ update public.leads set source = 'telefon' where id = 'd0000000-0000-4000-8000-000000000001' $$,
  '23514', null, 'leads.source keeps its nine values'
);

-- ---------------------------------------------------------------------------------------------------
-- Who may call
-- ---------------------------------------------------------------------------------------------------

select ok(not has_function_privilege('anon', 'public.buy_lead(uuid, uuid, uuid, text)', 'execute'), 'anon cannot call buy_lead');
select ok(has_function_privilege('authenticated', 'public.buy_lead(uuid, uuid, uuid, text)', 'execute'), 'authenticated can call buy_lead');
select ok(not has_function_privilege('authenticated', 'public.confirm_lead_purchase(uuid, text)', 'execute'),
  'authenticated cannot confirm a card purchase');
select ok(not has_function_privilege('authenticated', 'public.release_lead_purchase(uuid)', 'execute'),
  'authenticated cannot release a card purchase');
select ok(has_function_privilege('service_role', 'public.confirm_lead_purchase(uuid, text)', 'execute'),
  'the service role confirms card purchases');
select ok(not has_function_privilege('authenticated', 'private.release_expired_lead_purchases(uuid)', 'execute'),
  'authenticated cannot run the reservation sweep');

-- ---------------------------------------------------------------------------------------------------
-- Every error code, each leaving everything unchanged
-- ---------------------------------------------------------------------------------------------------

select tests.authenticate_as('outsider');
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002') $$,
  'P0001', 'organization-not-found', 'a non-member cannot buy for Beta'
);

select tests.authenticate_as('beta_member');
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'cccccccc-0000-4000-8000-000000000003') $$,
  'P0001', 'organization-not-found', 'a member of Beta cannot buy for Gamma'
);
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'ffffffff-0000-4000-8000-000000000009') $$,
  'P0001', 'organization-not-found', 'no such organization'
);
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', null) $$,
  'P0001', 'organization-not-found', 'no organization given'
);
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-0000000000ff', 'bbbbbbbb-0000-4000-8000-000000000002') $$,
  'P0001', 'lead-not-found', 'no such listing'
);
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002') $$,
  'P0001', 'lead-not-found', 'the listing is of another lead'
);
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000006', 'e0000000-0000-4000-8000-000000000006', 'bbbbbbbb-0000-4000-8000-000000000002') $$,
  'P0001', 'lead-not-found', 'a listing on a marketplace Beta does not belong to'
);
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000002', 'bbbbbbbb-0000-4000-8000-000000000002') $$,
  'P0001', 'lead-not-for-sale', 'a paused listing'
);
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000003', 'bbbbbbbb-0000-4000-8000-000000000002') $$,
  'P0001', 'lead-not-for-sale', 'a withdrawn listing'
);
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000004', 'e0000000-0000-4000-8000-000000000004', 'bbbbbbbb-0000-4000-8000-000000000002') $$,
  'P0001', 'lead-not-available', 'an expired listing'
);
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000005', 'e0000000-0000-4000-8000-000000000005', 'bbbbbbbb-0000-4000-8000-000000000002') $$,
  'P0001', 'lead-not-available', 'a sold-out listing'
);
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-0000000000b1', 'e0000000-0000-4000-8000-0000000000b1', 'bbbbbbbb-0000-4000-8000-000000000002') $$,
  'P0001', 'lead-not-available', 'Beta''s own lead'
);
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000007', 'e0000000-0000-4000-8000-000000000007', 'bbbbbbbb-0000-4000-8000-000000000002') $$,
  'P0001', 'insufficient-tickets', '100 tickets with 10'
);
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000007', 'e0000000-0000-4000-8000-000000000007', 'bbbbbbbb-0000-4000-8000-000000000002', 'credits') $$,
  'P0001', 'insufficient-credits', '100 credits with 5'
);
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002', 'card') $$,
  '22023', 'invalid-payment', 'card is not Beta''s plan'
);
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002', 'bitcoin') $$,
  '22023', 'invalid-payment', 'an unknown payment'
);
select tests.authenticate_as('gamma_owner');
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000005', 'e0000000-0000-4000-8000-000000000005', 'cccccccc-0000-4000-8000-000000000003') $$,
  'P0001', 'lead-already-bought', 'Gamma bought lead 05 already (checked before sold out)'
);
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'cccccccc-0000-4000-8000-000000000003') $$,
  'P0001', 'insufficient-tickets', 'Gamma has no plan (tickets) and no tickets'
);

reset role;
select ok(pg_temp.unchanged(), 'no error changed a balance, the ledger, a purchase or a slot');

-- ---------------------------------------------------------------------------------------------------
-- Buying with tickets: contact details after the purchase only
-- ---------------------------------------------------------------------------------------------------

select tests.authenticate_as('beta_member');
select is((select count(*)::int from public.purchased_leads where id = 'd0000000-0000-4000-8000-000000000001'), 0,
  'before buying, Beta cannot read lead 01');

create temporary table bought as
select public.buy_lead('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002') as r;
grant select on bought to public;

select is((select r ->> 'status' from bought), 'completed', 'a tickets purchase completes at once');
select is((select r ->> 'payment' from bought), 'tickets', 'paid with tickets (Beta''s plan)');
select is((select (r ->> 'price_tickets')::int from bought), 2, 'the listing''s ticket price');
select is((select (r -> 'balance' ->> 'tickets')::int from bought), 8, 'the balance after the purchase');
select is((select r -> 'lead' ->> 'email' from bought), 'kunde1@example.no', 'the result reveals the contact details');
select is((select r ->> 'seller_organization_id' from bought), 'aaaaaaaa-0000-4000-8000-000000000001', 'the seller, for notifications');
select is((select (r ->> 'sold_out')::boolean from bought), false, 'one of two slots taken');
select is((select email from public.purchased_leads where id = 'd0000000-0000-4000-8000-000000000001'), 'kunde1@example.no',
  'after buying, a member of Beta reads the contact details');
select is((select count(*)::int from public.leads_purchases where lead_id = 'd0000000-0000-4000-8000-000000000001'), 1,
  'Beta sees its purchase');
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002') $$,
  'P0001', 'lead-already-bought', 'a second purchase of the same lead'
);

select tests.authenticate_as('gamma_owner');
select is((select count(*)::int from public.purchased_leads where id = 'd0000000-0000-4000-8000-000000000001'), 0,
  'Gamma (not a buyer) still cannot read lead 01');

reset role;
select is((select tickets from public.organizations_payments where id = 'bbbbbbbb-0000-4000-8000-000000000002'), 8,
  'lead-already-bought left the balance alone');
select is(
  (select jsonb_build_array(kind, tickets_delta, credits_delta) from public.organizations_payments_ledger
   where organization_id = 'bbbbbbbb-0000-4000-8000-000000000002' order by id desc limit 1),
  '["lead_purchase", -2, 0]'::jsonb, 'the ledger row of the purchase'
);
select is((select buyers_count from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000001'), 1,
  'one slot taken');

-- ---------------------------------------------------------------------------------------------------
-- Buying with credits: the last slot sells the listing out
-- ---------------------------------------------------------------------------------------------------

select tests.authenticate_as('gamma_owner');
select is(
  (select r ->> 'payment' || ' ' || (r -> 'balance' ->> 'credits') || ' ' || (r ->> 'sold_out')
   from (select public.buy_lead('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001',
                                'cccccccc-0000-4000-8000-000000000003', 'credits') as r) as x),
  'credits 1 true', 'Gamma pays 3 of its 4 credits and takes the last slot'
);
select is((select email from public.purchased_leads where id = 'd0000000-0000-4000-8000-000000000001'), 'kunde1@example.no',
  'Gamma reads the contact details now');

reset role;
select is((select status from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000001'), 'sold_out',
  'the listing is sold out');

select tests.authenticate_as('delta_owner');
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'dddddddd-0000-4000-8000-000000000004') $$,
  'P0001', 'lead-not-available', 'Delta finds it sold out'
);

-- ---------------------------------------------------------------------------------------------------
-- Card (on demand): reserve, confirm, release, lazy release
-- ---------------------------------------------------------------------------------------------------

create temporary table reserved as
select public.buy_lead('d0000000-0000-4000-8000-000000000009', 'e0000000-0000-4000-8000-000000000009', 'dddddddd-0000-4000-8000-000000000004') as r;
grant select on reserved to public;

select is((select r ->> 'status' from reserved), 'reserved', 'an on-demand purchase reserves the slot');
select is((select (r ->> 'amount_ore')::int from reserved), 49900, 'the amount to charge');
select ok((select (r ->> 'reserved_until')::timestamptz between now() + interval '14 minutes' and now() + interval '16 minutes' from reserved),
  'reserved for 15 minutes');
select ok((select not (r ? 'lead') from reserved), 'no contact details before the charge');
select is((select count(*)::int from public.purchased_leads where id = 'd0000000-0000-4000-8000-000000000009'), 0,
  'a reservation does not reveal the lead');
select throws_ok(
  $$ select public.confirm_lead_purchase((select (r ->> 'purchase_id')::uuid from reserved), 'pi_1') $$,
  '42501', null, 'the buyer cannot confirm its own reservation'
);

select tests.authenticate_as('beta_owner');
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000009', 'e0000000-0000-4000-8000-000000000009', 'bbbbbbbb-0000-4000-8000-000000000002') $$,
  'P0001', 'lead-not-available', 'the reserved slot is taken'
);

select tests.authenticate_as_service_role();
select is(
  (select r ->> 'status' || ' ' || (r ->> 'amount_ore') || ' ' || (r -> 'lead' ->> 'email')
   from (select public.confirm_lead_purchase((select (r ->> 'purchase_id')::uuid from reserved), 'pi_1') as r) as x),
  'completed 49900 kunde9@example.no', 'confirming completes the purchase and reveals the lead'
);
select is(
  (select public.confirm_lead_purchase((select (r ->> 'purchase_id')::uuid from reserved), 'pi_other') ->> 'purchase_id'),
  (select r ->> 'purchase_id' from reserved), 'confirming twice returns the same purchase'
);
reset role;
select is(
  (select count(*)::int from public.organizations_payments_ledger
   where organization_id = 'dddddddd-0000-4000-8000-000000000004' and amount_ore = 62375 and kind = 'lead_purchase'),
  1, 'one ledger row with the card amount incl. mva (499 kr + 25 %), however often it is confirmed'
);
select is((select payment_reference from public.leads_purchases where id = (select (r ->> 'purchase_id')::uuid from reserved)), 'pi_1',
  'the first payment reference is kept');
select tests.authenticate_as('delta_owner');
select is((select email from public.purchased_leads where id = 'd0000000-0000-4000-8000-000000000009'), 'kunde9@example.no',
  'after the confirmation Delta reads the lead');

-- release
create temporary table reserved2 as
select public.buy_lead('d0000000-0000-4000-8000-000000000010', 'e0000000-0000-4000-8000-000000000010', 'dddddddd-0000-4000-8000-000000000004') as r;
grant select on reserved2 to public;
select tests.authenticate_as_service_role();
select throws_ok(
  $$ select public.release_lead_purchase((select (r ->> 'purchase_id')::uuid from reserved)) $$,
  'P0001', 'lead-purchase-completed', 'a completed purchase cannot be released'
);
select lives_ok($$ select public.release_lead_purchase((select (r ->> 'purchase_id')::uuid from reserved2)) $$,
  'releasing a reservation');
select lives_ok($$ select public.release_lead_purchase((select (r ->> 'purchase_id')::uuid from reserved2)) $$,
  'releasing twice does nothing');
select throws_ok(
  $$ select public.confirm_lead_purchase((select (r ->> 'purchase_id')::uuid from reserved2), 'pi_late') $$,
  'P0001', 'lead-purchase-released', 'a released reservation cannot be confirmed'
);
select throws_ok(
  $$ select public.confirm_lead_purchase('f0000000-0000-4000-8000-000000000000', 'pi_x') $$,
  'P0001', 'lead-purchase-not-found', 'confirming an unknown purchase'
);
reset role;
select is(
  (select jsonb_build_array(buyers_count, status) from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000010'),
  '[0, "active"]'::jsonb, 'the released slot is free and the listing active again'
);
select is(
  (select count(*)::int from public.organizations_payments_ledger where organization_id = 'dddddddd-0000-4000-8000-000000000004'),
  1, 'a released reservation leaves no ledger row'
);

-- reserve again (a released reservation may be retried), let it expire, and have Beta take the slot
select tests.authenticate_as('delta_owner');
create temporary table reserved3 as
select public.buy_lead('d0000000-0000-4000-8000-000000000010', 'e0000000-0000-4000-8000-000000000010', 'dddddddd-0000-4000-8000-000000000004') as r;
grant select on reserved3 to public;
select is((select r ->> 'status' from reserved3), 'reserved', 'Delta may reserve again after a release');
reset role;
update public.leads_purchases set reserved_until = now() - interval '1 second'
where id = (select (r ->> 'purchase_id')::uuid from reserved3);
select tests.authenticate_as('beta_owner');
select is(
  (select public.buy_lead('d0000000-0000-4000-8000-000000000010', 'e0000000-0000-4000-8000-000000000010',
                          'bbbbbbbb-0000-4000-8000-000000000002') ->> 'status'),
  'completed', 'an expired reservation gives its slot to the next buyer'
);
reset role;
select is((select state from public.leads_purchases where id = (select (r ->> 'purchase_id')::uuid from reserved3)), 'released',
  'the expired reservation is released');
select is(
  (select jsonb_build_array(buyers_count, status) from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000010'),
  '[1, "sold_out"]'::jsonb, 'one buyer, sold out'
);
select tests.authenticate_as_service_role();
select throws_ok(
  $$ select public.confirm_lead_purchase((select (r ->> 'purchase_id')::uuid from reserved3), 'pi_too_late') $$,
  'P0001', 'lead-purchase-released', 'a charge after the lazy release must be refunded'
);

-- the sweep
reset role;
select tests.authenticate_as('delta_owner');
create temporary table reserved4 as
select public.buy_lead('d0000000-0000-4000-8000-000000000007', 'e0000000-0000-4000-8000-000000000007', 'dddddddd-0000-4000-8000-000000000004') as r;
grant select on reserved4 to public;
reset role;
update public.leads_purchases set reserved_until = now() - interval '1 second'
where id = (select (r ->> 'purchase_id')::uuid from reserved4);
select tests.authenticate_as_service_role();
select is(private.release_expired_lead_purchases(), 1, 'the sweep releases expired reservations');
reset role;
select is(
  (select jsonb_build_array(buyers_count, status) from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000007'),
  '[0, "active"]'::jsonb, 'and frees their slots'
);

-- ---------------------------------------------------------------------------------------------------
-- The ledger sums to the balances; no balance is negative
-- ---------------------------------------------------------------------------------------------------

select is(
  (select count(*)::int
   from public.organizations_payments b
   left join (
     select organization_id, sum(tickets_delta) as t, sum(credits_delta) as c
     from public.organizations_payments_ledger group by organization_id
   ) l on l.organization_id = b.id
   where b.tickets <> coalesce(l.t, 0) or b.credits <> coalesce(l.c, 0)),
  0, 'every balance equals the sum of its ledger'
);
select is((select count(*)::int from public.organizations_payments where tickets < 0 or credits < 0), 0, 'no balance is negative');

-- ---------------------------------------------------------------------------------------------------
-- marketplace_sales
-- ---------------------------------------------------------------------------------------------------

select tests.authenticate_as('mp_owner');
select is(
  (select jsonb_build_array(purchases, tickets, credits, amount_ore) from public.marketplace_sales('11111111-1111-4111-8111-111111111111')),
  -- Gamma's seeded purchase (05), Beta 01 (2 tickets), Gamma 01 (3 credits), Delta 09 (49900 øre), Beta 10 (1 ticket)
  '[5, 3, 3, 49900]'::jsonb, 'the marketplace owner sees this month''s completed sales'
);
select is(
  (select month from public.marketplace_sales('11111111-1111-4111-8111-111111111111')),
  date_trunc('month', now() at time zone 'Europe/Oslo')::date, 'grouped by month (Oslo time)'
);
select tests.authenticate_as('beta_owner');
select throws_ok(
  $$ select * from public.marketplace_sales('11111111-1111-4111-8111-111111111111') $$,
  'P0001', 'marketplace-not-found', 'a member organization''s owner does not see the sales'
);
select tests.clear_authentication();
select throws_ok(
  $$ select * from public.marketplace_sales('11111111-1111-4111-8111-111111111111') $$,
  '42501', null, 'anon cannot call marketplace_sales'
);
select throws_ok(
  $$ select public.buy_lead('d0000000-0000-4000-8000-000000000007', 'e0000000-0000-4000-8000-000000000007', 'bbbbbbbb-0000-4000-8000-000000000002') $$,
  '42501', null, 'anon cannot call buy_lead'
);

select * from finish();
rollback;
