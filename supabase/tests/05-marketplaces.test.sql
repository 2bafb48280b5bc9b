-- Marketplaces (20261122100400_marketplaces.sql): marketplaces, marketplaces_urls,
-- marketplaces_organizations, organizations_marketplaces_configs, organizations_leads_config and the
-- private helpers. Every denial is paired with an allowed control.
--
-- Cast: Alfa AS (owner, admin, member), Beta AS (other_owner, other_member; belongs to marketplace M1),
-- mp_owner owns M1 (host localhost), mp_owner2 owns M2 (partner.localhost), outsider (no organization),
-- claims_admin (app_metadata.claims_admin). Alfa joins M1 during the test.
begin;

select plan(101);

-- ---------------------------------------------------------------------------------------------------
-- Setup (as postgres)
-- ---------------------------------------------------------------------------------------------------

select tests.create_supabase_user('mp_owner');
select tests.create_supabase_user('mp_owner2');
select tests.create_supabase_user('owner');
select tests.create_supabase_user('admin');
select tests.create_supabase_user('member');
select tests.create_supabase_user('other_owner');
select tests.create_supabase_user('other_member');
select tests.create_supabase_user('outsider');
select tests.create_supabase_user('claims_admin');

update auth.users
set raw_app_meta_data = raw_app_meta_data || '{"claims_admin": true}'
where id = tests.get_supabase_uid('claims_admin');

insert into public.organizations (id, name, owner_id) values
  ('aaaaaaaa-0000-4000-8000-000000000001', 'Alfa AS', tests.get_supabase_uid('owner')),
  ('bbbbbbbb-0000-4000-8000-000000000002', 'Beta AS', tests.get_supabase_uid('other_owner'));

insert into public.organizations_members (organization_id, member_id, role) values
  ('aaaaaaaa-0000-4000-8000-000000000001', tests.get_supabase_uid('admin'), 'admin'),
  ('aaaaaaaa-0000-4000-8000-000000000001', tests.get_supabase_uid('member'), 'member'),
  ('bbbbbbbb-0000-4000-8000-000000000002', tests.get_supabase_uid('other_member'), 'member');

insert into public.marketplaces (id, owner_id, name) values
  ('11111111-1111-4111-8111-111111111111', tests.get_supabase_uid('mp_owner'), 'Leadtorget'),
  ('22222222-2222-4222-8222-222222222222', tests.get_supabase_uid('mp_owner2'), 'Partner');

insert into public.marketplaces_urls (url, marketplace_id) values
  ('localhost', '11111111-1111-4111-8111-111111111111'),
  ('partner.localhost', '22222222-2222-4222-8222-222222222222');

insert into public.marketplaces_organizations (marketplace_id, organization_id) values
  ('11111111-1111-4111-8111-111111111111', 'bbbbbbbb-0000-4000-8000-000000000002');

-- ---------------------------------------------------------------------------------------------------
-- Structure
-- ---------------------------------------------------------------------------------------------------

select tests.rls_enabled('public');

select throws_ok(
  $$ insert into public.marketplaces_urls (url, marketplace_id) values ('Leads.Example.no', '11111111-1111-4111-8111-111111111111') $$,
  '23514', null, 'a URL must be lower-case'
);
select throws_ok(
  $$ insert into public.marketplaces_urls (url, marketplace_id) values ('https://leads.example.no/', '11111111-1111-4111-8111-111111111111') $$,
  '23514', null, 'a URL is a host name, without scheme or path'
);
select lives_ok(
  $$ insert into public.marketplaces_urls (url, marketplace_id) values ('xn--lrdal-sra.example.no', '11111111-1111-4111-8111-111111111111') $$,
  'a lower-case host name is accepted'
);

-- ---------------------------------------------------------------------------------------------------
-- marketplaces_urls: anyone reads; the marketplace owner manages
-- ---------------------------------------------------------------------------------------------------

select tests.clear_authentication();
select is((select marketplace_id from public.marketplaces_urls where url = 'localhost'),
  '11111111-1111-4111-8111-111111111111'::uuid, 'anon resolves a host to its marketplace');
select throws_ok(
  $$ insert into public.marketplaces_urls (url, marketplace_id) values ('anon.example.no', '11111111-1111-4111-8111-111111111111') $$,
  '42501', null, 'anon cannot add a URL'
);
with changed as (update public.marketplaces_urls set url = 'hijacked.example.no' where url = 'localhost' returning 1)
select is(count(*)::int, 0, 'anon cannot change a URL') from changed;
with removed as (delete from public.marketplaces_urls where url = 'localhost' returning 1)
select is(count(*)::int, 0, 'anon cannot remove a URL') from removed;

select tests.authenticate_as('outsider');
select is((select count(*)::int from public.marketplaces_urls where url in ('localhost', 'partner.localhost')), 2,
  'a signed-in user without organization resolves hosts');
select throws_ok(
  $$ insert into public.marketplaces_urls (url, marketplace_id) values ('outsider.example.no', '11111111-1111-4111-8111-111111111111') $$,
  '42501', null, 'an outsider cannot add a URL to a marketplace'
);

select tests.authenticate_as('owner');
select throws_ok(
  $$ insert into public.marketplaces_urls (url, marketplace_id) values ('owner.example.no', '11111111-1111-4111-8111-111111111111') $$,
  '42501', null, 'an organization owner cannot add a URL to a marketplace'
);
with changed as (update public.marketplaces_urls set url = 'hijacked.example.no' where url = 'localhost' returning 1)
select is(count(*)::int, 0, 'an organization owner cannot change a marketplace URL') from changed;

select tests.authenticate_as('mp_owner');
select lives_ok(
  $$ insert into public.marketplaces_urls (url, marketplace_id) values ('leads.example.no', '11111111-1111-4111-8111-111111111111') $$,
  'the marketplace owner adds a URL'
);
select throws_ok(
  $$ insert into public.marketplaces_urls (url, marketplace_id) values ('steal.example.no', '22222222-2222-4222-8222-222222222222') $$,
  '42501', null, 'a marketplace owner cannot add a URL to another marketplace'
);
with changed as (update public.marketplaces_urls set url = 'www.leads.example.no' where url = 'leads.example.no' returning 1)
select is(count(*)::int, 1, 'the marketplace owner changes a URL') from changed;
with changed as (update public.marketplaces_urls set url = 'taken.example.no' where url = 'partner.localhost' returning 1)
select is(count(*)::int, 0, 'a marketplace owner cannot change another marketplace''s URL') from changed;
select throws_ok(
  $$ update public.marketplaces_urls set marketplace_id = '22222222-2222-4222-8222-222222222222' where url = 'www.leads.example.no' $$,
  '42501', null, 'a marketplace owner cannot move a URL to a marketplace they do not own'
);
with removed as (delete from public.marketplaces_urls where url = 'partner.localhost' returning 1)
select is(count(*)::int, 0, 'a marketplace owner cannot remove another marketplace''s URL') from removed;

select tests.authenticate_as('member');
with removed as (delete from public.marketplaces_urls where url = 'www.leads.example.no' returning 1)
select is(count(*)::int, 0, 'an organization member cannot remove a URL') from removed;

select tests.authenticate_as('mp_owner');
with removed as (delete from public.marketplaces_urls where url = 'www.leads.example.no' returning 1)
select is(count(*)::int, 1, 'the marketplace owner removes a URL') from removed;

-- ---------------------------------------------------------------------------------------------------
-- marketplaces: owner, member organizations and claims admins read; the owner updates
-- ---------------------------------------------------------------------------------------------------

select tests.clear_authentication();
select is((select count(*)::int from public.marketplaces), 0, 'anon reads no marketplace');

select tests.authenticate_as('outsider');
select is((select count(*)::int from public.marketplaces), 0, 'an outsider reads no marketplace');

select tests.authenticate_as('mp_owner');
select is((select array_agg(name) from public.marketplaces), array['Leadtorget'], 'the marketplace owner reads their marketplace only');

select tests.authenticate_as('other_member');
select is((select array_agg(name) from public.marketplaces), array['Leadtorget'],
  'a member of an organization in M1 reads M1, not M2');

select tests.authenticate_as('member');
select is((select count(*)::int from public.marketplaces), 0, 'a member of an organization in no marketplace reads none');

select tests.authenticate_as('claims_admin');
select is((select count(*)::int from public.marketplaces), 2, 'a claims admin reads every marketplace');

select tests.authenticate_as('mp_owner');
select throws_ok(
  $$ insert into public.marketplaces (owner_id, name) values (auth.uid(), 'Min egen') $$,
  '42501', null, 'a user cannot create a marketplace (support does)'
);
with changed as (
  update public.marketplaces set name = 'Leadtorget Norge', branding = '{"color": "#0a7"}'
  where id = '11111111-1111-4111-8111-111111111111' returning 1
)
select is(count(*)::int, 1, 'the owner updates name and branding') from changed;
with changed as (update public.marketplaces set name = 'Overtatt' where id = '22222222-2222-4222-8222-222222222222' returning 1)
select is(count(*)::int, 0, 'a marketplace owner cannot update another marketplace') from changed;
select throws_ok(
  $$ update public.marketplaces set owner_id = tests.get_supabase_uid('outsider') where id = '11111111-1111-4111-8111-111111111111' $$,
  '42501', null, 'the owner cannot hand the marketplace over (owner_id is not updatable)'
);
select throws_ok(
  $$ update public.marketplaces set default_price_ore = -1 where id = '11111111-1111-4111-8111-111111111111' $$,
  '23514', null, 'prices cannot be negative'
);
with removed as (delete from public.marketplaces where id = '11111111-1111-4111-8111-111111111111' returning 1)
select is(count(*)::int, 0, 'the owner cannot delete the marketplace') from removed;

select tests.authenticate_as('other_member');
with changed as (update public.marketplaces set name = 'Kapret' where id = '11111111-1111-4111-8111-111111111111' returning 1)
select is(count(*)::int, 0, 'a marketplace member cannot update the marketplace') from changed;

select tests.authenticate_as('claims_admin');
with changed as (update public.marketplaces set name = 'Admin' where id = '11111111-1111-4111-8111-111111111111' returning 1)
select is(count(*)::int, 0, 'a claims admin reads but cannot update a marketplace') from changed;

select tests.authenticate_as_service_role();
select lives_ok(
  $$ insert into public.marketplaces (id, owner_id, name) values ('33333333-3333-4333-8333-333333333333', tests.get_supabase_uid('mp_owner2'), 'Tredje') $$,
  'the service role creates a marketplace'
);
with removed as (delete from public.marketplaces where id = '33333333-3333-4333-8333-333333333333' returning 1)
select is(count(*)::int, 1, 'the service role deletes a marketplace') from removed;

-- ---------------------------------------------------------------------------------------------------
-- marketplaces_organizations: owner/admin joins for their organization; the marketplace owner manages
-- ---------------------------------------------------------------------------------------------------

select tests.clear_authentication();
select throws_ok(
  $$ insert into public.marketplaces_organizations (marketplace_id, organization_id) values ('11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001') $$,
  '42501', null, 'anon cannot join an organization to a marketplace'
);
select is((select count(*)::int from public.marketplaces_organizations), 0, 'anon reads no memberships');

select tests.authenticate_as('outsider');
select throws_ok(
  $$ insert into public.marketplaces_organizations (marketplace_id, organization_id) values ('11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001') $$,
  '42501', null, 'an outsider cannot join someone else''s organization to a marketplace'
);

select tests.authenticate_as('member');
select throws_ok(
  $$ insert into public.marketplaces_organizations (marketplace_id, organization_id) values ('11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001') $$,
  '42501', null, 'a plain member cannot join their organization to a marketplace'
);

select tests.authenticate_as('other_owner');
select throws_ok(
  $$ insert into public.marketplaces_organizations (marketplace_id, organization_id) values ('22222222-2222-4222-8222-222222222222', 'aaaaaaaa-0000-4000-8000-000000000001') $$,
  '42501', null, 'another organization''s owner cannot join Alfa to a marketplace'
);

select tests.authenticate_as('mp_owner');
select throws_ok(
  $$ insert into public.marketplaces_organizations (marketplace_id, organization_id) values ('22222222-2222-4222-8222-222222222222', 'aaaaaaaa-0000-4000-8000-000000000001') $$,
  '42501', null, 'a marketplace owner cannot add organizations to another marketplace'
);

select tests.authenticate_as('admin');
select lives_ok(
  $$ insert into public.marketplaces_organizations (marketplace_id, organization_id) values ('11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001') $$,
  'an organization admin joins their organization to a marketplace'
);

select tests.authenticate_as('owner');
select lives_ok(
  $$ insert into public.marketplaces_organizations (marketplace_id, organization_id)
     values ('11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001')
     on conflict (marketplace_id, organization_id) do update
       set marketplace_id = excluded.marketplace_id, organization_id = excluded.organization_id $$,
  'the organization owner upserts the membership (PostgREST merge-duplicates)'
);

select tests.authenticate_as('mp_owner2');
select lives_ok(
  $$ insert into public.marketplaces_organizations (marketplace_id, organization_id) values ('22222222-2222-4222-8222-222222222222', 'bbbbbbbb-0000-4000-8000-000000000002') $$,
  'a marketplace owner adds an organization to their marketplace'
);

select tests.authenticate_as('member');
select is((select count(*)::int from public.marketplaces_organizations), 1, 'a member reads their organization''s memberships only');
select is((select array_agg(name) from public.marketplaces), array['Leadtorget Norge'], 'after joining, the member reads M1');

select tests.authenticate_as('other_member');
select is((select count(*)::int from public.marketplaces_organizations where organization_id = 'aaaaaaaa-0000-4000-8000-000000000001'), 0,
  'another organization''s member does not read Alfa''s memberships');
select is((select count(*)::int from public.marketplaces_organizations where organization_id = 'bbbbbbbb-0000-4000-8000-000000000002'), 2,
  'the control: they read their own organization''s two memberships');

select tests.authenticate_as('mp_owner');
select is((select count(*)::int from public.marketplaces_organizations), 2, 'the marketplace owner reads their member list (Alfa, Beta)');

select tests.authenticate_as('claims_admin');
select is((select count(*)::int from public.marketplaces_organizations), 3, 'a claims admin reads every membership');

select tests.authenticate_as('member');
with removed as (delete from public.marketplaces_organizations where organization_id = 'aaaaaaaa-0000-4000-8000-000000000001' returning 1)
select is(count(*)::int, 0, 'a plain member cannot take their organization out of a marketplace') from removed;

select tests.authenticate_as('other_owner');
with removed as (delete from public.marketplaces_organizations where organization_id = 'aaaaaaaa-0000-4000-8000-000000000001' returning 1)
select is(count(*)::int, 0, 'another organization''s owner cannot remove Alfa') from removed;
with changed as (
  update public.marketplaces_organizations set organization_id = 'bbbbbbbb-0000-4000-8000-000000000002'
  where organization_id = 'aaaaaaaa-0000-4000-8000-000000000001' returning 1
)
select is(count(*)::int, 0, 'another organization''s owner cannot update Alfa''s membership') from changed;

select tests.authenticate_as('mp_owner2');
with removed as (delete from public.marketplaces_organizations where marketplace_id = '11111111-1111-4111-8111-111111111111' returning 1)
select is(count(*)::int, 0, 'a marketplace owner cannot remove members of another marketplace') from removed;

select tests.authenticate_as('mp_owner');
with removed as (
  delete from public.marketplaces_organizations
  where marketplace_id = '11111111-1111-4111-8111-111111111111' and organization_id = 'bbbbbbbb-0000-4000-8000-000000000002' returning 1
)
select is(count(*)::int, 1, 'the marketplace owner removes an organization from the marketplace') from removed;

select tests.authenticate_as('other_owner');
select lives_ok(
  $$ insert into public.marketplaces_organizations (marketplace_id, organization_id) values ('11111111-1111-4111-8111-111111111111', 'bbbbbbbb-0000-4000-8000-000000000002') $$,
  'an organization owner joins (again)'
);
with removed as (
  delete from public.marketplaces_organizations
  where marketplace_id = '22222222-2222-4222-8222-222222222222' and organization_id = 'bbbbbbbb-0000-4000-8000-000000000002' returning 1
)
select is(count(*)::int, 1, 'an organization owner takes their organization out of a marketplace') from removed;

-- ---------------------------------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------------------------------

select tests.authenticate_as('mp_owner');
select ok(private.is_marketplace_owner('11111111-1111-4111-8111-111111111111'), 'is_marketplace_owner: true for the owner');
select ok(not private.is_marketplace_owner('22222222-2222-4222-8222-222222222222'), 'is_marketplace_owner: false for another marketplace');

select tests.authenticate_as('member');
select ok(private.is_marketplace_member('11111111-1111-4111-8111-111111111111'), 'is_marketplace_member: true through the caller''s organization');
select ok(not private.is_marketplace_member('22222222-2222-4222-8222-222222222222'), 'is_marketplace_member: false for a marketplace the organization is not in');

select tests.clear_authentication();
select throws_ok(
  $$ select private.is_marketplace_owner('11111111-1111-4111-8111-111111111111') $$,
  '42501', null, 'anon cannot call the private helpers'
);

-- ---------------------------------------------------------------------------------------------------
-- organizations_marketplaces_configs: owner/admin set the plan; members read
-- ---------------------------------------------------------------------------------------------------

select tests.clear_authentication();
select throws_ok(
  $$ insert into public.organizations_marketplaces_configs (organization_id, marketplace_id, plan) values ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', 'tickets') $$,
  '42501', null, 'anon cannot set a plan'
);

select tests.authenticate_as('member');
select throws_ok(
  $$ insert into public.organizations_marketplaces_configs (organization_id, marketplace_id, plan) values ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', 'tickets') $$,
  '42501', null, 'a plain member cannot set the plan'
);

select tests.authenticate_as('other_owner');
select throws_ok(
  $$ insert into public.organizations_marketplaces_configs (organization_id, marketplace_id, plan) values ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', 'tickets') $$,
  '42501', null, 'another organization''s owner cannot set Alfa''s plan'
);

select tests.authenticate_as('outsider');
select throws_ok(
  $$ insert into public.organizations_marketplaces_configs (organization_id, marketplace_id, plan) values ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', 'tickets') $$,
  '42501', null, 'an outsider cannot set a plan'
);

select tests.authenticate_as('admin');
select lives_ok(
  $$ insert into public.organizations_marketplaces_configs (organization_id, marketplace_id, plan, tickets_per_month)
     values ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', 'tickets', 10)
     on conflict (organization_id, marketplace_id) do update
       set plan = excluded.plan, tickets_per_month = excluded.tickets_per_month $$,
  'an organization admin upserts the plan'
);
select throws_ok(
  $$ insert into public.organizations_marketplaces_configs (organization_id, marketplace_id, plan, tickets_per_month)
     values ('aaaaaaaa-0000-4000-8000-000000000001', '22222222-2222-4222-8222-222222222222', 'on_demand', 10) $$,
  '23514', null, 'tickets_per_month belongs to the tickets plan only'
);

select tests.authenticate_as('owner');
select lives_ok(
  $$ insert into public.organizations_marketplaces_configs (organization_id, marketplace_id, plan, tickets_per_month)
     values ('aaaaaaaa-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', 'on_demand', null)
     on conflict (organization_id, marketplace_id) do update
       set plan = excluded.plan, tickets_per_month = excluded.tickets_per_month $$,
  'the organization owner upserts the plan again (one row per organization and marketplace)'
);

select tests.authenticate_as('member');
select is((select plan::text from public.organizations_marketplaces_configs), 'on_demand', 'a member reads their organization''s plan');
with changed as (update public.organizations_marketplaces_configs set plan = 'tickets' returning 1)
select is(count(*)::int, 0, 'a plain member cannot change the plan') from changed;

select tests.authenticate_as('other_member');
select is((select count(*)::int from public.organizations_marketplaces_configs), 0, 'another organization''s member reads no plan of Alfa');

select tests.authenticate_as('mp_owner');
select is((select count(*)::int from public.organizations_marketplaces_configs), 1, 'the marketplace owner reads plans on their marketplace');

select tests.authenticate_as('mp_owner2');
select is((select count(*)::int from public.organizations_marketplaces_configs), 0, 'another marketplace''s owner does not');

select tests.authenticate_as('claims_admin');
select is((select count(*)::int from public.organizations_marketplaces_configs), 1, 'a claims admin reads every plan');

select tests.clear_authentication();
select is((select count(*)::int from public.organizations_marketplaces_configs), 0, 'anon reads no plan');

select tests.authenticate_as('admin');
with changed as (update public.organizations_marketplaces_configs set plan = 'tickets', tickets_per_month = 5 returning 1)
select is(count(*)::int, 1, 'an organization admin changes the plan') from changed;
with removed as (delete from public.organizations_marketplaces_configs returning 1)
select is(count(*)::int, 0, 'nobody deletes a plan (changed, not removed)') from removed;

select tests.authenticate_as('other_owner');
with changed as (update public.organizations_marketplaces_configs set plan = 'on_demand', tickets_per_month = null returning 1)
select is(count(*)::int, 0, 'another organization''s owner cannot change Alfa''s plan') from changed;

-- ---------------------------------------------------------------------------------------------------
-- organizations_leads_config: owner/admin insert and update; members read
-- ---------------------------------------------------------------------------------------------------

select tests.clear_authentication();
select throws_ok(
  $$ insert into public.organizations_leads_config (id, send_to_email) values ('aaaaaaaa-0000-4000-8000-000000000001', true) $$,
  '42501', null, 'anon cannot add lead settings'
);

select tests.authenticate_as('member');
select throws_ok(
  $$ insert into public.organizations_leads_config (id, send_to_email) values ('aaaaaaaa-0000-4000-8000-000000000001', true) $$,
  '42501', null, 'a plain member cannot add lead settings'
);

select tests.authenticate_as('other_owner');
select throws_ok(
  $$ insert into public.organizations_leads_config (id, send_to_email) values ('aaaaaaaa-0000-4000-8000-000000000001', true) $$,
  '42501', null, 'another organization''s owner cannot add Alfa''s lead settings'
);

select tests.authenticate_as('owner');
select throws_ok(
  $$ insert into public.organizations_leads_config (id, recipients) values ('aaaaaaaa-0000-4000-8000-000000000001', array['ikke-en-adresse']) $$,
  '23514', null, 'recipients must be e-mail addresses'
);
select throws_ok(
  $$ insert into public.organizations_leads_config (id, events) values ('aaaaaaaa-0000-4000-8000-000000000001', array['new_lead', 'everything']) $$,
  '23514', null, 'events come from the fixed set'
);
select lives_ok(
  $$ insert into public.organizations_leads_config (id, send_to_email, recipients, events)
     values ('aaaaaaaa-0000-4000-8000-000000000001', true, array['Ola@Example.no', ' ola@example.no', 'kari@example.no'], array['new_lead', 'new_lead']) $$,
  'the organization owner adds lead settings'
);
select is(
  (select recipients from public.organizations_leads_config),
  array['ola@example.no', 'kari@example.no'],
  'recipients are lower-cased and de-duplicated in order'
);
select is((select events from public.organizations_leads_config), array['new_lead'], 'events are de-duplicated');

select tests.authenticate_as('member');
select is((select send_to_email from public.organizations_leads_config), true, 'a member reads their organization''s lead settings');
with changed as (update public.organizations_leads_config set send_to_email = false returning 1)
select is(count(*)::int, 0, 'a plain member cannot change lead settings') from changed;

select tests.authenticate_as('other_member');
select is((select count(*)::int from public.organizations_leads_config), 0, 'another organization''s member reads no lead settings of Alfa');

select tests.authenticate_as('outsider');
select is((select count(*)::int from public.organizations_leads_config), 0, 'an outsider reads no lead settings');

select tests.authenticate_as('mp_owner');
select is((select count(*)::int from public.organizations_leads_config), 0, 'a marketplace owner reads no organization''s lead settings');

select tests.clear_authentication();
select is((select count(*)::int from public.organizations_leads_config), 0, 'anon reads no lead settings');

select tests.authenticate_as('claims_admin');
select is((select count(*)::int from public.organizations_leads_config), 1, 'a claims admin reads lead settings');
with changed as (update public.organizations_leads_config set send_to_email = false returning 1)
select is(count(*)::int, 0, 'a claims admin cannot change lead settings') from changed;

select tests.authenticate_as('other_owner');
with changed as (update public.organizations_leads_config set send_to_email = false returning 1)
select is(count(*)::int, 0, 'another organization''s owner cannot change Alfa''s lead settings') from changed;

select tests.authenticate_as('admin');
with changed as (
  update public.organizations_leads_config
  set send_to_email = false, events = array['lead_bought', 'listing_sold'], default_price_tickets = 2
  returning 1
)
select is(count(*)::int, 1, 'an organization admin changes lead settings') from changed;
select throws_ok(
  $$ update public.organizations_leads_config set default_price_ore = -100 $$,
  '23514', null, 'default prices cannot be negative'
);
with removed as (delete from public.organizations_leads_config returning 1)
select is(count(*)::int, 0, 'nobody deletes lead settings') from removed;

select tests.authenticate_as('owner');
with removed as (delete from public.organizations_leads_config returning 1)
select is(count(*)::int, 0, 'not even the organization owner') from removed;

select * from finish();
rollback;
