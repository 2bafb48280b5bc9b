-- Marketplace onboarding (20261122100700_marketplace_onboarding.sql): marketplaces_ticket_packs,
-- the card columns of organizations_payments_config, marketplace_intro and marketplace_payment_status.
--
-- Cast: mp_owner owns M1 (host localhost), mp_owner2 owns M2; Alfa AS (owner, member) belongs to M1;
-- outsider has no organization; claims_admin is a support admin.
begin;

select plan(39);

-- ---------------------------------------------------------------------------------------------------
-- Setup (as postgres)
-- ---------------------------------------------------------------------------------------------------

select tests.create_supabase_user('mp_owner');
select tests.create_supabase_user('mp_owner2');
select tests.create_supabase_user('owner');
select tests.create_supabase_user('member');
select tests.create_supabase_user('outsider');
select tests.create_supabase_user('claims_admin');

update auth.users
set raw_app_meta_data = raw_app_meta_data || '{"claims_admin": true}'
where id = tests.get_supabase_uid('claims_admin');

insert into public.organizations (id, name, owner_id) values
  ('aaaaaaaa-0000-4000-8000-000000000001', 'Alfa AS', tests.get_supabase_uid('owner'));
insert into public.organizations_members (organization_id, member_id, role) values
  ('aaaaaaaa-0000-4000-8000-000000000001', tests.get_supabase_uid('member'), 'member');

insert into public.marketplaces (id, owner_id, name, branding, default_price_ore) values
  ('11111111-1111-4111-8111-111111111111', tests.get_supabase_uid('mp_owner'), 'Leadtorget',
   '{"tagline": "Leads"}', 9900),
  ('22222222-2222-4222-8222-222222222222', tests.get_supabase_uid('mp_owner2'), 'Partner', '{}', 0);

insert into public.marketplaces_urls (url, marketplace_id) values
  ('localhost', '11111111-1111-4111-8111-111111111111');

insert into public.marketplaces_ticket_packs (marketplace_id, tickets, price_ore, sort_order, active) values
  ('11111111-1111-4111-8111-111111111111', 25, 225000, 2, true),
  ('11111111-1111-4111-8111-111111111111', 10, 98000, 1, true),
  ('11111111-1111-4111-8111-111111111111', 50, 400000, 3, false);

-- ---------------------------------------------------------------------------------------------------
-- Structure
-- ---------------------------------------------------------------------------------------------------

select tests.rls_enabled('public', 'marketplaces_ticket_packs');
select throws_ok(
  $$ insert into public.marketplaces_ticket_packs (marketplace_id, tickets, price_ore) values ('11111111-1111-4111-8111-111111111111', 0, 100) $$,
  '23514', null, 'a pack has at least one ticket'
);
select throws_ok(
  $$ insert into public.marketplaces_ticket_packs (marketplace_id, tickets, price_ore) values ('11111111-1111-4111-8111-111111111111', 5, -1) $$,
  '23514', null, 'a price is not negative'
);
select throws_ok(
  $$ insert into public.marketplaces_ticket_packs (marketplace_id, tickets, price_ore) values ('11111111-1111-4111-8111-111111111111', 10, 1) $$,
  '23505', null, 'one pack per size and marketplace'
);
select throws_ok(
  $$ update public.organizations_payments_config set card_last4 = '12a4' where id = 'aaaaaaaa-0000-4000-8000-000000000001' $$,
  '23514', null, 'card_last4 is four digits'
);

-- ---------------------------------------------------------------------------------------------------
-- marketplaces_ticket_packs: anyone reads; the owner (and claims admins) write
-- ---------------------------------------------------------------------------------------------------

select tests.clear_authentication();
select is((select count(*)::int from public.marketplaces_ticket_packs), 3, 'anon reads the packs');
select throws_ok(
  $$ insert into public.marketplaces_ticket_packs (marketplace_id, tickets, price_ore) values ('11111111-1111-4111-8111-111111111111', 5, 50000) $$,
  '42501', null, 'anon cannot add a pack'
);

select tests.authenticate_as('outsider');
select is((select count(*)::int from public.marketplaces_ticket_packs), 3, 'any user reads the packs');
select throws_ok(
  $$ insert into public.marketplaces_ticket_packs (marketplace_id, tickets, price_ore) values ('11111111-1111-4111-8111-111111111111', 5, 50000) $$,
  '42501', null, 'another user cannot add a pack'
);
select is_empty(
  $$ update public.marketplaces_ticket_packs set price_ore = 1 where tickets = 10 returning 1 $$,
  'another user cannot change a pack'
);
select is_empty(
  $$ delete from public.marketplaces_ticket_packs where tickets = 10 returning 1 $$,
  'another user cannot remove a pack'
);

select tests.authenticate_as('mp_owner2');
select throws_ok(
  $$ insert into public.marketplaces_ticket_packs (marketplace_id, tickets, price_ore) values ('11111111-1111-4111-8111-111111111111', 5, 50000) $$,
  '42501', null, 'the owner of another marketplace cannot add a pack here'
);

select tests.authenticate_as('mp_owner');
select lives_ok(
  $$ insert into public.marketplaces_ticket_packs (marketplace_id, tickets, price_ore, sort_order) values ('11111111-1111-4111-8111-111111111111', 5, 47000, 0) $$,
  'the marketplace owner adds a pack'
);
select isnt_empty(
  $$ update public.marketplaces_ticket_packs set price_ore = 95000 where tickets = 10 returning 1 $$,
  'the marketplace owner changes a pack'
);

select tests.authenticate_as('claims_admin');
select isnt_empty(
  $$ update public.marketplaces_ticket_packs set price_ore = 45000 where tickets = 5 returning 1 $$,
  'a claims admin changes a pack'
);

-- ---------------------------------------------------------------------------------------------------
-- marketplace_intro
-- ---------------------------------------------------------------------------------------------------

select tests.clear_authentication();
select is(
  public.marketplace_intro(input_marketplace_id => '11111111-1111-4111-8111-111111111111') ->> 'name',
  'Leadtorget', 'anon finds a marketplace by id'
);
select is(
  public.marketplace_intro(input_host => 'LocalHost ') ->> 'id',
  '11111111-1111-4111-8111-111111111111', 'anon finds a marketplace by host (case and spaces ignored)'
);
select is(
  (select jsonb_agg(p - 'id') from jsonb_array_elements(public.marketplace_intro(input_host => 'localhost') -> 'packs') as p),
  '[{"tickets": 5, "price_ore": 45000}, {"tickets": 10, "price_ore": 95000}, {"tickets": 25, "price_ore": 225000}]'::jsonb,
  'packs: only active ones (not the 50-pack), in sort order, with tickets and price'
);
select is(
  (public.marketplace_intro(input_host => 'localhost') ->> 'default_price_ore')::int, 9900,
  'the default card price is public'
);
select is(public.marketplace_intro(input_host => 'unknown.example.no'), null, 'an unknown host gives null');
select is(
  public.marketplace_intro(input_marketplace_id => '99999999-9999-4999-8999-999999999999'), null,
  'an unknown id gives null'
);
select is(public.marketplace_intro(), null, 'neither id nor host gives null');
select is(
  (select array_agg(k order by k) from jsonb_object_keys(public.marketplace_intro(input_host => 'localhost')) as k),
  array['branding', 'default_price_credits', 'default_price_ore', 'default_price_tickets', 'id', 'name', 'packs'],
  'no owner or member data in the intro'
);
select is(
  public.marketplace_intro(input_marketplace_id => '22222222-2222-4222-8222-222222222222') -> 'packs',
  '[]'::jsonb, 'a marketplace without packs has an empty list'
);

-- ---------------------------------------------------------------------------------------------------
-- marketplace_payment_status
-- ---------------------------------------------------------------------------------------------------

select tests.clear_authentication();
select throws_ok(
  $$ select * from public.marketplace_payment_status('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111') $$,
  '42501', null, 'anon cannot ask for a payment status'
);

select tests.authenticate_as('outsider');
select throws_ok(
  $$ select * from public.marketplace_payment_status('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111') $$,
  '42501', 'not-organization-member', 'a non-member cannot ask for an organization''s status'
);

select tests.authenticate_as('owner');
select results_eq(
  $$ select is_member, plan::text, needs_payment_setup from public.marketplace_payment_status('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111') $$,
  $$ values (false, null::text, false) $$,
  'not joined, no plan'
);

insert into public.marketplaces_organizations (marketplace_id, organization_id)
values ('11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001');
select results_eq(
  $$ select is_member, plan::text, needs_payment_setup from public.marketplace_payment_status('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111') $$,
  $$ values (true, null::text, false) $$,
  'joined without a plan: no payment setup yet (the plans page comes first)'
);

insert into public.organizations_marketplaces_configs (organization_id, marketplace_id, plan)
values ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', 'on_demand');
select results_eq(
  $$ select plan::text, needs_payment_setup from public.marketplace_payment_status('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111') $$,
  $$ values ('on_demand', true) $$,
  'on_demand without a card needs payment setup'
);

update public.organizations_marketplaces_configs set plan = 'tickets', tickets_per_month = 10
where organization_id = 'aaaaaaaa-0000-4000-8000-000000000001';
select results_eq(
  $$ select plan::text, needs_payment_setup from public.marketplace_payment_status('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111') $$,
  $$ values ('tickets', true) $$,
  'tickets with no tickets and no card needs payment setup'
);

-- Members cannot save a card themselves (the payment functions do).
select throws_ok(
  $$ update public.organizations_payments_config set payment_method_id = 'pm_fake' where id = 'aaaaaaaa-0000-4000-8000-000000000001' $$,
  '42501', null, 'the owner cannot set payment_method_id'
);
select throws_ok(
  $$ update public.organizations_payments_config set card_last4 = '4242', card_brand = 'visa' where id = 'aaaaaaaa-0000-4000-8000-000000000001' $$,
  '42501', null, 'the owner cannot set the card details'
);
select is(
  (select payment_method_id from public.organizations_payments_config where id = 'aaaaaaaa-0000-4000-8000-000000000001'),
  null, 'members read the card columns (still empty)'
);

reset role;
select private.change_balance('aaaaaaaa-0000-4000-8000-000000000001', 3, 0, 'tickets_purchase', 30000, 'test');
select tests.authenticate_as('member');
select results_eq(
  $$ select plan::text, needs_payment_setup from public.marketplace_payment_status('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111') $$,
  $$ values ('tickets', false) $$,
  'tickets with tickets left is configured (any member may ask)'
);

reset role;
select private.change_balance('aaaaaaaa-0000-4000-8000-000000000001', -3, 0, 'adjustment');
select tests.authenticate_as_service_role();
select isnt_empty(
  $$ update public.organizations_payments_config
     set payment_method_id = 'pm_test_1', card_brand = 'visa', card_last4 = '4242', card_exp_month = 12, card_exp_year = 2030
     where id = 'aaaaaaaa-0000-4000-8000-000000000001' returning 1 $$,
  'the service role (payment functions) saves the card'
);

select tests.authenticate_as('owner');
select results_eq(
  $$ select plan::text, needs_payment_setup from public.marketplace_payment_status('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111') $$,
  $$ values ('tickets', false) $$,
  'tickets with no tickets but a card is configured'
);

update public.organizations_marketplaces_configs set plan = 'on_demand', tickets_per_month = null
where organization_id = 'aaaaaaaa-0000-4000-8000-000000000001';
select results_eq(
  $$ select plan::text, needs_payment_setup from public.marketplace_payment_status('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111') $$,
  $$ values ('on_demand', false) $$,
  'on_demand with a card is configured'
);
select results_eq(
  $$ select is_member, plan::text, needs_payment_setup from public.marketplace_payment_status('aaaaaaaa-0000-4000-8000-000000000001', '22222222-2222-4222-8222-222222222222') $$,
  $$ values (false, null::text, false) $$,
  'another marketplace: not joined, no plan'
);
select is(
  (select card_last4 from public.organizations_payments_config where id = 'aaaaaaaa-0000-4000-8000-000000000001'),
  '4242', 'members read the saved card''s last four digits'
);

select * from finish();
rollback;
