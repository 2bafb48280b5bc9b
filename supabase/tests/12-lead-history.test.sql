-- Lead history (20261122101100_lead_history.sql): status and note changes of a lead are recorded by
-- a trigger with who made them; the owner organization's members read them, nobody else does, and no
-- client writes them.
--
-- Cast: Alfa AS (owner, member) owns the lead; Beta AS (other_owner) does not; claims_admin reads all.
begin;

select plan(15);

select tests.create_supabase_user('owner');
select tests.create_supabase_user('member');
select tests.create_supabase_user('other_owner');
select tests.create_supabase_user('claims_admin');

update auth.users
set raw_app_meta_data = raw_app_meta_data || '{"claims_admin": true}'
where id = tests.get_supabase_uid('claims_admin');

insert into public.organizations (id, name, owner_id) values
  ('aaaaaaaa-0000-4000-8000-000000000001', 'Alfa AS', tests.get_supabase_uid('owner')),
  ('bbbbbbbb-0000-4000-8000-000000000002', 'Beta AS', tests.get_supabase_uid('other_owner'));

insert into public.organizations_members (organization_id, member_id, role) values
  ('aaaaaaaa-0000-4000-8000-000000000001', tests.get_supabase_uid('member'), 'member');

insert into public.leads (id, organization_id, source, name, email) values
  ('d0000000-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000001', 'import',
   'Ola Nordmann', 'ola@example.no');

select tests.rls_enabled('public');

select is(
  (select count(*)::int from public.leads_events),
  0,
  'creating a lead records no event (the import path stays one insert per lead)'
);

-- A member changes the status twice and the notes once.
select tests.authenticate_as('member');

update public.leads set status = 'contacted' where id = 'd0000000-0000-4000-8000-000000000001';
update public.leads set status = 'quoted', notes = 'Sendte tilbud' where id = 'd0000000-0000-4000-8000-000000000001';
update public.leads set name = 'Ola K. Nordmann' where id = 'd0000000-0000-4000-8000-000000000001';
update public.leads set status = 'quoted' where id = 'd0000000-0000-4000-8000-000000000001';

select results_eq(
  $$ select kind, from_status, to_status, actor_id from public.leads_events
     where lead_id = 'd0000000-0000-4000-8000-000000000001' order by created_at, kind desc $$,
  $$ values
       ('status_changed'::text, 'new'::text, 'contacted'::text, tests.get_supabase_uid('member')),
       ('status_changed', 'contacted', 'quoted', tests.get_supabase_uid('member')),
       ('note_changed', null, null, tests.get_supabase_uid('member')) $$,
  'status and note changes are recorded with the member who made them; other updates are not'
);

select set_eq(
  $$ select from_status || '>' || to_status from public.leads_events where kind = 'status_changed' $$,
  array['new>contacted', 'contacted>quoted'],
  'each status change keeps where it came from'
);

select throws_ok(
  $$ insert into public.leads_events (lead_id, organization_id, kind)
     values ('d0000000-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000001', 'note_changed') $$,
  '42501', null, 'a member cannot write history'
);

select throws_ok(
  $$ update public.leads_events set kind = 'note_changed' $$,
  '42501', null, 'a member cannot change history'
);

select throws_ok(
  $$ delete from public.leads_events $$,
  '42501', null, 'a member cannot delete history'
);

select tests.authenticate_as('owner');

select is(
  (select count(*)::int from public.leads_events),
  3,
  'the owner reads the organization''s lead history'
);

select tests.authenticate_as('other_owner');

select is(
  (select count(*)::int from public.leads_events),
  0,
  'another organization reads none of it'
);

select is(
  (select count(*)::int from public.leads where id = 'd0000000-0000-4000-8000-000000000001'),
  0,
  'control: nor the lead itself'
);

select tests.clear_authentication();

select is(
  (select count(*)::int from public.leads_events),
  0,
  'anon reads no history'
);

select tests.authenticate_as('claims_admin');

select is(
  (select count(*)::int from public.leads_events),
  3,
  'a claims admin reads all history'
);

-- As postgres: consistency and cascade.
select tests.clear_authentication();
reset role;

select throws_ok(
  $$ insert into public.leads_events (lead_id, organization_id, kind)
     values ('d0000000-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002', 'note_changed') $$,
  '23503', null, 'an event always belongs to the lead''s owner organization'
);

select throws_ok(
  $$ insert into public.leads_events (lead_id, organization_id, kind)
     values ('d0000000-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000001', 'status_changed') $$,
  '23514', null, 'a status change names both statuses'
);

delete from public.leads where id = 'd0000000-0000-4000-8000-000000000001';

select is(
  (select count(*)::int from public.leads_events),
  0,
  'deleting a lead deletes its history'
);

select * from finish();
rollback;
