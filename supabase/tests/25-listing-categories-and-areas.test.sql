-- A listing's category and area come from lists (20261124140000_listing_categories_and_areas.sql):
-- the 2024 counties and «Hele landet»; each marketplace's categories, seeded with a default list and
-- managed by its owner; the database refuses any other spelling, whoever writes it.
--
-- Cast: mp_owner owns M1 and M2; Alfa AS (seller) lists on both; other_owner owns nothing.
begin;

select plan(21);

-- ---------------------------------------------------------------------------------------------------
-- Setup (as postgres)
-- ---------------------------------------------------------------------------------------------------

-- The cast of supabase/tests/setup/10-marketplace-cast.sql.
select tests.seed_marketplace_cast('{alfa}', '{}', '{M1,M2}');
select tests.create_supabase_user('other_owner');
select tests.join_marketplace('M1', '{alfa}');
select tests.join_marketplace('M2', '{alfa}');

insert into public.leads (id, organization_id, name, email, consent, category, area) values
  ('d0000000-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000001', 'En', 'en@example.no', true, 'rørlegger', 'bergen'),
  ('d0000000-0000-4000-8000-000000000002', 'aaaaaaaa-0000-4000-8000-000000000001', 'To', 'to@example.no', true, null, null),
  ('d0000000-0000-4000-8000-000000000003', 'aaaaaaaa-0000-4000-8000-000000000001', 'Tre', 'tre@example.no', true, null, null);

create function pg_temp.list(listing_id text, lead text, category text, area text,
                             marketplace text default '11111111-1111-4111-8111-111111111111')
returns void
language sql
as $$
  insert into public.advertised_leads (id, lead_id, marketplace_id, organization_id, title, category, area)
  values (listing_id::uuid, ('d0000000-0000-4000-8000-0000000000' || lead)::uuid, marketplace::uuid,
          'aaaaaaaa-0000-4000-8000-000000000001', 'Annonse ' || listing_id, category, area)
$$;
grant execute on function pg_temp.list(text, text, text, text, text) to authenticated;

-- ---------------------------------------------------------------------------------------------------
-- The lists
-- ---------------------------------------------------------------------------------------------------

select is((select count(*)::integer from public.areas), 16, 'the 15 counties of 2024 and «Hele landet»');
select is(
  (select array_agg(name order by position) from public.areas where position between 1 and 3),
  array['Oslo', 'Akershus', 'Østfold'],
  'areas are in their own order (Oslo first, as on a map of the counties)'
);
select ok(not exists (select 1 from public.areas where name in ('Viken', 'Vestfold og Telemark', 'Troms og Finnmark')),
  'the counties split in 2024 are not there');
select is(
  (select count(*)::integer from public.marketplace_categories where marketplace_id = '22222222-2222-4222-8222-222222222222'),
  18,
  'a new marketplace starts with the 18 default categories'
);
select throws_ok(
  $$ insert into public.marketplace_categories (marketplace_id, name) values ('11111111-1111-4111-8111-111111111111', 'rørlegger') $$,
  '23505', null, 'one spelling per category: «rørlegger» next to «Rørlegger» is refused'
);

-- ---------------------------------------------------------------------------------------------------
-- Listings hold to the lists, whoever writes them
-- ---------------------------------------------------------------------------------------------------

select tests.authenticate_as('seller');

select lives_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000001', '01', 'Rørlegger', 'Vestland') $$,
  'a seller lists with a category and an area from the lists');
select lives_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000002', '02', null, null) $$,
  'category and area may be left out');
select throws_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000003', '03', 'rørlegger', null) $$,
  '23503', null, 'a category in another spelling is refused');
select throws_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000003', '03', null, 'Bergen') $$,
  '23503', null, 'an area that is no county is refused');
select throws_ok($$ select pg_temp.list('e0000000-0000-4000-8000-000000000003', '03', null, 'Viken') $$,
  '23503', null, 'a county that no longer exists is refused');
select throws_ok(
  $$ update public.advertised_leads set category = 'Rørleggar' where id = 'e0000000-0000-4000-8000-000000000001' $$,
  '23503', null, 'an update to a category not on the list is refused'
);

-- The seller cannot change the lists.
select throws_ok(
  $$ insert into public.areas (name, position) values ('Bergen', 99) $$,
  '42501', null, 'nobody but a migration adds an area'
);
select throws_ok(
  $$ insert into public.marketplace_categories (marketplace_id, name) values ('11111111-1111-4111-8111-111111111111', 'Selgerens egen') $$,
  '42501', null, 'a seller cannot add a category (row-level security)'
);
select is(
  (select count(*)::integer from public.marketplace_categories where marketplace_id = '11111111-1111-4111-8111-111111111111'),
  18,
  'everyone signed in reads the categories'
);

-- ---------------------------------------------------------------------------------------------------
-- The marketplace owner manages the categories; listings follow a rename
-- ---------------------------------------------------------------------------------------------------

select tests.authenticate_as('mp_owner');

select lives_ok(
  $$ insert into public.marketplace_categories (marketplace_id, name) values ('11111111-1111-4111-8111-111111111111', 'Låsesmed') $$,
  'the owner adds a category'
);
select lives_ok(
  $$ update public.marketplace_categories set name = 'Rørleggar og VVS'
     where marketplace_id = '11111111-1111-4111-8111-111111111111' and name = 'Rørlegger' $$,
  'the owner renames a category'
);
select is(
  (select category from public.advertised_leads where id = 'e0000000-0000-4000-8000-000000000001'),
  'Rørleggar og VVS',
  'the listings of a renamed category follow it'
);
select throws_ok(
  $$ delete from public.marketplace_categories
     where marketplace_id = '11111111-1111-4111-8111-111111111111' and name = 'Rørleggar og VVS' $$,
  '23503', null, 'a category a listing uses cannot be removed'
);
select lives_ok(
  $$ delete from public.marketplace_categories
     where marketplace_id = '11111111-1111-4111-8111-111111111111' and name = 'Låsesmed' $$,
  'an unused category can be removed'
);

select tests.authenticate_as('other_owner');
select is_empty(
  $$ update public.marketplace_categories set name = 'Kapret'
     where marketplace_id = '11111111-1111-4111-8111-111111111111' returning 1 $$,
  'another user cannot rename a marketplace''s categories'
);

select tests.clear_authentication();
select is(
  (select count(*)::integer from public.areas),
  16,
  'visitors (anon) read the areas too'
);

select * from finish();
rollback;
