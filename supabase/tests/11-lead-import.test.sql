-- Lead import (20261122101000_lead_import.sql): import_leads, import_leads_stage, import_leads_existing.
-- A member imports; a non-member and an anonymous caller are refused; the server re-validates every
-- row (never trusting the client); duplicates within the import and against existing leads are
-- rejected; an import fails as a whole (nothing half-imported); staged parts are finished all at once.
begin;

select plan(31);

select tests.create_supabase_user('owner');
select tests.create_supabase_user('member');
select tests.create_supabase_user('outsider');

insert into public.organizations (id, name, owner_id) values
  ('aaaaaaaa-0000-4000-8000-000000000001', 'Alfa AS', tests.get_supabase_uid('owner')),
  ('bbbbbbbb-0000-4000-8000-000000000002', 'Beta AS', tests.get_supabase_uid('outsider'));

insert into public.organizations_members (organization_id, member_id, role) values
  ('aaaaaaaa-0000-4000-8000-000000000001', tests.get_supabase_uid('member'), 'member');

insert into public.leads (organization_id, source, name, email, phone) values
  ('aaaaaaaa-0000-4000-8000-000000000001', 'manual', 'Eksisterende', 'finnes@example.no', '912 34 567'),
  ('bbbbbbbb-0000-4000-8000-000000000002', 'manual', 'Annen org', 'annen@example.no', '+4799999999');

-- ---------------------------------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------------------------------

select is(private.normalize_phone('912 34 567'), '+4791234567', 'a plain 8-digit number gets +47');
select is(private.normalize_phone('0047 91-23-45-67'), '+4791234567', '0047 and separators are normalised');
select is(private.normalize_phone('+47 (22) 12 34 56'), '+4722123456', 'a landline with +47');
select is(private.normalize_phone('12345678'), '12345678', 'a number starting with 1 is not Norwegian');

-- ---------------------------------------------------------------------------------------------------
-- Refusals
-- ---------------------------------------------------------------------------------------------------

select tests.clear_authentication();
select throws_ok(
  $$ select public.import_leads('aaaaaaaa-0000-4000-8000-000000000001', '[{"name":"A","email":"a@example.no"}]') $$,
  '42501', null, 'anon cannot call import_leads'
);

select tests.authenticate_as('outsider');
select throws_ok(
  $$ select public.import_leads('aaaaaaaa-0000-4000-8000-000000000001', '[{"name":"A","email":"a@example.no"}]') $$,
  '42501', 'forbidden', 'a non-member is refused'
);
select throws_ok(
  $$ select public.import_leads_existing('aaaaaaaa-0000-4000-8000-000000000001', array['finnes@example.no'], null) $$,
  '42501', 'forbidden', 'a non-member cannot probe for existing leads'
);
select throws_ok(
  $$ select public.import_leads_stage('cccccccc-0000-4000-8000-000000000009', 'aaaaaaaa-0000-4000-8000-000000000001', 1, '[]') $$,
  '42501', 'forbidden', 'a non-member cannot stage'
);

-- ---------------------------------------------------------------------------------------------------
-- A member imports; invalid rows are rejected server-side
-- ---------------------------------------------------------------------------------------------------

select tests.authenticate_as('member');

select throws_ok(
  $$ select public.import_leads('aaaaaaaa-0000-4000-8000-000000000001', '{"name":"A"}') $$,
  '22023', 'import-invalid-payload', 'rows must be an array'
);

select is(
  public.import_leads_existing(
    'aaaaaaaa-0000-4000-8000-000000000001',
    array['finnes@example.no', 'ny@example.no', 'annen@example.no'],
    array['+4791234567', '+4799999999']
  ),
  '{"emails": ["finnes@example.no"], "phones": ["+4791234567"]}'::jsonb,
  'import_leads_existing finds the organization''s own e-mails and (normalised) phones only'
);

create temporary table import_result on commit drop as
select public.import_leads('aaaaaaaa-0000-4000-8000-000000000001', $json$[
  {"name": "Ola Nordmann", "email": " Ola@Example.NO ", "phone": "0047 41 23 45 67", "postal_code": "0150",
   "city": "Oslo", "company": "Nordmann Bygg", "category": "Bad", "area": "Oslo", "notes": "Ring etter 16", "consent": true},
  {"name": "Kari Ås", "phone": "22 12 34 56", "consent": "ja"},
  {"email": "uten-navn@example.no"},
  {"name": "Bare navn"},
  {"name": "Feil e-post", "email": "ikke-en-epost"},
  {"name": "Feil telefon", "phone": "12345678"},
  {"name": "Feil postnummer", "email": "post@example.no", "postal_code": "150"},
  {"name": "Duplikat i fil", "email": "ola@example.no"},
  {"name": "Finnes fra før", "phone": "+47 912 34 567"},
  "ikke et objekt",
  {"name": "Æøå Ærlig", "email": "aero@example.no", "city": "Tromsø"}
]$json$) as result;

select is((select (result ->> 'inserted')::integer from import_result), 3, 'three valid rows are inserted');
select is(
  (select result -> 'rejected' from import_result),
  $json$[
    {"index": 2, "reason": "name-required"},
    {"index": 3, "reason": "contact-required"},
    {"index": 4, "reason": "email-invalid"},
    {"index": 5, "reason": "phone-invalid"},
    {"index": 6, "reason": "postal-code-invalid"},
    {"index": 7, "reason": "duplicate-in-file"},
    {"index": 8, "reason": "duplicate-existing"},
    {"index": 9, "reason": "invalid-row"}
  ]$json$::jsonb,
  'every rejected row is reported with its reason'
);

select is(
  (select count(*)::integer from public.leads
   where organization_id = 'aaaaaaaa-0000-4000-8000-000000000001' and source = 'import'),
  3, 'the leads are the organization''s, with source import'
);
select is(
  (select email || ' ' || phone || ' ' || postal_code || ' ' || consent::text from public.leads where name = 'Ola Nordmann'),
  'ola@example.no +4741234567 0150 true', 'e-mail lower-cased, phone normalised, consent kept'
);
select is(
  (select phone || ' ' || consent::text from public.leads where name = 'Kari Ås'),
  '+4722123456 false', 'a non-boolean consent is false'
);
select is(
  (select city from public.leads where name = 'Æøå Ærlig'), 'Tromsø', 'æøå survive'
);

-- A second import of the same people: all duplicates of existing leads.
select is(
  public.import_leads('aaaaaaaa-0000-4000-8000-000000000001',
    '[{"name": "Ola igjen", "email": "OLA@example.no"}, {"name": "Kari igjen", "phone": "+4722123456"}]'),
  '{"inserted": 0, "rejected": [{"index": 0, "reason": "duplicate-existing"}, {"index": 1, "reason": "duplicate-existing"}]}'::jsonb,
  'a re-import finds the imported leads as existing'
);

-- The member cannot import into another organization.
select throws_ok(
  $$ select public.import_leads('bbbbbbbb-0000-4000-8000-000000000002', '[{"name":"A","email":"a@example.no"}]') $$,
  '42501', 'forbidden', 'a member cannot import into an organization it does not belong to'
);

-- ---------------------------------------------------------------------------------------------------
-- Limits and all-or-nothing
-- ---------------------------------------------------------------------------------------------------

select throws_ok(
  format(
    $$ select public.import_leads('aaaaaaaa-0000-4000-8000-000000000001', %L) $$,
    (select jsonb_agg(jsonb_build_object('name', 'N' || i, 'email', 'n' || i || '@example.no'))
     from generate_series(1, 10001) as i)
  ),
  'PT413', 'import-too-many-rows', 'more than 10,000 rows are refused'
);

select is(
  (select count(*)::integer from public.leads where email like 'n%@example.no' and name like 'N%'),
  0, 'a refused import inserts nothing'
);

-- Over the limit is the client's doing: PT413 makes PostgREST answer 413, not 500.
select throws_ok(
  format(
    $$ select public.import_leads_stage('dddddddd-0000-4000-8000-0000000000ff', 'aaaaaaaa-0000-4000-8000-000000000001', 1, %L) $$,
    (select jsonb_agg(jsonb_build_object('name', 'N' || i)) from generate_series(1, 10001) as i)
  ),
  'PT413', 'import-too-many-rows', 'staging more than 10,000 rows is refused with 413'
);
select throws_ok(
  format(
    $$ select public.import_leads_existing('aaaaaaaa-0000-4000-8000-000000000001', %L::text[], null) $$,
    (select array_agg('n' || i || '@example.no') from generate_series(1, 10001) as i)
  ),
  'PT413', 'import-too-many-rows', 'looking up more than 10,000 duplicates is refused with 413'
);

-- An error in the insert itself (here: a trigger standing in for any failure) rolls back every row.
set local role postgres;
create function pg_temp.fail_on_boom() returns trigger language plpgsql as $$
begin
  if new.name = 'Boom' then raise exception 'boom'; end if;
  return new;
end;
$$;
create trigger fail_on_boom before insert on public.leads for each row execute function pg_temp.fail_on_boom();
select tests.authenticate_as('member');

select throws_ok(
  $$ select public.import_leads('aaaaaaaa-0000-4000-8000-000000000001',
       '[{"name": "Før bom", "email": "for@example.no"}, {"name": "Boom", "email": "boom@example.no"}]') $$,
  'P0001', 'boom', 'a failure during the import raises'
);
select is(
  (select count(*)::integer from public.leads where email in ('for@example.no', 'boom@example.no')),
  0, 'nothing is half-imported'
);

set local role postgres;
drop trigger fail_on_boom on public.leads;
select tests.authenticate_as('member');

-- ---------------------------------------------------------------------------------------------------
-- Staged parts
-- ---------------------------------------------------------------------------------------------------

select is(
  public.import_leads_stage('dddddddd-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000001', 1,
    '[{"name": "Del1 A", "email": "del1a@example.no"}, {"name": "Del1 B", "email": "felles@example.no"}]'),
  2, 'a first part is parked'
);
select is(
  (select count(*)::integer from public.leads where email = 'del1a@example.no'), 0,
  'a parked part is not imported yet'
);

select tests.authenticate_as('owner');
select throws_ok(
  $$ select public.import_leads('aaaaaaaa-0000-4000-8000-000000000001', '[]', 'dddddddd-0000-4000-8000-000000000001') $$,
  '42501', 'forbidden', 'another user cannot finish someone else''s import'
);

select tests.authenticate_as('member');
select is(
  public.import_leads('aaaaaaaa-0000-4000-8000-000000000001',
    '[{"name": "Del2 A", "phone": "98765432"}, {"name": "Del2 B", "email": "felles@example.no"}]',
    'dddddddd-0000-4000-8000-000000000001'),
  '{"inserted": 3, "rejected": [{"index": 3, "reason": "duplicate-in-file"}]}'::jsonb,
  'the final call imports the parked parts and its own rows, indexed across the whole import'
);
select is(
  (select count(*)::integer from public.leads where name like 'Del%'), 3, 'all parts are imported'
);

set local role postgres;
select is(
  (select count(*)::integer from private.leads_import_parts), 0, 'finished parts are removed'
);
select tests.authenticate_as('member');

select throws_ok(
  $$ select * from private.leads_import_parts $$,
  '42501', null, 'clients cannot read parked parts'
);

select * from finish();
rollback;
