-- Listing teasers (20261124130100_listing_teasers.sql) and who gets a card payment's receipt
-- (20261124130200_receipt_recipients.sql).
--
-- Cast: Selger AS (seller) lists leads on M1; Kjøper AS (buyer_owner) belongs to M1 but has no card;
-- outsider belongs to nothing; anon is a visitor of the public join page.
begin;

select plan(16);

select tests.create_supabase_user('seller', 'seller@example.no');
select tests.create_supabase_user('buyer_owner', 'kjoper@example.no');
select tests.create_supabase_user('outsider');
select tests.create_supabase_user('mp_owner');

insert into public.organizations (id, name, owner_id) values
  ('aaaaaaaa-0000-4000-8000-000000000001', 'Selger AS', tests.get_supabase_uid('seller')),
  ('bbbbbbbb-0000-4000-8000-000000000002', 'Kjøper AS', tests.get_supabase_uid('buyer_owner'));
insert into public.marketplaces (id, owner_id, name, default_price_ore) values
  ('11111111-1111-4111-8111-111111111111', tests.get_supabase_uid('mp_owner'), 'Leadtorget', 9900),
  ('22222222-2222-4222-8222-222222222222', tests.get_supabase_uid('mp_owner'), 'Tom', 9900);
insert into public.marketplaces_organizations (marketplace_id, organization_id) values
  ('11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001'),
  ('11111111-1111-4111-8111-111111111111', 'bbbbbbbb-0000-4000-8000-000000000002');

insert into public.leads (id, organization_id, name, email, phone, consent)
select ('d0000000-0000-4000-8000-0000000000' || lpad(n::text, 2, '0'))::uuid,
  'aaaaaaaa-0000-4000-8000-000000000001', 'Person ' || n, 'person' || n || '@example.no', '+4791234567', true
from generate_series(1, 8) as n;

-- Six open listings (newest last), one paused, one expired.
insert into public.advertised_leads (id, lead_id, marketplace_id, organization_id, title, description,
  category, area, price_ore, max_buyers, status, expires_at, created_at)
select ('e0000000-0000-4000-8000-0000000000' || lpad(n::text, 2, '0'))::uuid,
  ('d0000000-0000-4000-8000-0000000000' || lpad(n::text, 2, '0'))::uuid,
  '11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001',
  'Oppdrag ' || n, 'Hemmelig beskrivelse ' || n, 'Elektriker', 'Oslo', 9900, 3,
  case when n = 7 then 'paused' else 'active' end,
  case when n = 8 then now() + interval '1 minute' else now() + interval '10 days' end,
  now() - (10 - n) * interval '1 hour'
from generate_series(1, 8) as n;
-- The clock moves on: listing 8 has expired (the insert trigger wants a future expiry).
update public.advertised_leads set expires_at = now() - interval '1 minute'
where id = 'e0000000-0000-4000-8000-000000000008';

-- ---------------------------------------------------------------------------------------------------
-- marketplace_listing_teasers
-- ---------------------------------------------------------------------------------------------------

select ok(has_function_privilege('anon', 'public.marketplace_listing_teasers(uuid, integer)', 'execute'),
  'anon may read teasers (the public join page)');
select tests.clear_authentication();
select is(
  (select array_agg(title) from public.marketplace_listing_teasers('11111111-1111-4111-8111-111111111111', 3)),
  array['Oppdrag 6', 'Oppdrag 5', 'Oppdrag 4'], 'anon sees the newest open listings, as many as asked');
select is(
  (select distinct open_count from public.marketplace_listing_teasers('11111111-1111-4111-8111-111111111111', 3)),
  6::bigint, 'with the number of open listings (not paused, not expired)');
select is(
  (select count(*)::int from public.marketplace_listing_teasers('11111111-1111-4111-8111-111111111111', 500)),
  6, 'at most what is open (and never more than 20)');
select is(
  (select row(category, area, price_ore, max_buyers, buyers_count)::text
   from public.marketplace_listing_teasers('11111111-1111-4111-8111-111111111111', 1)),
  row('Elektriker', 'Oslo', 9900, 3, 0)::text, 'a teaser has category, area, price and buyers');
select is(
  (select array_agg(p.parameter_name::text order by p.ordinal_position)
   from information_schema.parameters p
   join information_schema.routines r on r.specific_name = p.specific_name
   where r.routine_schema = 'public' and r.routine_name = 'marketplace_listing_teasers'
     and p.parameter_mode = 'OUT'),
  array['id', 'title', 'category', 'area', 'price_ore', 'price_tickets', 'price_credits', 'max_buyers',
        'buyers_count', 'created_at', 'open_count'],
  'its columns: teaser facts only — no description, seller, name, e-mail or phone');
select is(
  (select count(*)::int from public.marketplace_listing_teasers('22222222-2222-4222-8222-222222222222')),
  0, 'an empty marketplace has no teasers');

select tests.authenticate_as('buyer_owner');
select is(
  (select count(*)::int from public.marketplace_listing_teasers('11111111-1111-4111-8111-111111111111')),
  5, 'a member without a card sees five by default');
select tests.authenticate_as('outsider');
select is(
  (select count(*)::int from public.marketplace_listing_teasers('11111111-1111-4111-8111-111111111111')),
  5, 'an outsider sees the teasers too');
select is((select count(*)::int from public.advertised_leads), 0,
  'while the listings themselves (with descriptions) stay closed to it by RLS');

-- ---------------------------------------------------------------------------------------------------
-- card_payment_receipt_recipients
-- ---------------------------------------------------------------------------------------------------

reset role;
insert into public.card_payments (id, organization_id, purpose, pack_id, tickets, amount_ore, description,
  provider, idempotency_key, created_by) values
  ('f0000000-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002', 'tickets_pack',
   gen_random_uuid(), 10, 111250, '10 klipp – Leadtorget', 'local', 'pack:one', tests.get_supabase_uid('buyer_owner')),
  ('f0000000-0000-4000-8000-000000000002', 'bbbbbbbb-0000-4000-8000-000000000002', 'tickets_pack',
   gen_random_uuid(), 10, 111250, '10 klipp – Leadtorget', 'local', 'pack:two', null);

select ok(not has_function_privilege('authenticated', 'public.card_payment_receipt_recipients(uuid)', 'execute'),
  'only the service role asks who gets a receipt');
select is(public.card_payment_receipt_recipients('f0000000-0000-4000-8000-000000000001'),
  array['kjoper@example.no'], 'no receipt addresses: the receipt goes to the user who paid');
select is(public.card_payment_receipt_recipients('f0000000-0000-4000-8000-000000000002'),
  '{}'::text[], 'nobody known to send it to: empty');
update public.organizations_payments_config set receipt_emails = array['regnskap@kjoper.no', 'leder@kjoper.no']
where id = 'bbbbbbbb-0000-4000-8000-000000000002';
select is(public.card_payment_receipt_recipients('f0000000-0000-4000-8000-000000000001'),
  array['regnskap@kjoper.no', 'leder@kjoper.no'], 'receipt addresses: those, and not the payer');
select is(public.card_payment_receipt_recipients('f0000000-0000-4000-8000-000000000009'),
  null, 'an unknown payment: null');
select is((select count(*)::int from public.card_payments), 2, 'setup check');

select * from finish();
rollback;
