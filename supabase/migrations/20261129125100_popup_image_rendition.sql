-- A popup's image is its web rendition, not the uploaded original. The public-media function signs
-- only a media item's public renditions (an original may carry the camera's location and is large),
-- so the original's path the popup snippet asked it to sign was always refused and the picture never
-- showed. The site's config keeps being built as before (moved to private, renamed); the public read
-- now swaps each variant image's path for the item's web rendition.

alter function public.popup_site_config(uuid) rename to popup_site_config_with_originals;
alter function public.popup_site_config_with_originals(uuid) set schema private;
revoke execute on function private.popup_site_config_with_originals(uuid) from public, anon, authenticated, service_role;

comment on function private.popup_site_config_with_originals(uuid) is
  'The site''s popups as public.popup_site_config answers them, but with each image''s original path (the rate limit included).';

create or replace function private.popup_image_renditions(config jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_set(config, '{popups}', coalesce((
    select jsonb_agg(popup.value || jsonb_build_object('variants', (
      select jsonb_agg(case when variant.value -> 'image' = 'null'::jsonb then variant.value
        else jsonb_set(variant.value, '{image,path}', to_jsonb(m.url)) end order by variant.position)
      from jsonb_array_elements(popup.value -> 'variants') with ordinality as variant (value, position)
      left join public.organizations_media as m on m.storage_path = variant.value #>> '{image,path}'
    )) order by popup.position)
    from jsonb_array_elements(config -> 'popups') with ordinality as popup (value, position)
  ), '[]'::jsonb));
$$;

comment on function private.popup_image_renditions(jsonb) is
  'A popup site config with each variant image''s path swapped for the media item''s web rendition (what public-media signs).';
revoke execute on function private.popup_image_renditions(jsonb) from public, anon, authenticated;

-- Security definer: anon has no grant on the tables or the private functions.
create or replace function public.popup_site_config(input_site_key uuid)
returns jsonb
language sql
volatile
security definer
set search_path = ''
as $$
  select private.popup_image_renditions(private.popup_site_config_with_originals(input_site_key));
$$;

comment on function public.popup_site_config(uuid) is
  'Anyone (600 a minute per address): the site''s settings and active popups with their variants (never a discount code; images as web renditions), campaign texts and design; site null and no popups for an unknown key.';
revoke execute on function public.popup_site_config(uuid) from public, anon, authenticated;
grant execute on function public.popup_site_config(uuid) to anon, authenticated, service_role;
