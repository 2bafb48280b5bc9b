-- Demo forms of Fjord Rør AS (docs/forms.md «Database»), after the other seeds (config.toml
-- [db.seed]): «Kontakt oss» and «Tilbudsforespørsel», published weeks before the seeding day, with
-- responses spread over those weeks so the list, the results and the drop-off have something to show.
--
-- - cf000000-0000-4000-8000-000000000001 «Kontakt oss»: one page (the logic engine's example
--   definition); confirmation e-mails on; Ola (owner) told of each response. 60 responses over five
--   weeks, each with the person's e-mail.
-- - cf000000-0000-4000-8000-000000000002 «Tilbudsforespørsel»: three pages, a jump past the bathroom
--   page and an ending per outcome; a quota of 40 «Så snart som mulig»; Ola and Kari told in a daily
--   digest; version 1 published, version 2 a draft (a new ending text). 48 responses over six weeks.
-- - Visits (sessions) beside them: about one in three stops before sending, at the page they reached.
--
-- Past responses cannot go through submit_form_response (it stamps them with the clock and takes the
-- visitor's address), so these are plain inserts that keep what it keeps: one participant per address
-- with its registration, the consents as shown, one lead per person through private.upsert_lead_for,
-- the quota option taken. The jobs find every confirmation and notice already sent.

-- A respondent as submit_form_response leaves them: the participant (one per address), the
-- registration (its confirmation long sent), the consents of the response and the one lead.
create function pg_temp.seed_respondent(
  form uuid, input_name text, input_email text, input_phone text, at timestamptz, marketing boolean,
  out participant public.participants, out consent_id uuid, out marketing_consent_id uuid
)
language plpgsql
as $fn$
declare
  given record;
begin
  insert into public.participants (organization_id, email, name, phone, created_at)
  select k.organization_id, input_email, input_name, input_phone, at from public.campaigns as k where k.id = form
  on conflict (organization_id, email) do update set name = public.participants.name
  returning * into participant;
  insert into public.campaign_registrations (campaign_id, participant_id, organization_id, created_at, confirmation_sent_at)
  values (form, participant.id, participant.organization_id, at, at)
  on conflict do nothing;
  given := private.record_entry_consents((select k from public.campaigns as k where k.id = form), participant, marketing);
  consent_id := given.consent_id;
  marketing_consent_id := given.marketing_consent_id;
  perform private.upsert_lead_for(participant, form);
end;
$fn$;

do $$
declare
  organization constant uuid := 'b0000000-0000-4000-8000-000000000001';
  ola constant uuid := 'a0000000-0000-4000-8000-000000000011';
  kari constant uuid := 'a0000000-0000-4000-8000-000000000012';
  contact constant uuid := 'cf000000-0000-4000-8000-000000000001';
  quote constant uuid := 'cf000000-0000-4000-8000-000000000002';
  contact_definition constant jsonb := $def${"version": 1, "pages": [{"id": "p_kontakt", "blocks": [{"kind": "statement", "id": "s_intro", "heading": "Kontakt Fjord Rør AS", "text": "Skriv til oss, så svarer vi innen én arbeidsdag."}, {"kind": "short_text", "id": "b_navn", "key": "navn", "label": "Navn", "required": true}, {"kind": "email", "id": "b_epost", "key": "epost", "label": "E-post", "placeholder": "navn@firma.no", "required": true}, {"kind": "phone", "id": "b_telefon", "key": "telefon", "label": "Telefon", "help": "Vi ringer bare hvis det haster."}, {"kind": "single_choice", "id": "b_emne", "key": "emne", "label": "Hva gjelder det, {navn}?", "required": true, "options": [{"id": "o_sporsmal", "label": "Et spørsmål"}, {"id": "o_service", "label": "Service og reparasjon"}, {"id": "o_faktura", "label": "Faktura"}], "other": true}, {"kind": "short_text", "id": "b_fakturanummer", "key": "fakturanummer", "label": "Fakturanummer", "help": "Står øverst til høyre på fakturaen.", "maxLength": 20, "required": true, "hidden": true}, {"kind": "long_text", "id": "b_melding", "key": "melding", "label": "Melding", "required": true}, {"kind": "consent", "id": "b_markedsforing", "key": "markedsforing", "label": "Ja takk, send meg tips og tilbud fra Fjord Rør AS på e-post.", "consent": "marketing"}, {"kind": "hidden", "id": "b_kilde", "key": "kilde", "source": "utm_source"}]}], "rules": [{"id": "r_vis_fakturanummer", "action": "show", "block": "b_fakturanummer", "when": {"join": "and", "groups": [{"join": "and", "conditions": [{"block": "b_emne", "operator": "equals", "value": "o_faktura"}]}]}}], "endings": [{"id": "e_takk", "title": "Takk, {navn}!", "text": "Vi har fått meldingen din og svarer deg på {epost} innen én arbeidsdag."}], "defaultEnding": "e_takk"}$def$;
  quote_definition constant jsonb := $def${"version": 1, "pages": [{"id": "p_jobb", "blocks": [{"kind": "statement", "id": "s_intro", "heading": "Be om tilbud fra Fjord Rør AS", "text": "Svar på noen korte spørsmål, så kommer vi tilbake med et uforpliktende tilbud."}, {"kind": "single_choice", "id": "b_hva", "key": "hva", "label": "Hva gjelder det?", "required": true, "options": [{"id": "o_bad", "label": "Bad", "points": 2}, {"id": "o_kjokken", "label": "Kjøkken", "points": 1}, {"id": "o_varmtvann", "label": "Varmtvannsbereder", "points": 4}, {"id": "o_lekkasje", "label": "Lekkasje eller akutt skade", "points": 5}], "other": true}, {"kind": "dropdown", "id": "b_nar", "key": "nar", "label": "Når ønsker du at jobben gjøres?", "required": true, "options": [{"id": "o_snarest", "label": "Så snart som mulig", "points": 3}, {"id": "o_maned", "label": "Innen en måned", "points": 2}, {"id": "o_senere", "label": "Senere i år", "points": 0}]}, {"kind": "short_text", "id": "b_postnummer", "key": "postnummer", "label": "Postnummer", "placeholder": "5003", "maxLength": 4, "required": true}]}, {"id": "p_bad", "blocks": [{"kind": "statement", "id": "s_bad", "heading": "Om badet", "text": "Jo mer vi vet om badet, desto riktigere blir tilbudet."}, {"kind": "number", "id": "b_areal", "key": "areal", "label": "Omtrent hvor mange kvadratmeter er badet?", "min": 1, "max": 100, "decimals": true, "required": true}, {"kind": "multiple_choice", "id": "b_arbeid", "key": "arbeid", "label": "Hva skal gjøres?", "required": true, "options": [{"id": "o_fliser", "label": "Nye fliser"}, {"id": "o_dusj", "label": "Ny dusj"}, {"id": "o_varmekabler", "label": "Varmekabler"}, {"id": "o_toalett", "label": "Nytt toalett"}], "other": true, "minChoices": 1}, {"kind": "file", "id": "b_bilder", "key": "bilder", "label": "Bilder av badet", "help": "Last gjerne opp inntil fem bilder.", "maxFiles": 5}]}, {"id": "p_kontakt", "blocks": [{"kind": "short_text", "id": "b_navn", "key": "navn", "label": "Navn", "required": true}, {"kind": "email", "id": "b_epost", "key": "epost", "label": "E-post", "required": true}, {"kind": "phone", "id": "b_telefon", "key": "telefon", "label": "Telefon", "required": true}, {"kind": "date", "id": "b_befaring", "key": "befaring", "label": "Når passer det med befaring, {navn}?", "min": "2026-01-01", "max": "2027-12-31"}, {"kind": "consent", "id": "b_markedsforing", "key": "markedsforing", "label": "Ja takk, send meg tips og tilbud fra Fjord Rør AS på e-post.", "consent": "marketing"}, {"kind": "hidden", "id": "b_kilde", "key": "kilde", "source": "utm_source"}, {"kind": "hidden", "id": "b_side", "key": "side", "source": "page"}]}], "rules": [{"id": "r_hopp_over_bad", "action": "jump", "page": "p_jobb", "to": "p_kontakt", "when": {"join": "and", "groups": [{"join": "and", "conditions": [{"block": "b_hva", "operator": "not_equals", "value": "o_bad"}]}]}}, {"id": "r_haster", "action": "end", "page": "p_kontakt", "ending": "e_haster", "when": {"join": "or", "groups": [{"join": "and", "conditions": [{"block": "b_hva", "operator": "equals", "value": "o_lekkasje"}]}, {"join": "and", "conditions": [{"score": true, "operator": "greater_than", "value": 5}]}]}}, {"id": "r_bad", "action": "end", "page": "p_kontakt", "ending": "e_bad", "when": {"join": "and", "groups": [{"join": "and", "conditions": [{"block": "b_hva", "operator": "equals", "value": "o_bad"}]}]}}], "endings": [{"id": "e_haster", "title": "Takk, {navn}!", "text": "Dette haster, så vi ringer deg på {telefon} i løpet av dagen."}, {"id": "e_bad", "title": "Takk, {navn}!", "text": "Vi tar kontakt for en befaring av badet på {areal} m² og sender tilbudet til {epost}."}, {"id": "e_takk", "title": "Takk, {navn}!", "text": "Vi sender et uforpliktende tilbud på {hva} til {epost} innen tre arbeidsdager."}], "defaultEnding": "e_takk"}$def$;
  consent constant text := 'Jeg godtar at Fjord Rør AS lagrer svarene og kontaktopplysningene mine for å følge opp henvendelsen.';
  marketing constant text := 'Ja takk, send meg tips og tilbud fra Fjord Rør AS på e-post.';
  first_names constant text[] := array['Ada', 'Bjørn', 'Camilla', 'Dag', 'Eva', 'Frode', 'Guro', 'Håkon', 'Ida', 'Jon',
    'Kristin', 'Leif', 'Maria', 'Nils', 'Oda', 'Pål', 'Randi', 'Stian', 'Tone', 'Vegard'];
  last_names constant text[] := array['Aas', 'Brekke', 'Dale', 'Eide', 'Fossum', 'Gran', 'Holm', 'Lunde', 'Myhre', 'Næss',
    'Rønning', 'Sæther', 'Tangen', 'Vik'];
  subjects constant text[] := array['o_sporsmal', 'o_service', 'o_faktura', 'other'];
  messages constant text[] := array[
    'Har dere ledig kapasitet til å skifte en blandebatteri på kjøkkenet neste uke?',
    'Det drypper fra sluket i kjelleren. Kan noen komme og se på det?',
    'Jeg lurer på om fakturaen er riktig, timeantallet ser høyt ut.',
    'Gir dere rabatt til borettslag? Vi er 24 leiligheter.',
    'Varmtvannsberederen lager rare lyder. Må den byttes?'];
  sources constant text[] := array['facebook', 'google', 'nyhetsbrev', null];
  jobs constant text[] := array['o_bad', 'o_kjokken', 'o_varmtvann', 'o_lekkasje', 'o_bad', 'o_kjokken'];
  job_points constant integer[] := array[2, 1, 4, 5, 2, 1];
  whens constant text[] := array['o_snarest', 'o_maned', 'o_senere'];
  when_points constant integer[] := array[3, 2, 0];
  contact_v1 uuid;
  quote_v1 uuid;
  quota uuid;
  i integer;
  person text;
  answered_at timestamptz;
  participant public.participants;
  given record;
  response_id uuid;
  job integer;
  timing integer;
  score integer;
begin
  insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text, marketing_consent_text,
    reminders_enabled, created_by, created_at)
  values
    (contact, organization, 'form', 'Kontakt oss', now() - interval '35 days', consent, marketing, false, ola, now() - interval '36 days'),
    (quote, organization, 'form', 'Tilbudsforespørsel', now() - interval '42 days', consent, marketing, false, ola, now() - interval '44 days');
  insert into public.forms (id, organization_id, display_mode, confirmation_email, notify_mode, closed_message, created_at)
  values
    (contact, organization, 'classic', true, 'each', null, now() - interval '36 days'),
    (quote, organization, 'one_at_a_time', false, 'daily',
     'Vi tar ikke imot flere forespørsler akkurat nå. Ring oss på 55 12 34 56.', now() - interval '44 days');
  insert into public.forms_versions (form_id, organization_id, definition, published_at, created_by, created_at)
  values (contact, organization, contact_definition, now() - interval '35 days', ola, now() - interval '36 days')
  returning id into contact_v1;
  insert into public.forms_versions (form_id, organization_id, definition, published_at, created_by, created_at)
  values (quote, organization, quote_definition, now() - interval '42 days', ola, now() - interval '44 days')
  returning id into quote_v1;
  insert into public.forms_versions (form_id, organization_id, definition, created_by, created_at)
  values (quote, organization,
    jsonb_set(quote_definition, '{endings,2,text}',
      '"Vi sender et uforpliktende tilbud på {hva} til {epost} innen to arbeidsdager."'),
    ola, now() - interval '2 days');
  insert into public.forms_quotas (form_id, organization_id, block_id, option_id, cap)
  values (quote, organization, 'b_nar', 'o_snarest', 40)
  returning id into quota;
  insert into public.forms_notify (form_id, organization_id, member_id) values
    (contact, organization, ola), (quote, organization, ola), (quote, organization, kari);

  -- «Kontakt oss»: 60 responses, and 30 visits that stopped before sending.
  for i in 1 .. 90 loop
    answered_at := now() - interval '35 days' + (i - 1) * interval '35 days' / 90 + interval '2 hours';
    if i % 3 = 0 then
      insert into public.forms_sessions (form_id, session_id, organization_id, version_id, pages, blocks,
        last_page_id, last_block_id, started_at, last_seen_at)
      values (contact, gen_random_uuid(), organization, contact_v1, array['p_kontakt'],
        (array['b_navn', 'b_epost', 'b_telefon', 'b_emne', 'b_melding'])[1:1 + i % 5],
        'p_kontakt', (array['b_navn', 'b_epost', 'b_telefon', 'b_emne', 'b_melding'])[1 + i % 5],
        answered_at - interval '3 minutes', answered_at - interval '2 minutes');
      continue;
    end if;
    person := first_names[1 + i % 20] || ' ' || last_names[1 + (i * 7) % 14];
    given := pg_temp.seed_respondent(contact, person,
      lower(translate(replace(person, ' ', '.'), 'øæåØÆÅ', 'oeaoea')) || i || '@example.no',
      case when i % 4 <> 0 then '+479' || lpad((1234567 + i * 7919)::text, 7, '0') end, answered_at, i % 3 = 1);
    participant := given.participant;
    insert into public.forms_responses (form_id, organization_id, version_id, participant_id, answers, score, ending_id,
      started_at, submitted_at, duration_ms, hidden, session_id, consent_id, marketing_consent_id,
      confirmation_due, confirmation_sent_at, notified_at)
    values (contact, organization, contact_v1, participant.id,
      jsonb_strip_nulls(jsonb_build_object(
        'b_navn', person, 'b_epost', participant.email, 'b_telefon', participant.phone,
        'b_emne', case when subjects[1 + i % 4] = 'other'
                    then jsonb_build_object('choices', jsonb_build_array('other'), 'other', 'Samarbeid')
                    else jsonb_build_object('choices', jsonb_build_array(subjects[1 + i % 4])) end,
        'b_fakturanummer', case when subjects[1 + i % 4] = 'o_faktura' then 'F-' || (20400 + i) end,
        'b_melding', messages[1 + i % 5],
        'b_markedsforing', i % 3 = 1, 'b_kilde', sources[1 + i % 4])),
      0, 'e_takk', answered_at - (60 + i * 7 % 180) * interval '1 second', answered_at, (60 + i * 7 % 180) * 1000,
      jsonb_strip_nulls(jsonb_build_object('utm_source', sources[1 + i % 4])), gen_random_uuid(),
      given.consent_id, given.marketing_consent_id, true, answered_at, answered_at)
    returning id into response_id;
    insert into public.forms_sessions (form_id, session_id, organization_id, version_id, pages, blocks,
      last_page_id, last_block_id, started_at, last_seen_at, completed_at)
    select contact, r.session_id, organization, contact_v1, array['p_kontakt'],
      array['b_navn', 'b_epost', 'b_telefon', 'b_emne', 'b_melding', 'b_markedsforing'], 'p_kontakt', 'b_markedsforing',
      r.started_at, r.submitted_at, r.submitted_at
    from public.forms_responses as r where r.id = response_id;
  end loop;

  -- «Tilbudsforespørsel»: 48 responses, and 24 visits that stopped on the way.
  for i in 1 .. 72 loop
    answered_at := now() - interval '42 days' + (i - 1) * interval '42 days' / 72 + interval '3 hours';
    job := 1 + i % 6;
    timing := 1 + i % 3;
    if i % 3 = 2 then
      insert into public.forms_sessions (form_id, session_id, organization_id, version_id, pages, blocks,
        last_page_id, last_block_id, started_at, last_seen_at)
      values (quote, gen_random_uuid(), organization, quote_v1,
        (array['p_jobb', 'p_bad', 'p_kontakt'])[1:1 + (i / 3) % 3],
        (array['b_hva', 'b_nar', 'b_postnummer', 'b_areal', 'b_arbeid', 'b_navn'])[1:2 + 2 * ((i / 3) % 3)],
        (array['p_jobb', 'p_bad', 'p_kontakt'])[1 + (i / 3) % 3],
        (array['b_hva', 'b_nar', 'b_postnummer', 'b_areal', 'b_arbeid', 'b_navn'])[2 + 2 * ((i / 3) % 3)],
        answered_at - interval '4 minutes', answered_at - interval '3 minutes');
      continue;
    end if;
    score := job_points[job] + when_points[timing];
    person := first_names[1 + (i * 3) % 20] || ' ' || last_names[1 + (i * 5) % 14];
    given := pg_temp.seed_respondent(quote, person,
      lower(translate(replace(person, ' ', '.'), 'øæåØÆÅ', 'oeaoea')) || '.tilbud' || i || '@example.no',
      '+474' || lpad((7654321 + i * 104729)::text, 7, '0'), answered_at, i % 4 = 0);
    participant := given.participant;
    insert into public.forms_responses (form_id, organization_id, version_id, participant_id, answers, score, ending_id,
      started_at, submitted_at, duration_ms, hidden, session_id, consent_id, marketing_consent_id, notified_at)
    values (quote, organization, quote_v1, participant.id,
      jsonb_strip_nulls(jsonb_build_object(
        'b_hva', jsonb_build_object('choices', jsonb_build_array(jobs[job])),
        'b_nar', jsonb_build_object('choices', jsonb_build_array(whens[timing])),
        'b_postnummer', (5003 + (i * 37) % 900)::text,
        'b_areal', case when jobs[job] = 'o_bad' then 4 + (i % 9) * 0.5 end,
        'b_arbeid', case when jobs[job] = 'o_bad'
                      then jsonb_build_object('choices', jsonb_build_array('o_fliser', 'o_dusj')) end,
        'b_navn', person, 'b_epost', participant.email, 'b_telefon', participant.phone,
        'b_befaring', case when i % 2 = 0 then to_char((answered_at at time zone 'Europe/Oslo')::date + 7, 'YYYY-MM-DD') end,
        'b_markedsforing', i % 4 = 0, 'b_kilde', sources[1 + i % 4], 'b_side', '/tilbud')),
      score,
      case when jobs[job] = 'o_lekkasje' or score > 5 then 'e_haster' when jobs[job] = 'o_bad' then 'e_bad' else 'e_takk' end,
      answered_at - (120 + i * 11 % 300) * interval '1 second', answered_at, (120 + i * 11 % 300) * 1000,
      jsonb_strip_nulls(jsonb_build_object('utm_source', sources[1 + i % 4], 'page', '/tilbud')), gen_random_uuid(),
      given.consent_id, given.marketing_consent_id, answered_at)
    returning id into response_id;
    if whens[timing] = 'o_snarest' then
      insert into public.forms_response_quotas (response_id, quota_id) values (response_id, quota);
    end if;
    insert into public.forms_sessions (form_id, session_id, organization_id, version_id, pages, blocks,
      last_page_id, last_block_id, started_at, last_seen_at, completed_at)
    select quote, r.session_id, organization, quote_v1,
      case when jobs[job] = 'o_bad' then array['p_jobb', 'p_bad', 'p_kontakt'] else array['p_jobb', 'p_kontakt'] end,
      case when jobs[job] = 'o_bad'
        then array['b_hva', 'b_nar', 'b_postnummer', 'b_areal', 'b_arbeid', 'b_navn', 'b_epost', 'b_telefon']
        else array['b_hva', 'b_nar', 'b_postnummer', 'b_navn', 'b_epost', 'b_telefon'] end,
      'p_kontakt', 'b_telefon', r.started_at, r.submitted_at, r.submitted_at
    from public.forms_responses as r where r.id = response_id;
  end loop;
  -- Today's digest has gone out.
  update public.forms set digest_sent_on = (now() at time zone 'Europe/Oslo')::date where id = quote;
end;
$$;
