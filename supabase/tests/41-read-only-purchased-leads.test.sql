-- Writes to the read-only view public.purchased_leads
-- (supabase/migrations/20261127120300_read_only_purchased_leads.sql): refused as a missing privilege
-- (42501, which PostgREST answers with 401/403), never «cannot insert into view» (55000, a 500).
begin;

select plan(13);

select tests.create_supabase_user('buyer');

select ok(not has_table_privilege(r, 'public.purchased_leads', p), format('%s may not %s the view', r, p))
from unnest(array['anon', 'authenticated', 'service_role']) as r,
     unnest(array['insert', 'update', 'delete']) as p;

select tests.authenticate_as('buyer');
select throws_ok($$ insert into public.purchased_leads (notes) values ('x') $$, '42501', null,
  'authenticated: an insert is a missing privilege');
select throws_ok($$ update public.purchased_leads set notes = 'x' $$, '42501', null,
  'authenticated: an update is a missing privilege');
select throws_ok($$ delete from public.purchased_leads $$, '42501', null,
  'authenticated: a delete is a missing privilege');
reset role;

select throws_ok($$ insert into public.purchased_leads (notes) values ('x') $$, '42501',
  'public.purchased_leads is read-only', 'even the owner is refused, by the trigger');

select * from finish();
rollback;
