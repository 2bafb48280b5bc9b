-- A person's page and export (supabase/migrations/20261128171000_participation_entries.sql) list what
-- they sent in every kind of campaign: a competition's progress entries (amount with its unit, date,
-- note, rejection) and a form's responses (answers by their questions' labels in the version answered),
-- beside their registration and consents; nothing of another person.
begin;

select plan(6);

select tests.seed_calendar_cast();
select set_config('leadtorget.test_now', '2026-06-05 12:00 Europe/Oslo', true);

insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text) values
  ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', 'competition', 'Sykle til jobben', now(), 'Jeg godtar reglene.'),
  ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', 'form', 'Kontakt oss', now(), 'Jeg godtar vilkårene.');
insert into public.competitions (id, organization_id, starts_on, ends_on, unit, goal, team_max) values
  ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000a', '2026-06-01', '2026-06-30', 'km', 1000, 3);
insert into public.forms (id, organization_id) values ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a');
insert into public.forms_versions (id, form_id, organization_id, definition, published_at) values
  ('00000000-0000-4000-8000-0000000001e1', '00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a',
   '{"pages": [{"id": "p1", "blocks": [{"id": "b_navn", "kind": "short_text", "label": "Navn"}, {"id": "b_hva", "kind": "long_text", "label": "Hva gjelder det?"}]}]}',
   now());

select tests.clear_authentication();
select public.create_competition_team('00000000-0000-4000-8000-0000000000c1', 'ada@example.com', true, now() - interval '1 minute',
  'Tråkkerne', input_name => 'Ada Lovelace');
reset role;
select public.issue_participant_token(p.id, '00000000-0000-4000-8000-0000000000c1') as ada_token,
  p.id as ada_id
from public.participants as p where p.email = 'ada@example.com' \gset
select tests.clear_authentication();
select public.log_competition_progress(:'ada_token', '00000000-0000-4000-8000-0000000000c1', 12.5, '2026-06-04', 'Til jobben');
reset role;
-- Ada also answered the form (as submit_form_response would store it), and so did someone else.
insert into public.campaign_registrations (campaign_id, organization_id, participant_id)
values ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', :'ada_id');
insert into public.participants (id, organization_id, email) values
  ('00000000-0000-4000-8000-0000000000e9', '00000000-0000-4000-8000-00000000000a', 'bo@example.com');
insert into public.forms_responses (form_id, organization_id, version_id, participant_id, answers) values
  ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000001e1',
   :'ada_id', '{"b_navn": "Ada", "b_hva": "Lekkasje under vasken", "b_borte": "fra en eldre versjon"}'),
  ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000001e1',
   '00000000-0000-4000-8000-0000000000e9', '{"b_navn": "Bo"}');

select tests.clear_authentication();
create temporary table page on commit drop as select public.participation(:'ada_token') as data;
grant select on page to anon;

select is(
  (select data #>> '{campaigns,0,entries,0,answer}' from page), '12,5 km',
  'a progress entry: its amount with the unit, a decimal comma'
);
select is(
  (select data #> '{campaigns,0,entries,0,form_answers}' from page), '{"on_date": "2026-06-04", "note": "Til jobben"}'::jsonb,
  '… its date and note'
);
select is(
  (select data #> '{campaigns,1,entries,0,form_answers}' from page),
  '{"Navn": "Ada", "Hva gjelder det?": "Lekkasje under vasken", "b_borte": "fra en eldre versjon"}'::jsonb,
  'a form response: the answers by their questions'' labels (the id where the version has none)'
);
select is(
  (select jsonb_array_length(data #> '{campaigns,1,entries}') from page), 1,
  'only the person''s own response'
);
select is(
  (select data #>> '{campaigns,1,kind}' from page), 'form', 'the form is among their campaigns'
);
select throws_ok($$ select public.participation('nope') $$, 'PT404', 'participant-not-found', 'a wrong token finds nobody');

select * from finish();
rollback;
