-- A published checkout keeps a product (supabase/migrations/20261129160000_checkout_keeps_a_product.sql):
-- its last main product cannot be taken off, made the bump or deleted; a draft's can; a new product in
-- first lets the old one go; deleting the checkout takes its products with it.
begin;

select plan(8);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-06-10 12:00 Europe/Oslo', true);

select tests.authenticate_as('member');
insert into public.products (id, organization_id, name, price_ore, vat_rate) values
  ('00000000-0000-4000-8000-0000000067b1', '00000000-0000-4000-8000-00000000000a', 'Rørkurs', 49900, 25),
  ('00000000-0000-4000-8000-0000000067b2', '00000000-0000-4000-8000-00000000000a', 'Sjekkliste', 9900, 25);
select set_config('ck.live', public.create_checkout('00000000-0000-4000-8000-00000000000a', 'Live',
  '00000000-0000-4000-8000-0000000067b1')::text, true);
select set_config('ck.draft', public.create_checkout('00000000-0000-4000-8000-00000000000a', 'Utkast',
  '00000000-0000-4000-8000-0000000067b1')::text, true);
update public.campaigns set published_at = '2026-06-01 09:00 Europe/Oslo' where id = current_setting('ck.live')::uuid;

select throws_ok(
  $$ delete from public.checkout_products where checkout_id = current_setting('ck.live')::uuid $$,
  'P0001', 'checkout-no-products', 'a published checkout cannot lose its last main product'
);
select throws_ok(
  $$ update public.checkout_products set role = 'bump' where checkout_id = current_setting('ck.live')::uuid $$,
  'P0001', 'checkout-no-products', 'nor turn it into the bump'
);
select lives_ok(
  $$ delete from public.checkout_products where checkout_id = current_setting('ck.draft')::uuid $$,
  'a draft may sell nothing yet'
);
select lives_ok(
  $$ insert into public.checkout_products (checkout_id, product_id, organization_id) values
       (current_setting('ck.live')::uuid, '00000000-0000-4000-8000-0000000067b2', '00000000-0000-4000-8000-00000000000a') $$,
  'a second product is added'
);
select lives_ok(
  $$ delete from public.checkout_products where checkout_id = current_setting('ck.live')::uuid
       and product_id = '00000000-0000-4000-8000-0000000067b1' $$,
  'then the first may go'
);
select is(
  (select array_agg(product_id) from public.checkout_products where checkout_id = current_setting('ck.live')::uuid),
  array['00000000-0000-4000-8000-0000000067b2'::uuid],
  'the checkout sells the new product'
);

select tests.authenticate_as('owner');
select throws_ok(
  $$ delete from public.products where id = '00000000-0000-4000-8000-0000000067b2' $$,
  'P0001', 'checkout-no-products', 'deleting the product a published checkout sells is refused'
);
select lives_ok(
  $$ delete from public.checkouts where id = current_setting('ck.live')::uuid $$,
  'deleting the checkout takes its products with it'
);

select * from finish();
rollback;
