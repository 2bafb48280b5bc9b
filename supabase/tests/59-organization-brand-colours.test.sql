-- An organization's brand colours (supabase/migrations/20261129020000_organization_brand_colours.sql):
-- the owner sets them, a member reads but cannot change them, another organization sees nothing, and
-- only `#rrggbb` in lower case is stored.
begin;

select plan(6);

select tests.seed_calendar_cast();

select tests.authenticate_as('owner');
select results_eq(
  $$ with u as (
       update public.organizations set brand_accent = '#0b5cad', brand_background = '#ffffff', brand_text = '#1a1a1a'
       where id = '00000000-0000-4000-8000-00000000000a' returning 1)
     select count(*)::int from u $$,
  $$ values (1) $$, 'the owner sets the brand colours'
);
select throws_ok(
  $$ update public.organizations set brand_accent = 'blue' where id = '00000000-0000-4000-8000-00000000000a' $$,
  '23514', null, 'a colour that is not #rrggbb is refused'
);
select throws_ok(
  $$ update public.organizations set brand_text = '#1A1A1A' where id = '00000000-0000-4000-8000-00000000000a' $$,
  '23514', null, 'upper case is refused (the app stores lower case)'
);

select tests.authenticate_as('member');
select is(
  (select brand_accent from public.organizations where id = '00000000-0000-4000-8000-00000000000a'),
  '#0b5cad', 'a member reads the brand colours'
);
select results_eq(
  $$ with u as (update public.organizations set brand_accent = '#000000' where id = '00000000-0000-4000-8000-00000000000a' returning 1)
     select count(*)::int from u $$,
  $$ values (0) $$, 'a member cannot change them'
);

select tests.authenticate_as('other');
select is(
  (select count(*)::int from public.organizations where id = '00000000-0000-4000-8000-00000000000a'),
  0, 'another organization''s owner sees nothing of it'
);

select * from finish();
rollback;
