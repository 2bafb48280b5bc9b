-- claim_listing_notification and advertised_leads.notified_at (20261122101200_listing_notifications.sql,
-- docs/lead-marketplace.md «New-listing notifications»): one claim per listing, recipients of the
-- marketplace's other members with send_to_email and new_lead, service role only, notified_at not
-- client-writable.
--
-- Cast: Alfa AS (seller) lists on M1; Beta AS (new_lead on), Gamma AS (send_to_email off), Delta AS
-- (new_lead not among its events) are members of M1; Epsilon AS (new_lead on) is a member of M2 only.
begin;

select plan(16);

select tests.create_supabase_user('seller');
select tests.create_supabase_user('mp_owner');
select tests.create_supabase_user('beta_owner');

insert into public.organizations (id, name, owner_id) values
  ('aaaaaaaa-0000-4000-8000-000000000001', 'Alfa AS', tests.get_supabase_uid('seller')),
  ('bbbbbbbb-0000-4000-8000-000000000002', 'Beta AS', tests.get_supabase_uid('beta_owner')),
  ('cccccccc-0000-4000-8000-000000000003', 'Gamma AS', tests.get_supabase_uid('beta_owner')),
  ('dddddddd-0000-4000-8000-000000000004', 'Delta AS', tests.get_supabase_uid('beta_owner')),
  ('eeeeeeee-0000-4000-8000-000000000005', 'Epsilon AS', tests.get_supabase_uid('beta_owner'));

insert into public.marketplaces (id, owner_id, name) values
  ('11111111-1111-4111-8111-111111111111', tests.get_supabase_uid('mp_owner'), 'Leadtorget'),
  ('22222222-2222-4222-8222-222222222222', tests.get_supabase_uid('mp_owner'), 'Partner');

insert into public.marketplaces_organizations (marketplace_id, organization_id) values
  ('11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001'),
  ('11111111-1111-4111-8111-111111111111', 'bbbbbbbb-0000-4000-8000-000000000002'),
  ('11111111-1111-4111-8111-111111111111', 'cccccccc-0000-4000-8000-000000000003'),
  ('11111111-1111-4111-8111-111111111111', 'dddddddd-0000-4000-8000-000000000004'),
  ('22222222-2222-4222-8222-222222222222', 'eeeeeeee-0000-4000-8000-000000000005');

insert into public.organizations_leads_config (id, send_to_email, recipients, events) values
  ('aaaaaaaa-0000-4000-8000-000000000001', true, array['selger@alfa.no'], array['new_lead', 'listing_sold']),
  ('bbbbbbbb-0000-4000-8000-000000000002', true, array['ola@beta.no', 'kari@beta.no'], array['new_lead']),
  ('cccccccc-0000-4000-8000-000000000003', false, array['av@gamma.no'], array['new_lead']),
  ('dddddddd-0000-4000-8000-000000000004', true, array['kjop@delta.no'], array['lead_bought']),
  ('eeeeeeee-0000-4000-8000-000000000005', true, array['annet@epsilon.no'], array['new_lead']);

insert into public.leads (id, organization_id, name, email, phone) values
  ('d0000000-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000001', 'Kunde 1', 'kunde1@example.no', '+4791234001'),
  ('d0000000-0000-4000-8000-000000000002', 'aaaaaaaa-0000-4000-8000-000000000001', 'Kunde 2', 'kunde2@example.no', '+4791234002');

-- The leads may be shared with buyers (20261124110200_listing_consent.sql refuses a listing otherwise).
update public.leads set consent = true;

insert into public.advertised_leads
  (id, lead_id, marketplace_id, organization_id, title, category, area, price_tickets, price_credits, price_ore, status)
values
  ('e0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111',
   'aaaaaaaa-0000-4000-8000-000000000001', 'Nytt bad i Bergen', 'Rørlegger', 'Vestland', 2, 10, 49900, 'active'),
  ('e0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111',
   'aaaaaaaa-0000-4000-8000-000000000001', 'Pauset annonse', null, null, 1, 0, 0, 'paused');

-- Privileges ------------------------------------------------------------------------------------------

select ok(not has_function_privilege('authenticated', 'public.claim_listing_notification(uuid)', 'execute'),
  'authenticated cannot execute claim_listing_notification');
select ok(not has_function_privilege('anon', 'public.claim_listing_notification(uuid)', 'execute'),
  'anon cannot execute claim_listing_notification');
select ok(has_function_privilege('service_role', 'public.claim_listing_notification(uuid)', 'execute'),
  'service_role can execute claim_listing_notification');
select ok(not has_column_privilege('authenticated', 'public.advertised_leads', 'notified_at', 'insert'),
  'clients cannot insert notified_at');
select ok(not has_column_privilege('authenticated', 'public.advertised_leads', 'notified_at', 'update'),
  'clients cannot update notified_at');
select ok(has_column_privilege('authenticated', 'public.advertised_leads', 'title', 'insert'),
  'clients can still insert the listing''s own columns');

select tests.authenticate_as('seller');
select throws_ok(
  $$ select public.claim_listing_notification('e0000000-0000-4000-8000-000000000001') $$,
  '42501', null, 'a signed-in seller cannot claim the notification');
select throws_ok(
  $$ update public.advertised_leads set notified_at = now() where id = 'e0000000-0000-4000-8000-000000000001' $$,
  '42501', null, 'the seller cannot set notified_at');
select tests.clear_authentication();

-- Claims ----------------------------------------------------------------------------------------------

select tests.authenticate_as_service_role();

create temporary table claim on commit drop as
  select public.claim_listing_notification('e0000000-0000-4000-8000-000000000001') as result;
grant select on claim to service_role;

select is(
  (select result - 'recipients' - 'expires_at' from claim),
  jsonb_build_object(
    'advertised_lead_id', 'e0000000-0000-4000-8000-000000000001',
    'lead_id', 'd0000000-0000-4000-8000-000000000001',
    'marketplace_id', '11111111-1111-4111-8111-111111111111',
    'marketplace_name', 'Leadtorget',
    'organization_id', 'aaaaaaaa-0000-4000-8000-000000000001',
    'title', 'Nytt bad i Bergen',
    'category', 'Rørlegger',
    'area', 'Vestland',
    'price_tickets', 2,
    'price_credits', 10,
    'price_ore', 49900,
    'max_buyers', 1
  ),
  'the first claim returns the teaser, marketplace and seller');
select is(
  (select result -> 'recipients' from claim),
  '[{"email": "kari@beta.no"}, {"email": "ola@beta.no"}]'::jsonb,
  'recipients: only other members with send_to_email and new_lead (not the seller, not off, not another marketplace)');
select ok(
  (select result::text from claim) not like '%kunde1@example.no%' and (select result::text from claim) not like '%+4791234001%',
  'no contact details in the claim');
select isnt(
  (select notified_at from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000001'),
  null, 'notified_at is set');
select is(
  public.claim_listing_notification('e0000000-0000-4000-8000-000000000001'), null,
  'a second claim returns null');
select is(
  public.claim_listing_notification('e0000000-0000-4000-8000-000000000002'), null,
  'a paused listing is not claimed');
select is(
  (select notified_at from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000002'), null,
  'the paused listing stays unclaimed');
select is(
  public.claim_listing_notification('e0000000-0000-4000-8000-0000000000ff'), null,
  'an unknown listing returns null');

select tests.clear_authentication();

select * from finish();
rollback;
