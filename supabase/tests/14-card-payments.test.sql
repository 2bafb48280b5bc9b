-- Card payments (20261122101300_card_payments.sql, docs/payments.md «Database»): credit packs, the
-- card_payments rows, settling exactly once, refunds, Stripe event ids and the local provider's store.
--
-- Cast: Alfa AS (owner alfa_owner, member alfa_member) belongs to marketplace M1; Beta AS (beta_owner)
-- belongs to none. M1 offers a 25-ticket pack and a 100-credit pack, plus an inactive pack.
begin;

select plan(49);

select tests.create_supabase_user('alfa_owner');
select tests.create_supabase_user('alfa_member');
select tests.create_supabase_user('beta_owner');
select tests.create_supabase_user('mp_owner');

insert into public.organizations (id, name, owner_id) values
  ('aaaaaaaa-0000-4000-8000-000000000001', 'Alfa AS', tests.get_supabase_uid('alfa_owner')),
  ('bbbbbbbb-0000-4000-8000-000000000002', 'Beta AS', tests.get_supabase_uid('beta_owner'));
insert into public.organizations_members (organization_id, member_id, role) values
  ('aaaaaaaa-0000-4000-8000-000000000001', tests.get_supabase_uid('alfa_member'), 'member');

insert into public.marketplaces (id, owner_id, name) values
  ('11111111-1111-4111-8111-111111111111', tests.get_supabase_uid('mp_owner'), 'Leadtorget');
insert into public.marketplaces_organizations (marketplace_id, organization_id) values
  ('11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001');

insert into public.marketplaces_ticket_packs (id, marketplace_id, tickets, price_ore, active) values
  ('70000000-0000-4000-8000-000000000025', '11111111-1111-4111-8111-111111111111', 25, 225000, true),
  ('70000000-0000-4000-8000-000000000099', '11111111-1111-4111-8111-111111111111', 99, 500000, false);
insert into public.marketplaces_credit_packs (id, marketplace_id, credits, price_ore) values
  ('80000000-0000-4000-8000-000000000100', '11111111-1111-4111-8111-111111111111', 100, 90000);

-- Privileges ------------------------------------------------------------------------------------------

select tests.rls_enabled('public', 'marketplaces_credit_packs');
select tests.rls_enabled('public', 'card_payments');

select ok(not has_function_privilege('authenticated', 'public.start_card_payment(uuid, text, uuid, text, text, uuid)', 'execute'),
  'authenticated cannot start card payments');
select ok(not has_function_privilege('authenticated', 'public.settle_card_payment(uuid)', 'execute'),
  'authenticated cannot settle card payments');
select ok(not has_function_privilege('anon', 'public.settle_card_payment(uuid)', 'execute'),
  'anon cannot settle card payments');
select ok(not has_function_privilege('authenticated', 'public.update_card_payment(uuid, text, text, text, text, text)', 'execute'),
  'authenticated cannot update card payments');
select ok(not has_function_privilege('authenticated', 'public.refund_card_payment(uuid, integer)', 'execute'),
  'authenticated cannot refund card payments');
select ok(not has_function_privilege('authenticated', 'public.record_stripe_event(text, text)', 'execute'),
  'authenticated cannot record Stripe events');
select ok(not has_function_privilege('authenticated', 'public.local_payment_object_put(text, text, uuid, jsonb, text)', 'execute'),
  'authenticated cannot write the local provider''s store');
select ok(not has_function_privilege('authenticated', 'public.local_payment_object_get(text)', 'execute'),
  'authenticated cannot read the local provider''s store');
select ok(has_function_privilege('service_role', 'public.settle_card_payment(uuid)', 'execute'),
  'service_role can settle card payments');
select ok(not has_function_privilege('anon', 'public.can_manage_organization_payments(uuid)', 'execute'),
  'anon cannot ask can_manage_organization_payments');

-- Credit packs: anyone reads, only the marketplace owner manages ------------------------------------

select tests.clear_authentication();
select is((select count(*)::int from public.marketplaces_credit_packs), 1, 'anon reads credit packs');

select tests.authenticate_as('alfa_owner');
select throws_ok(
  $$ insert into public.marketplaces_credit_packs (marketplace_id, credits, price_ore)
     values ('11111111-1111-4111-8111-111111111111', 5, 100) $$,
  '42501', null, 'an organization owner cannot add credit packs to someone else''s marketplace');

select tests.authenticate_as('mp_owner');
select lives_ok(
  $$ insert into public.marketplaces_credit_packs (marketplace_id, credits, price_ore)
     values ('11111111-1111-4111-8111-111111111111', 500, 400000) $$,
  'the marketplace owner adds a credit pack');

-- can_manage_organization_payments ----------------------------------------------------------------

select tests.authenticate_as('alfa_owner');
select ok(public.can_manage_organization_payments('aaaaaaaa-0000-4000-8000-000000000001'), 'the owner manages payments');
select ok(not public.can_manage_organization_payments('bbbbbbbb-0000-4000-8000-000000000002'),
  'not another organization''s payments');
select tests.authenticate_as('alfa_member');
select ok(not public.can_manage_organization_payments('aaaaaaaa-0000-4000-8000-000000000001'),
  'an ordinary member does not manage payments');

-- Clients cannot write card_payments -------------------------------------------------------------

select tests.authenticate_as('alfa_owner');
select throws_ok(
  $$ insert into public.card_payments (organization_id, purpose, pack_id, tickets, amount_ore, description, provider, idempotency_key)
     values ('aaaaaaaa-0000-4000-8000-000000000001', 'tickets_pack', '70000000-0000-4000-8000-000000000025', 25, 1, 'x', 'local', 'k') $$,
  '42501', null, 'members cannot insert card payments');

-- start_card_payment ---------------------------------------------------------------------------------

select tests.authenticate_as_service_role();

select is(
  (public.start_card_payment('aaaaaaaa-0000-4000-8000-000000000001', 'tickets', '70000000-0000-4000-8000-000000000025',
    'pack:one', 'local', tests.get_supabase_uid('alfa_owner'))).description,
  '25 klipp – Leadtorget', 'a ticket pack payment describes what it buys');
select is(
  (select row(status, amount_ore, tickets, credits, purpose)::text from public.card_payments where idempotency_key = 'pack:one'),
  row('pending', 281250, 25, 0, 'tickets_pack')::text, 'it starts pending with the pack''s snapshot (2 250 kr + 25 % MVA)');
select is(
  (public.start_card_payment('aaaaaaaa-0000-4000-8000-000000000001', 'tickets', '70000000-0000-4000-8000-000000000025',
    'pack:one', 'local')).id,
  (select id from public.card_payments where idempotency_key = 'pack:one'), 'a replayed key returns the same row');
select is((select count(*)::int from public.card_payments where idempotency_key = 'pack:one'), 1, 'and adds none');
select throws_ok(
  $$ select public.start_card_payment('aaaaaaaa-0000-4000-8000-000000000001', 'credits', '80000000-0000-4000-8000-000000000100', 'pack:one', 'local') $$,
  '22023', 'idempotency-key-reused', 'the key cannot buy another pack');
select throws_ok(
  $$ select public.start_card_payment('bbbbbbbb-0000-4000-8000-000000000002', 'tickets', '70000000-0000-4000-8000-000000000025', 'pack:beta', 'local') $$,
  'P0001', 'pack-not-found', 'a pack of a marketplace the organization does not belong to');
select throws_ok(
  $$ select public.start_card_payment('aaaaaaaa-0000-4000-8000-000000000001', 'tickets', '70000000-0000-4000-8000-000000000099', 'pack:inactive', 'local') $$,
  'P0001', 'pack-not-found', 'an inactive pack');
select throws_ok(
  $$ select public.start_card_payment('aaaaaaaa-0000-4000-8000-000000000001', 'tickets', '80000000-0000-4000-8000-000000000100', 'pack:wrongkind', 'local') $$,
  'P0001', 'pack-not-found', 'a credit pack bought as tickets');

-- update_card_payment ---------------------------------------------------------------------------------

select is(
  (public.update_card_payment((select id from public.card_payments where idempotency_key = 'pack:one'),
    'requires_action', 'pi_local_one', null, 'visa', '3184')).status,
  'requires_action', 'records the provider''s state');
select throws_ok(
  $$ select public.update_card_payment((select id from public.card_payments where idempotency_key = 'pack:one'), 'succeeded') $$,
  '22023', 'use-settle-or-refund', 'success only through settle_card_payment');

-- settle_card_payment: exactly once ------------------------------------------------------------------

select is(
  (public.settle_card_payment((select id from public.card_payments where idempotency_key = 'pack:one')) ->> 'settled')::boolean,
  true, 'the first settlement settles');
select is((select tickets from public.organizations_payments where id = 'aaaaaaaa-0000-4000-8000-000000000001'), 25,
  'the pack''s tickets are added');
select is(
  (public.settle_card_payment((select id from public.card_payments where idempotency_key = 'pack:one')) ->> 'settled')::boolean,
  false, 'the second settlement does not');
select is((select tickets from public.organizations_payments where id = 'aaaaaaaa-0000-4000-8000-000000000001'), 25,
  'and adds nothing');
select is(
  (select row(kind, tickets_delta, amount_ore)::text from public.organizations_payments_ledger
   where reference = 'card_payment ' || (select id from public.card_payments where idempotency_key = 'pack:one')),
  row('tickets_purchase', 25, 281250)::text, 'one ledger row for the purchase');
select is(
  (public.update_card_payment((select id from public.card_payments where idempotency_key = 'pack:one'), 'failed', null, 'card_declined')).status,
  'succeeded', 'a late failure report cannot undo a success');

-- A failed payment changes nothing --------------------------------------------------------------------

select public.start_card_payment('aaaaaaaa-0000-4000-8000-000000000001', 'credits', '80000000-0000-4000-8000-000000000100', 'pack:two', 'local');
select is(
  (public.update_card_payment((select id from public.card_payments where idempotency_key = 'pack:two'), 'failed', 'pi_local_two', 'card_declined')).failure_code,
  'card_declined', 'a decline is recorded with its code');
select is((select credits from public.organizations_payments where id = 'aaaaaaaa-0000-4000-8000-000000000001'), 0,
  'and no credits are added');

-- Refunds ------------------------------------------------------------------------------------------------

select is(
  (public.refund_card_payment((select id from public.card_payments where idempotency_key = 'pack:one'), 112500) ->> 'refunded')::boolean,
  true, 'a partial refund is recorded');
select is((select tickets from public.organizations_payments where id = 'aaaaaaaa-0000-4000-8000-000000000001'), 15,
  '40 % refunded takes back 10 of the 25 tickets');
select is(
  (public.refund_card_payment((select id from public.card_payments where idempotency_key = 'pack:one'), 112500) ->> 'refunded')::boolean,
  false, 'the same refund total again changes nothing');
select is(
  (select sum(amount_ore)::int from public.organizations_payments_ledger
   where reference = 'card_payment ' || (select id from public.card_payments where idempotency_key = 'pack:one')),
  168750, 'the ledger nets purchase and refund');

-- Stripe events ------------------------------------------------------------------------------------------

select is(public.record_stripe_event('evt_1', 'payment_intent.succeeded'), true, 'a new event id is recorded');
select is(public.record_stripe_event('evt_1', 'payment_intent.succeeded'), false, 'a duplicate is recognised');
select public.forget_stripe_event('evt_1');
select is(public.record_stripe_event('evt_1', 'payment_intent.succeeded'), true, 'a forgotten id is processed again');

-- The local provider's store ----------------------------------------------------------------------------

select is(
  public.local_payment_object_put('pi_local_a', 'payment_intent', 'aaaaaaaa-0000-4000-8000-000000000001',
    '{"status":"requires_action"}', 'key-a') -> 'data' ->> 'status',
  'requires_action', 'the store keeps an object');
select is(
  public.local_payment_object_put('pi_local_b', 'payment_intent', 'aaaaaaaa-0000-4000-8000-000000000001',
    '{"status":"succeeded"}', 'key-a') ->> 'id',
  'pi_local_a', 'a replayed idempotency key returns the first object');
select is(
  public.local_payment_object_update('pi_local_a', '{"status":"succeeded"}') -> 'data' ->> 'status',
  'succeeded', 'update merges data');

-- Members read their own card payments only ------------------------------------------------------------

select tests.authenticate_as('alfa_member');
select is((select count(*)::int from public.card_payments), 2, 'a member reads the organization''s card payments');
select tests.authenticate_as('beta_owner');
select is((select count(*)::int from public.card_payments), 0, 'another organization reads none');

select * from finish();
rollback;
