-- Demo competition of Fjord Rør AS (docs/competitions.md «Demo data»), after seed.sql, seed-media.sql
-- and seed-calendars.sql (config.toml [db.seed]): «Sykle til jobben», running from nine days before
-- the seeding day (Oslo) for thirty days, so it is live whenever `npm run db:reset` runs, with its
-- lock (halfway) still ahead.
--
-- - cb000000-0000-4000-8000-000000000001: unit km, shared goal 4 000 km with milestones at 25, 50 and
--   100 %, team goal 400 km, teams of at most 5, at most 100 km an entry and 150 km a day.
-- - Two groups: «Kontoret» (…a1, at most 4 teams) with «Tråkkerne» (…d1, full), «Pedalpuserne»
--   (…d2) and the invite-only «Regnjakkene» (…d3, one join request waiting); «Montørene» (…a2) with
--   «Rørlegger-rytterne» (…d4) and «Sykkelsmedene» (…d5). Ids cb000000-0000-4000-8000-0000000000xx.
-- - Sixteen people with consents (every other one to marketing), one lead each (source competition),
--   and progress on most days so far, so the fill-up bar, the milestones and both leaderboards
--   (with yesterday's ranks) show at once.
--
-- The people's past progress cannot go through log_competition_progress (it stamps entries with the
-- clock), so those are plain inserts that keep what the functions keep: one participant per address
-- with its registration, consents as shown, one lead per person through private.upsert_lead_for, one
-- team per person, the team at the time on every entry.

do $$
declare
  organization constant uuid := 'b0000000-0000-4000-8000-000000000001';
  ola constant uuid := 'a0000000-0000-4000-8000-000000000011';
  competition constant uuid := 'cb000000-0000-4000-8000-000000000001';
  office constant uuid := 'cb000000-0000-4000-8000-0000000000a1';
  fitters constant uuid := 'cb000000-0000-4000-8000-0000000000a2';
  today date := (now() at time zone 'Europe/Oslo')::date;
  consent constant text := 'Jeg godtar reglene for Sykle til jobben og at Fjord Rør AS lagrer navnet og e-postadressen min for å gjennomføre konkurransen.';
  marketing constant text := 'Ja takk, Fjord Rør AS kan sende meg tilbud og nyheter på e-post. Jeg kan melde meg av når som helst.';
  rules constant text := E'Regler for Sykle til jobben\n\n'
    || E'1. Arrangør er Fjord Rør AS. Det er gratis å delta.\n'
    || E'2. Lag har opptil fem deltakere. Du kan bli med på, lage eller forlate et lag fram til halvveis i perioden.\n'
    || E'3. Registrer kilometerne du sykler til og fra jobb fra lenken i e-posten. Høyst 100 km per registrering og 150 km per dag.\n'
    || E'4. Lagene rangeres etter samlet distanse. Resultatlisten fryses det siste døgnet og vises når konkurransen er over.\n'
    || E'5. Arrangøren kan avvise registreringer som ikke er rimelige.';
  -- name, team, role (c: captain, m: member, p: pending)
  people constant text[][] := array[
    ['Ingrid Solberg', 'Tråkkerne', 'c'], ['Magnus Haugen', 'Tråkkerne', 'm'], ['Sofie Berg', 'Tråkkerne', 'm'],
    ['Jonas Lie', 'Tråkkerne', 'm'], ['Emma Dahl', 'Tråkkerne', 'm'],
    ['Henrik Strand', 'Pedalpuserne', 'c'], ['Nora Bakke', 'Pedalpuserne', 'm'], ['Lars Moen', 'Pedalpuserne', 'm'],
    ['Kari Nilsen', 'Regnjakkene', 'c'], ['Ole Hansen', 'Regnjakkene', 'm'], ['Mari Johansen', 'Regnjakkene', 'p'],
    ['Per Olsen', 'Rørlegger-rytterne', 'c'], ['Anne Larsen', 'Rørlegger-rytterne', 'm'],
    ['Erik Andersen', 'Rørlegger-rytterne', 'm'], ['Silje Pedersen', 'Rørlegger-rytterne', 'm'],
    ['Thomas Karlsen', 'Sykkelsmedene', 'c']
  ];
  i integer;
  d integer;
  joined_at timestamptz;
  participant public.participants;
  team_id uuid;
  entered_at timestamptz;
begin
  insert into public.campaigns (
    id, organization_id, kind, name, published_at, rules_text, consent_text, marketing_consent_text,
    reminders_enabled, created_by, created_at
  ) values (
    competition, organization, 'competition', 'Sykle til jobben', now() - interval '12 days', rules, consent, marketing,
    false, ola, now() - interval '14 days'
  );
  insert into public.competitions (
    id, organization_id, starts_on, ends_on, unit, goal, team_goal, scoring, team_min, team_max,
    max_per_entry, max_per_day, freeze_at, milestones, created_at
  ) values (
    competition, organization, today - 9, today + 20, 'km', 4000, 400, 'total', 2, 5, 100, 150,
    private.oslo_day_start(today + 20) + interval '12 hours',
    '[{"percent": 25, "label": "Frokost for alle på kontoret"},
      {"percent": 50, "label": "Gavekort på 1 000 kr til vinnerlaget"},
      {"percent": 100, "label": "Sykkelservice for alle som deltok"}]',
    now() - interval '14 days'
  );
  insert into public.competitions_groups (id, competition_id, organization_id, name, position, max_teams) values
    (office, competition, organization, 'Kontoret', 1, 4),
    (fitters, competition, organization, 'Montørene', 2, null);
  insert into public.competitions_teams (id, competition_id, organization_id, group_id, name, motto, invite_only, created_at) values
    ('cb000000-0000-4000-8000-0000000000d1', competition, organization, office, 'Tråkkerne', 'Vi sykler i all slags vær.', false, now() - interval '11 days'),
    ('cb000000-0000-4000-8000-0000000000d2', competition, organization, office, 'Pedalpuserne', 'Jevnt og trutt hver dag.', false, now() - interval '11 days'),
    ('cb000000-0000-4000-8000-0000000000d3', competition, organization, office, 'Regnjakkene', 'Bare for oss i 3. etasje.', true, now() - interval '10 days'),
    ('cb000000-0000-4000-8000-0000000000d4', competition, organization, fitters, 'Rørlegger-rytterne', 'Fra fyrrom til fyrrom.', false, now() - interval '11 days'),
    ('cb000000-0000-4000-8000-0000000000d5', competition, organization, fitters, 'Sykkelsmedene', null, false, now() - interval '9 days');

  for i in 1 .. array_length(people, 1) loop
    joined_at := now() - interval '11 days' + i * interval '47 minutes';
    select t.id into team_id from public.competitions_teams as t
    where t.competition_id = competition and t.name = people[i][2];
    insert into public.participants (organization_id, email, name, created_at)
    values (organization, lower(replace(translate(people[i][1], 'øæå', 'oea'), ' ', '.')) || '@example.no', people[i][1], joined_at)
    on conflict (organization_id, email) do update set name = public.participants.name
    returning * into participant;
    -- The demo people had their confirmation long ago: the job sends none on the first start.
    insert into public.campaign_registrations (campaign_id, participant_id, organization_id, created_at, confirmation_sent_at)
    values (competition, participant.id, organization, joined_at, joined_at);
    perform private.record_consent(organization, participant.id, competition, 'participation', consent);
    if i % 2 = 1 then
      perform private.record_consent(organization, participant.id, competition, 'marketing', marketing);
    end if;
    perform private.upsert_lead_for(participant, competition);
    insert into public.competitions_members (competition_id, team_id, participant_id, organization_id, role, status, joined_at, created_at)
    values (competition, team_id, participant.id, organization,
            case people[i][3] when 'c' then 'captain' else 'member' end,
            case people[i][3] when 'p' then 'pending' else 'active' end,
            joined_at, joined_at);
    continue when people[i][3] = 'p';
    -- Progress on most days from the start until today: 4–33 km, none after now.
    for d in 0 .. 9 loop
      continue when (i + d) % 4 = 0;
      entered_at := least(private.oslo_moment(today - 9 + d, '17:00') + i * interval '3 minutes', now() - interval '1 minute');
      insert into public.competitions_progress (competition_id, organization_id, participant_id, team_id, amount, on_date, note, created_at)
      values (competition, organization, participant.id, team_id, 4 + (i * 7 + d * 13) % 30, today - 9 + d,
              case when (i + d) % 7 = 0 then 'Omvei langs fjorden' end, entered_at);
    end loop;
  end loop;
end;
$$;
