-- Demo calendars of Fjord Rør AS (docs/calendars.md «Demo data»), after seed.sql and seed-media.sql
-- (config.toml [db.seed]): a live calendar and a scheduled one, dated from the day the database is
-- seeded (Oslo), so the live one is live whenever `npm run db:reset` (or `supabase db reset`) runs.
--
-- - ca000000-0000-4000-8000-000000000001 «Fjord Rørs adventskalender»: template daily, 24 doors from
--   six days ago, doors open at 00:00 Oslo, so doors 1–7 are open at any hour today. Pictures from the
--   media library on open doors 1, 3 and 7 and on future doors 12 and 20; the background is «Vinterservice,
--   banner». Quizzes (answers in calendar_door_secrets), a voucher, prizes, eight participants with
--   entries behind doors 1–7, and one past draw (door 5) whose approved winner the calendar announces.
-- - ca000000-0000-4000-8000-000000000002 «Julekalender <year>»: advent-24, 1–24 December of this year
--   (next year from 1 December on), published, nothing open yet.
--
-- A calendar is a campaign (kind calendar: name, publication, texts, reminders, design) with its own
-- row in calendars; its doors are the campaign's items, its people the organization's participants
-- with a registration in the campaign (docs/campaign-engine.md).
--
-- Entries behind closed doors cannot go through submit_calendar_entry (it refuses closed doors, and
-- the test clock is off outside the test database), so they are plain inserts that keep what the
-- function keeps: one participant per address and one registration, one entry per participant and
-- door, the consent texts as shown, correctness from the door's answer, one lead per person through
-- private.upsert_lead_for. Today's entries do go through submit_calendar_entry.

do $$
declare
  organization constant uuid := 'b0000000-0000-4000-8000-000000000001';
  ola constant uuid := 'a0000000-0000-4000-8000-000000000011';
  live constant uuid := 'ca000000-0000-4000-8000-000000000001';
  scheduled constant uuid := 'ca000000-0000-4000-8000-000000000002';
  today date := (now() at time zone 'Europe/Oslo')::date;
  advent_year integer := extract(year from today)::integer
    + case when extract(month from today) = 12 then 1 else 0 end;
  consent constant text := 'Jeg godtar konkurransereglene og at Fjord Rør AS lagrer navnet og e-postadressen min for å gjennomføre kalenderen og trekke vinnere.';
  marketing constant text := 'Ja takk, Fjord Rør AS kan sende meg tilbud og nyheter på e-post. Jeg kan melde meg av når som helst.';
  rules constant text := E'Konkurranseregler for Fjord Rørs adventskalender\n\n'
    || E'1. Arrangør er Fjord Rør AS. Kalenderen er gratis, og det kreves ikke kjøp for å delta.\n'
    || E'2. Hver luke kan åpnes fra klokken 00.00 den dagen den gjelder, og du kan svare én gang per luke.\n'
    || E'3. Dagens premie trekkes blant alle som har svart på luken (riktig svar der luken har en quiz). Hovedpremien trekkes blant alle svar etter siste luke.\n'
    || E'4. Vinnerne trekkes tilfeldig og etterprøvbart, og kunngjøres i kalenderen dagen etter med fornavn og forbokstav i etternavnet. Vinnerne kontaktes på e-post.\n'
    || E'5. Premiene kan ikke byttes i kontanter. Ansatte i Fjord Rør AS kan ikke vinne.\n'
    || E'6. Opplysningene dine brukes bare til kalenderen, med mindre du har sagt ja til nyheter. Du kan se og slette dataene dine fra lenken i e-posten du får.';
  people constant text[] := array[
    'Ingrid Solberg', 'Magnus Haugen', 'Sofie Berg', 'Jonas Lie',
    'Emma Dahl', 'Henrik Strand', 'Nora Bakke', 'Lars Moen'
  ];
  person text;
  i integer;
  d integer;
  joined_at timestamptz;
  wants_marketing boolean;
  participant public.participants;
  door public.calendar_doors;
  answer text;
  draw public.campaign_draws;
  winner public.campaign_draw_winners;
begin
  -- The live calendar.
  insert into public.campaigns (
    id, organization_id, kind, name, published_at, rules_text, consent_text, marketing_consent_text,
    reminder_time, design, created_by, created_at
  ) values (
    live, organization, 'calendar', 'Fjord Rørs adventskalender', now() - interval '8 days', rules, consent, marketing,
    '08:00', '{"background_media_id": "e0000000-0000-4000-8000-000000000005"}', ola, now() - interval '10 days'
  );
  insert into public.calendars (id, organization_id, template, starts_on, ends_on, door_time, created_at)
  values (live, organization, 'daily', today - 6, today + 17, '00:00', now() - interval '10 days');

  update public.calendar_doors as cd
  set title = x.title, body = x.body, media_id = x.media_id, link_url = x.link_url, link_label = x.link_label
  from (values
    (1, 'Velkommen til adventskalenderen!', 'Hver dag åpner en ny luke med et tips fra rørleggerne våre og en premie. Svar på dagens luke for å være med i trekningen.', 'e0000000-0000-4000-8000-000000000001'::uuid, null, null),
    (2, 'Frostsikre utekranen', 'Når kulda kommer, kan vann som står igjen i utekranen fryse og sprenge røret. Steng ventilen innendørs og tøm kranen før frosten.', null, null, null),
    (3, 'Drømmer du om nytt bad?', 'Vi hjelper deg fra første skisse til ferdig bad, med faste priser og våtromssertifikat.', 'e0000000-0000-4000-8000-000000000003', 'https://example.no/fjordror/bad', 'Les om baderom'),
    (4, 'Vet du hvor stoppekranen er?', 'Ved en lekkasje teller hvert minutt. Finn stoppekranen i dag, og sjekk at den lar seg stenge.', null, null, null),
    (5, 'Rabatt på service', 'Bestill service på varmtvannsberederen i desember og få rabatt med koden du får når du svarer.', null, null, null),
    (6, 'Rene sluk, glade gjester', 'Hår og såperester tetter sluket. Rengjør risten og vannlåsen jevnlig, så renner vannet fritt i jula.', null, null, null),
    (7, 'Varmt vann hele jula', 'En varmtvannsbereder bør holde minst 65 °C for å hindre legionella. Sjekk innstillingen på din.', 'e0000000-0000-4000-8000-000000000001', null, null),
    (8, 'Dryppende kran?', 'En kran som drypper, kan sløse bort tusenvis av liter i året. Ofte er det bare en pakning som må byttes.', null, null, null),
    (9, 'Gulvvarme som varmer', 'Vannbåren gulvvarme gir jevn varme og lavere strømregning. Vi forteller deg hva som passer i ditt hus.', null, null, null),
    (10, 'Lukt fra avløpet?', 'Tørr vannlås i et sluk som sjelden brukes, slipper lukt inn. Hell en bøtte vann i sluket i gjesterommet.', null, null, null),
    (11, 'Vannlekkasjestopper', 'En lekkasjestopper stenger vannet av seg selv når den merker lekkasje. Mange forsikringsselskap gir rabatt.', null, null, null),
    (12, 'Kort reisevei', 'Våre rørleggere kjører ut fra Bergen, Askøy og Os, og rekker det meste samme dag.', 'e0000000-0000-4000-8000-000000000002', null, null),
    (13, 'Luciadagen', 'Lys i mørketida: visste du at rør i uoppvarmede rom bør isoleres før kuldeperioden?', null, null, null),
    (14, 'Oppvaskmaskinen', 'Sett alltid oppvaskmaskinen på et tett underlag med lekkasjevarsler. Det er billig forsikring.', null, null, null),
    (15, 'Halvveis!', 'Takk for at du er med. Snart kommer hovedpremien.', null, null, null),
    (16, 'Toalettet som går og går', 'Et toalett som renner hele tiden, bruker mye vann. Sjekk flottøren eller ring oss.', null, null, null),
    (17, 'Varmepumpe og varmtvann', 'En varmepumpe kan også varme tappevannet. Spør oss om løsningene som passer til huset ditt.', null, null, null),
    (18, 'Før gjestene kommer', 'Test at alle sluk renner fritt og at kranene ikke drypper før julegjestene kommer.', null, null, null),
    (19, 'Julestria', 'Vi har vakttelefon hele jula, også på helligdager.', null, null, null),
    (20, 'Bygge nytt?', 'Skal du bygge eller pusse opp til våren? Book befaring allerede nå.', 'e0000000-0000-4000-8000-000000000004', null, null),
    (21, 'Vintersolverv', 'Fra i dag blir dagene lengre. Rørene dine trenger fortsatt varme.', null, null, null),
    (22, 'Reis trygt', 'Skal du bort i jula? Steng hovedkranen, så slipper du overraskelser når du kommer hjem.', null, null, null),
    (23, 'Lille julaften', 'Snart er det jul. I morgen trekker vi hovedpremien!', null, null, null),
    (24, 'God jul!', 'Takk for at du var med i adventskalenderen vår. God jul fra alle oss i Fjord Rør AS!', null, null, null)
  ) as x (day_number, title, body, media_id, link_url, link_label)
  where cd.calendar_id = live and cd.day_number = x.day_number;

  update public.calendar_doors as cd
  set quiz_kind = x.kind, quiz_question = x.question, quiz_options = x.options
  from (values
    (2, 'single', 'Hva bør du gjøre med utekranen før frosten kommer?', array['Steng og tøm den', 'La den dryppe', 'Ingenting']),
    (4, 'text', 'Hva heter kranen som stenger vannet til hele boligen? (ett ord)', null),
    (6, 'single', 'Hvor ofte bør du rengjøre sluket på badet?', array['Hver måned', 'Hvert år', 'Aldri']),
    (7, 'single', 'Hvor varmt bør vannet i varmtvannsberederen være?', array['Minst 65 °C', '40 °C', '50 °C']),
    (10, 'text', 'Hva heter delen i sluket som holder på vannet og stenger lukten ute? (ett ord)', null)
  ) as x (day_number, kind, question, options)
  where cd.calendar_id = live and cd.day_number = x.day_number;

  insert into public.calendar_door_secrets (door_id, organization_id, quiz_answer, voucher_code)
  select cd.id, organization, x.answer, x.voucher
  from (values
    (2, 'Steng og tøm den', null),
    (4, 'Stoppekran', null),
    (5, null, 'JULESERVICE20'),
    (6, 'Hver måned', null),
    (7, 'Minst 65 °C', null),
    (10, 'Vannlås', null)
  ) as x (day_number, answer, voucher)
  join public.calendar_doors as cd on cd.calendar_id = live and cd.day_number = x.day_number;

  insert into public.campaign_prizes (campaign_id, organization_id, item_id, name, description, value_ore)
  select live, organization, cd.id, x.name, x.description, x.value_ore
  from (values
    (1, 'Gavekort på 500 kr', 'Gavekort hos Fjord Rør AS.', 50000),
    (2, 'Termokopp', 'Termokopp med Fjord Rør-logo.', 25000),
    (3, 'Befaring av badet', 'Gratis befaring og tilbud på nytt bad.', 150000),
    (4, 'Lekkasjevarsler', 'Trådløs lekkasjevarsler til kjøkkenet.', 49900),
    (5, 'Service på varmtvannsbereder', 'Service på varmtvannsberederen, inkludert arbeid.', 190000),
    (6, 'Sluk-sett', 'Rensesett for sluk og vannlås.', 19900),
    (7, 'Gavekort på 1 000 kr', 'Gavekort hos Fjord Rør AS.', 100000),
    (8, 'Termokopp', 'Termokopp med Fjord Rør-logo.', 25000),
    (12, 'Gavekort på 500 kr', 'Gavekort hos Fjord Rør AS.', 50000),
    (24, 'Julegave fra oss', 'En overraskelse fra Fjord Rør AS.', 50000)
  ) as x (day_number, name, description, value_ore)
  join public.calendar_doors as cd on cd.calendar_id = live and cd.day_number = x.day_number;
  insert into public.campaign_prizes (campaign_id, organization_id, item_id, name, description, value_ore)
  values (live, organization, null, 'Nytt baderomsarmatur', 'Termostatstyrt dusjarmatur, montert av oss (verdi 8 000 kr).', 800000);

  -- Participants, their registrations and their entries behind the closed doors 1–6.
  for i in 1 .. array_length(people, 1) loop
    person := people[i];
    joined_at := private.oslo_moment(today - 6 + (i - 1) % 4, '09:00') + i * interval '7 minutes';
    wants_marketing := i % 2 = 1;
    insert into public.participants (organization_id, email, name, created_at)
    values (organization, lower(replace(translate(person, 'øæå', 'oea'), ' ', '.')) || '@example.no', person, joined_at)
    returning * into participant;
    insert into public.campaign_registrations (
      campaign_id, participant_id, organization_id, reminders_opt_in, created_at, confirmation_sent_at
    ) values (live, participant.id, organization, i % 3 <> 0, joined_at, joined_at);
    for d in (1 + (i - 1) % 4) .. 6 loop
      continue when (i + d) % 3 = 0;
      select * into door from public.calendar_doors where calendar_id = live and day_number = d;
      answer := case
        when door.quiz_kind = 'text' then case when (i * d) % 4 = 0 then 'Hovedkran' else 'Stoppekran' end
        when door.quiz_kind = 'single' then door.quiz_options[case when (i * d) % 4 = 0 then 2 else 1 end]
      end;
      insert into public.campaign_entries (
        campaign_id, organization_id, item_id, participant_id, answer, is_correct, consent_id,
        marketing_consent_id, created_at
      ) values (
        live, organization, door.id, participant.id, answer, private.calendar_answer_is_correct(door, answer),
        private.record_consent(organization, participant.id, live, 'participation', consent),
        case when wants_marketing
          then private.record_consent(organization, participant.id, live, 'marketing', marketing) end,
        door.opens_at + interval '10 hours' + i * interval '11 minutes'
      );
      if participant.lead_id is null then
        participant.lead_id := private.upsert_lead_for(participant, live, door.id);
      end if;
    end loop;
  end loop;

  -- Today's door, through the entry function.
  perform public.submit_calendar_entry(live, 7, 'ingrid.solberg@example.no', true, now() - interval '10 seconds',
    null, 'Ingrid Solberg', null, 'Minst 65 °C', '{}', true, true);
  perform public.submit_calendar_entry(live, 7, 'magnus.haugen@example.no', true, now() - interval '10 seconds',
    null, 'Magnus Haugen', null, '50 °C', '{}', false, true);
  perform public.submit_calendar_entry(live, 7, 'sofie.berg@example.no', true, now() - interval '10 seconds',
    null, 'Sofie Berg', null, 'Minst 65 °C', '{}', false, false);
  -- The demo participants had their confirmation long ago: the job sends none on the first start.
  update public.campaign_registrations set confirmation_sent_at = coalesce(confirmation_sent_at, now())
  where campaign_id = live;

  -- Door 5's draw, as the owner does it in the editor: committed, run, the first winner approved. It
  -- is announced from door 6's opening on (yesterday).
  perform set_config('request.jwt.claims', json_build_object('sub', ola, 'role', 'authenticated')::text, true);
  draw := public.commit_calendar_draw(
    live,
    (select id from public.calendar_doors where calendar_id = live and day_number = 5),
    (select p.id from public.campaign_prizes as p join public.calendar_doors as cd on cd.id = p.item_id
     where cd.calendar_id = live and cd.day_number = 5),
    'all', true, 1
  );
  select * into winner from public.run_calendar_draw(draw.id) limit 1;
  perform public.decide_calendar_winner(winner.id, true);
  perform set_config('request.jwt.claims', '', true);

  -- The scheduled calendar: 1–24 December, nothing open yet.
  insert into public.campaigns (
    id, organization_id, kind, name, published_at, rules_text, consent_text, marketing_consent_text,
    reminder_time, design, created_by, created_at
  ) values (
    scheduled, organization, 'calendar', 'Julekalender ' || advent_year, now() - interval '1 day',
    rules, consent, marketing, '07:00', '{"background_media_id": "e0000000-0000-4000-8000-000000000001"}', ola,
    now() - interval '2 days'
  );
  insert into public.calendars (id, organization_id, template, starts_on, ends_on, door_time, created_at)
  values (scheduled, organization, 'advent-24', make_date(advent_year, 12, 1), make_date(advent_year, 12, 24), '07:00',
          now() - interval '2 days');
  update public.calendar_doors as cd
  set title = x.title, body = x.body
  from (values
    (1, 'Første luke!', 'Vi starter julekalenderen med et gavekort på 500 kr.'),
    (2, 'Tips om utekranen', 'Steng og tøm utekranen før frosten kommer.'),
    (3, 'Nytt bad til våren?', 'Book befaring i desember og få 10 % rabatt.')
  ) as x (day_number, title, body)
  where cd.calendar_id = scheduled and cd.day_number = x.day_number;
  insert into public.campaign_prizes (campaign_id, organization_id, item_id, name, value_ore)
  select scheduled, organization, cd.id, 'Gavekort på 500 kr', 50000
  from public.calendar_doors as cd where cd.calendar_id = scheduled and cd.day_number = 1;
  insert into public.campaign_prizes (campaign_id, organization_id, item_id, name, value_ore)
  values (scheduled, organization, null, 'Ny varmtvannsbereder, montert', 1500000);
end;
$$;
