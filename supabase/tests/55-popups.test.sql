-- Popups (supabase/migrations/20261128230000_popups.sql, docs/popups.md «The database»): row-level
-- security per table × operation × identity (anon, member and owner of Fjord Rør AS, Nordlys Bygg
-- AS's owner, service role), domains, status, the organizer's functions, the site check on the
-- request's Origin, the public read (only active popups of the site, never a discount code), events,
-- the sign-up through the engine (participant, consents, one lead, one sign-up, one conversion, the
-- same answer for a known address), the rate limits, the figures and the variants' media.
begin;

select plan(106);

-- ============================================================================================
-- Fixtures (as postgres)
-- ============================================================================================

select tests.seed_calendar_cast();
-- Wednesday 10 June 2026, 12:00 in Oslo.
select set_config('leadtorget.test_now', '2026-06-10 12:00 Europe/Oslo', true);

insert into public.popup_sites (id, organization_id, domain, include_subdomains, site_key) values
  ('00000000-0000-4000-8000-0000000005a1', '00000000-0000-4000-8000-00000000000a', 'fjordror.no', true, '00000000-0000-4000-8000-0000000005c1'),
  ('00000000-0000-4000-8000-0000000005a2', '00000000-0000-4000-8000-00000000000a', 'localhost', false, '00000000-0000-4000-8000-0000000005c2'),
  ('00000000-0000-4000-8000-0000000005a3', '00000000-0000-4000-8000-00000000000b', 'nordlys.no', false, '00000000-0000-4000-8000-0000000005c3');

-- p1 active, p2 paused, p3 archived, p4 draft, p5 active on localhost (a form variant), p6 Nordlys',
-- p7 schedule ended, p8 scheduled (starts later), p9 weights summing to 60.
insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text, marketing_consent_text) values
  ('00000000-0000-4000-8000-0000000005f1', '00000000-0000-4000-8000-00000000000a', 'popup', 'Nyhetsbrev', now(), 'Jeg godtar vilkårene.', 'Ja takk, send meg tilbud.'),
  ('00000000-0000-4000-8000-0000000005f2', '00000000-0000-4000-8000-00000000000a', 'popup', 'Pauset', now(), 'OK', null),
  ('00000000-0000-4000-8000-0000000005f3', '00000000-0000-4000-8000-00000000000a', 'popup', 'Arkivert', now(), 'OK', null),
  ('00000000-0000-4000-8000-0000000005f4', '00000000-0000-4000-8000-00000000000a', 'popup', 'Utkast', null, null, null),
  ('00000000-0000-4000-8000-0000000005f5', '00000000-0000-4000-8000-00000000000a', 'popup', 'Skjema', now(), 'OK', null),
  ('00000000-0000-4000-8000-0000000005f6', '00000000-0000-4000-8000-00000000000b', 'popup', 'Nordlys', now(), 'OK', null),
  ('00000000-0000-4000-8000-0000000005f7', '00000000-0000-4000-8000-00000000000a', 'popup', 'Vårsalg', now(), 'OK', null),
  ('00000000-0000-4000-8000-0000000005f8', '00000000-0000-4000-8000-00000000000a', 'popup', 'Julesalg', now(), 'OK', null),
  ('00000000-0000-4000-8000-0000000005f9', '00000000-0000-4000-8000-00000000000a', 'popup', 'Halvferdig', now(), 'OK', null);
insert into public.popups (id, organization_id, type, priority, paused_at, archived_at, targeting) values
  ('00000000-0000-4000-8000-0000000005f1', '00000000-0000-4000-8000-00000000000a', 'modal', 20, null, null, '{}'),
  ('00000000-0000-4000-8000-0000000005f2', '00000000-0000-4000-8000-00000000000a', 'modal', 10, now(), null, '{}'),
  ('00000000-0000-4000-8000-0000000005f3', '00000000-0000-4000-8000-00000000000a', 'modal', 10, null, now(), '{}'),
  ('00000000-0000-4000-8000-0000000005f4', '00000000-0000-4000-8000-00000000000a', 'modal', 10, null, null, '{}'),
  ('00000000-0000-4000-8000-0000000005f5', '00000000-0000-4000-8000-00000000000a', 'slide_in', 10, null, null, '{}'),
  ('00000000-0000-4000-8000-0000000005f6', '00000000-0000-4000-8000-00000000000b', 'modal', 10, null, null, '{}'),
  ('00000000-0000-4000-8000-0000000005f7', '00000000-0000-4000-8000-00000000000a', 'bar_top', 10, null, null, '{"schedule": {"until": "2026-05-31T23:59"}}'),
  ('00000000-0000-4000-8000-0000000005f8', '00000000-0000-4000-8000-00000000000a', 'bar_bottom', 5, null, null, '{"schedule": {"from": "2026-12-01T00:00"}}'),
  ('00000000-0000-4000-8000-0000000005f9', '00000000-0000-4000-8000-00000000000a', 'modal', 10, null, null, '{}');
insert into public.popup_variants (id, popup_id, organization_id, label, weight, content, discount_code) values
  ('00000000-0000-4000-8000-0000000005b1', '00000000-0000-4000-8000-0000000005f1', '00000000-0000-4000-8000-00000000000a', 'A', 50, '{"heading": "Få 10 %", "field": "email"}', 'FJORD10'),
  ('00000000-0000-4000-8000-0000000005b2', '00000000-0000-4000-8000-0000000005f1', '00000000-0000-4000-8000-00000000000a', 'B', 50, '{"heading": "Spar 10 %", "field": "email", "discount_code": "LEKK"}', null),
  ('00000000-0000-4000-8000-0000000005b3', '00000000-0000-4000-8000-0000000005f2', '00000000-0000-4000-8000-00000000000a', 'A', 100, '{"field": "email"}', 'PAUSE'),
  ('00000000-0000-4000-8000-0000000005b4', '00000000-0000-4000-8000-0000000005f3', '00000000-0000-4000-8000-00000000000a', 'A', 100, '{"field": "email"}', null),
  ('00000000-0000-4000-8000-0000000005b5', '00000000-0000-4000-8000-0000000005f4', '00000000-0000-4000-8000-00000000000a', 'A', 100, '{"field": "email"}', null),
  ('00000000-0000-4000-8000-0000000005b6', '00000000-0000-4000-8000-0000000005f5', '00000000-0000-4000-8000-00000000000a', 'A', 100, '{"field": "form", "form_id": null}', null),
  ('00000000-0000-4000-8000-0000000005b7', '00000000-0000-4000-8000-0000000005f6', '00000000-0000-4000-8000-00000000000b', 'A', 100, '{"field": "email"}', 'NORD'),
  ('00000000-0000-4000-8000-0000000005b8', '00000000-0000-4000-8000-0000000005f7', '00000000-0000-4000-8000-00000000000a', 'A', 100, '{"field": "email"}', null),
  ('00000000-0000-4000-8000-0000000005b9', '00000000-0000-4000-8000-0000000005f8', '00000000-0000-4000-8000-00000000000a', 'A', 100, '{"field": "email"}', null),
  ('00000000-0000-4000-8000-0000000005ba', '00000000-0000-4000-8000-0000000005f9', '00000000-0000-4000-8000-00000000000a', 'A', 60, '{"field": "email"}', null);
insert into public.popups_sites (popup_id, site_id, organization_id)
select p.id, case when p.id = '00000000-0000-4000-8000-0000000005f5' then '00000000-0000-4000-8000-0000000005a2'::uuid
  when p.organization_id = '00000000-0000-4000-8000-00000000000b' then '00000000-0000-4000-8000-0000000005a3'::uuid
  else '00000000-0000-4000-8000-0000000005a1'::uuid end, p.organization_id
from public.popups as p;

-- The request as PostgREST passes it: the page's Origin and the visitor's address.
create function pg_temp.request_from(origin text, address text default '203.0.113.7')
returns void language sql as $$
  select set_config('request.headers', json_build_object('origin', origin, 'x-forwarded-for', address)::text, true);
$$;
grant execute on function pg_temp.request_from(text, text) to anon, authenticated, service_role;

-- ============================================================================================
-- Row-level security
-- ============================================================================================

select tests.rls_enabled('public', 'popup_sites');
select tests.rls_enabled('public', 'popups');
select tests.rls_enabled('public', 'popups_sites');
select tests.rls_enabled('public', 'popup_variants');
select tests.rls_enabled('public', 'popup_stats');
select tests.rls_enabled('public', 'popup_signups');

-- Anon: nothing but the public functions.
select tests.clear_authentication();
select throws_ok($$ select * from public.popup_sites $$, '42501', null, 'anon: cannot read sites');
select throws_ok($$ select * from public.popups $$, '42501', null, 'anon: cannot read popups');
select throws_ok($$ select * from public.popups_sites $$, '42501', null, 'anon: cannot read popups'' sites');
select throws_ok($$ select * from public.popup_variants $$, '42501', null, 'anon: cannot read variants (discount codes)');
select throws_ok($$ select * from public.popup_stats $$, '42501', null, 'anon: cannot read figures');
select throws_ok($$ select * from public.popup_signups $$, '42501', null, 'anon: cannot read sign-ups');
select throws_ok(
  $$ insert into public.popup_stats (popup_id, variant_id, organization_id, day, device, views) values ('00000000-0000-4000-8000-0000000005f1', '00000000-0000-4000-8000-0000000005b1', '00000000-0000-4000-8000-00000000000a', '2026-06-10', 'mobile', 1000) $$,
  '42501', null, 'anon: cannot write figures directly'
);
select throws_ok(
  $$ insert into public.popup_sites (organization_id, domain) values ('00000000-0000-4000-8000-00000000000a', 'evil.no') $$,
  '42501', null, 'anon: cannot register a site'
);
select throws_ok(
  $$ select public.create_popup('00000000-0000-4000-8000-00000000000a', 'Anonym', 'modal') $$,
  '42501', null, 'anon: cannot create a popup'
);
select throws_ok($$ select public.popup_summaries('00000000-0000-4000-8000-00000000000a') $$, '42501', null, 'anon: no summaries');

-- A member of Fjord Rør AS.
select tests.authenticate_as('member');
select is((select count(*)::int from public.popup_sites), 2, 'member: reads their organization''s sites only');
select is((select count(*)::int from public.popups), 8, 'member: reads their organization''s popups only');
select is((select count(*)::int from public.popup_variants), 9, 'member: reads their organization''s variants');
select is((select count(*)::int from public.popups_sites), 8, 'member: reads their popups'' sites');
select lives_ok(
  $$ insert into public.popup_sites (id, organization_id, domain) values ('00000000-0000-4000-8000-0000000005a4', '00000000-0000-4000-8000-00000000000a', '  Butikk.Fjordror.NO ') $$,
  'member: registers a site'
);
select is((select domain from public.popup_sites where id = '00000000-0000-4000-8000-0000000005a4'), 'butikk.fjordror.no', 'the domain is stored trimmed, in lower case');
select throws_ok(
  $$ insert into public.popup_sites (organization_id, domain) values ('00000000-0000-4000-8000-00000000000a', 'https://fjordror.no/bad') $$,
  'P0001', 'popup-site-invalid', 'a domain with scheme and path is refused'
);
select throws_ok(
  $$ update public.popup_sites set domain = 'fjordror.no:8080' where id = '00000000-0000-4000-8000-0000000005a4' $$,
  'P0001', 'popup-site-invalid', 'a domain with a port is refused'
);
select lives_ok(
  $$ update public.popup_sites set max_per_day = 3 where id = '00000000-0000-4000-8000-0000000005a4' $$, 'member: updates a site'
);
select throws_ok(
  $$ update public.popup_sites set site_key = gen_random_uuid() where id = '00000000-0000-4000-8000-0000000005a4' $$,
  '42501', null, 'member: cannot change a site key'
);
delete from public.popup_sites where id = '00000000-0000-4000-8000-0000000005a4';
select is((select count(*)::int from public.popup_sites where id = '00000000-0000-4000-8000-0000000005a4'), 1, 'member: cannot delete a site (owners and admins do)');
select throws_ok(
  $$ insert into public.popup_stats (popup_id, variant_id, organization_id, day, device, views) values ('00000000-0000-4000-8000-0000000005f1', '00000000-0000-4000-8000-0000000005b1', '00000000-0000-4000-8000-00000000000a', '2026-06-10', 'mobile', 1000) $$,
  '42501', null, 'member: cannot write figures directly'
);
select throws_ok(
  $$ update public.popup_stats set views = 1000 $$, '42501', null, 'member: cannot change figures'
);
select throws_ok(
  $$ delete from public.popup_signups $$, '42501', null, 'member: cannot delete sign-ups'
);
select lives_ok(
  $$ update public.popup_variants set weight = 40 where id = '00000000-0000-4000-8000-0000000005ba' $$, 'member: changes a variant'
);
select lives_ok(
  $$ update public.popups set priority = 30 where id = '00000000-0000-4000-8000-0000000005f9' $$, 'member: changes a popup'
);
select lives_ok(
  $$ delete from public.popups_sites where popup_id = '00000000-0000-4000-8000-0000000005f9' $$, 'member: takes a popup off a site'
);

-- create_popup and duplicate_popup.
select lives_ok(
  $$ select set_config('pdb.new_popup', public.create_popup('00000000-0000-4000-8000-00000000000a', '  Ny popup ', 'slide_in')::text, true) $$,
  'member: creates a popup'
);
select results_eq(
  $$ select c.name, p.type, public.popup_status(p), (select array_agg(v.label || v.weight) from public.popup_variants as v where v.popup_id = p.id)
     from public.popups as p join public.campaigns as c on c.id = p.id where p.id = current_setting('pdb.new_popup')::uuid $$,
  $$ values ('Ny popup', 'slide_in', 'draft', array['A100']) $$,
  'a new popup is a draft with variant A weighing 100'
);
select throws_ok(
  $$ select public.create_popup('00000000-0000-4000-8000-00000000000a', 'Feil', 'banner') $$,
  'P0001', 'popup-invalid', 'an unknown type is popup-invalid'
);
select lives_ok(
  $$ select set_config('pdb.copy', public.duplicate_popup('00000000-0000-4000-8000-0000000005f1')::text, true) $$,
  'member: duplicates a popup'
);
select results_eq(
  $$ select c.name, c.published_at is null, (select count(*)::int from public.popup_variants as v where v.popup_id = c.id),
       (select count(*)::int from public.popups_sites as s where s.popup_id = c.id),
       (select v.discount_code from public.popup_variants as v where v.popup_id = c.id and v.label = 'A')
     from public.campaigns as c where c.id = current_setting('pdb.copy')::uuid $$,
  $$ values ('Nyhetsbrev (kopi)', true, 2, 1, 'FJORD10'::text) $$,
  'the copy is a draft with the variants, their codes and the sites'
);

-- Status.
select results_eq(
  $$ select p.id::text, public.popup_status(p) from public.popups as p where p.id::text like '00000000-0000-4000-8000-0000000005f%' order by p.id $$,
  $$ values ('00000000-0000-4000-8000-0000000005f1', 'active'), ('00000000-0000-4000-8000-0000000005f2', 'paused'),
       ('00000000-0000-4000-8000-0000000005f3', 'archived'), ('00000000-0000-4000-8000-0000000005f4', 'draft'),
       ('00000000-0000-4000-8000-0000000005f5', 'active'), ('00000000-0000-4000-8000-0000000005f7', 'ended'),
       ('00000000-0000-4000-8000-0000000005f8', 'scheduled'), ('00000000-0000-4000-8000-0000000005f9', 'active') $$,
  'popup_status: active, paused, archived, draft, ended, scheduled'
);

-- Nordlys Bygg AS's owner.
select tests.authenticate_as('other');
select is((select count(*)::int from public.popups), 1, 'another organization: reads only its own popups');
select is((select count(*)::int from public.popup_variants where discount_code = 'FJORD10'), 0, 'another organization: no codes of Fjord Rør');
select throws_ok(
  $$ insert into public.popup_sites (organization_id, domain) values ('00000000-0000-4000-8000-00000000000a', 'evil.no') $$,
  '42501', null, 'another organization: cannot register a site for Fjord Rør'
);
update public.popups set paused_at = now() where id = '00000000-0000-4000-8000-0000000005f1';
delete from public.popup_variants where popup_id = '00000000-0000-4000-8000-0000000005f1';
select throws_ok(
  $$ select * from public.popup_results('00000000-0000-4000-8000-0000000005f1', '2026-06-01', '2026-06-30') $$,
  'PT404', 'popup-not-found', 'another organization: no results of Fjord Rør'
);
select throws_ok(
  $$ select public.duplicate_popup('00000000-0000-4000-8000-0000000005f1') $$,
  'PT404', 'popup-not-found', 'another organization: cannot copy Fjord Rør''s popup'
);
select is((select count(*)::int from public.popup_summaries('00000000-0000-4000-8000-00000000000a')), 0, 'another organization: no summaries of Fjord Rør');

-- The owner of Fjord Rør AS.
select tests.authenticate_as('owner');
select is((select paused_at from public.popups where id = '00000000-0000-4000-8000-0000000005f1'), null, 'another organization''s update changed nothing');
select is((select count(*)::int from public.popup_variants where popup_id = '00000000-0000-4000-8000-0000000005f1'), 2, 'another organization''s delete removed nothing');
delete from public.popup_sites where id = '00000000-0000-4000-8000-0000000005a4';
select is((select count(*)::int from public.popup_sites where id = '00000000-0000-4000-8000-0000000005a4'), 0, 'owner: deletes a site');
delete from public.popups where id = current_setting('pdb.new_popup')::uuid;
select is((select count(*)::int from public.campaigns where id = current_setting('pdb.new_popup')::uuid), 0, 'deleting a popup deletes its campaign');

-- The service role reads everything.
select tests.authenticate_as_service_role();
select is((select count(*)::int from public.popups where id::text like '00000000-0000-4000-8000-0000000005f%'), 9, 'service role: reads every popup');
select is((select count(*)::int from public.popup_variants where discount_code is not null), 4, 'service role: reads the codes');

-- ============================================================================================
-- Publishing needs weights summing to 100
-- ============================================================================================

reset role;
update public.popup_variants set weight = 30 where popup_id = current_setting('pdb.copy')::uuid and label = 'A';
select throws_ok(
  $$ update public.campaigns set published_at = now() where id = current_setting('pdb.copy')::uuid $$,
  'P0001', 'popup-weights-invalid', 'publishing with weights summing to 80 is refused'
);
update public.popup_variants set weight = 50 where popup_id = current_setting('pdb.copy')::uuid and label = 'A';
select lives_ok(
  $$ update public.campaigns set published_at = now() where id = current_setting('pdb.copy')::uuid $$,
  'publishing with weights summing to 100'
);
delete from public.popups where id = current_setting('pdb.copy')::uuid;

-- ============================================================================================
-- The site check
-- ============================================================================================

select is(private.popup_site_allows(s, 'https://fjordror.no'), true, 'the site''s own https origin')
from public.popup_sites as s where s.id = '00000000-0000-4000-8000-0000000005a1';
select is(private.popup_site_allows(s, 'http://www.fjordror.no:8080'), true, 'a subdomain with include_subdomains, any port')
from public.popup_sites as s where s.id = '00000000-0000-4000-8000-0000000005a1';
select is(private.popup_site_allows(s, 'https://evilfjordror.no'), false, 'a domain ending in the same letters is another site')
from public.popup_sites as s where s.id = '00000000-0000-4000-8000-0000000005a1';
select is(private.popup_site_allows(s, 'https://fjordror.no.evil.com'), false, 'the domain as a prefix is another site')
from public.popup_sites as s where s.id = '00000000-0000-4000-8000-0000000005a1';
select is(private.popup_site_allows(s, 'ftp://fjordror.no'), false, 'only http and https')
from public.popup_sites as s where s.id = '00000000-0000-4000-8000-0000000005a1';
select is(private.popup_site_allows(s, null), false, 'no Origin is refused')
from public.popup_sites as s where s.id = '00000000-0000-4000-8000-0000000005a1';
select is(private.popup_site_allows(s, 'http://www.localhost:5173'), false, 'no subdomain without include_subdomains')
from public.popup_sites as s where s.id = '00000000-0000-4000-8000-0000000005a2';
select is(private.popup_site_allows(s, 'http://localhost:5173'), true, 'localhost is an ordinary domain, any port')
from public.popup_sites as s where s.id = '00000000-0000-4000-8000-0000000005a2';

-- ============================================================================================
-- The public read
-- ============================================================================================

select tests.clear_authentication();
select pg_temp.request_from('https://fjordror.no');
select set_config('pdb.config', public.popup_site_config('00000000-0000-4000-8000-0000000005c1')::text, true);
select is(
  current_setting('pdb.config')::jsonb -> 'site',
  '{"id": "00000000-0000-4000-8000-0000000005a1", "domain": "fjordror.no", "max_per_day": 2, "max_per_session": 1}'::jsonb,
  'anon: the site''s settings'
);
select is(
  (select array_agg(p ->> 'id') from jsonb_array_elements(current_setting('pdb.config')::jsonb -> 'popups') as p),
  array['00000000-0000-4000-8000-0000000005f1', '00000000-0000-4000-8000-0000000005f8'],
  'anon: the active and the not yet started popups of the site, by priority (never paused, archived, draft, ended, another site''s or with weights not summing to 100)'
);
select is(
  (select jsonb_agg(v - 'id' order by v ->> 'label') from jsonb_array_elements(current_setting('pdb.config')::jsonb #> '{popups,0,variants}') as v),
  '[{"label": "A", "weight": 50, "heading": "Få 10 %", "field": "email", "image": null, "has_discount_code": true},
    {"label": "B", "weight": 50, "heading": "Spar 10 %", "field": "email", "image": null, "has_discount_code": false}]'::jsonb,
  'anon: the variants'' content, without any discount code'
);
select ok(position('FJORD10' in current_setting('pdb.config')) = 0 and position('LEKK' in current_setting('pdb.config')) = 0, 'anon: no code anywhere in the answer');
select is(current_setting('pdb.config')::jsonb #>> '{popups,0,consent_text}', 'Jeg godtar vilkårene.', 'anon: the campaign''s consent text');
select is(
  public.popup_site_config('00000000-0000-4000-8000-000000000999') - 'now',
  '{"site": null, "popups": []}'::jsonb,
  'anon: an unknown key answers no site and no popups'
);
select is(
  (select array_agg(p ->> 'id') from jsonb_array_elements(public.popup_site_config('00000000-0000-4000-8000-0000000005c2') -> 'popups') as p),
  array['00000000-0000-4000-8000-0000000005f5'], 'anon: another site of the organization has its own popups'
);
select throws_ok($$ select * from private.popup_active_on('00000000-0000-4000-8000-0000000005a1') $$, '42501', null, 'anon: cannot call the private helpers');

-- ============================================================================================
-- Events
-- ============================================================================================

select lives_ok(
  $$ select public.record_popup_events('00000000-0000-4000-8000-0000000005c1', '[
       {"popup_id": "00000000-0000-4000-8000-0000000005f1", "variant_id": "00000000-0000-4000-8000-0000000005b1", "type": "view", "page": "/bad?x=1", "device": "mobile", "source": "google"},
       {"popup_id": "00000000-0000-4000-8000-0000000005f1", "variant_id": "00000000-0000-4000-8000-0000000005b1", "type": "view", "page": "/bad?x=1", "device": "mobile", "source": "google"},
       {"popup_id": "00000000-0000-4000-8000-0000000005f1", "variant_id": "00000000-0000-4000-8000-0000000005b1", "type": "close", "page": "/bad?x=1", "device": "mobile", "source": "google"},
       {"popup_id": "00000000-0000-4000-8000-0000000005f1", "variant_id": "00000000-0000-4000-8000-0000000005b1", "type": "conversion", "page": "/bad?x=1", "device": "mobile", "source": "google"},
       {"popup_id": "00000000-0000-4000-8000-0000000005f1", "variant_id": "00000000-0000-4000-8000-0000000005b3", "type": "view"},
       {"popup_id": "00000000-0000-4000-8000-0000000005f2", "variant_id": "00000000-0000-4000-8000-0000000005b3", "type": "view"},
       {"popup_id": "00000000-0000-4000-8000-0000000005f6", "variant_id": "00000000-0000-4000-8000-0000000005b7", "type": "view"},
       {"popup_id": "00000000-0000-4000-8000-0000000005f1", "variant_id": "00000000-0000-4000-8000-0000000005b2", "type": "view", "device": "tablet"}
     ]'::jsonb) $$,
  'anon from the site: records a batch of events'
);
select pg_temp.request_from('https://nordlys.no');
select throws_ok(
  $$ select public.record_popup_events('00000000-0000-4000-8000-0000000005c1', '[{"popup_id": "00000000-0000-4000-8000-0000000005f1", "variant_id": "00000000-0000-4000-8000-0000000005b1", "type": "view"}]') $$,
  'PT403', 'popup-site-refused', 'anon from another domain: events refused'
);
select throws_ok(
  $$ select public.record_popup_events('00000000-0000-4000-8000-000000000999', '[]') $$,
  'PT403', 'popup-site-refused', 'anon: an unknown key is refused alike'
);
select pg_temp.request_from('https://fjordror.no');
select throws_ok(
  $$ select public.record_popup_events('00000000-0000-4000-8000-0000000005c1', (select jsonb_agg('{}'::jsonb) from generate_series(1, 21))) $$,
  'P0001', 'popup-invalid', 'anon: more than 20 events are refused'
);
select pg_temp.request_from('http://localhost:5173');
select lives_ok(
  $$ select public.record_popup_events('00000000-0000-4000-8000-0000000005c2', '[{"popup_id": "00000000-0000-4000-8000-0000000005f5", "variant_id": "00000000-0000-4000-8000-0000000005b6", "type": "conversion", "page": "/demo/nettsted.html", "device": "desktop"}]') $$,
  'anon: a form variant''s conversion'
);

reset role;
select results_eq(
  $$ select variant_id::text, page, device, source, views, closes, conversions from public.popup_stats order by popup_id, variant_id $$,
  $$ values ('00000000-0000-4000-8000-0000000005b1', '/bad?x=1', 'mobile', 'google', 2, 1, 0),
            ('00000000-0000-4000-8000-0000000005b2', '', 'desktop', '', 1, 0, 0),
            ('00000000-0000-4000-8000-0000000005b6', '/demo/nettsted.html', 'desktop', '', 0, 0, 1) $$,
  'events: views and closes counted per variant, page, device and source; another popup''s variant, paused and other sites'' popups and an e-mail variant''s conversion ignored'
);
select is((select min(day) from public.popup_stats), '2026-06-10'::date, 'events: counted on the Oslo day of the campaign clock');

-- ============================================================================================
-- The sign-up
-- ============================================================================================

select tests.clear_authentication();
select pg_temp.request_from('https://www.fjordror.no', '198.51.100.20');
select is(
  public.popup_signup('00000000-0000-4000-8000-0000000005c1', '00000000-0000-4000-8000-0000000005f1', '00000000-0000-4000-8000-0000000005b1',
    'Kari.Nordmann@Example.no', 'Kari Nordmann', true, true, '/bad', 'google', 'mobile', null, now() - interval '10 seconds'),
  '{"discount_code": "FJORD10"}'::jsonb, 'anon: a sign-up answers the variant''s discount code'
);
select is(
  public.popup_signup('00000000-0000-4000-8000-0000000005c1', '00000000-0000-4000-8000-0000000005f1', '00000000-0000-4000-8000-0000000005b1',
    'kari.nordmann@example.no', null, true, false, '/kasse', null, 'desktop', null, now() - interval '10 seconds'),
  '{"discount_code": "FJORD10"}'::jsonb, 'anon: a known address gets the same answer'
);
select is(
  public.popup_signup('00000000-0000-4000-8000-0000000005c1', '00000000-0000-4000-8000-0000000005f1', '00000000-0000-4000-8000-0000000005b2',
    'ola@example.no', null, true, false, null, null, null, null, now() - interval '10 seconds'),
  '{"discount_code": null}'::jsonb, 'anon: a variant without a code answers null'
);
select throws_ok(
  $$ select public.popup_signup('00000000-0000-4000-8000-0000000005c1', '00000000-0000-4000-8000-0000000005f1', '00000000-0000-4000-8000-0000000005b1', 'per@example.no', null, false, false, null, null, null, null, now() - interval '10 seconds') $$,
  'P0001', 'participant-consent-required', 'anon: consent is required'
);
select throws_ok(
  $$ select public.popup_signup('00000000-0000-4000-8000-0000000005c1', '00000000-0000-4000-8000-0000000005f1', '00000000-0000-4000-8000-0000000005b1', 'per@example.no', null, true, false, null, null, null, 'robot', now() - interval '10 seconds') $$,
  'P0001', 'campaign-write-refused', 'anon: the honeypot refuses'
);
select throws_ok(
  $$ select public.popup_signup('00000000-0000-4000-8000-0000000005c1', '00000000-0000-4000-8000-0000000005f2', '00000000-0000-4000-8000-0000000005b3', 'per@example.no', null, true, false, null, null, null, null, now() - interval '10 seconds') $$,
  'PT404', 'popup-not-found', 'anon: a paused popup takes no sign-ups'
);
select throws_ok(
  $$ select public.popup_signup('00000000-0000-4000-8000-0000000005c1', '00000000-0000-4000-8000-0000000005f6', '00000000-0000-4000-8000-0000000005b7', 'per@example.no', null, true, false, null, null, null, null, now() - interval '10 seconds') $$,
  'PT404', 'popup-not-found', 'anon: another site''s popup takes no sign-ups here'
);
select pg_temp.request_from('https://nordlys.no', '198.51.100.20');
select throws_ok(
  $$ select public.popup_signup('00000000-0000-4000-8000-0000000005c1', '00000000-0000-4000-8000-0000000005f1', '00000000-0000-4000-8000-0000000005b1', 'per@example.no', null, true, false, null, null, null, null, now() - interval '10 seconds') $$,
  'PT403', 'popup-site-refused', 'anon from another domain: sign-up refused'
);

reset role;
select is((select count(*)::int from public.participants where email = 'kari.nordmann@example.no'), 1, 'sign-up: one participant');
select results_eq(
  $$ select c.purpose from public.consents as c join public.participants as p on p.id = c.participant_id
     where p.email = 'kari.nordmann@example.no' order by c.purpose $$,
  $$ values ('marketing'), ('participation') $$,
  'sign-up: the participation and the marketing consent, once'
);
select results_eq(
  $$ select l.source, l.name from public.leads as l where l.email = 'kari.nordmann@example.no' $$,
  $$ values ('popup', 'Kari Nordmann') $$,
  'sign-up: one lead, source popup'
);
select results_eq(
  $$ select s.variant_id::text, s.page, s.source from public.popup_signups as s join public.participants as p on p.id = s.participant_id
     where p.email = 'kari.nordmann@example.no' $$,
  $$ values ('00000000-0000-4000-8000-0000000005b1', '/bad', 'google') $$,
  'sign-up: one popup_signups row, the first touch'
);
select is(
  (select sum(conversions)::int from public.popup_stats where popup_id = '00000000-0000-4000-8000-0000000005f1'), 2,
  'sign-up: one conversion per new sign-up (Kari once, Ola once)'
);
select is(
  (select conversions from public.popup_stats where variant_id = '00000000-0000-4000-8000-0000000005b1' and page = '/bad' and device = 'mobile' and source = 'google'), 1,
  'sign-up: the conversion on the sign-up''s page, device and source'
);

-- ============================================================================================
-- Rate limits
-- ============================================================================================

select tests.clear_authentication();
select pg_temp.request_from('https://fjordror.no', '192.0.2.55');
select lives_ok(
  $$ select count(public.record_popup_events('00000000-0000-4000-8000-0000000005c1', '[]')) from generate_series(1, 120) $$,
  'events: 120 calls a minute from one address'
);
select throws_ok(
  $$ select public.record_popup_events('00000000-0000-4000-8000-0000000005c1', '[]') $$,
  'PT429', 'campaign-rate-limited', 'events: the 121st call in a minute is limited'
);
select lives_ok(
  $$ select count(public.popup_site_config('00000000-0000-4000-8000-0000000005c1')) from generate_series(1, 600) $$,
  'config: 600 reads a minute from one address'
);
select throws_ok(
  $$ select public.popup_site_config('00000000-0000-4000-8000-0000000005c1') $$,
  'PT429', 'campaign-rate-limited', 'config: the 601st read in a minute is limited'
);
select lives_ok(
  $$ select count(public.popup_signup('00000000-0000-4000-8000-0000000005c1', '00000000-0000-4000-8000-0000000005f1', '00000000-0000-4000-8000-0000000005b1', 'massen' || i || '@example.no', null, true, false, null, null, null, null, now() - interval '10 seconds')) from generate_series(1, 30) as i $$,
  'sign-ups: 30 a minute from one address'
);
select throws_ok(
  $$ select public.popup_signup('00000000-0000-4000-8000-0000000005c1', '00000000-0000-4000-8000-0000000005f1', '00000000-0000-4000-8000-0000000005b1', 'enda@example.no', null, true, false, null, null, null, null, now() - interval '10 seconds') $$,
  'PT429', 'campaign-rate-limited', 'sign-ups: the 31st in a minute is limited'
);

-- ============================================================================================
-- Figures
-- ============================================================================================

select tests.authenticate_as('member');
select results_eq(
  $$ select name, status, views, conversions, sites from public.popup_summaries('00000000-0000-4000-8000-00000000000a') where popup_id = '00000000-0000-4000-8000-0000000005f1' $$,
  $$ values ('Nyhetsbrev', 'active', 3::bigint, 32::bigint, array['fjordror.no']) $$,
  'popup_summaries: status, views, conversions and sites'
);
select is(
  (select count(*)::int from public.popup_summaries('00000000-0000-4000-8000-00000000000a')), 8,
  'popup_summaries: every popup of the organization'
);
select results_eq(
  $$ select day, label, page, device, source, views, closes, conversions from public.popup_results('00000000-0000-4000-8000-0000000005f1', '2026-06-10', '2026-06-10') where page = '/bad?x=1' $$,
  $$ values ('2026-06-10'::date, 'A', '/bad?x=1', 'mobile', 'google', 2, 1, 0) $$,
  'popup_results: per day, variant, page, device and source'
);
select is(
  (select count(*)::int from public.popup_results('00000000-0000-4000-8000-0000000005f1', '2026-06-11', '2026-06-30')), 0,
  'popup_results: only the days asked for'
);

-- ============================================================================================
-- Media: a variant's image is public while the popup is published and not archived
-- ============================================================================================

reset role;
select pg_temp.request_from('https://fjordror.no', '192.0.2.99');
insert into public.organizations_media (id, organization_id, type, storage_path, url, alt_text, mime_type, size_bytes) values
  ('00000000-0000-4000-8000-0000000005e1', '00000000-0000-4000-8000-00000000000a', 'image',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000005e1/original.png',
   '00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000005e1/web.webp', 'Rørlegger', 'image/png', 10);
update public.popup_variants set image_media_id = '00000000-0000-4000-8000-0000000005e1' where id = '00000000-0000-4000-8000-0000000005b1';
select results_eq(
  $$ select kind, ref_id::text, public_from is not null from public.media_usages where media_id = '00000000-0000-4000-8000-0000000005e1' $$,
  $$ values ('popup', '00000000-0000-4000-8000-0000000005f1', true) $$,
  'media: the image recorded (kind popup), public while the popup is published'
);
select is(
  public.popup_site_config('00000000-0000-4000-8000-0000000005c1') #> '{popups,0,variants,0,image}',
  '{"path": "00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000005e1/web.webp", "alt": "Rørlegger"}'::jsonb,
  'config: the image''s web rendition and the library''s alt text'
);
select is(
  (select array_agg(p) from public.public_media_paths(array[
     public.popup_site_config('00000000-0000-4000-8000-0000000005c1') #>> '{popups,0,variants,0,image,path}']) as p),
  array['00000000-0000-4000-8000-00000000000a/00000000-0000-4000-8000-0000000005e1/web.webp'],
  'media: the public-media issuer may sign the path the config gives'
);
update public.popups set archived_at = now() where id = '00000000-0000-4000-8000-0000000005f1';
select is(
  (select public_from from public.media_usages where media_id = '00000000-0000-4000-8000-0000000005e1'), null,
  'media: an archived popup''s image is no longer public'
);
select throws_ok(
  $$ delete from public.organizations_media where id = '00000000-0000-4000-8000-0000000005e1' $$,
  '23503', null, 'media: a used image cannot be deleted'
);
update public.popup_variants set image_media_id = null where id = '00000000-0000-4000-8000-0000000005b1';
select is((select count(*)::int from public.media_usages where media_id = '00000000-0000-4000-8000-0000000005e1'), 0, 'media: an image taken off is no longer recorded');

select * from finish();
rollback;
