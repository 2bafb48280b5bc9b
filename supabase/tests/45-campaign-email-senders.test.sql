-- campaign_email_senders (20261128120000_campaign_email_senders.sql): the sender a campaign's e-mails
-- show — the organization's name and contact address and the design's primary colour, only when it is
-- a plain #rrggbb — for the service role's jobs only.
begin;

select plan(6);

select tests.seed_calendar_cast();
update public.organizations set contact_email = 'post@fjordror.no' where id = '00000000-0000-4000-8000-00000000000a';
select tests.create_calendar('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a',
  'Julekalender 2026', 'advent-24', '2026-12-01', '2026-12-24', design => '{"primary_color": "#0F766E"}');
select tests.create_calendar('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-00000000000b',
  'Påskekalender', 'advent-24', '2026-12-01', '2026-12-24', design => '{"primary_color": "red; x: y"}');
select tests.create_calendar('00000000-0000-4000-8000-0000000000c3', '00000000-0000-4000-8000-00000000000b',
  'Uten farge', 'advent-24', '2026-12-01', '2026-12-24');

select tests.authenticate_as_service_role();
select results_eq(
  $$ select campaign_id, organization_name, contact_email, primary_color
     from public.campaign_email_senders(array['00000000-0000-4000-8000-0000000000c1'::uuid,
       '00000000-0000-4000-8000-0000000000c2'::uuid, '00000000-0000-4000-8000-0000000000c3'::uuid])
     order by campaign_id $$,
  $$ values ('00000000-0000-4000-8000-0000000000c1'::uuid, 'Fjord Rør AS'::text, 'post@fjordror.no'::text, '#0F766E'::text),
            ('00000000-0000-4000-8000-0000000000c2'::uuid, 'Nordlys Bygg AS'::text, null::text, null::text),
            ('00000000-0000-4000-8000-0000000000c3'::uuid, 'Nordlys Bygg AS'::text, null::text, null::text) $$,
  'the organization, its contact and the design''s colour; anything but #rrggbb is no colour'
);
select is(
  (select count(*)::int from public.campaign_email_senders(array['00000000-0000-4000-8000-0000000000ff'::uuid])),
  0,
  'an unknown campaign answers nothing'
);

select tests.clear_authentication();
select throws_ok(
  $$ select * from public.campaign_email_senders(array['00000000-0000-4000-8000-0000000000c1'::uuid]) $$,
  '42501', null, 'anon cannot read senders'
);
select tests.authenticate_as('owner');
select throws_ok(
  $$ select * from public.campaign_email_senders(array['00000000-0000-4000-8000-0000000000c1'::uuid]) $$,
  '42501', null, 'nor a member of the organization'
);
select tests.authenticate_as('other');
select throws_ok(
  $$ select * from public.campaign_email_senders(array['00000000-0000-4000-8000-0000000000c1'::uuid]) $$,
  '42501', null, 'nor anyone else signed in'
);
reset role;
select is(
  (select prosecdef from pg_proc where oid = 'public.campaign_email_senders(uuid[])'::regprocedure),
  false,
  'security invoker: the service role reads the tables itself'
);

select * from finish();
rollback;
