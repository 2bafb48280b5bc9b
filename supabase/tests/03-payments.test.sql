-- Balances, ledger, payment settings, organizations_payments_email_insert and private.change_balance
-- (supabase/migrations/20261122100200_payments.sql).
-- Actors: anon, outsider, member, admin member, owner, other organization's owner, claims admin,
-- service role, postgres (the migrations' owner).
begin;

select plan(53);

-- ============================================================================================
-- Fixtures (as postgres)
-- ============================================================================================

select tests.create_supabase_user('owner', 'owner@example.com');
select tests.create_supabase_user('admin', 'admin@example.com');
select tests.create_supabase_user('member', 'member@example.com');
select tests.create_supabase_user('outsider', 'outsider@example.com');
select tests.create_supabase_user('other', 'other@example.com');
select tests.create_supabase_user('support', 'support@example.com');

update auth.users
set raw_app_meta_data = raw_app_meta_data || '{"claims_admin": true}'
where id = tests.get_supabase_uid('support');

insert into public.organizations (id, name, owner_id) values
  ('00000000-0000-4000-8000-00000000000a', 'Fjordbygg AS', tests.get_supabase_uid('owner')),
  ('00000000-0000-4000-8000-00000000000b', 'Nordlys Rør AS', tests.get_supabase_uid('other'));
insert into public.organizations_members (organization_id, member_id, role) values
  ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('admin'), 'admin'),
  ('00000000-0000-4000-8000-00000000000a', tests.get_supabase_uid('member'), 'member');

-- ============================================================================================
-- RLS on; privileges
-- ============================================================================================

select tests.rls_enabled('public', 'organizations_payments');
select tests.rls_enabled('public', 'organizations_payments_ledger');
select tests.rls_enabled('public', 'organizations_payments_config');
select ok(
  not has_function_privilege('authenticated', 'private.change_balance(uuid, integer, integer, text, integer, text)', 'execute')
  and not has_function_privilege('anon', 'private.change_balance(uuid, integer, integer, text, integer, text)', 'execute'),
  'change_balance is not executable by anon or authenticated'
);

-- ============================================================================================
-- change_balance (as postgres, as the public RPCs that call it will run)
-- ============================================================================================

select results_eq(
  $$ select tickets, credits from private.change_balance('00000000-0000-4000-8000-00000000000a', 10, 5, 'tickets_purchase', 49900, 'pi_test_1') $$,
  $$ values (10, 5) $$,
  'change_balance adds tickets and credits'
);
select results_eq(
  $$ select kind, tickets_delta, credits_delta, amount_ore, reference from public.organizations_payments_ledger $$,
  $$ values ('tickets_purchase', 10, 5, 49900, 'pi_test_1') $$,
  'change_balance writes the ledger row in the same transaction'
);
select throws_ok(
  $$ select private.change_balance('00000000-0000-4000-8000-00000000000a', -11, 0, 'lead_purchase', 0, 'lead-1') $$,
  'P0001', 'insufficient-tickets', 'change_balance refuses to take the balance below zero'
);
select throws_ok(
  $$ select private.change_balance('00000000-0000-4000-8000-00000000000a', 0, -6, 'lead_purchase', 0, 'lead-1') $$,
  'P0001', 'insufficient-credits', 'change_balance refuses negative credits'
);
select results_eq(
  $$ select count(*)::int from public.organizations_payments_ledger $$, $$ values (1) $$,
  'a refused change writes no ledger row'
);
select results_eq(
  $$ select tickets from private.change_balance('00000000-0000-4000-8000-00000000000a', -10, 0, 'lead_purchase', 0, 'lead-1') $$,
  $$ values (0) $$,
  'change_balance may take the balance to exactly zero'
);
select throws_ok(
  $$ select private.change_balance('00000000-0000-4000-8000-0000000000ff', 1, 0, 'adjustment') $$,
  'PT404', 'organization-not-found', 'change_balance on an unknown organization'
);
select throws_ok(
  $$ select private.change_balance('00000000-0000-4000-8000-00000000000a', 1, 0, 'gift') $$,
  '23514', null, 'an unknown ledger kind is refused'
);
select throws_ok(
  $$ select private.change_balance('00000000-0000-4000-8000-00000000000a', 0, 0, 'adjustment') $$,
  '23514', null, 'an empty change is refused'
);
select throws_ok(
  $$ update public.organizations_payments_ledger set amount_ore = 0 $$,
  '42501', 'ledger-is-append-only', 'not even the table owner updates the ledger'
);
select throws_ok(
  $$ delete from public.organizations_payments_ledger $$,
  '42501', 'ledger-is-append-only', 'not even the table owner deletes from the ledger'
);
select throws_ok(
  $$ truncate public.organizations_payments_ledger $$,
  '42501', 'ledger-is-append-only', 'not even the table owner truncates the ledger'
);
select throws_ok(
  $$ delete from public.organizations where id = '00000000-0000-4000-8000-00000000000a' $$,
  '23503', null, 'an organization with payment history cannot be deleted'
);

-- ============================================================================================
-- anon
-- ============================================================================================

select tests.clear_authentication();
select is_empty($$ select * from public.organizations_payments $$, 'anon reads no balances');
select is_empty($$ select * from public.organizations_payments_ledger $$, 'anon reads no ledger');
select is_empty($$ select * from public.organizations_payments_config $$, 'anon reads no payment settings');
select throws_ok(
  $$ select public.organizations_payments_email_insert('00000000-0000-4000-8000-00000000000a', 'a@example.com') $$,
  '42501', null, 'anon cannot add receipt e-mails'
);

-- ============================================================================================
-- Reading per identity
-- ============================================================================================

select tests.authenticate_as('member');
select results_eq(
  $$ select id, tickets, credits from public.organizations_payments $$,
  $$ values ('00000000-0000-4000-8000-00000000000a'::uuid, 0, 5) $$,
  'a member reads their organization''s balance only'
);
select results_eq($$ select count(*)::int from public.organizations_payments_ledger $$, $$ values (2) $$, 'a member reads their organization''s ledger');
select results_eq($$ select count(*)::int from public.organizations_payments_config $$, $$ values (1) $$, 'a member reads their organization''s payment settings');

select tests.authenticate_as('outsider');
select is_empty($$ select * from public.organizations_payments $$, 'an outsider reads no balance');
select is_empty($$ select * from public.organizations_payments_ledger $$, 'an outsider reads no ledger');
select is_empty($$ select * from public.organizations_payments_config $$, 'an outsider reads no payment settings');

select tests.authenticate_as('other');
select results_eq(
  $$ select id from public.organizations_payments $$, $$ values ('00000000-0000-4000-8000-00000000000b'::uuid) $$,
  'another organization''s owner reads only their own balance'
);
select is_empty($$ select * from public.organizations_payments_ledger $$, 'another organization''s owner reads none of this ledger');

select tests.authenticate_as('support');
select results_eq($$ select count(*)::int from public.organizations_payments $$, $$ values (2) $$, 'a claims admin reads every balance');
select results_eq($$ select count(*)::int from public.organizations_payments_ledger $$, $$ values (2) $$, 'a claims admin reads every ledger row');

-- ============================================================================================
-- Nobody gets richer: direct writes
-- ============================================================================================

select tests.authenticate_as('owner');
select throws_ok(
  $$ update public.organizations_payments set tickets = 1000 $$,
  '42501', null, 'the owner cannot update the balance'
);
select throws_ok(
  $$ insert into public.organizations_payments (id, tickets) values ('00000000-0000-4000-8000-00000000000b', 1000) $$,
  '42501', null, 'the owner cannot insert a balance'
);
select throws_ok(
  $$ delete from public.organizations_payments $$,
  '42501', null, 'the owner cannot delete a balance'
);
select throws_ok(
  $$ insert into public.organizations_payments_ledger (organization_id, kind, tickets_delta)
     values ('00000000-0000-4000-8000-00000000000a', 'adjustment', 1000) $$,
  '42501', null, 'the owner cannot write the ledger'
);
select throws_ok(
  $$ update public.organizations_payments_ledger set tickets_delta = 1000 $$,
  '42501', null, 'the owner cannot update the ledger'
);
select throws_ok(
  $$ delete from public.organizations_payments_ledger $$,
  '42501', null, 'the owner cannot delete from the ledger'
);
select throws_ok(
  $$ select private.change_balance('00000000-0000-4000-8000-00000000000a', 1000, 0, 'adjustment') $$,
  '42501', null, 'the owner cannot call change_balance'
);
select throws_ok(
  $$ update public.organizations_payments_config set stripe_customer_id = 'cus_forged' $$,
  '42501', null, 'the owner cannot set stripe_customer_id'
);

select tests.authenticate_as_service_role();
select throws_ok(
  $$ update public.organizations_payments set tickets = 1000 $$,
  '42501', null, 'not even the service role updates balances directly'
);
select results_eq(
  $$ select tickets from private.change_balance('00000000-0000-4000-8000-00000000000b', 3, 0, 'adjustment', 0, 'support case 1') $$,
  $$ values (3) $$,
  'the service role changes balances through change_balance'
);

-- ============================================================================================
-- Receipt e-mails
-- ============================================================================================

select tests.authenticate_as('admin');
select results_eq(
  $$ select public.organizations_payments_email_insert('00000000-0000-4000-8000-00000000000a', '  Faktura@Fjordbygg.NO ') $$,
  $$ values ('{faktura@fjordbygg.no}'::text[]) $$,
  'an admin adds a receipt e-mail, trimmed and lower-cased'
);
select throws_ok(
  $$ select public.organizations_payments_email_insert('00000000-0000-4000-8000-00000000000a', 'faktura@fjordbygg.no') $$,
  '23505', 'receipt-email-exists', 'a duplicate receipt e-mail is refused'
);
select throws_ok(
  $$ select public.organizations_payments_email_insert('00000000-0000-4000-8000-00000000000a', 'not-an-email') $$,
  '22023', 'invalid-email', 'an invalid e-mail is refused'
);
select throws_ok(
  $$ select public.organizations_payments_email_insert('00000000-0000-4000-8000-00000000000a', null) $$,
  '22023', 'invalid-email', 'a null e-mail is refused'
);
select throws_ok(
  $$ select public.organizations_payments_email_insert(null, 'a@example.com') $$,
  '22004', 'organization-id-required', 'a null organization is refused'
);

select tests.authenticate_as('owner');
select results_eq(
  $$ select public.organizations_payments_email_insert('00000000-0000-4000-8000-00000000000a', 'regnskap@fjordbygg.no') $$,
  $$ values ('{faktura@fjordbygg.no,regnskap@fjordbygg.no}'::text[]) $$,
  'the owner adds a receipt e-mail'
);
select results_eq(
  $$ with u as (update public.organizations_payments_config set receipt_emails = '{post@fjordbygg.no}' returning receipt_emails)
     select receipt_emails from u $$,
  $$ values ('{post@fjordbygg.no}'::text[]) $$,
  'the owner may also replace the list directly'
);
select throws_ok(
  $$ update public.organizations_payments_config set receipt_emails = '{Not An Email}' $$,
  '23514', null, 'an invalid address in the list is refused'
);

select tests.authenticate_as('member');
select throws_ok(
  $$ select public.organizations_payments_email_insert('00000000-0000-4000-8000-00000000000a', 'medlem@example.com') $$,
  '42501', 'not-organization-admin', 'a member cannot add receipt e-mails'
);
select results_eq(
  $$ with u as (update public.organizations_payments_config set receipt_emails = '{}' returning 1) select count(*)::int from u $$,
  $$ values (0) $$,
  'a member cannot change receipt e-mails directly'
);

select tests.authenticate_as('other');
select throws_ok(
  $$ select public.organizations_payments_email_insert('00000000-0000-4000-8000-00000000000a', 'other@example.com') $$,
  '42501', 'not-organization-admin', 'another organization''s owner cannot add receipt e-mails here'
);

select tests.authenticate_as('outsider');
select throws_ok(
  $$ select public.organizations_payments_email_insert('00000000-0000-4000-8000-00000000000a', 'outsider@example.com') $$,
  '42501', 'not-organization-admin', 'an outsider cannot add receipt e-mails'
);

select * from finish();
rollback;
