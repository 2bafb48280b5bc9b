-- The erasure notices' job (20261128100000_lead_erasure_notice_job.sql) and what its claim gives it
-- (claim_lead_erasure_notices): which lead — the lead, the listing's title and marketplace, when it
-- was bought — and the buying organization's owner and admins, never a plain member. A claimed notice
-- is not claimed again until it is released or its claim lapses (15 minutes); one marked sent never.
-- The notice is in the colour of the marketplace the lead was bought on (lead_purchase_marketplace_colours,
-- 20261128134000_marketplace_email_branding.sql): a #rrggbb colour of its branding, else none.
--
-- Cast: Alfa AS sells on M1 (Leadtorget); Beta AS (beta_owner, beta_member, beta_admin) bought the lead.
begin;

select plan(15);

select tests.seed_marketplace_cast('{alfa,beta}', '{beta_member}', '{M1}');
select tests.create_supabase_user('beta_admin', 'beta.admin@example.no');
insert into public.organizations_members (organization_id, member_id, role)
values ('bbbbbbbb-0000-4000-8000-000000000002', tests.get_supabase_uid('beta_admin'), 'admin');

insert into public.leads (id, organization_id, source, name, email)
values ('d0000000-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000001', 'manual', 'Ola', 'ola@example.no');
insert into public.advertised_leads (id, lead_id, marketplace_id, organization_id, title, status)
values ('e0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
        '11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001', 'Nytt bad i Oslo', 'sold_out');
insert into public.leads_purchases (id, lead_id, advertised_lead_id, organization_id, paid_with, completed_at)
values ('f0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
        'e0000000-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002', 'tickets',
        '2026-11-20 10:00+00');
insert into private.lead_erasure_notices (purchase_id, organization_id, requested_at)
values ('f0000000-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002', '2026-12-03 09:00+00');

select results_eq(
  $$ select schedule, function_name, body, enabled from private.scheduled_jobs where name = 'lead-erasure-notices' $$,
  $$ values ('*/5 * * * *'::text, 'campaign-jobs'::text, '{}'::jsonb, true) $$,
  'the job is on the list both runners read, every five minutes'
);

select tests.authenticate_as_service_role();
create temporary table claimed on commit drop as select * from public.claim_lead_erasure_notices(10);
select results_eq(
  $$ select purchase_id, organization_name, lead_id, title, marketplace_name, purchased_at, requested_at from claimed $$,
  $$ values ('f0000000-0000-4000-8000-000000000001'::uuid, 'Beta AS'::text, 'd0000000-0000-4000-8000-000000000001'::uuid,
             'Nytt bad i Oslo'::text, 'Leadtorget'::text, '2026-11-20 10:00+00'::timestamptz, '2026-12-03 09:00+00'::timestamptz) $$,
  'the claim says which lead: the lead, the listing''s title and marketplace, when it was bought and when erasure was asked'
);
select set_eq(
  $$ select unnest(recipients) from claimed $$,
  array['beta.admin@example.no', tests.get_supabase_user('beta_owner') ->> 'email'],
  'to the owner and the admin, not to the plain member'
);
select is((select count(*)::int from public.claim_lead_erasure_notices(10)), 0, 'a claimed notice is not claimed twice');
select lives_ok($$ select public.release_lead_erasure_notice('f0000000-0000-4000-8000-000000000001') $$, 'a failed one is released');
select is((select count(*)::int from public.claim_lead_erasure_notices(10)), 1, 'and claimed by the next run');

-- A run that died after claiming: the claim lapses.
reset role;
update private.lead_erasure_notices set claimed_at = now() - interval '16 minutes';
select tests.authenticate_as_service_role();
select is((select count(*)::int from public.claim_lead_erasure_notices(10)), 1, 'a claim older than 15 minutes is taken again');
select lives_ok($$ select public.mark_lead_erasure_notices_sent(array['f0000000-0000-4000-8000-000000000001'::uuid]) $$,
  'a notice given is marked sent');
reset role;
update private.lead_erasure_notices set claimed_at = now() - interval '1 day';
select tests.authenticate_as_service_role();
select is((select count(*)::int from public.claim_lead_erasure_notices(10)), 0, 'and never claimed again');
reset role;
select isnt((select sent_at from private.lead_erasure_notices), null, 'sent_at is set');

update public.marketplaces set branding = '{"primaryColor": "#0B6E4F", "logo": "x"}'
where id = '11111111-1111-4111-8111-111111111111';
select tests.authenticate_as_service_role();
select results_eq(
  $$ select purchase_id, primary_color from public.lead_purchase_marketplace_colours(
       array['f0000000-0000-4000-8000-000000000001', 'f0000000-0000-4000-8000-0000000000ff']::uuid[]) $$,
  $$ values ('f0000000-0000-4000-8000-000000000001'::uuid, '#0B6E4F'::text) $$,
  'the colour of the marketplace the lead was bought on, for the purchases that exist'
);
reset role;
update public.marketplaces set branding = '{"primaryColor": "red"}' where id = '11111111-1111-4111-8111-111111111111';
select tests.authenticate_as_service_role();
select is(
  (select primary_color from public.lead_purchase_marketplace_colours(array['f0000000-0000-4000-8000-000000000001']::uuid[])),
  null,
  'a colour that is not #rrggbb is none (the e-mail takes Leadtorget''s)'
);
reset role;

select tests.authenticate_as('beta_owner');
select throws_ok($$ select public.claim_lead_erasure_notices(10) $$, '42501', null, 'no member claims notices');
select throws_ok(
  $$ select public.lead_purchase_marketplace_colours(array['f0000000-0000-4000-8000-000000000001']::uuid[]) $$,
  '42501', null, 'nor reads the marketplaces'' colours'
);
select throws_ok($$ select public.mark_lead_erasure_notices_sent(array[]::uuid[]) $$, '42501', null, 'nor marks them');

select * from finish();
rollback;
