-- A selling organization's registration facts (supabase/migrations/20261129180000_seller_registration.sql):
-- owners and admins set vat_registered and foretaksregisteret, nobody else; an order's receipt carries
-- them as they are when it is issued, and an issued receipt keeps its snapshot. A refund recorded with
-- its credit note tells only the first call it was created, and the credit note's token opens the order.
begin;

select plan(17);

select tests.seed_calendar_cast();
select tests.create_supabase_user('admin', 'admin@example.com');
insert into public.organizations_members (organization_id, member_id, role) values
  ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('admin'), 'admin');

select is((select jsonb_build_array(vat_registered, foretaksregisteret) from public.organizations
           where id = '00000000-0000-4000-8000-00000000000a'),
  '[false, false]'::jsonb, 'a new organization is neither VAT-registered nor in Foretaksregisteret');

-- Who may change them.
select tests.authenticate_as('owner');
select lives_ok($$ update public.organizations set vat_registered = true
                   where id = '00000000-0000-4000-8000-00000000000a' $$, 'the owner may update');
select tests.authenticate_as('admin');
select lives_ok($$ update public.organizations set foretaksregisteret = true
                   where id = '00000000-0000-4000-8000-00000000000a' $$, 'an admin may update');
reset role;
select is((select jsonb_build_array(vat_registered, foretaksregisteret) from public.organizations
           where id = '00000000-0000-4000-8000-00000000000a'),
  '[true, true]'::jsonb, 'the owner''s and the admin''s changes are kept');

select tests.authenticate_as('member');
select is_empty($$ update public.organizations set vat_registered = false
                   where id = '00000000-0000-4000-8000-00000000000a' returning id $$, 'a member changes nothing');
select tests.authenticate_as('other');
select is_empty($$ update public.organizations set foretaksregisteret = false
                   where id = '00000000-0000-4000-8000-00000000000a' returning id $$,
  'the owner of another organization changes nothing');
reset role;
select is((select jsonb_build_array(vat_registered, foretaksregisteret) from public.organizations
           where id = '00000000-0000-4000-8000-00000000000a'),
  '[true, true]'::jsonb, 'still as the owner and the admin left them');
set local role anon;
select throws_ok($$ update public.organizations set vat_registered = false $$, '42501', null,
  'anon may not update the columns');
reset role;

-- A receipt issued afterwards carries them; one issued before keeps its snapshot.
update public.organizations set organization_number = '999999999', street_address = 'Strandkaien 12',
  postal_code = '5013', city = 'Bergen', vat_registered = false, foretaksregisteret = true
  where id = '00000000-0000-4000-8000-00000000000a';
insert into public.campaigns (id, organization_id, kind, name, consent_text) values
  ('00000000-0000-4000-8000-0000000007d1', '00000000-0000-4000-8000-00000000000a', 'checkout', 'Kurs', 'Jeg godtar.');
insert into public.checkouts (id, organization_id) values
  ('00000000-0000-4000-8000-0000000007d1', '00000000-0000-4000-8000-00000000000a');
insert into public.orders (id, organization_id, number, checkout_id, status, subtotal_ore, discount_ore, total_ore,
  provider, provider_payment_id, idempotency_key, access_token_sha256, expires_at, paid_at, buyer) values
  ('00000000-0000-4000-8000-0000000007a1', '00000000-0000-4000-8000-00000000000a', 1001,
   '00000000-0000-4000-8000-0000000007d1', 'paid', 49900, 0, 49900, 'local', 'pi_local_1', 'checkout:a1',
   repeat('a', 64), '2026-11-29 12:30+00', '2026-11-29 12:05+00', '{"name": "Kari Nordmann"}'),
  ('00000000-0000-4000-8000-0000000007a2', '00000000-0000-4000-8000-00000000000a', 1002,
   '00000000-0000-4000-8000-0000000007d1', 'paid', 49900, 0, 49900, 'local', 'pi_local_2', 'checkout:a2',
   repeat('b', 64), '2026-11-29 12:30+00', '2026-11-29 12:06+00', '{"name": "Ola Nordmann"}');
insert into public.order_items (order_id, organization_id, description, quantity, unit_price_ore, vat_rate) values
  ('00000000-0000-4000-8000-0000000007a1', '00000000-0000-4000-8000-00000000000a', 'Rørsjekk', 1, 49900, 25),
  ('00000000-0000-4000-8000-0000000007a2', '00000000-0000-4000-8000-00000000000a', 'Rørsjekk', 1, 49900, 25);

select is((public.issue_checkout_order_receipt('00000000-0000-4000-8000-0000000007a1') -> 'receipt'
           -> 'seller_vat_registered')::boolean, false,
  'a line with MVA no longer makes the seller VAT-registered: the organization says it is not');

update public.organizations set vat_registered = true, foretaksregisteret = false
  where id = '00000000-0000-4000-8000-00000000000a';
select is((select jsonb_build_array(issued -> 'seller_vat_registered', issued -> 'seller_foretaksregisteret')
           from (select public.issue_checkout_order_receipt('00000000-0000-4000-8000-0000000007a2') -> 'receipt' as issued) as r),
  '[true, false]'::jsonb, 'a receipt issued after the change carries the organization''s flags');
select is((select jsonb_build_array(seller_vat_registered, seller_foretaksregisteret) from public.receipts
           where source_id = '00000000-0000-4000-8000-0000000007a1'),
  '[false, true]'::jsonb, 'the receipt issued before keeps its snapshot');

-- A refund's credit note: created for the first call only, its token opens the order's documents.
select ok(not has_function_privilege('anon', 'public.record_checkout_refund_credit_note(uuid, integer, text, text, uuid, text)', 'execute')
  and not has_function_privilege('authenticated', 'public.record_checkout_refund_credit_note(uuid, integer, text, text, uuid, text)', 'execute'),
  'only the service role records a refund with its credit note');
create temporary table refunded as
  select public.record_checkout_refund_credit_note('00000000-0000-4000-8000-0000000007a2', 10000, 're_71', 'Delvis', null,
           repeat('n', 48)) as first,
         public.record_checkout_refund_credit_note('00000000-0000-4000-8000-0000000007a2', 10000, 're_71', 'Delvis', null,
           repeat('m', 48)) as again;
select is((select jsonb_build_array(first -> 'created', again -> 'created', first -> 'credit_note' -> 'kind',
             first -> 'credit_note' -> 'total_ore', first -> 'order' -> 'refunded_ore') from refunded),
  '[true, false, "credit_note", 10000, 10000]'::jsonb, 'the first call records the refund and issues its credit note; a replay creates nothing');
select is((select (first ->> 'credited_receipt_number')::int = (again ->> 'credited_receipt_number')::int
             and (first -> 'credit_note' ->> 'id') = (again -> 'credit_note' ->> 'id') from refunded), true,
  'a replay answers the same credit note and the number of the receipt it credits');
select is((select (first ->> 'credited_receipt_number')::int from refunded),
  (select number::int from public.receipts where source_id = '00000000-0000-4000-8000-0000000007a2'),
  'the credited receipt''s number');
set local role anon;
select is((select array_agg(kind order by number) from public.receipt_by_token(repeat('n', 48))),
  array['receipt', 'credit_note'], 'the credit note''s token reads the order''s receipt and credit notes');
select is((select count(*)::int from public.receipt_by_token(repeat('m', 48))), 0, 'a replay''s token opens nothing');
reset role;

select * from finish();
rollback;
