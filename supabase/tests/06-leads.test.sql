-- Leads (20261122100500_leads.sql): leads, advertised_leads, leads_purchases. Every denial is paired
-- with an allowed control. The key promise: a lead's contact details are visible to its owner
-- organization and to buyers only (buyers through purchased_leads, 21-purchased-leads.test.sql);
-- marketplace members see the teaser (advertised_leads) of active, unexpired listings; no client writes
-- a purchase.
--
-- Cast: Alfa AS (owner, admin, member) sells; Beta AS (other_owner, other_member) and Gamma AS
-- (third_owner) are marketplace members of M1 and buy; mp_owner owns M1, mp_owner2 owns M2 (no one is a
-- member); outsider has no organization; claims_admin reads everything.
begin;

select plan(79);

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
select tests.create_supabase_user('third_owner');
select tests.create_supabase_user('outsider');
select tests.create_supabase_user('claims_admin');

update auth.users
set raw_app_meta_data = raw_app_meta_data || '{"claims_admin": true}'
where id = tests.get_supabase_uid('claims_admin');

insert into public.organizations (id, name, owner_id) values
  ('aaaaaaaa-0000-4000-8000-000000000001', 'Alfa AS', tests.get_supabase_uid('owner')),
  ('bbbbbbbb-0000-4000-8000-000000000002', 'Beta AS', tests.get_supabase_uid('other_owner')),
  ('cccccccc-0000-4000-8000-000000000003', 'Gamma AS', tests.get_supabase_uid('third_owner'));

insert into public.organizations_members (organization_id, member_id, role) values
  ('aaaaaaaa-0000-4000-8000-000000000001', tests.get_supabase_uid('admin'), 'admin'),
  ('aaaaaaaa-0000-4000-8000-000000000001', tests.get_supabase_uid('member'), 'member'),
  ('bbbbbbbb-0000-4000-8000-000000000002', tests.get_supabase_uid('other_member'), 'member');

insert into public.marketplaces (id, owner_id, name) values
  ('11111111-1111-4111-8111-111111111111', tests.get_supabase_uid('mp_owner'), 'Leadtorget'),
  ('22222222-2222-4222-8222-222222222222', tests.get_supabase_uid('mp_owner2'), 'Partner');

insert into public.marketplaces_organizations (marketplace_id, organization_id) values
  ('11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001'),
  ('11111111-1111-4111-8111-111111111111', 'bbbbbbbb-0000-4000-8000-000000000002'),
  ('11111111-1111-4111-8111-111111111111', 'cccccccc-0000-4000-8000-000000000003');

insert into public.leads (id, organization_id, source, name, email, phone, postal_code, city, company, category, area) values
  ('d0000000-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000001', 'form',
   'Ola Nordmann', 'ola@example.no', '+4791234567', '0150', 'Oslo', 'Nordmann Bygg', 'Bad', 'Oslo'),
  ('d0000000-0000-4000-8000-000000000002', 'aaaaaaaa-0000-4000-8000-000000000001', 'import',
   'Kari Nordmann', 'kari@example.no', null, '5003', 'Bergen', null, 'Tak', 'Vestland'),
  ('d0000000-0000-4000-8000-000000000003', 'aaaaaaaa-0000-4000-8000-000000000001', 'manual',
   'Per Hansen', null, '+4790000000', null, null, null, null, null),
  ('d0000000-0000-4000-8000-000000000004', 'aaaaaaaa-0000-4000-8000-000000000001', 'manual',
   'Lise Berg', 'lise@example.no', null, null, null, null, null, null),
  ('d0000000-0000-4000-8000-0000000000b1', 'bbbbbbbb-0000-4000-8000-000000000002', 'manual',
   'Beta Kunde', 'kunde@beta.no', null, null, null, null, null, null);

-- The leads may be shared with buyers (20261124110200_listing_consent.sql refuses a listing otherwise).
update public.leads set consent = true;

insert into public.advertised_leads (id, lead_id, marketplace_id, organization_id, title, category, area, status, expires_at) values
  ('e0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111',
   'aaaaaaaa-0000-4000-8000-000000000001', 'Nytt bad i Oslo', 'Bad', 'Oslo', 'active', now() + interval '7 days'),
  ('e0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111',
   'aaaaaaaa-0000-4000-8000-000000000001', 'Tak i Bergen', 'Tak', 'Vestland', 'paused', now() + interval '7 days'),
  ('e0000000-0000-4000-8000-000000000003', 'd0000000-0000-4000-8000-000000000003', '11111111-1111-4111-8111-111111111111',
   'aaaaaaaa-0000-4000-8000-000000000001', 'Utgått annonse', null, null, 'active', now() - interval '1 day');

-- ---------------------------------------------------------------------------------------------------
-- Structure and constraints
-- ---------------------------------------------------------------------------------------------------

select tests.rls_enabled('public');

select throws_ok(
  $$ insert into public.leads (organization_id, name, email) values ('aaaaaaaa-0000-4000-8000-000000000001', 'X', 'Ola@Example.no') $$,
  '23514', null, 'a lead''s e-mail is stored lower-case'
);
select throws_ok(
  $$ insert into public.leads (organization_id, company) values ('aaaaaaaa-0000-4000-8000-000000000001', 'Ingen AS') $$,
  '23514', null, 'a lead needs a name, e-mail or phone'
);
select throws_ok(
  $$ insert into public.leads (organization_id, name, postal_code) values ('aaaaaaaa-0000-4000-8000-000000000001', 'X', '123') $$,
  '23514', null, 'a postal code has four digits'
);
select throws_ok(
  $$ insert into public.advertised_leads (lead_id, marketplace_id, organization_id, title, max_buyers, buyers_count)
     values ('d0000000-0000-4000-8000-000000000004', '11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001', 'For mange', 1, 2) $$,
  '23514', null, 'buyers_count never exceeds max_buyers'
);
select throws_ok(
  $$ insert into public.advertised_leads (lead_id, marketplace_id, organization_id, title)
     values ('d0000000-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001', 'Dobbel') $$,
  '23505', null, 'a lead has one open listing per marketplace'
);

-- ---------------------------------------------------------------------------------------------------
-- leads
-- ---------------------------------------------------------------------------------------------------

select tests.clear_authentication();
select is((select count(*)::int from public.leads), 0, 'anon reads no lead');
select throws_ok(
  $$ insert into public.leads (organization_id, name) values ('aaaaaaaa-0000-4000-8000-000000000001', 'Anon') $$,
  '42501', null, 'anon cannot add a lead'
);

select tests.authenticate_as('outsider');
select is((select count(*)::int from public.leads), 0, 'an outsider reads no lead');
select throws_ok(
  $$ insert into public.leads (organization_id, name) values ('aaaaaaaa-0000-4000-8000-000000000001', 'Inntrenger') $$,
  '42501', null, 'an outsider cannot add a lead to Alfa'
);

select tests.authenticate_as('member');
select is((select count(*)::int from public.leads), 4, 'a member reads their organization''s leads (and no other)');
select is((select email from public.leads where id = 'd0000000-0000-4000-8000-000000000001'), 'ola@example.no',
  'a member reads contact details of their organization''s leads');
select lives_ok(
  $$ insert into public.leads (id, organization_id, source, name, email)
     values ('d0000000-0000-4000-8000-000000000005', 'aaaaaaaa-0000-4000-8000-000000000001', 'import', 'Nils Ny', 'nils@example.no') $$,
  'a member adds a lead to their organization'
);
select throws_ok(
  $$ insert into public.leads (organization_id, name) values ('bbbbbbbb-0000-4000-8000-000000000002', 'Feil org') $$,
  '42501', null, 'a member cannot add a lead to another organization'
);
with changed as (
  update public.leads set status = 'contacted', notes = 'Ringt 12.11.' where id = 'd0000000-0000-4000-8000-000000000005' returning 1
)
select is(count(*)::int, 1, 'a member moves a lead along the pipeline and writes notes') from changed;
select throws_ok(
  $$ update public.leads set organization_id = 'bbbbbbbb-0000-4000-8000-000000000002' where id = 'd0000000-0000-4000-8000-000000000005' $$,
  '42501', null, 'a lead never moves to another organization (organization_id is not updatable)'
);
with removed as (delete from public.leads where id = 'd0000000-0000-4000-8000-000000000005' returning 1)
select is(count(*)::int, 0, 'a plain member cannot delete a lead') from removed;

select tests.authenticate_as('other_owner');
select is((select count(*)::int from public.leads), 1, 'another organization''s owner reads only their own lead');
with changed as (update public.leads set status = 'lost' where id = 'd0000000-0000-4000-8000-000000000005' returning 1)
select is(count(*)::int, 0, 'another organization''s owner cannot update Alfa''s lead') from changed;
with removed as (delete from public.leads where id = 'd0000000-0000-4000-8000-000000000005' returning 1)
select is(count(*)::int, 0, 'another organization''s owner cannot delete Alfa''s lead') from removed;

select tests.authenticate_as('admin');
with removed as (delete from public.leads where id = 'd0000000-0000-4000-8000-000000000005' returning 1)
select is(count(*)::int, 1, 'an organization admin deletes a lead') from removed;

select tests.authenticate_as('owner');
select lives_ok(
  $$ insert into public.leads (id, organization_id, name) values ('d0000000-0000-4000-8000-000000000006', 'aaaaaaaa-0000-4000-8000-000000000001', 'Slett Meg') $$,
  'the organization owner adds a lead'
);
with removed as (delete from public.leads where id = 'd0000000-0000-4000-8000-000000000006' returning 1)
select is(count(*)::int, 1, 'the organization owner deletes a lead') from removed;

select tests.authenticate_as('mp_owner');
select is((select count(*)::int from public.leads), 0, 'a marketplace owner reads no lead (only listings)');

select tests.authenticate_as('claims_admin');
select is((select count(*)::int from public.leads), 5, 'a claims admin reads every lead');
with changed as (update public.leads set status = 'won' returning 1)
select is(count(*)::int, 0, 'a claims admin cannot update leads') from changed;
with removed as (delete from public.leads returning 1)
select is(count(*)::int, 0, 'a claims admin cannot delete leads') from removed;

-- ---------------------------------------------------------------------------------------------------
-- advertised_leads: reading
-- ---------------------------------------------------------------------------------------------------

select tests.clear_authentication();
select is((select count(*)::int from public.advertised_leads), 0, 'anon reads no listing');

select tests.authenticate_as('outsider');
select is((select count(*)::int from public.advertised_leads), 0, 'an outsider reads no listing');

select tests.authenticate_as('other_member');
select is((select array_agg(id) from public.advertised_leads), array['e0000000-0000-4000-8000-000000000001'::uuid],
  'a marketplace member reads the active, unexpired listings only (not paused, not expired)');
select is((select title from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000001'), 'Nytt bad i Oslo',
  'a marketplace member reads the teaser');
select is((select count(*)::int from public.leads where id = 'd0000000-0000-4000-8000-000000000001'), 0,
  'a marketplace member who did not buy cannot read the lead''s contact details');

select tests.authenticate_as('member');
select is((select count(*)::int from public.advertised_leads), 3, 'the seller''s members read all their listings (paused and expired too)');

select tests.authenticate_as('mp_owner');
select is((select count(*)::int from public.advertised_leads), 3, 'the marketplace owner reads every listing on their marketplace');

select tests.authenticate_as('mp_owner2');
select is((select count(*)::int from public.advertised_leads), 0, 'another marketplace''s owner reads none');

select tests.authenticate_as('claims_admin');
select is((select count(*)::int from public.advertised_leads), 3, 'a claims admin reads every listing');

-- ---------------------------------------------------------------------------------------------------
-- advertised_leads: listing, updating, withdrawing
-- ---------------------------------------------------------------------------------------------------

select tests.clear_authentication();
select throws_ok(
  $$ insert into public.advertised_leads (lead_id, marketplace_id, organization_id, title)
     values ('d0000000-0000-4000-8000-000000000004', '11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001', 'Anon annonse') $$,
  '42501', null, 'anon cannot list a lead'
);

select tests.authenticate_as('member');
select throws_ok(
  $$ insert into public.advertised_leads (lead_id, marketplace_id, organization_id, title)
     values ('d0000000-0000-4000-8000-000000000004', '11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001', 'Medlem annonserer') $$,
  '42501', null, 'a plain member cannot list a lead'
);

select tests.authenticate_as('admin');
select throws_ok(
  $$ insert into public.advertised_leads (lead_id, marketplace_id, organization_id, title)
     values ('d0000000-0000-4000-8000-000000000004', '22222222-2222-4222-8222-222222222222', 'aaaaaaaa-0000-4000-8000-000000000001', 'Feil markedsplass') $$,
  '42501', null, 'a seller cannot list a lead on a marketplace their organization is not a member of'
);
select throws_ok(
  $$ insert into public.advertised_leads (lead_id, marketplace_id, organization_id, title, buyers_count)
     values ('d0000000-0000-4000-8000-000000000004', '11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001', 'Juks', 1) $$,
  '42501', null, 'a seller cannot start a listing with buyers'
);
select throws_ok(
  $$ insert into public.advertised_leads (lead_id, marketplace_id, organization_id, title)
     values ('d0000000-0000-4000-8000-0000000000b1', '11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001', 'Andres lead') $$,
  '23503', null, 'a seller cannot list another organization''s lead'
);
select lives_ok(
  $$ insert into public.advertised_leads (id, lead_id, marketplace_id, organization_id, title, area, price_tickets, max_buyers)
     values ('e0000000-0000-4000-8000-000000000004', 'd0000000-0000-4000-8000-000000000004', '11111111-1111-4111-8111-111111111111',
             'aaaaaaaa-0000-4000-8000-000000000001', 'Maling av hus', 'Akershus', 2, 3) $$,
  'an organization admin lists their lead on their marketplace'
);

select tests.authenticate_as('other_owner');
select throws_ok(
  $$ insert into public.advertised_leads (lead_id, marketplace_id, organization_id, title)
     values ('d0000000-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001', 'I Alfas navn') $$,
  '42501', null, 'another organization cannot list in Alfa''s name'
);
with changed as (update public.advertised_leads set price_tickets = 0 where id = 'e0000000-0000-4000-8000-000000000001' returning 1)
select is(count(*)::int, 0, 'a marketplace member cannot change someone else''s listing') from changed;

select tests.authenticate_as('member');
with changed as (update public.advertised_leads set status = 'paused' where id = 'e0000000-0000-4000-8000-000000000004' returning 1)
select is(count(*)::int, 0, 'a plain member cannot change a listing') from changed;

select tests.authenticate_as('mp_owner');
with changed as (update public.advertised_leads set status = 'withdrawn' where id = 'e0000000-0000-4000-8000-000000000004' returning 1)
select is(count(*)::int, 0, 'the marketplace owner cannot change a seller''s listing') from changed;

select tests.authenticate_as('owner');
with changed as (
  update public.advertised_leads set title = 'Maling av enebolig', price_tickets = 3, expires_at = now() + interval '14 days'
  where id = 'e0000000-0000-4000-8000-000000000004' returning 1
)
select is(count(*)::int, 1, 'the organization owner edits the listing') from changed;
select throws_ok(
  $$ update public.advertised_leads set buyers_count = 3 where id = 'e0000000-0000-4000-8000-000000000004' $$,
  '42501', null, 'a seller cannot set buyers_count (only buy-lead does)'
);
select throws_ok(
  $$ update public.advertised_leads set marketplace_id = '22222222-2222-4222-8222-222222222222' where id = 'e0000000-0000-4000-8000-000000000004' $$,
  '42501', null, 'a listing does not move to another marketplace'
);
select throws_ok(
  $$ update public.advertised_leads set status = 'sold_out' where id = 'e0000000-0000-4000-8000-000000000004' $$,
  '42501', null, 'a seller cannot mark a listing with free slots as sold out'
);

select tests.authenticate_as('admin');
with changed as (update public.advertised_leads set status = 'paused' where id = 'e0000000-0000-4000-8000-000000000004' returning 1)
select is(count(*)::int, 1, 'an organization admin pauses the listing') from changed;
with changed as (update public.advertised_leads set status = 'withdrawn' where id = 'e0000000-0000-4000-8000-000000000004' returning 1)
select is(count(*)::int, 1, 'an organization admin withdraws the listing') from changed;
with removed as (delete from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000004' returning 1)
select is(count(*)::int, 0, 'nobody deletes a listing (withdraw instead)') from removed;

select tests.authenticate_as('third_owner');
select is((select count(*)::int from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000004'), 0,
  'a withdrawn listing disappears from the marketplace');

select tests.authenticate_as('other_owner');
select throws_ok(
  $$ insert into public.advertised_leads (lead_id, marketplace_id, organization_id, title)
     values ('d0000000-0000-4000-8000-000000000004', '11111111-1111-4111-8111-111111111111', 'bbbbbbbb-0000-4000-8000-000000000002', 'Stjålet') $$,
  '23503', null, 'another organization cannot list Alfa''s lead as its own'
);

-- ---------------------------------------------------------------------------------------------------
-- leads_purchases: no client writes; buyers and sellers read
-- ---------------------------------------------------------------------------------------------------

select tests.clear_authentication();
select throws_ok(
  $$ insert into public.leads_purchases (lead_id, advertised_lead_id, organization_id, paid_with)
     values ('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002', 'tickets') $$,
  '42501', null, 'anon cannot insert a purchase'
);

select tests.authenticate_as('other_owner');
select throws_ok(
  $$ insert into public.leads_purchases (lead_id, advertised_lead_id, organization_id, paid_with)
     values ('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002', 'tickets') $$,
  '42501', null, 'a buyer''s owner cannot insert a purchase from the client'
);

select tests.authenticate_as('other_member');
select throws_ok(
  $$ insert into public.leads_purchases (lead_id, advertised_lead_id, organization_id, paid_with)
     values ('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002', 'tickets') $$,
  '42501', null, 'a marketplace member cannot insert a purchase from the client'
);

select tests.authenticate_as('owner');
select throws_ok(
  $$ insert into public.leads_purchases (lead_id, advertised_lead_id, organization_id, paid_with)
     values ('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000001', 'tickets') $$,
  '42501', null, 'a seller cannot insert a purchase from the client'
);

select tests.authenticate_as('claims_admin');
select throws_ok(
  $$ insert into public.leads_purchases (lead_id, advertised_lead_id, organization_id, paid_with)
     values ('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002', 'tickets') $$,
  '42501', null, 'a claims admin cannot insert a purchase from the client'
);

-- The control: what buy-lead will do (as the function's owner), here as the service role.
select tests.authenticate_as_service_role();
select lives_ok(
  $$ with sold as (
       update public.advertised_leads
       set buyers_count = buyers_count + 1,
           status = case when buyers_count + 1 = max_buyers then 'sold_out' else status end
       where id = 'e0000000-0000-4000-8000-000000000001' and status = 'active' and expires_at > now()
         and buyers_count < max_buyers and organization_id <> 'bbbbbbbb-0000-4000-8000-000000000002'
       returning id, lead_id, price_tickets
     )
     insert into public.leads_purchases (id, lead_id, advertised_lead_id, organization_id, paid_with, price_tickets, created_by)
     select 'f0000000-0000-4000-8000-000000000001', lead_id, id, 'bbbbbbbb-0000-4000-8000-000000000002', 'tickets', price_tickets,
            tests.get_supabase_uid('other_member')
     from sold $$,
  'the service role records a purchase with a guarded update (buy-lead''s shape)'
);
select throws_ok(
  $$ insert into public.leads_purchases (lead_id, advertised_lead_id, organization_id, paid_with)
     values ('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002', 'tickets') $$,
  '23505', null, 'one purchase per lead and buying organization (lead-already-bought)'
);

select tests.authenticate_as('other_member');
select is((select email from public.purchased_leads where id = 'd0000000-0000-4000-8000-000000000001'), 'ola@example.no',
  'after the purchase, a member of the buying organization reads the contact details (purchased_leads)');
select is((select status from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000001'), 'sold_out',
  'the buyer still reads the listing they bought, now sold out');
select is((select count(*)::int from public.leads_purchases), 1, 'a buyer reads their purchase');
with changed as (update public.leads set notes = 'Min nå' where id = 'd0000000-0000-4000-8000-000000000001' returning 1)
select is(count(*)::int, 0, 'a buyer reads but cannot change the seller''s lead') from changed;
select throws_ok(
  $$ update public.leads_purchases set price_tickets = 0 $$,
  '42501', null, 'a buyer cannot change a purchase'
);
select throws_ok(
  $$ delete from public.leads_purchases $$,
  '42501', null, 'a buyer cannot delete a purchase'
);

select tests.authenticate_as('other_owner');
select is((select count(*)::int from public.leads), 1,
  'the buying organization''s owner reads only their own lead row (the bought one through purchased_leads)');

select tests.authenticate_as('third_owner');
select is((select count(*)::int from public.leads where id = 'd0000000-0000-4000-8000-000000000001'), 0,
  'a marketplace member of another organization still cannot read the bought lead');
select is((select count(*)::int from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000001'), 0,
  'nor the sold-out listing');
select is((select count(*)::int from public.leads_purchases), 0, 'nor the purchase');

select tests.authenticate_as('member');
select is((select organization_id from public.leads_purchases), 'bbbbbbbb-0000-4000-8000-000000000002'::uuid,
  'the seller''s members read purchases of their leads');

select tests.authenticate_as('owner');
select throws_ok(
  $$ delete from public.leads where id = 'd0000000-0000-4000-8000-000000000001' $$,
  '23503', null, 'a sold lead cannot be deleted by the seller (buyers keep it)'
);
select throws_ok(
  $$ delete from public.leads_purchases $$,
  '42501', null, 'a seller cannot delete a purchase'
);

select tests.authenticate_as('outsider');
select is((select count(*)::int from public.leads_purchases), 0, 'an outsider reads no purchase');

select tests.authenticate_as('mp_owner');
select is((select count(*)::int from public.leads_purchases), 0, 'a marketplace owner reads no purchase row (sales figures come from an RPC)');

select tests.clear_authentication();
select is((select count(*)::int from public.leads_purchases), 0, 'anon reads no purchase');

select tests.authenticate_as('claims_admin');
select is((select count(*)::int from public.leads_purchases), 1, 'a claims admin reads every purchase');

select * from finish();
rollback;
