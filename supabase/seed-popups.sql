-- Demo popups of Fjord Rør AS (docs/popups.md «Demo»), after the other seeds (config.toml [db.seed]):
-- the site localhost (the demo page /demo/nettsted.html that `npm start` serves carries its site_key)
-- with two active popups, six weeks of figures and 40 sign-ups.
--
-- - ce000000-0000-4000-8000-000000000001 «Nyhetsbrev»: a modal after 8 seconds, an A/B test of two
--   headings (50/50), no code.
-- - ce000000-0000-4000-8000-000000000002 «Rabatt ved exit»: a slide-in on exit intent with the code
--   FJORD10.
--
-- Past sign-ups cannot go through popup_signup (it stamps them with the clock and checks the Origin),
-- so these are plain inserts that keep what it keeps: one participant per address with its
-- registration, the consents as shown, one lead per person through private.upsert_lead_for (source
-- popup), the popup_signups row, and a conversion in the figures on its day.

do $$
declare
  organization constant uuid := 'b0000000-0000-4000-8000-000000000001';
  ola constant uuid := 'a0000000-0000-4000-8000-000000000011';
  site constant uuid := 'd0000000-0000-4000-8000-000000000002';
  newsletter constant uuid := 'ce000000-0000-4000-8000-000000000001';
  discount constant uuid := 'ce000000-0000-4000-8000-000000000002';
  newsletter_a constant uuid := 'ce000000-0000-4000-8000-0000000000a1';
  newsletter_b constant uuid := 'ce000000-0000-4000-8000-0000000000b1';
  discount_a constant uuid := 'ce000000-0000-4000-8000-0000000000a2';
  consent constant text := 'Jeg godtar at Fjord Rør AS lagrer e-postadressen min for å sende det jeg ba om.';
  marketing constant text := 'Ja takk, send meg tips og tilbud fra Fjord Rør AS på e-post.';
  pages constant text[] := array['/demo/nettsted.html', '/demo/nettsted.html?side=bad', '/demo/nettsted.html?side=kjokken'];
  sources constant text[] := array['google', 'facebook', 'nyhetsbrev', ''];
  first_names constant text[] := array['Anne', 'Bård', 'Cecilie', 'Espen', 'Frida', 'Geir', 'Hilde', 'Ivar', 'Jorunn', 'Knut'];
  last_names constant text[] := array['Berg', 'Hansen', 'Johansen', 'Larsen', 'Olsen', 'Solberg', 'Strand'];
  i integer;
  popup uuid;
  variant uuid;
  person text;
  signed_at timestamptz;
  signed_page text;
  campaign public.campaigns;
  participant public.participants;
begin
  insert into public.popup_sites (id, organization_id, domain, include_subdomains, site_key, max_per_session, max_per_day, created_at)
  values (site, organization, 'localhost', false, 'd0000000-0000-4000-8000-000000000001', 1, 2, now() - interval '44 days');

  insert into public.campaigns (id, organization_id, kind, name, published_at, consent_text, marketing_consent_text,
    reminders_enabled, design, created_by, created_at)
  values
    (newsletter, organization, 'popup', 'Nyhetsbrev', now() - interval '42 days', consent, marketing, false,
     '{"accent": "#0b5cad", "background": "#ffffff", "text": "#1a1a1a", "radius": 12}', ola, now() - interval '43 days'),
    (discount, organization, 'popup', 'Rabatt ved exit', now() - interval '42 days', consent, marketing, false,
     '{"accent": "#b3261e", "background": "#fffaf5", "text": "#1a1a1a", "radius": 8}', ola, now() - interval '43 days');
  insert into public.popups (id, organization_id, type, priority, triggers, targeting, frequency, created_at)
  values
    (newsletter, organization, 'modal', 10, '[{"kind": "delay", "seconds": 8}]',
     '{"devices": ["mobile", "desktop"], "visitor": "any"}', '{"after_close_days": 30, "once_per_session": true}',
     now() - interval '43 days'),
    (discount, organization, 'slide_in', 20, '[{"kind": "exit_intent"}]',
     '{"urls": {"exclude": [{"match": "wildcard", "value": "/kasse/*"}]}}', '{"after_close_days": 7, "once_per_session": true}',
     now() - interval '43 days');
  insert into public.popup_variants (id, popup_id, organization_id, label, weight, content, discount_code, created_at)
  values
    (newsletter_a, newsletter, organization, 'A', 50,
     '{"heading": "Få tips om vedlikehold", "text": "Meld deg på nyhetsbrevet vårt: ett råd i måneden, ingen spam.", "field": "email", "form_id": null, "button": "Meld meg på", "success_heading": "Takk!", "success_text": "Du hører fra oss snart."}',
     null, now() - interval '43 days'),
    (newsletter_b, newsletter, organization, 'B', 50,
     '{"heading": "Unngå vannskader i vinter", "text": "Meld deg på nyhetsbrevet vårt: ett råd i måneden, ingen spam.", "field": "email", "form_id": null, "button": "Meld meg på", "success_heading": "Takk!", "success_text": "Du hører fra oss snart."}',
     null, now() - interval '43 days'),
    (discount_a, discount, organization, 'A', 100,
     '{"heading": "Få 10 % på første service", "text": "Legg igjen e-postadressen din, så får du rabattkoden.", "field": "email", "form_id": null, "button": "Send meg rabattkoden", "success_heading": "Takk!", "success_text": "Rabattkoden din:"}',
     'FJORD10', now() - interval '43 days');
  insert into public.popups_sites (popup_id, site_id, organization_id)
  values (newsletter, site, organization), (discount, site, organization);

  -- Six weeks of views and closes per day, variant, page, device and source; B converts a little better.
  insert into public.popup_stats (popup_id, variant_id, organization_id, day, page, device, source, views, closes, conversions)
  select v.popup_id, v.id, organization, (now() at time zone 'Europe/Oslo')::date - d, pages[1 + (d + k) % 3],
    case when k % 2 = 0 then 'mobile' else 'desktop' end, sources[1 + k % 4],
    8 + (d * 7 + k * 3) % 11, 3 + (d + k) % 5, 0
  from public.popup_variants as v
  cross join generate_series(1, 42) as d
  cross join generate_series(0, 3) as k
  where v.popup_id in (newsletter, discount);

  -- 40 sign-ups, one a day or so, through the engine's own steps.
  for i in 1 .. 40 loop
    popup := case when i % 3 = 0 then discount else newsletter end;
    variant := case when i % 3 = 0 then discount_a when i % 5 in (1, 2, 4) then newsletter_b else newsletter_a end;
    signed_at := now() - interval '42 days' + (i - 1) * interval '41 days' / 40 + interval '3 hours';
    person := first_names[1 + i % 10] || ' ' || last_names[1 + (i * 3) % 7];
    select * into campaign from public.campaigns as k where k.id = popup;
    insert into public.participants (organization_id, email, name, created_at)
    values (organization, lower(translate(replace(person, ' ', '.'), 'øæåØÆÅ', 'oeaoea')) || i || '@example.no', person, signed_at)
    on conflict (organization_id, email) do update set name = public.participants.name
    returning * into participant;
    insert into public.campaign_registrations (campaign_id, participant_id, organization_id, created_at, confirmation_sent_at)
    values (popup, participant.id, organization, signed_at, signed_at)
    on conflict do nothing;
    perform private.record_entry_consents(campaign, participant, i % 2 = 1);
    perform private.upsert_lead_for(participant, popup);
    -- The conversion on the figures' row of that day with the sign-up's source (and so its page and
    -- device).
    update public.popup_stats as s set conversions = s.conversions + 1
    where s.popup_id = popup and s.variant_id = variant and s.day = (signed_at at time zone 'Europe/Oslo')::date
      and s.source = sources[1 + i % 4]
    returning s.page into signed_page;
    insert into public.popup_signups (popup_id, variant_id, organization_id, participant_id, page, source, created_at)
    values (popup, variant, organization, participant.id, signed_page, nullif(sources[1 + i % 4], ''), signed_at);
  end loop;
end;
$$;
