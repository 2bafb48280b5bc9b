-- Plans and prices (20261124130000_plans_and_prices.sql, docs/payments.md «Prices and VAT»): a pack
-- must cost less per lead than buying on demand, on both sides (the pack, the marketplace's default
-- prices); a pack's card payment is its price plus 25 % MVA.
--
-- Cast: mp_owner owns M1 (99 kr on demand, 1 klipp or 100 kreditter a lead) and M0 (no on-demand
-- price); Alfa AS (alfa_owner) belongs to M1.
begin;

select plan(17);

select tests.create_supabase_user('mp_owner');
select tests.create_supabase_user('alfa_owner');

insert into public.organizations (id, name, owner_id) values
  ('aaaaaaaa-0000-4000-8000-000000000001', 'Alfa AS', tests.get_supabase_uid('alfa_owner'));
insert into public.marketplaces (id, owner_id, name, default_price_ore, default_price_tickets, default_price_credits) values
  ('11111111-1111-4111-8111-111111111111', tests.get_supabase_uid('mp_owner'), 'Leadtorget', 9900, 1, 100),
  ('00000000-1111-4111-8111-111111111111', tests.get_supabase_uid('mp_owner'), 'Uten pris', 0, 1, 100);
insert into public.marketplaces_organizations (marketplace_id, organization_id) values
  ('11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001');

-- ---------------------------------------------------------------------------------------------------
-- VAT
-- ---------------------------------------------------------------------------------------------------

select is(private.with_vat(89000), 111250, '890 kr + 25 % MVA is 1 112,50 kr');
select is(private.with_vat(1), 1, 'a fraction of an øre rounds to whole øre (0.25 → 0)');
select is(private.with_vat(2), 3, 'halves round up (0.5 → 1)');
select ok(not has_function_privilege('authenticated', 'private.with_vat(integer)', 'execute'),
  'authenticated cannot call the VAT helper');

-- ---------------------------------------------------------------------------------------------------
-- Packs must save on on-demand
-- ---------------------------------------------------------------------------------------------------

select tests.authenticate_as('mp_owner');
select throws_ok(
  $$ insert into public.marketplaces_ticket_packs (marketplace_id, tickets, price_ore)
     values ('11111111-1111-4111-8111-111111111111', 10, 100000) $$,
  '23514', 'pack-not-cheaper-than-on-demand', '10 klipp for 1 000 kr (100 kr a lead) is refused at 99 kr on demand');
select throws_ok(
  $$ insert into public.marketplaces_ticket_packs (marketplace_id, tickets, price_ore)
     values ('11111111-1111-4111-8111-111111111111', 10, 99000) $$,
  '23514', 'pack-not-cheaper-than-on-demand', 'the same price as on demand saves nothing: refused');
select lives_ok(
  $$ insert into public.marketplaces_ticket_packs (marketplace_id, tickets, price_ore)
     values ('11111111-1111-4111-8111-111111111111', 10, 89000) $$,
  '10 klipp for 890 kr (89 kr a lead) is accepted');
select throws_ok(
  $$ update public.marketplaces_ticket_packs set price_ore = 120000 where tickets = 10 $$,
  '23514', 'pack-not-cheaper-than-on-demand', 'a pack cannot be made dearer than on demand');
select lives_ok(
  $$ insert into public.marketplaces_ticket_packs (marketplace_id, tickets, price_ore, active)
     values ('11111111-1111-4111-8111-111111111111', 5, 60000, false) $$,
  'an inactive pack is not offered, so it is not compared');
select throws_ok(
  $$ update public.marketplaces_ticket_packs set active = true where tickets = 5 $$,
  '23514', 'pack-not-cheaper-than-on-demand', 'it cannot be offered at that price');
select throws_ok(
  $$ insert into public.marketplaces_credit_packs (marketplace_id, credits, price_ore)
     values ('11111111-1111-4111-8111-111111111111', 500, 50000) $$,
  '23514', 'pack-not-cheaper-than-on-demand', '500 kreditter for 500 kr (100 kr a lead at 100 kreditter) is refused');
select lives_ok(
  $$ insert into public.marketplaces_credit_packs (marketplace_id, credits, price_ore)
     values ('11111111-1111-4111-8111-111111111111', 500, 40000) $$,
  '500 kreditter for 400 kr (80 kr a lead) is accepted');
select lives_ok(
  $$ insert into public.marketplaces_ticket_packs (marketplace_id, tickets, price_ore)
     values ('00000000-1111-4111-8111-111111111111', 10, 500000) $$,
  'a marketplace without an on-demand price has nothing to compare with');

-- The other side: the marketplace's default prices.
select throws_ok(
  $$ update public.marketplaces set default_price_ore = 8900 where id = '11111111-1111-4111-8111-111111111111' $$,
  '23514', 'pack-not-cheaper-than-on-demand', 'on demand cannot be lowered to a pack''s price per lead');
select throws_ok(
  $$ update public.marketplaces set default_price_tickets = 2 where id = '11111111-1111-4111-8111-111111111111' $$,
  '23514', 'pack-not-cheaper-than-on-demand', 'nor can a lead cost more klipp when that makes a pack dearer');
select lives_ok(
  $$ update public.marketplaces set default_price_ore = 12900 where id = '11111111-1111-4111-8111-111111111111' $$,
  'raising the on-demand price is fine');

-- ---------------------------------------------------------------------------------------------------
-- A pack's card payment is charged incl. mva
-- ---------------------------------------------------------------------------------------------------

reset role;
select is(
  (public.start_card_payment('aaaaaaaa-0000-4000-8000-000000000001', 'tickets',
    (select id from public.marketplaces_ticket_packs
     where marketplace_id = '11111111-1111-4111-8111-111111111111' and tickets = 10),
    'pack:vat', 'local', tests.get_supabase_uid('alfa_owner'))).amount_ore,
  111250, 'the card is charged 890 kr + 222,50 kr MVA');

select * from finish();
rollback;
