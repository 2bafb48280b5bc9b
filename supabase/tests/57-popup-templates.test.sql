-- create_popup_from (supabase/migrations/20261129000000_popup_templates.sql): a popup from a
-- template in one transaction: the settings, variant A's content and code, the campaign's texts and
-- design; all or nothing; members only, of their own organization.
begin;

select plan(8);

select tests.seed_calendar_cast();

select tests.authenticate_as('member');
select lives_ok(
  $$ select set_config('pt.new', public.create_popup_from('00000000-0000-4000-8000-00000000000a', ' Rabattkode ', '{
       "type": "slide_in", "priority": 20,
       "triggers": [{"kind": "scroll", "percent": 40}],
       "targeting": {"devices": ["mobile", "desktop"]},
       "frequency": {"after_close_days": 30, "once_per_session": true},
       "content": {"heading": "Få 10 % rabatt", "field": "email", "button": "Send meg koden"},
       "discount_code": "VELKOMMEN10",
       "design": {"accent": "#0b5cad", "background": "#ffffff", "text": "#1a1a1a", "radius": 12},
       "consent_text": "Jeg godtar at Fjord Rør AS lagrer e-postadressen min.",
       "marketing_consent_text": " "
     }')::text, true) $$,
  'member: creates a popup from a template'
);
select results_eq(
  $$ select c.name, p.type, p.priority, p.triggers, p.targeting, public.popup_status(p)
     from public.popups as p join public.campaigns as c on c.id = p.id where p.id = current_setting('pt.new')::uuid $$,
  $$ values ('Rabattkode', 'slide_in', 20, '[{"kind": "scroll", "percent": 40}]'::jsonb, '{"devices": ["mobile", "desktop"]}'::jsonb, 'draft') $$,
  'the popup has the template''s type, priority, triggers and targeting, as a draft'
);
select results_eq(
  $$ select v.label, v.weight, v.content ->> 'heading', v.discount_code from public.popup_variants as v
     where v.popup_id = current_setting('pt.new')::uuid $$,
  $$ values ('A', 100, 'Få 10 % rabatt', 'VELKOMMEN10'::text) $$,
  'variant A carries the template''s content and code, weighing 100'
);
select results_eq(
  $$ select c.consent_text, c.marketing_consent_text, c.design ->> 'accent' from public.campaigns as c
     where c.id = current_setting('pt.new')::uuid $$,
  $$ values ('Jeg godtar at Fjord Rør AS lagrer e-postadressen min.'::text, null::text, '#0b5cad') $$,
  'the campaign carries the consent text and design; a blank text is none'
);

-- All or nothing: a frequency the check constraint refuses leaves no campaign behind.
select throws_ok(
  $$ select public.create_popup_from('00000000-0000-4000-8000-00000000000a', 'Halv', '{"type": "modal", "frequency": {"every": 3}}') $$,
  '23514', null, 'a template the checks refuse is refused'
);
select is(
  (select count(*)::int from public.campaigns where name = 'Halv'), 0, 'and nothing of it is left'
);
select throws_ok(
  $$ select public.create_popup_from('00000000-0000-4000-8000-00000000000a', 'Feil', '{"type": "banner"}') $$,
  'P0001', 'popup-invalid', 'an unknown type is popup-invalid'
);

select tests.authenticate_as('other');
select throws_ok(
  $$ select public.create_popup_from('00000000-0000-4000-8000-00000000000a', 'Inntrenger', '{"type": "modal"}') $$,
  '42501', null, 'another organization cannot create a popup for Fjord Rør'
);

select * from finish();
rollback;
