-- A checkout's product images reach the public page. The page's data named each image only by its
-- media id, which a visitor cannot sign; it now also carries the image's web rendition (which the
-- public-media function signs while a published checkout sells the product) and its alternative text
-- from the media library. The page's builder stays as it was, renamed; the images are added to its
-- answer by a small function of their own.

alter function private.checkout_page(public.checkouts) rename to checkout_page_without_images;

comment on function private.checkout_page_without_images(public.checkouts) is
  'The public page''s data of a checkout (no coupon, order or person), products with their image''s media id only; private.checkout_page adds the images.';

create or replace function private.checkout_product_images(page jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_set(page, '{products}', coalesce((
    select jsonb_agg(e.product || jsonb_build_object('image_path', m.url, 'image_alt', m.alt_text) order by e.position)
    from jsonb_array_elements(page -> 'products') with ordinality as e (product, position)
    left join public.organizations_media as m on m.id = (e.product ->> 'image_media_id')::uuid
  ), '[]'::jsonb));
$$;

comment on function private.checkout_product_images(jsonb) is
  'A checkout page''s products with each image''s web rendition (image_path, signed by public-media) and alternative text (image_alt); nulls without an image.';
revoke execute on function private.checkout_product_images(jsonb) from public, anon, authenticated;

create or replace function private.checkout_page(checkout public.checkouts)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.checkout_product_images(private.checkout_page_without_images(checkout));
$$;

comment on function private.checkout_page(public.checkouts) is
  'The public page''s data of a checkout (no coupon, order or person), product images included.';
revoke execute on function private.checkout_page(public.checkouts) from public, anon, authenticated;
