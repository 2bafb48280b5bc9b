-- A funnel's images (supabase/migrations/20261129170000_funnels.sql, «Pictures»): the image blocks of
-- every variant and the offers' product pictures are recorded as the funnel's uses of the library
-- (so they cannot be deleted), may be signed for the public only while the funnel is published and not
-- archived, and reach the public step with their web rendition's path; another organization's item
-- named in a block never does.
begin;

select plan(9);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-06-10 12:00 Europe/Oslo', true);
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.70"}', true);

reset role;
insert into public.organizations_media (id, organization_id, type, storage_path, url, mime_type, size_bytes, alt_text) values
  ('00000000-0000-4000-8000-0000000070a1', '00000000-0000-4000-8000-00000000000a', 'image',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000070a1/original.jpg',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000070a1/web.webp', 'image/jpeg', 1000,
   'Rørlegger ved vask'),
  ('00000000-0000-4000-8000-0000000070a2', '00000000-0000-4000-8000-00000000000a', 'image',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000070a2/original.jpg',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000070a2/web.webp', 'image/jpeg', 1000,
   'Vannlekkasjealarm'),
  ('00000000-0000-4000-8000-0000000070b1', '00000000-0000-4000-8000-00000000000b', 'image',
   '00000000-0000-4000-8000-00000000000b/00000000-0000-4000-8000-0000000070b1/original.jpg',
   '00000000-0000-4000-8000-00000000000b/00000000-0000-4000-8000-0000000070b1/web.webp', 'image/jpeg', 1000,
   'Nordlys sitt bilde');
insert into public.products (id, organization_id, name, price_ore, vat_rate, image_media_id) values
  ('00000000-0000-4000-8000-0000000070c1', '00000000-0000-4000-8000-00000000000a', 'Alarm', 59900, 25,
   '00000000-0000-4000-8000-0000000070a2');
insert into public.campaigns (id, organization_id, kind, name, consent_text) values
  ('00000000-0000-4000-8000-000000007010', '00000000-0000-4000-8000-00000000000a', 'funnel', 'Vinterkurs', 'Jeg godtar vilkårene.');
insert into public.funnels (id, organization_id) values ('00000000-0000-4000-8000-000000007010', '00000000-0000-4000-8000-00000000000a');
insert into public.funnel_steps (id, funnel_id, organization_id, position, type, name, offer_role, product_id, content) values
  ('00000000-0000-4000-8000-000000007011', '00000000-0000-4000-8000-000000007010', '00000000-0000-4000-8000-00000000000a', 0, 'sales', 'Salg', null, null,
   '[{"id": "h", "type": "heading", "text": "Vinterkurs", "level": 1},
     {"id": "i", "type": "image", "mediaId": "00000000-0000-4000-8000-0000000070a1", "alt": "Rørlegger ved vask"},
     {"id": "x", "type": "image", "mediaId": "00000000-0000-4000-8000-0000000070b1", "alt": "Lånt"}]'),
  ('00000000-0000-4000-8000-000000007012', '00000000-0000-4000-8000-000000007010', '00000000-0000-4000-8000-00000000000a', 1, 'offer', 'Tilbud', 'upsell',
   '00000000-0000-4000-8000-0000000070c1', '[]'),
  ('00000000-0000-4000-8000-000000007013', '00000000-0000-4000-8000-000000007010', '00000000-0000-4000-8000-00000000000a', 2, 'thankyou', 'Takk', null, null, '[]');

select results_eq(
  $$ select media_id, public_from from public.media_usages
     where kind = 'funnel' and ref_id = '00000000-0000-4000-8000-000000007010' order by media_id $$,
  $$ values ('00000000-0000-4000-8000-0000000070a1'::uuid, null::timestamptz),
            ('00000000-0000-4000-8000-0000000070a2'::uuid, null::timestamptz) $$,
  'a draft funnel''s block image and offer product picture are recorded as its uses, not public; another organization''s item is not'
);

select tests.authenticate_as_service_role();
select is(
  (select count(*)::int from public.public_media_paths(
     array['00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000070a1/web.webp'])),
  0, 'a draft funnel''s image may not be signed for the public'
);

reset role;
update public.campaigns set published_at = '2026-06-01 09:00 Europe/Oslo' where id = '00000000-0000-4000-8000-000000007010';
select tests.clear_authentication();
select is(
  public.public_funnel_step('00000000-0000-4000-8000-000000007010', null, 'besokende-70') #> '{step,images}',
  '{"00000000-0000-4000-8000-0000000070a1": {"path": "00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000070a1/web.webp",
     "alt": "Rørlegger ved vask"}}'::jsonb,
  'anon: the published sales page carries its own image''s web rendition and alternative text, not the other organization''s'
);
select is(
  public.public_funnel_step('00000000-0000-4000-8000-000000007010', '00000000-0000-4000-8000-000000007012', 'besokende-70')
    #>> '{step,images,00000000-0000-4000-8000-0000000070a2,path}',
  '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000070a2/web.webp',
  'anon: the offer carries its product''s picture'
);

select tests.authenticate_as_service_role();
select is(
  (select count(*)::int from public.public_media_paths(array[
     '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000070a1/web.webp',
     '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000070a2/web.webp',
     '00000000-0000-4000-8000-00000000000b/00000000-0000-4000-8000-0000000070b1/web.webp'])),
  2, 'the public-media issuer may sign the published funnel''s two images, not the other organization''s'
);

select tests.authenticate_as('owner');
select throws_ok(
  $$ delete from public.organizations_media where id = '00000000-0000-4000-8000-0000000070a1' $$,
  '23503', null, 'an image a funnel shows cannot be deleted from the library'
);

insert into public.funnel_step_variants (step_id, organization_id, label, content, traffic_percent) values
  ('00000000-0000-4000-8000-000000007011', '00000000-0000-4000-8000-00000000000a', 'B',
   '[{"id": "j", "type": "image", "mediaId": "00000000-0000-4000-8000-0000000070a2", "alt": "Alarm"}]', 50);
update public.funnel_steps set content = '[{"id": "h", "type": "heading", "text": "Vinterkurs", "level": 1}]'
where id = '00000000-0000-4000-8000-000000007011';
select results_eq(
  $$ select media_id from public.media_usages
     where kind = 'funnel' and ref_id = '00000000-0000-4000-8000-000000007010' order by media_id $$,
  $$ values ('00000000-0000-4000-8000-0000000070a2'::uuid) $$,
  'an image taken out of every variant is no longer a use; one used by a variant and a product is recorded once'
);

update public.funnels set archived_at = now() where id = '00000000-0000-4000-8000-000000007010';
select tests.authenticate_as_service_role();
select is(
  (select count(*)::int from public.public_media_paths(
     array['00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000070a2/web.webp'])),
  0, 'an archived funnel''s images are no longer public'
);
select is(
  (select count(*)::int from public.media_usages
   where kind = 'funnel' and ref_id = '00000000-0000-4000-8000-000000007010'),
  1, 'an archived funnel still holds its images in the library'
);

select * from finish();
rollback;
