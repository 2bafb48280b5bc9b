-- What a sale promises (20261124110000_lead_supply.sql): an exclusively sold lead is never listed
-- again, a shared one only for the buyers still promised (and never as exclusive), one listing of a
-- lead sells at a time, old listings reopened are checked like new ones; the writer's rights are
-- checked first, as before; lead_supply tells the seller the figures.
--
-- Cast: Alfa AS (seller, seller_admin, seller_member) on M1 and M2; Beta AS (beta_owner), Gamma AS
-- (gamma_owner) and Delta AS (delta_owner) buy with tickets on M1 and M2; mp_owner owns both.
begin;

select plan(48);

-- ---------------------------------------------------------------------------------------------------
-- Setup (as postgres)
-- ---------------------------------------------------------------------------------------------------

-- The cast of supabase/tests/setup/10-marketplace-cast.sql.
select tests.seed_marketplace_cast('{alfa,beta,gamma,delta}', '{seller_admin,seller_member}', '{M1,M2}');
select tests.join_marketplace('M1', '{alfa,beta,gamma,delta}');
select tests.join_marketplace('M2', '{alfa,beta,gamma,delta}');

select private.change_balance(o.id, 10, 0, 'adjustment')
from (values ('bbbbbbbb-0000-4000-8000-000000000002'::uuid), ('cccccccc-0000-4000-8000-000000000003'::uuid),
             ('dddddddd-0000-4000-8000-000000000004'::uuid)) as o (id);

-- Alfa's leads: 01 exclusive, 02 shared, 03 two marketplaces at once, 04 an old paused listing, 05 one
-- buyer after a shared sale, 06 rights.
insert into public.leads (id, organization_id, name, email, consent)
select ('d0000000-0000-4000-8000-0000000000' || lpad(n::text, 2, '0'))::uuid, 'aaaaaaaa-0000-4000-8000-000000000001',
       'Kunde ' || n, 'kunde' || n || '@example.no', true
from generate_series(1, 6) as n;

-- As a seller's admin inserts them from the lead page.
create function pg_temp.list(listing_id text, lead text, marketplace text, max_buyers integer, status text default 'active')
returns void
language sql
as $$
  insert into public.advertised_leads (id, lead_id, marketplace_id, organization_id, title, max_buyers, status)
  values (listing_id::uuid, ('d0000000-0000-4000-8000-0000000000' || lead)::uuid,
          case marketplace when 'M1' then '11111111-1111-4111-8111-111111111111'::uuid else '22222222-2222-4222-8222-222222222222'::uuid end,
          'aaaaaaaa-0000-4000-8000-000000000001', 'Annonse ' || listing_id, max_buyers, status)
$$;

-- A buyer's owner buys the listing with a ticket; back to postgres afterwards.
create function pg_temp.buy(buyer text, organization_id text, listing_id text)
returns void
language plpgsql
as $$
begin
  perform tests.authenticate_as(buyer);
  perform public.buy_lead((select a.lead_id from public.advertised_leads a where a.id = listing_id::uuid),
                          listing_id::uuid, organization_id::uuid);
  reset role;
end;
$$;

create function pg_temp.supply(lead text)
returns text
language sql
as $$
  select format('%s/%s/%s/%s', s.sold, s.promised, s.remaining, s.sold_exclusively)
  from public.lead_supply(('d0000000-0000-4000-8000-0000000000' || lead)::uuid) s
$$;

grant execute on function pg_temp.list(text, text, text, integer, text) to authenticated;
grant execute on function pg_temp.supply(text) to authenticated;

-- ---------------------------------------------------------------------------------------------------
-- Structure
-- ---------------------------------------------------------------------------------------------------

select col_default_is('public', 'advertised_leads', 'earlier_buyers', '0', 'a listing has no earlier buyers by default');
select ok(not has_column_privilege('authenticated', 'public.advertised_leads', 'earlier_buyers', 'insert'),
  'clients cannot insert earlier_buyers');
select ok(not has_column_privilege('authenticated', 'public.advertised_leads', 'earlier_buyers', 'update'),
  'clients cannot update earlier_buyers');
select ok(not has_function_privilege('anon', 'public.lead_supply(uuid)', 'execute'), 'anon cannot call lead_supply');
select ok(not has_function_privilege('authenticated', 'private.lead_supply(uuid, uuid)', 'execute'),
  'clients cannot call the private supply');

-- ---------------------------------------------------------------------------------------------------
-- An exclusive lead is sold once, ever
-- ---------------------------------------------------------------------------------------------------

select tests.authenticate_as('seller_admin');
select lives_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000011', '01', 'M1', 1) $$,
  'an unsold lead is listed exclusively');
select is(pg_temp.supply('01'), '0///f', 'before a sale nothing is sold and nothing promised yet');

select pg_temp.buy('beta_owner', 'bbbbbbbb-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000011');

select tests.authenticate_as('seller_admin');
select is(pg_temp.supply('01'), '1/1/0/t', 'after the exclusive sale: 1 sold of 1 promised, sold exclusively');
select throws_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000012', '01', 'M1', 1) $$,
  'P0001', 'lead-already-sold-exclusively', 'an exclusively sold lead is not listed again on its marketplace');
select throws_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000012', '01', 'M2', 3) $$,
  'P0001', 'lead-already-sold-exclusively', 'nor shared on another marketplace');
select throws_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000012', '01', 'M2', 1, 'paused') $$,
  'P0001', 'lead-already-sold-exclusively', 'nor saved paused for later');
select throws_ok(
  $$ update public.advertised_leads set max_buyers = 2, status = 'active' where id = 'e0000000-0000-4000-8000-000000000011' $$,
  'P0001', 'lead-already-sold-exclusively', 'the sold listing cannot be given a second buyer');

select tests.authenticate_as('seller');
select throws_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000012', '01', 'M2', 1) $$,
  'P0001', 'lead-already-sold-exclusively', 'the organization''s owner is refused too');

select tests.authenticate_as_service_role();
select throws_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000012', '01', 'M2', 1) $$,
  'P0001', 'lead-already-sold-exclusively', 'and the service role: the rule is the database''s');

reset role;
select is((select count(*)::int from public.advertised_leads where lead_id = 'd0000000-0000-4000-8000-000000000001'), 1,
  'the exclusively sold lead still has its one listing');

-- Rights first, as before: who may not list the lead learns nothing about its sale.
select tests.authenticate_as('seller_member');
select throws_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000012', '01', 'M2', 1) $$,
  '42501', null, 'a plain member of the seller is refused by row-level security, as before');
select lives_ok($$ select public.lead_supply('d0000000-0000-4000-8000-000000000001') $$,
  'a plain member of the seller may read the figures');

select tests.authenticate_as('beta_owner');
select throws_ok(
  $$ insert into public.advertised_leads (lead_id, marketplace_id, organization_id, title)
     values ('d0000000-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001', 'I Alfas navn') $$,
  '42501', null, 'another organization''s owner cannot list in the seller''s name, as before');
select throws_ok(
  $$ insert into public.advertised_leads (lead_id, marketplace_id, organization_id, title)
     values ('d0000000-0000-4000-8000-000000000001', '11111111-1111-4111-8111-111111111111', 'bbbbbbbb-0000-4000-8000-000000000002', 'Som sitt eget') $$,
  '23503', null, 'nor as its own lead, as before');
select throws_ok($$ select public.lead_supply('d0000000-0000-4000-8000-000000000001') $$,
  '42501', 'forbidden', 'the buyer cannot read the seller''s figures');

-- ---------------------------------------------------------------------------------------------------
-- An old listing reopened is checked like a new one
-- ---------------------------------------------------------------------------------------------------

select tests.authenticate_as('seller_admin');
select lives_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000041', '04', 'M1', 1, 'paused') $$,
  'an exclusive listing is saved paused');
select lives_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000042', '04', 'M2', 1) $$,
  'a paused listing does not sell: the lead is listed exclusively elsewhere');
select pg_temp.buy('gamma_owner', 'cccccccc-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000042');
select tests.authenticate_as('seller_admin');
select throws_ok(
  $$ update public.advertised_leads set status = 'active' where id = 'e0000000-0000-4000-8000-000000000041' $$,
  'P0001', 'lead-already-sold-exclusively', 'resuming the old paused listing after the exclusive sale is refused');
select lives_ok(
  $$ update public.advertised_leads set status = 'withdrawn' where id = 'e0000000-0000-4000-8000-000000000041' $$,
  'withdrawing it is fine');
select throws_ok(
  $$ update public.advertised_leads set status = 'active' where id = 'e0000000-0000-4000-8000-000000000041' $$,
  'P0001', 'lead-already-sold-exclusively', 'and reopening the withdrawn one is refused');

-- ---------------------------------------------------------------------------------------------------
-- A shared lead: only the buyers still promised, never as exclusive
-- ---------------------------------------------------------------------------------------------------

select lives_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000021', '02', 'M1', 3) $$,
  'a lead is listed for three buyers');
select pg_temp.buy('beta_owner', 'bbbbbbbb-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000021');
select tests.authenticate_as('seller_admin');
update public.advertised_leads set status = 'withdrawn' where id = 'e0000000-0000-4000-8000-000000000021';
select is(pg_temp.supply('02'), '1/3/2/f', 'after one of three: 2 remain');
select throws_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000022', '02', 'M2', 3) $$,
  'P0001', 'lead-buyers-exhausted', 'a new listing for three more buyers is refused');
select lives_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000022', '02', 'M2', 2) $$,
  'a new listing for the two that remain is accepted');
select is((select earlier_buyers from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000022'), 1,
  'it says the lead had one buyer before');
select pg_temp.buy('gamma_owner', 'cccccccc-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000022');
select tests.authenticate_as('seller_admin');
select throws_ok(
  $$ update public.advertised_leads set max_buyers = 3 where id = 'e0000000-0000-4000-8000-000000000022' $$,
  'P0001', 'lead-buyers-exhausted', 'its buyers were promised three in all: it cannot take a fourth');
select pg_temp.buy('delta_owner', 'dddddddd-0000-4000-8000-000000000004', 'e0000000-0000-4000-8000-000000000022');
select tests.authenticate_as('seller_admin');
select is(pg_temp.supply('02'), '3/3/0/f', 'three of three sold');
select throws_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000023', '02', 'M1', 1) $$,
  'P0001', 'lead-buyers-exhausted', 'then not even one more');

-- One buyer after a shared sale is not exclusive: the listing promises its buyer two in all.
select lives_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000051', '05', 'M1', 3) $$,
  'another lead is listed for three');
select pg_temp.buy('beta_owner', 'bbbbbbbb-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000051');
select tests.authenticate_as('seller_admin');
update public.advertised_leads set status = 'withdrawn' where id = 'e0000000-0000-4000-8000-000000000051';
select lives_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000052', '05', 'M2', 1) $$,
  'it is listed again for one buyer');
select pg_temp.buy('gamma_owner', 'cccccccc-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000052');
select tests.authenticate_as('seller_admin');
select is(pg_temp.supply('05'), '2/2/0/f', 'two sold, two promised (1 earlier + 1), not exclusive');
update public.advertised_leads set status = 'withdrawn' where id = 'e0000000-0000-4000-8000-000000000052';
select throws_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000053', '05', 'M1', 1) $$,
  'P0001', 'lead-buyers-exhausted', 'the second buyer was promised two in all, so there is no third');

-- ---------------------------------------------------------------------------------------------------
-- One listing sells at a time
-- ---------------------------------------------------------------------------------------------------

select lives_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000031', '03', 'M1', 1) $$,
  'a lead is listed exclusively on M1');
select throws_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000032', '03', 'M2', 1) $$,
  'P0001', 'lead-listed-elsewhere', 'and not at the same time on M2');
select throws_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000032', '03', 'M1', 1) $$,
  '23505', null, 'on the same marketplace the one-open-listing rule answers, as before');
select lives_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000032', '03', 'M2', 1, 'paused') $$,
  'saved paused on M2 it is accepted');
select throws_ok(
  $$ update public.advertised_leads set status = 'active' where id = 'e0000000-0000-4000-8000-000000000032' $$,
  'P0001', 'lead-listed-elsewhere', 'but not resumed while M1''s still sells');
update public.advertised_leads set status = 'paused' where id = 'e0000000-0000-4000-8000-000000000031';
select lives_ok(
  $$ update public.advertised_leads set status = 'active' where id = 'e0000000-0000-4000-8000-000000000032' $$,
  'with M1''s paused, M2''s is resumed');
select throws_ok(
  $$ update public.advertised_leads set status = 'active' where id = 'e0000000-0000-4000-8000-000000000031' $$,
  'P0001', 'lead-listed-elsewhere', 'and then M1''s cannot be resumed');

-- ---------------------------------------------------------------------------------------------------
-- buy_lead's own bookkeeping never trips the check
-- ---------------------------------------------------------------------------------------------------

select lives_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000061', '06', 'M1', 2) $$,
  'a lead is listed for two');
select pg_temp.buy('beta_owner', 'bbbbbbbb-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000061');
select pg_temp.buy('gamma_owner', 'cccccccc-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000061');
select is((select status from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000061'), 'sold_out',
  'the last slot sells it out');
-- As if Gamma's had been a card reservation that expired: the release reopens the slot.
update public.leads_purchases set state = 'reserved', reserved_until = now() - interval '1 minute', completed_at = null
where advertised_lead_id = 'e0000000-0000-4000-8000-000000000061' and organization_id = 'cccccccc-0000-4000-8000-000000000003';
select is(private.release_expired_lead_purchases('e0000000-0000-4000-8000-000000000061'), 1,
  'releasing an expired reservation is bookkeeping, not an opening');
select is((select status || '/' || buyers_count from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000061'),
  'active/1', 'the listing sells again with one buyer');

select * from finish();
rollback;
