-- Checkouts (supabase/migrations/20261129040000_checkouts.sql): who reads and writes each table,
-- the organizer's functions, publishing, the public read (nothing secret), the e-mail step through the
-- engine, coupon checks and the product image's public window.
begin;

select plan(47);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-06-10 12:00 Europe/Oslo', true);
select set_config('request.headers', '{"x-forwarded-for": "203.0.113.61"}', true);

insert into public.organizations_media (id, organization_id, type, storage_path, mime_type, size_bytes)
values ('00000000-0000-4000-8000-0000000006a1', '00000000-0000-4000-8000-00000000000a', 'image',
  '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000006a1/original.jpg', 'image/jpeg', 1000);

select tests.rls_enabled('public', 'products');
select tests.rls_enabled('public', 'checkouts');
select tests.rls_enabled('public', 'checkout_products');
select tests.rls_enabled('public', 'coupons');
select tests.rls_enabled('public', 'checkout_sessions');
select tests.rls_enabled('public', 'orders');
select tests.rls_enabled('public', 'order_items');
select tests.rls_enabled('public', 'order_refunds');

-- ---------------------------------------------------------------------------------------------
-- The organizer
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('member');
select lives_ok(
  $$ insert into public.products (id, organization_id, name, price_ore, vat_rate, stock, image_media_id) values
       ('00000000-0000-4000-8000-0000000006b1', '00000000-0000-4000-8000-00000000000a', 'Rørkurs', 49900, 25, 3,
        '00000000-0000-4000-8000-0000000006a1'),
       ('00000000-0000-4000-8000-0000000006b2', '00000000-0000-4000-8000-00000000000a', 'Sjekkliste', 9900, 25, null, null) $$,
  'member: creates products'
);
select throws_ok(
  $$ insert into public.products (organization_id, name, price_ore, vat_rate) values
       ('00000000-0000-4000-8000-00000000000a', 'Feil sats', 100, 20) $$,
  '23514', null, 'an MVA rate other than 25, 15, 12 or 0 is refused'
);
select lives_ok(
  $$ select set_config('ck.id', public.create_checkout('00000000-0000-4000-8000-00000000000a', ' Rørkurs ',
       '00000000-0000-4000-8000-0000000006b1')::text, true) $$,
  'member: creates a checkout with its product'
);
select results_eq(
  $$ select c.name, c.kind, c.consent_text is not null, k.price_display, cp.role
     from public.checkouts as k join public.campaigns as c on c.id = k.id
     join public.checkout_products as cp on cp.checkout_id = k.id
     where k.id = current_setting('ck.id')::uuid $$,
  $$ values ('Rørkurs', 'checkout', true, 'incl', 'main') $$,
  'the checkout is a campaign of kind checkout with a terms text and its main product'
);
select lives_ok(
  $$ insert into public.checkout_products (checkout_id, product_id, organization_id, role) values
       (current_setting('ck.id')::uuid, '00000000-0000-4000-8000-0000000006b2', '00000000-0000-4000-8000-00000000000a', 'bump') $$,
  'member: adds an order bump'
);
select throws_ok(
  $$ insert into public.checkout_products (checkout_id, product_id, organization_id, role)
     select current_setting('ck.id')::uuid, id, organization_id, 'bump' from public.products
     where organization_id = '00000000-0000-4000-8000-00000000000a' and name = 'Rørkurs'
     on conflict (checkout_id, product_id) do update set role = 'bump' $$,
  '23505', null, 'a checkout has at most one bump'
);
update public.checkouts set bump_heading = 'Ja, legg til sjekklisten', thank_you_heading = 'Takk!'
where id = current_setting('ck.id')::uuid;
select lives_ok(
  $$ insert into public.coupons (organization_id, code, percent_off, max_uses) values
       ('00000000-0000-4000-8000-00000000000a', ' var20 ', 20, 1),
       ('00000000-0000-4000-8000-00000000000a', 'GAMMEL', 20, null) $$,
  'member: creates coupons'
);
update public.coupons set expires_at = '2026-06-01 00:00 Europe/Oslo' where code = 'GAMMEL';
select is((select code from public.coupons where percent_off = 20 and max_uses = 1), 'VAR20',
  'a code is stored trimmed and in upper case');
select throws_ok(
  $$ insert into public.coupons (organization_id, code, percent_off, amount_off_ore) values
       ('00000000-0000-4000-8000-00000000000a', 'BEGGE', 10, 1000) $$,
  '23514', null, 'a coupon is percent or amount off, not both'
);
select throws_ok(
  $$ insert into public.coupons (organization_id, code, percent_off, uses) values
       ('00000000-0000-4000-8000-00000000000a', 'BRUKT', 10, 5) $$,
  '42501', null, 'a member cannot create a coupon with uses already counted'
);
select throws_ok(
  $$ update public.coupons set uses = 0 $$,
  '42501', null, 'members cannot change a coupon''s uses (the order functions do)'
);
select set_config('ck.empty', public.create_checkout('00000000-0000-4000-8000-00000000000a', 'Tom')::text, true);
select throws_ok(
  $$ update public.campaigns set published_at = now() where id = current_setting('ck.empty')::uuid $$,
  'P0001', 'checkout-no-products', 'a checkout without a product cannot be published'
);
select lives_ok(
  $$ update public.campaigns set published_at = '2026-06-01 09:00 Europe/Oslo' where id = current_setting('ck.id')::uuid $$,
  'a checkout with a product is published'
);
select is(
  (select public_from from public.media_usages where kind = 'product' and ref_id = '00000000-0000-4000-8000-0000000006b1'),
  '-infinity'::timestamptz, 'the image of a product a published checkout sells is public'
);
select lives_ok(
  $$ select set_config('ck.copy', public.duplicate_checkout(current_setting('ck.id')::uuid)::text, true) $$,
  'member: duplicates a checkout'
);
select results_eq(
  $$ select c.name, c.published_at is null, (select count(*)::int from public.checkout_products where checkout_id = k.id)
     from public.checkouts as k join public.campaigns as c on c.id = k.id where k.id = current_setting('ck.copy')::uuid $$,
  $$ values ('Rørkurs (kopi)', true, 2) $$,
  'the copy is a draft with the same products'
);
select results_eq(
  $$ select name, status, products from public.checkout_summaries('00000000-0000-4000-8000-00000000000a') where checkout_id = current_setting('ck.id')::uuid $$,
  $$ values ('Rørkurs'::text, 'live'::text, array['Rørkurs', 'Sjekkliste']) $$,
  'the list names the checkout''s status and products (main first)'
);
select lives_ok(
  $$ delete from public.checkouts where id = current_setting('ck.copy')::uuid $$,
  'member: a delete of a checkout is filtered out'
);
select is((select count(*)::int from public.checkouts where id = current_setting('ck.copy')::uuid), 1,
  'only owners and admins delete a checkout: it is still there');

-- ---------------------------------------------------------------------------------------------
-- Another organization and the public
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('other');
select is((select count(*)::int from public.products), 0, 'other: reads no products of Fjord Rør');
select is((select count(*)::int from public.coupons), 0, 'other: reads no coupons of Fjord Rør');
select is((select count(*)::int from public.checkouts), 0, 'other: reads no checkouts of Fjord Rør');
select is((select count(*)::int from public.checkout_summaries('00000000-0000-4000-8000-00000000000a')), 0,
  'other: gets no summaries of Fjord Rør');
select throws_ok(
  $$ select public.checkout_preview(current_setting('ck.id')::uuid) $$,
  'PT404', 'checkout-not-found', 'other: no preview of Fjord Rør''s checkout'
);
select throws_ok(
  $$ insert into public.products (organization_id, name, price_ore) values ('00000000-0000-4000-8000-00000000000a', 'Inntrenger', 100) $$,
  '42501', null, 'other: cannot create a product for Fjord Rør'
);

select tests.clear_authentication();
select throws_ok($$ select * from public.products $$, '42501', null, 'anon: cannot read products');
select throws_ok($$ select * from public.orders $$, '42501', null, 'anon: cannot read orders');
select throws_ok($$ select * from public.coupons $$, '42501', null, 'anon: cannot read coupons');
select set_config('ck.page', public.public_checkout(current_setting('ck.id')::uuid)::text, true);
select results_eq(
  $$ select p ->> 'name', p #>> '{seller,name}', jsonb_array_length(p -> 'products'), p #>> '{products,0,role}',
       (p #>> '{products,0,stock}')::int, p #>> '{bump,heading}', (p ->> 'coupons')::boolean
     from (select current_setting('ck.page')::jsonb as p) as page $$,
  $$ values ('Rørkurs', 'Fjord Rør AS', 2, 'main', 3, 'Ja, legg til sjekklisten', true) $$,
  'anon: the public page names the seller, products (main first, stock left), bump and that codes exist'
);
select ok(current_setting('ck.page') !~* 'VAR20', 'the public page never carries a coupon code');
select throws_ok(
  $$ select public.public_checkout(current_setting('ck.copy')::uuid) $$,
  'PT404', 'checkout-not-found', 'anon: a draft checkout is not found'
);
select results_eq(
  $$ select public.checkout_coupon(current_setting('ck.id')::uuid, 'Var20') ->> 'percent_off' $$,
  $$ values ('20') $$, 'anon: a valid code answers its discount, whatever its case'
);
select throws_ok(
  $$ select public.checkout_coupon(current_setting('ck.id')::uuid, 'GAMMEL') $$,
  'P0001', 'checkout-coupon-expired', 'an expired code is refused'
);
select throws_ok(
  $$ select public.checkout_coupon(current_setting('ck.id')::uuid, 'FINNESIKKE') $$,
  'P0001', 'checkout-coupon-invalid', 'an unknown code is refused'
);

-- The e-mail step: a participant (no lead until they buy) and a session with a secret.
select set_config('ck.start', public.start_checkout(current_setting('ck.id')::uuid, ' Kari@Example.no ', true,
  'visitor-12345678', 'facebook', '{"source": "Nyhetsbrev", "medium": "email", "evil": "x"}',
  null, now() - interval '1 minute')::text, true);
select tests.authenticate_as_service_role();
select results_eq(
  $$ select p.email, s.source, s.utm, r.reminders_opt_in, s.recovery_due_at = private.campaign_now() + interval '15 minutes',
       s.token_sha256 = encode(sha256(convert_to(current_setting('ck.start')::jsonb ->> 'token', 'UTF8')), 'hex')
     from public.checkout_sessions as s
     join public.participants as p on p.id = s.participant_id
     join public.campaign_registrations as r on r.participant_id = p.id and r.campaign_id = s.checkout_id
     where s.id = (current_setting('ck.start')::jsonb ->> 'session_id')::uuid $$,
  $$ values ('kari@example.no', 'nyhetsbrev', '{"source": "Nyhetsbrev", "medium": "email"}'::jsonb, true, true, true) $$,
  'the e-mail step makes the participant, the session with its source and UTM, the first recovery due in 15 minutes'
);
select is(
  (select count(*)::int from public.leads where email = 'kari@example.no'), 0,
  'giving an e-mail is not buying: no lead yet'
);
select tests.clear_authentication();
select throws_ok(
  $$ select public.start_checkout(current_setting('ck.id')::uuid, 'bot@example.no', false, null, null, '{}', 'fylt', now() - interval '1 minute') $$,
  'P0001', 'campaign-write-refused', 'the engine''s honeypot guards the e-mail step'
);
select lives_ok(
  $$ select public.record_checkout_visit(current_setting('ck.id')::uuid, 'visitor-12345678', 'Google') $$,
  'anon: records a visit'
);
select tests.authenticate_as_service_role();
select results_eq(
  $$ select kind, source, visitor_hash = encode(sha256(convert_to(campaign_id::text || ':visitor-12345678', 'UTF8')), 'hex')
     from public.campaign_events where campaign_id = current_setting('ck.id')::uuid $$,
  $$ values ('visit', 'google', true) $$,
  'the visit keeps its source and a hashed visitor id'
);

select * from finish();
rollback;
