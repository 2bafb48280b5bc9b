-- A checkout's product images on the public page (supabase/migrations/20261129125000_checkout_product_images.sql):
-- the page's data carries the image's web rendition's path and alternative text, a product without one
-- carries nulls, and the public-media issuer may sign the path only while the checkout is published.
begin;

select plan(4);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-06-10 12:00 Europe/Oslo', true);
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.64"}', true);

insert into public.organizations_media (id, organization_id, type, storage_path, url, mime_type, size_bytes, alt_text)
values ('00000000-0000-4000-8000-0000000064a1', '00000000-0000-4000-8000-00000000000a', 'image',
  '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000064a1/original.jpg',
  '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000064a1/web.webp', 'image/jpeg', 1000,
  'Rørtang på arbeidsbenk');

select tests.authenticate_as('member');
insert into public.products (id, organization_id, name, price_ore, image_media_id) values
  ('00000000-0000-4000-8000-0000000064b1', '00000000-0000-4000-8000-00000000000a', 'Rørtang', 49900,
   '00000000-0000-4000-8000-0000000064a1'),
  ('00000000-0000-4000-8000-0000000064b2', '00000000-0000-4000-8000-00000000000a', 'Pakning', 9900, null);
select set_config('ck.id', public.create_checkout('00000000-0000-4000-8000-00000000000a', 'Verktøy',
  '00000000-0000-4000-8000-0000000064b1')::text, true);
insert into public.checkout_products (checkout_id, product_id, organization_id, role) values
  (current_setting('ck.id')::uuid, '00000000-0000-4000-8000-0000000064b2', '00000000-0000-4000-8000-00000000000a', 'bump');
update public.checkouts set bump_heading = 'Legg til pakning' where id = current_setting('ck.id')::uuid;

select results_eq(
  $$ select p ->> 'name', p ->> 'image_path', p ->> 'image_alt'
     from jsonb_array_elements(public.checkout_preview(current_setting('ck.id')::uuid) -> 'products') as p
     order by p ->> 'role' desc $$,
  $$ values ('Rørtang', '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000064a1/web.webp',
       'Rørtang på arbeidsbenk'), ('Pakning', null, null) $$,
  'member: the preview carries the main product''s image path and alternative text, the bump none'
);

select tests.authenticate_as_service_role();
select is(
  (select count(*)::int from public.public_media_paths(
     array['00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000064a1/web.webp'])),
  0, 'a draft checkout''s product image may not be signed for the public'
);

select tests.authenticate_as('member');
update public.campaigns set published_at = '2026-06-01 09:00 Europe/Oslo' where id = current_setting('ck.id')::uuid;
select tests.clear_authentication();
select is(
  public.public_checkout(current_setting('ck.id')::uuid) #>> '{products,0,image_path}',
  '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000064a1/web.webp',
  'anon: the published page carries the image path'
);
select tests.authenticate_as_service_role();
select is(
  (select count(*)::int from public.public_media_paths(
     array['00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000064a1/web.webp'])),
  1, 'the public-media issuer may sign the image of a published checkout''s product'
);

select * from finish();
rollback;
