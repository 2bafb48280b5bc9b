-- marketplace_members (20261122101400_marketplace_members.sql, docs/lead-marketplace.md «Marketplace
-- screens»): the marketplace owner and claims admins read the member organizations' names and figures;
-- members of those organizations, another marketplace's owner and anon may not.
--
-- Cast: mp_owner owns M1 (members Alfa AS, the seller, and Beta AS, the buyer) — mp_owner belongs to
-- neither organization. beta_owner owns Beta AS, beta_member is an ordinary member of it; other_owner
-- owns M2; support is a claims admin.
begin;

select plan(17);

select tests.create_supabase_user('mp_owner');
select tests.create_supabase_user('other_owner');
select tests.create_supabase_user('seller');
select tests.create_supabase_user('beta_owner');
select tests.create_supabase_user('beta_member');
select tests.create_supabase_user('support');

update auth.users
set raw_app_meta_data = raw_app_meta_data || '{"claims_admin": true}'
where id = tests.get_supabase_uid('support');

insert into public.organizations (id, name, owner_id, organization_number) values
  ('aaaaaaaa-0000-4000-8000-000000000001', 'Alfa AS', tests.get_supabase_uid('seller'), '923609016'),
  ('bbbbbbbb-0000-4000-8000-000000000002', 'Beta AS', tests.get_supabase_uid('beta_owner'), null),
  ('cccccccc-0000-4000-8000-000000000003', 'Gamma AS', tests.get_supabase_uid('beta_owner'), null);

insert into public.organizations_members (organization_id, member_id, role) values
  ('bbbbbbbb-0000-4000-8000-000000000002', tests.get_supabase_uid('beta_member'), 'member');

insert into public.marketplaces (id, owner_id, name) values
  ('11111111-1111-4111-8111-111111111111', tests.get_supabase_uid('mp_owner'), 'Leadtorget'),
  ('22222222-2222-4222-8222-222222222222', tests.get_supabase_uid('other_owner'), 'Partner');

insert into public.marketplaces_organizations (marketplace_id, organization_id, created_at) values
  ('11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001', '2026-10-01T10:00:00Z'),
  ('11111111-1111-4111-8111-111111111111', 'bbbbbbbb-0000-4000-8000-000000000002', '2026-11-01T10:00:00Z'),
  ('22222222-2222-4222-8222-222222222222', 'cccccccc-0000-4000-8000-000000000003', '2026-11-01T10:00:00Z'),
  ('22222222-2222-4222-8222-222222222222', 'bbbbbbbb-0000-4000-8000-000000000002', '2026-11-01T10:00:00Z');

insert into public.organizations_marketplaces_configs (organization_id, marketplace_id, plan) values
  ('bbbbbbbb-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111', 'on_demand');

insert into public.leads (id, organization_id, name, email) values
  ('d0000000-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000001', 'Kunde 1', 'kunde1@example.no'),
  ('d0000000-0000-4000-8000-000000000002', 'aaaaaaaa-0000-4000-8000-000000000001', 'Kunde 2', 'kunde2@example.no');

-- The leads may be shared with buyers (20261124110200_listing_consent.sql refuses a listing otherwise).
update public.leads set consent = true;

insert into public.advertised_leads
  (id, lead_id, marketplace_id, organization_id, title, price_ore, max_buyers, buyers_count, status)
values
  ('e0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111',
   'aaaaaaaa-0000-4000-8000-000000000001', 'Nytt bad i Bergen', 49900, 3, 2, 'active'),
  ('e0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111',
   'aaaaaaaa-0000-4000-8000-000000000001', 'Pauset annonse', 0, 1, 0, 'paused');

-- One completed card purchase by Beta, and one reserved (not counted) by Gamma through the same listing.
insert into public.leads_purchases
  (lead_id, advertised_lead_id, organization_id, paid_with, amount_ore, state, completed_at, reserved_until)
values
  ('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001',
   'bbbbbbbb-0000-4000-8000-000000000002', 'card', 49900, 'completed', now(), null),
  ('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001',
   'cccccccc-0000-4000-8000-000000000003', 'card', 49900, 'reserved', null, now() + interval '15 minutes');

-- Privileges -----------------------------------------------------------------------------------------

select ok(has_function_privilege('authenticated', 'public.marketplace_members(uuid)', 'execute'),
  'authenticated can execute marketplace_members');
select ok(not has_function_privilege('anon', 'public.marketplace_members(uuid)', 'execute'),
  'anon cannot execute marketplace_members');
select ok(not has_function_privilege('service_role', 'public.marketplace_members(uuid)', 'execute'),
  'service_role cannot execute marketplace_members (it is a signed-in user''s read)');
select is(
  (select p.prosecdef and p.proconfig = array['search_path=""'] from pg_proc p
   where p.oid = 'public.marketplace_members(uuid)'::regprocedure),
  true, 'security definer with an empty search_path');

-- The owner -------------------------------------------------------------------------------------------

select tests.authenticate_as('mp_owner');
select is(
  (select count(*)::int from public.organizations where id = 'bbbbbbbb-0000-4000-8000-000000000002'),
  0, 'RLS still hides the member organization itself from the marketplace owner');
select results_eq(
  $$ select organization_id, name, organization_number, joined_at, plan::text, listings, sold, purchases, revenue_ore
     from public.marketplace_members('11111111-1111-4111-8111-111111111111') $$,
  $$ values
     ('bbbbbbbb-0000-4000-8000-000000000002'::uuid, 'Beta AS', null::text, '2026-11-01T10:00:00Z'::timestamptz,
      'on_demand', 0::bigint, 0::bigint, 1::bigint, 49900::bigint),
     ('aaaaaaaa-0000-4000-8000-000000000001'::uuid, 'Alfa AS', '923609016', '2026-10-01T10:00:00Z'::timestamptz,
      null, 2::bigint, 2::bigint, 0::bigint, 0::bigint) $$,
  'the owner sees every member by name, newest first, with plan, listings, sold slots, completed purchases and revenue');
select is(
  (select count(*)::int from public.marketplace_members('11111111-1111-4111-8111-111111111111')
   where organization_id = 'cccccccc-0000-4000-8000-000000000003'),
  0, 'only members of this marketplace (Gamma AS is on M2 only)');
select throws_ok(
  $$ select * from public.marketplace_members('22222222-2222-4222-8222-222222222222') $$,
  '42501', 'forbidden', 'the owner of M1 cannot read the members of M2');
select throws_ok(
  $$ select * from public.marketplace_members(null) $$,
  '42501', 'forbidden', 'a null marketplace is refused');
select throws_ok(
  $$ select * from public.marketplace_members('99999999-9999-4999-8999-999999999999') $$,
  '42501', 'forbidden', 'an unknown marketplace is refused the same way');

-- Members of the member organizations -----------------------------------------------------------------

select tests.authenticate_as('beta_owner');
select throws_ok(
  $$ select * from public.marketplace_members('11111111-1111-4111-8111-111111111111') $$,
  '42501', 'forbidden', 'the owner of a member organization is denied');

select tests.authenticate_as('beta_member');
select throws_ok(
  $$ select * from public.marketplace_members('11111111-1111-4111-8111-111111111111') $$,
  '42501', 'forbidden', 'an ordinary member of a member organization is denied');

select tests.authenticate_as('seller');
select throws_ok(
  $$ select * from public.marketplace_members('11111111-1111-4111-8111-111111111111') $$,
  '42501', 'forbidden', 'the seller organization''s owner is denied');

-- Claims admin, other owner, anon ------------------------------------------------------------------------

select tests.authenticate_as('support');
select is(
  (select array_agg(name order by name) from public.marketplace_members('11111111-1111-4111-8111-111111111111')),
  array['Alfa AS', 'Beta AS'], 'a claims admin sees the members');

select tests.authenticate_as('other_owner');
select is(
  (select array_agg(name order by name) from public.marketplace_members('22222222-2222-4222-8222-222222222222')),
  array['Beta AS', 'Gamma AS'], 'another owner sees the members of their own marketplace');

select tests.clear_authentication();
select throws_ok(
  $$ select * from public.marketplace_members('11111111-1111-4111-8111-111111111111') $$,
  '42501', null, 'anon is denied');

select tests.authenticate_as('mp_owner');
select is(
  (select count(*)::int from public.marketplace_members('11111111-1111-4111-8111-111111111111')),
  2, 'the owner again: two members');

select * from finish();
rollback;
