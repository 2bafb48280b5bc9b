-- What a buyer gets (20261124110100_purchased_leads.sql): the contact details and the teaser's facts
-- through purchased_leads, never the seller's notes, status, source, consent or history (no path to the
-- `leads` row or leads_events); its own status and notes in purchased_leads_notes, for members of the
-- buying organization only.
--
-- Cast: Alfa AS (seller, seller_member) sells on M1; Beta AS (beta_owner, beta_member) bought lead 01;
-- Gamma AS (gamma_owner) is a marketplace member that did not buy; Delta AS (delta_owner, on demand)
-- holds only a card reservation of lead 02; outsider has no organization.
begin;

select plan(44);

-- ---------------------------------------------------------------------------------------------------
-- Setup (as postgres)
-- ---------------------------------------------------------------------------------------------------

-- The cast of supabase/tests/setup/10-marketplace-cast.sql.
select tests.seed_marketplace_cast('{alfa,beta,gamma,delta}', '{seller_member,beta_member}', '{M1}');
select tests.create_supabase_user('outsider');
select tests.join_marketplace('M1', '{alfa,beta,gamma,delta}');

insert into public.organizations_marketplaces_configs (organization_id, marketplace_id, plan) values
  ('dddddddd-0000-4000-8000-000000000004', '11111111-1111-4111-8111-111111111111', 'on_demand');

select private.change_balance('bbbbbbbb-0000-4000-8000-000000000002', 5, 0, 'adjustment');

-- The seller's own record of lead 01: notes, a pipeline status, consent, an import.
insert into public.leads (id, organization_id, source, status, name, email, phone, postal_code, city, company, category, area, notes, consent) values
  ('d0000000-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000001', 'import', 'quoted',
   'Ola Nordmann', 'ola@example.no', '+4791234567', '0150', 'Oslo', 'Nordmann Bygg', 'Bad', 'Oslo',
   'Hemmelig: kunden er vanskelig', true),
  ('d0000000-0000-4000-8000-000000000002', 'aaaaaaaa-0000-4000-8000-000000000001', 'form', 'new',
   'Kari Nordmann', 'kari@example.no', null, null, null, null, null, null, 'Også hemmelig', true);

insert into public.advertised_leads
  (id, lead_id, marketplace_id, organization_id, title, description, category, area, price_tickets, price_ore, max_buyers)
values
  ('e0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111',
   'aaaaaaaa-0000-4000-8000-000000000001', 'Nytt bad i Oslo', 'Totalrenovering, ca. 6 m²', 'Rørlegger', 'Oslo', 2, 0, 3),
  ('e0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111',
   'aaaaaaaa-0000-4000-8000-000000000001', 'Tak i Bergen', null, 'Tak', 'Vestland', 1, 49900, 1);

-- Beta buys lead 01 with tickets; Delta reserves lead 02 by card (not completed).
select tests.authenticate_as('beta_member');
select public.buy_lead('d0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001',
                       'bbbbbbbb-0000-4000-8000-000000000002');
select tests.authenticate_as('delta_owner');
select public.buy_lead('d0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000002',
                       'dddddddd-0000-4000-8000-000000000004');
-- The seller works the lead after the sale: one more history event.
select tests.authenticate_as('seller');
update public.leads set status = 'won' where id = 'd0000000-0000-4000-8000-000000000001';
reset role;

create temporary table ids as
select
  (select id from public.leads_purchases where organization_id = 'bbbbbbbb-0000-4000-8000-000000000002') as beta_purchase,
  (select id from public.leads_purchases where organization_id = 'dddddddd-0000-4000-8000-000000000004') as delta_purchase;
grant select on ids to public;

-- ---------------------------------------------------------------------------------------------------
-- Structure and grants
-- ---------------------------------------------------------------------------------------------------

select tests.rls_enabled('public');
select ok((select 'security_invoker=true' = any (c.reloptions) from pg_class c where c.oid = 'public.purchased_leads'::regclass),
  'purchased_leads is a security-invoker view (the advisors'' rule)');
select hasnt_column('public', 'purchased_leads', 'consent', 'a purchase has no consent flag');
select ok(not has_table_privilege('anon', 'public.purchased_leads', 'select'), 'anon cannot read purchased_leads');
select ok(not has_table_privilege('anon', 'public.purchased_leads_notes', 'select'), 'anon cannot read buyers'' notes');
select ok(not has_function_privilege('anon', 'private.purchased_leads()', 'execute'), 'anon cannot call the function behind the view');
select ok(not has_column_privilege('authenticated', 'public.purchased_leads_notes', 'created_at', 'update'),
  'clients write only purchase, organization, status and notes');

-- ---------------------------------------------------------------------------------------------------
-- The buyer: what was sold, and nothing of the seller's record
-- ---------------------------------------------------------------------------------------------------

select tests.authenticate_as('beta_member');
select is((select count(*)::int from public.leads where id = 'd0000000-0000-4000-8000-000000000001'), 0,
  'the buyer cannot read the seller''s lead row (notes, status, consent)');
select is((select count(*)::int from public.leads_events where lead_id = 'd0000000-0000-4000-8000-000000000001'), 0,
  'nor its history');
select is(
  (select jsonb_build_array(name, email, phone, company, postal_code, city) from public.purchased_leads
   where id = 'd0000000-0000-4000-8000-000000000001'),
  '["Ola Nordmann", "ola@example.no", "+4791234567", "Nordmann Bygg", "0150", "Oslo"]'::jsonb,
  'the buyer reads the contact details');
select is(
  (select jsonb_build_array(title, description, category, area, marketplace_name) from public.purchased_leads
   where id = 'd0000000-0000-4000-8000-000000000001'),
  '["Nytt bad i Oslo", "Totalrenovering, ca. 6 m²", "Rørlegger", "Oslo", "Leadtorget"]'::jsonb,
  'and the facts of the teaser it bought');
select is(
  (select jsonb_build_array(paid_with, price_tickets, price_credits, amount_ore, organization_id) from public.purchased_leads
   where id = 'd0000000-0000-4000-8000-000000000001'),
  '["tickets", 2, 0, 0, "bbbbbbbb-0000-4000-8000-000000000002"]'::jsonb,
  'and what it paid, for its organization');
select ok((select created_at is not null from public.purchased_leads where id = 'd0000000-0000-4000-8000-000000000001'),
  'and when');
select is((select status || '/' || coalesce(notes, '–') || '/' || source from public.purchased_leads), 'new/–/marketplace',
  'its status and notes are its own (none yet), not the seller''s «won» and notes; the source is the marketplace');
select ok((select not (to_jsonb(p)::text like '%Hemmelig%') from public.purchased_leads p), 'no trace of the seller''s notes');

select tests.authenticate_as('beta_owner');
select is((select count(*)::int from public.purchased_leads), 1, 'the buying organization''s owner reads the purchase too');

-- ---------------------------------------------------------------------------------------------------
-- Everyone else reads no purchase
-- ---------------------------------------------------------------------------------------------------

select tests.authenticate_as('seller');
select is((select count(*)::int from public.purchased_leads), 0, 'the seller is no buyer: purchased_leads is empty for it');
select is((select notes from public.leads where id = 'd0000000-0000-4000-8000-000000000001'), 'Hemmelig: kunden er vanskelig',
  'the seller still reads its own notes');

select tests.authenticate_as('gamma_owner');
select is((select count(*)::int from public.purchased_leads), 0, 'an organization that did not buy reads none');

select tests.authenticate_as('delta_owner');
select is((select count(*)::int from public.purchased_leads), 0, 'a card reservation is not a purchase yet');

select tests.authenticate_as('outsider');
select is((select count(*)::int from public.purchased_leads), 0, 'a user without an organization reads none');

select tests.clear_authentication();
select throws_ok($$ select count(*) from public.purchased_leads $$, '42501', null, 'anon is refused the view');
select throws_ok($$ select count(*) from public.purchased_leads_notes $$, '42501', null, 'and the notes');

-- ---------------------------------------------------------------------------------------------------
-- purchased_leads_notes: the buyer's own status and notes
-- ---------------------------------------------------------------------------------------------------

select tests.authenticate_as('beta_member');
select lives_ok(
  $$ insert into public.purchased_leads_notes (purchase_id, organization_id, status)
     select beta_purchase, 'bbbbbbbb-0000-4000-8000-000000000002', 'contacted' from ids $$,
  'a member of the buying organization sets a status on the purchase');
select lives_ok(
  $$ insert into public.purchased_leads_notes (purchase_id, organization_id, notes)
     select beta_purchase, 'bbbbbbbb-0000-4000-8000-000000000002', 'Ringt, venter på svar' from ids
     on conflict (purchase_id) do update
       set purchase_id = excluded.purchase_id, organization_id = excluded.organization_id, notes = excluded.notes $$,
  'and notes, as an upsert sets them (every column it was given)');
select is((select status || ' / ' || notes from public.purchased_leads), 'contacted / Ringt, venter på svar',
  'purchased_leads shows the buyer''s own status and notes');
select throws_ok(
  $$ update public.purchased_leads_notes set status = 'archived' $$,
  '23514', null, 'the status keeps the pipeline''s five values');
select throws_ok(
  $$ update public.purchased_leads_notes set organization_id = 'cccccccc-0000-4000-8000-000000000003' $$,
  '42501', null, 'the notes cannot be moved to another organization');
select throws_ok(
  $$ delete from public.purchased_leads_notes $$,
  '42501', null, 'notes are emptied, not deleted');

select tests.authenticate_as('beta_owner');
with changed as (update public.purchased_leads_notes set status = 'won' returning 1)
select is(count(*)::int, 1, 'the buying organization''s owner changes them') from changed;
select is((select notes from public.purchased_leads_notes), 'Ringt, venter på svar', 'and reads them');

select tests.authenticate_as('seller');
select is((select count(*)::int from public.purchased_leads_notes), 0, 'the seller never reads the buyer''s notes');
with changed as (update public.purchased_leads_notes set notes = 'Selgers' returning 1)
select is(count(*)::int, 0, 'nor changes them') from changed;
select throws_ok(
  $$ insert into public.purchased_leads_notes (purchase_id, organization_id, notes)
     select beta_purchase, 'aaaaaaaa-0000-4000-8000-000000000001', 'Selgers' from ids $$,
  '42501', null, 'nor adds notes to the buyer''s purchase');
select is((select status from public.leads where id = 'd0000000-0000-4000-8000-000000000001'), 'won',
  'the buyer''s status did not touch the seller''s lead');

select tests.authenticate_as('seller_member');
select is((select count(*)::int from public.purchased_leads_notes), 0, 'nor the seller''s members');

select tests.authenticate_as('gamma_owner');
select is((select count(*)::int from public.purchased_leads_notes), 0, 'another organization reads no notes');
with changed as (update public.purchased_leads_notes set notes = 'Gammas' returning 1)
select is(count(*)::int, 0, 'and changes none') from changed;
select throws_ok(
  $$ insert into public.purchased_leads_notes (purchase_id, organization_id, notes)
     select beta_purchase, 'cccccccc-0000-4000-8000-000000000003', 'Gammas' from ids $$,
  '42501', null, 'another organization cannot add notes to a purchase that is not its own');
select throws_ok(
  $$ insert into public.purchased_leads_notes (purchase_id, organization_id, notes)
     select beta_purchase, 'bbbbbbbb-0000-4000-8000-000000000002', 'Gammas' from ids $$,
  '42501', null, 'nor in the buyer''s name');

select tests.authenticate_as('delta_owner');
select throws_ok(
  $$ insert into public.purchased_leads_notes (purchase_id, organization_id, notes)
     select delta_purchase, 'dddddddd-0000-4000-8000-000000000004', 'For tidlig' from ids $$,
  '42501', null, 'a card reservation takes no notes until it completes');

select tests.authenticate_as('outsider');
select is((select count(*)::int from public.purchased_leads_notes), 0, 'a user without an organization reads no notes');

select tests.clear_authentication();
select throws_ok(
  $$ insert into public.purchased_leads_notes (purchase_id, organization_id, notes)
     select beta_purchase, 'bbbbbbbb-0000-4000-8000-000000000002', 'Anon' from ids $$,
  '42501', null, 'anon cannot add notes');

reset role;
select is((select count(*)::int from public.purchased_leads_notes), 1, 'one notes row in all, the buyer''s');

select * from finish();
rollback;
