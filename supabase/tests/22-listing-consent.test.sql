-- A lead is advertised only with consent to share it (20261124110200_listing_consent.sql): a lead whose
-- consent is false needs the seller's stored confirmation (when and who, set by the database), for
-- every listing that opens; rights are checked first, as before.
--
-- Cast: Alfa AS (seller, seller_admin, seller_member) on M1 and M2; Beta AS (beta_owner) buys on M1.
begin;

select plan(28);

-- ---------------------------------------------------------------------------------------------------
-- Setup (as postgres)
-- ---------------------------------------------------------------------------------------------------

-- The cast of supabase/tests/setup/10-marketplace-cast.sql.
select tests.seed_marketplace_cast('{alfa,beta}', '{seller_admin,seller_member}', '{M1,M2}');
select tests.join_marketplace('M1', '{alfa}');
select tests.join_marketplace('M2', '{alfa}');
select tests.join_marketplace('M1', '{beta}');

select private.change_balance('bbbbbbbb-0000-4000-8000-000000000002', 5, 0, 'adjustment');

-- 01 and 02 without consent, 03 with it, 04 without consent and to be sold exclusively.
insert into public.leads (id, organization_id, name, email, consent) values
  ('d0000000-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000001', 'Uten samtykke', 'uten@example.no', false),
  ('d0000000-0000-4000-8000-000000000002', 'aaaaaaaa-0000-4000-8000-000000000001', 'Også uten', 'ogsa@example.no', false),
  ('d0000000-0000-4000-8000-000000000003', 'aaaaaaaa-0000-4000-8000-000000000001', 'Med samtykke', 'med@example.no', true),
  ('d0000000-0000-4000-8000-000000000004', 'aaaaaaaa-0000-4000-8000-000000000001', 'Solgt', 'solgt@example.no', false);

-- As the advertise form inserts it; `confirmed` sends consent_confirmed_at (any value: the database's
-- time is stored).
create function pg_temp.list(listing_id text, lead text, confirmed boolean, status text default 'active',
                             marketplace text default '11111111-1111-4111-8111-111111111111')
returns void
language sql
as $$
  insert into public.advertised_leads (id, lead_id, marketplace_id, organization_id, title, status, consent_confirmed_at)
  values (listing_id::uuid, ('d0000000-0000-4000-8000-0000000000' || lead)::uuid, marketplace::uuid,
          'aaaaaaaa-0000-4000-8000-000000000001', 'Annonse ' || listing_id, status,
          case when confirmed then '2000-01-01'::timestamptz end)
$$;
grant execute on function pg_temp.list(text, text, boolean, text, text) to authenticated;

-- ---------------------------------------------------------------------------------------------------
-- Structure and grants
-- ---------------------------------------------------------------------------------------------------

select has_column('public', 'advertised_leads', 'consent_confirmed_at', 'a listing records when consent was confirmed');
select has_column('public', 'advertised_leads', 'consent_confirmed_by', 'and who confirmed it');
select ok(has_column_privilege('authenticated', 'public.advertised_leads', 'consent_confirmed_at', 'insert'),
  'the advertise form may ask for the confirmation');
select ok(not has_column_privilege('authenticated', 'public.advertised_leads', 'consent_confirmed_by', 'insert'),
  'but not say who confirmed');
select ok(not has_column_privilege('authenticated', 'public.advertised_leads', 'consent_confirmed_at', 'update')
          and not has_column_privilege('authenticated', 'public.advertised_leads', 'consent_confirmed_by', 'update'),
  'and nobody changes a confirmation afterwards');

-- ---------------------------------------------------------------------------------------------------
-- A lead without consent
-- ---------------------------------------------------------------------------------------------------

select tests.authenticate_as('seller_admin');
select throws_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000011', '01', false) $$,
  'P0001', 'lead-consent-required', 'a lead without consent is not listed without the confirmation');
select throws_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000011', '01', false, 'paused') $$,
  'P0001', 'lead-consent-required', 'nor saved paused');
select lives_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000011', '01', true) $$,
  'with the confirmation it is listed');
select ok((select consent_confirmed_at > now() - interval '1 minute' from public.advertised_leads
           where id = 'e0000000-0000-4000-8000-000000000011'),
  'the database''s time is stored, not the time the client sent');
select is((select consent_confirmed_by from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000011'),
  tests.get_supabase_uid('seller_admin'), 'and the caller as the one who confirmed');
select throws_ok(
  $$ insert into public.advertised_leads (lead_id, marketplace_id, organization_id, title, consent_confirmed_at, consent_confirmed_by)
     values ('d0000000-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001',
             'Noen andre bekreftet', now(), tests.get_supabase_uid('seller')) $$,
  '42501', null, 'a client cannot name someone else as the one who confirmed');

select tests.authenticate_as_service_role();
select throws_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000021', '02', false) $$,
  'P0001', 'lead-consent-required', 'the service role is refused too: the rule is the database''s');
reset role;
insert into public.advertised_leads (id, lead_id, marketplace_id, organization_id, title, consent_confirmed_at, consent_confirmed_by)
values ('e0000000-0000-4000-8000-000000000021', 'd0000000-0000-4000-8000-000000000002', '11111111-1111-4111-8111-111111111111',
        'aaaaaaaa-0000-4000-8000-000000000001', 'Demo', now() - interval '1 day', tests.get_supabase_uid('seller'));
select is((select consent_confirmed_by from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000021'),
  tests.get_supabase_uid('seller'), 'without a JWT (seed, support) the given confirmer is kept');

select tests.authenticate_as('seller_admin');
select lives_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000031', '03', false) $$,
  'a lead with consent needs no confirmation');
select is((select consent_confirmed_at from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000031'), null,
  'and stores none');

-- ---------------------------------------------------------------------------------------------------
-- Every opening is checked
-- ---------------------------------------------------------------------------------------------------

select lives_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000032', '03', false, 'paused', '22222222-2222-4222-8222-222222222222') $$,
  'a listing of a lead with consent is saved paused');
reset role;
update public.leads set consent = false where id = 'd0000000-0000-4000-8000-000000000003';
select tests.authenticate_as('seller_admin');
update public.advertised_leads set status = 'withdrawn' where id = 'e0000000-0000-4000-8000-000000000031';
select throws_ok(
  $$ update public.advertised_leads set status = 'active' where id = 'e0000000-0000-4000-8000-000000000032' $$,
  'P0001', 'lead-consent-required', 'once the consent is gone it is not resumed without a confirmation');
select throws_ok(
  $$ update public.advertised_leads set status = 'paused' where id = 'e0000000-0000-4000-8000-000000000031' $$,
  'P0001', 'lead-consent-required', 'nor a withdrawn one reopened');
select lives_ok(
  $$ update public.advertised_leads set status = 'withdrawn' where id = 'e0000000-0000-4000-8000-000000000032' $$,
  'withdrawing is never refused');
select lives_ok(
  $$ update public.advertised_leads set status = 'paused' where id = 'e0000000-0000-4000-8000-000000000011' $$,
  'a confirmed listing is paused');
select lives_ok(
  $$ update public.advertised_leads set status = 'active' where id = 'e0000000-0000-4000-8000-000000000011' $$,
  'and resumed: its confirmation stands');

-- ---------------------------------------------------------------------------------------------------
-- Rights first, and what cannot be sold again says so first
-- ---------------------------------------------------------------------------------------------------

select tests.authenticate_as('seller_member');
select throws_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000022', '02', false, 'active', '22222222-2222-4222-8222-222222222222') $$,
  '42501', null, 'a plain member is refused by row-level security, as before, and learns nothing of the consent');

select tests.authenticate_as('beta_owner');
select throws_ok(
  $$ insert into public.advertised_leads (lead_id, marketplace_id, organization_id, title)
     values ('d0000000-0000-4000-8000-000000000002', '22222222-2222-4222-8222-222222222222', 'aaaaaaaa-0000-4000-8000-000000000001', 'I Alfas navn') $$,
  '42501', null, 'another organization cannot list in the seller''s name, as before');
select throws_ok(
  $$ insert into public.advertised_leads (lead_id, marketplace_id, organization_id, title)
     values ('d0000000-0000-4000-8000-000000000003', '11111111-1111-4111-8111-111111111111', 'bbbbbbbb-0000-4000-8000-000000000002', 'Som sitt eget') $$,
  '23503', null, 'nor as its own lead, as before');

select tests.authenticate_as('seller_admin');
select lives_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000041', '04', true) $$,
  'a lead without consent is listed exclusively with the confirmation');
select tests.authenticate_as('beta_owner');
select ok((select (public.buy_lead('d0000000-0000-4000-8000-000000000004', 'e0000000-0000-4000-8000-000000000041',
                                   'bbbbbbbb-0000-4000-8000-000000000002') ->> 'status') = 'completed'),
  'and bought');
select tests.authenticate_as('seller_admin');
select throws_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000042', '04', false, 'active', '22222222-2222-4222-8222-222222222222') $$,
  'P0001', 'lead-already-sold-exclusively', 'then a new listing is refused as sold, before any word about consent');

reset role;
select is((select count(*)::int from public.advertised_leads where consent_confirmed_at is null
           and lead_id in (select id from public.leads where not consent) and status in ('active', 'paused')),
  0, 'no open listing of a lead without consent lacks a confirmation');

select * from finish();
rollback;
