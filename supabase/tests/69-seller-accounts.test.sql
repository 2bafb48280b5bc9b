-- Sellers' connected accounts (supabase/migrations/20261129140000_seller_accounts.sql): members read
-- their organization's account, nobody but the service role writes it (table × operation × identity),
-- the account is stored once and never replaced, and the provider's state is recorded by account id.
begin;

select plan(24);

select tests.seed_calendar_cast();

select tests.rls_enabled('public', 'seller_accounts');

-- The service role connects Fjord Rør AS (…0a); Nordlys Bygg AS (…0b) has none.
select tests.authenticate_as_service_role();
select results_eq(
  $$ select account_id, charges_enabled from public.connect_seller_account(
       '00000000-0000-4000-8000-00000000000a', 'stripe', 'acct_1FjordRor', 'NO') $$,
  $$ values ('acct_1FjordRor', false) $$,
  'service role: connects the account, not yet able to take payments'
);
select results_eq(
  $$ select account_id from public.connect_seller_account(
       '00000000-0000-4000-8000-00000000000a', 'stripe', 'acct_1Another', 'NO') $$,
  $$ values ('acct_1FjordRor') $$,
  'a second connect answers the stored account and replaces nothing'
);
select results_eq(
  $$ select charges_enabled, payouts_enabled, details_submitted from public.record_seller_account_state(
       'acct_1FjordRor', true, false, true, 'NO') $$,
  $$ values (true, false, true) $$,
  'service role: records the account''s state by its id'
);
select is(
  (select account_id from public.record_seller_account_state('acct_1Unknown', true, true, true)), null,
  'an account that is none of ours changes nothing'
);
select throws_ok(
  $$ update public.seller_accounts set account_id = 'acct_1Other' where organization_id = '00000000-0000-4000-8000-00000000000a' $$,
  '23514', 'seller-account-immutable', 'the connected account is never replaced, not even by the service role'
);
select throws_ok(
  $$ insert into public.seller_accounts (organization_id, provider, account_id)
     values ('00000000-0000-4000-8000-00000000000b', 'stripe', 'not-an-account') $$,
  '23514', null, 'an id that is not acct_… is refused'
);

-- owner of …0a
select tests.authenticate_as('owner');
select results_eq(
  $$ select account_id, charges_enabled from public.seller_accounts $$,
  $$ values ('acct_1FjordRor', true) $$,
  'owner: reads the organization''s account'
);
select throws_ok(
  $$ insert into public.seller_accounts (organization_id, provider, account_id)
     values ('00000000-0000-4000-8000-00000000000a', 'stripe', 'acct_1Mine') $$,
  '42501', null, 'owner: cannot insert'
);
select throws_ok(
  $$ update public.seller_accounts set charges_enabled = false $$,
  '42501', null, 'owner: cannot update'
);
select throws_ok($$ delete from public.seller_accounts $$, '42501', null, 'owner: cannot delete');
select throws_ok(
  $$ select public.connect_seller_account('00000000-0000-4000-8000-00000000000a', 'stripe', 'acct_1Mine') $$,
  '42501', null, 'owner: cannot call connect_seller_account'
);
select throws_ok(
  $$ select public.record_seller_account_state('acct_1FjordRor', false, false, false) $$,
  '42501', null, 'owner: cannot call record_seller_account_state'
);

-- member of …0a
select tests.authenticate_as('member');
select results_eq(
  $$ select account_id from public.seller_accounts $$,
  $$ values ('acct_1FjordRor') $$,
  'member: reads the organization''s account'
);
select throws_ok(
  $$ insert into public.seller_accounts (organization_id, provider, account_id)
     values ('00000000-0000-4000-8000-00000000000a', 'stripe', 'acct_1Mine') $$,
  '42501', null, 'member: cannot insert'
);
select throws_ok(
  $$ update public.seller_accounts set charges_enabled = false $$,
  '42501', null, 'member: cannot update'
);
select throws_ok($$ delete from public.seller_accounts $$, '42501', null, 'member: cannot delete');

-- owner of another organization (…0b)
select tests.authenticate_as('other');
select is_empty($$ select 1 from public.seller_accounts $$, 'other organization: reads nothing');
select throws_ok(
  $$ insert into public.seller_accounts (organization_id, provider, account_id)
     values ('00000000-0000-4000-8000-00000000000b', 'stripe', 'acct_1Nordlys') $$,
  '42501', null, 'other organization: cannot insert its own'
);
select throws_ok(
  $$ update public.seller_accounts set charges_enabled = false $$,
  '42501', null, 'other organization: cannot update'
);

-- anonymous
select tests.clear_authentication();
set local role anon;
select throws_ok($$ select 1 from public.seller_accounts $$, '42501', null, 'anon: cannot read');
select throws_ok(
  $$ select public.record_seller_account_state('acct_1FjordRor', false, false, false) $$,
  '42501', null, 'anon: cannot record a state'
);
reset role;

-- The state stands after the refusals above; updated_at follows each change.
select tests.authenticate_as_service_role();
select results_eq(
  $$ select charges_enabled, payouts_enabled, country from public.seller_accounts
     where organization_id = '00000000-0000-4000-8000-00000000000a' $$,
  $$ values (true, false, 'NO') $$,
  'nothing the clients tried changed the account'
);
select is(
  (select count(*)::int from public.seller_accounts), 1,
  'one account: nobody could add one besides the service role'
);

select * from finish();
rollback;
