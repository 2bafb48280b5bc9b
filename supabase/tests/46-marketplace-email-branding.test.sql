-- The colour of the marketplace a purchase's lead was bought on (lead_purchase_marketplace_colours,
-- 20261128134000_marketplace_email_branding.sql): the erasure notice carries it. Only a #rrggbb
-- colour is given; without one the e-mail falls back to Leadtorget's. The service role only.
--
-- Cast: Alfa AS sells on M1; Beta AS bought the lead.
begin;

select plan(4);

select tests.seed_marketplace_cast('{alfa,beta}', '{}', '{M1}');

insert into public.leads (id, organization_id, source, name, email)
values ('d0000000-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000001', 'manual', 'Ola', 'ola@example.no');
insert into public.advertised_leads (id, lead_id, marketplace_id, organization_id, title, status)
values ('e0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
        '11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001', 'Nytt bad i Oslo', 'sold_out');
insert into public.leads_purchases (id, lead_id, advertised_lead_id, organization_id, paid_with, completed_at)
values ('f0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
        'e0000000-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002', 'tickets',
        '2026-11-20 10:00+00');

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
  'a colour that is not #rrggbb is not given'
);

reset role;
update public.marketplaces set branding = '{}' where id = '11111111-1111-4111-8111-111111111111';
select tests.authenticate_as_service_role();
select is(
  (select primary_color from public.lead_purchase_marketplace_colours(array['f0000000-0000-4000-8000-000000000001']::uuid[])),
  null,
  'an unbranded marketplace has none'
);

reset role;
select tests.authenticate_as('beta_owner');
select throws_ok(
  $$ select public.lead_purchase_marketplace_colours(array['f0000000-0000-4000-8000-000000000001']::uuid[]) $$,
  '42501', null, 'no member reads it'
);

select * from finish();
rollback;
