-- Demo checkouts of Fjord Rør AS (docs/checkouts.md «Demo»), after the other seeds (config.toml [db.seed]):
-- two products and the live checkout «Rørsjekk hjemme» with six weeks of visits, buyers who gave an
-- e-mail, paid orders (some with the bump, one with a code, two refunded) and abandoned ones.
--
-- - cf100000-0000-4000-8000-000000000001 «Rørsjekk hjemme»: 1 490 kr (25 % MVA), the main product.
-- - cf100000-0000-4000-8000-000000000002 «Vannlekkasjealarm»: 599 kr, 25 in stock, the order bump.
-- - cf100000-0000-4000-8000-000000000010 the checkout, /kasse/cf100000-0000-4000-8000-000000000010.
-- - Codes VELKOMMEN10 (10 %, 100 uses) and KOMTILBAKE (150 kr, the 6-hour recovery e-mail's).
--
-- Past orders cannot go through the order functions (they stamp the clock and charge a card), so these
-- are plain inserts without a payment provider (no provider's payment stands behind them, so the
-- screens say they cannot be refunded) that keep what they keep: one participant per address with its registration, the
-- terms consent, one lead per buyer through private.upsert_lead_for (source checkout), the session,
-- the order with its lines and its number, and the stock and code uses they took.

do $$
declare
  organization constant uuid := 'b0000000-0000-4000-8000-000000000001';
  ola constant uuid := 'a0000000-0000-4000-8000-000000000011';
  check_product constant uuid := 'cf100000-0000-4000-8000-000000000001';
  alarm constant uuid := 'cf100000-0000-4000-8000-000000000002';
  checkout constant uuid := 'cf100000-0000-4000-8000-000000000010';
  welcome constant uuid := 'cf100000-0000-4000-8000-000000000021';
  comeback constant uuid := 'cf100000-0000-4000-8000-000000000022';
  terms constant text := 'Jeg har lest og godtar kjøpsvilkårene og angreretten.';
  sources constant text[] := array['google', 'facebook', 'nyhetsbrev', null];
  first_names constant text[] := array['Anne', 'Bård', 'Cecilie', 'Espen', 'Frida', 'Geir', 'Hilde', 'Ivar', 'Jorunn', 'Knut', 'Live', 'Magnus'];
  last_names constant text[] := array['Berg', 'Hansen', 'Johansen', 'Larsen', 'Olsen', 'Solberg', 'Strand', 'Dahl'];
  campaign public.campaigns;
  participant public.participants;
  day integer;
  visit integer;
  buyer integer := 0;
  started_at timestamptz;
  session_id uuid;
  order_id uuid;
  number integer := 1000;
  with_bump boolean;
  with_code boolean;
  subtotal integer;
  discount integer;
  sold_alarms integer := 0;
  welcome_uses integer := 0;
begin
  insert into public.products (id, organization_id, name, description, price_ore, vat_rate, stock, max_per_order, created_at)
  values
    (check_product, organization, 'Rørsjekk hjemme',
     'En rørlegger går gjennom bad, kjøkken og vannmåler hjemme hos deg og gir deg en skriftlig rapport. Ca. 1 time.',
     149000, 25, null, 3, now() - interval '45 days'),
    (alarm, organization, 'Vannlekkasjealarm',
     'Varsler med lyd og på mobilen når det lekker. Monteres under oppvaskmaskinen mens vi er der.',
     59900, 25, 25, 2, now() - interval '45 days');

  insert into public.campaigns (id, organization_id, kind, name, published_at, rules_text, consent_text,
    marketing_consent_text, reminders_enabled, design, created_by, created_at)
  values (checkout, organization, 'checkout', 'Rørsjekk hjemme', now() - interval '42 days',
    E'Selger: Fjord Rør AS, org.nr. 915 226 485, post@fjordror.no.\n\nPris: Alle priser er oppgitt inkl. mva.\n\nAngrerett: Du har 14 dagers angrerett etter angrerettloven. Ber du oss starte arbeidet før fristen er ute, betaler du for det som er utført.\n\nTimebestilling: Vi ringer deg innen to virkedager for å avtale tidspunkt.',
    terms, 'Ja takk, send meg tips og tilbud fra Fjord Rør AS på e-post.', true,
    '{"accent": "#0b5cad", "background": "#ffffff", "text": "#1a1a1a"}', ola, now() - interval '43 days')
  returning * into campaign;
  insert into public.checkouts (id, organization_id, bump_heading, bump_text, thank_you_heading, thank_you_text,
    business_fields, custom_fields, created_at)
  values (checkout, organization, 'Ja, legg til vannlekkasjealarm',
    'Vi monterer den gratis mens vi er der. Vanlig pris 799 kr.',
    'Takk for bestillingen!', 'Vi ringer deg innen to virkedager for å avtale tidspunkt for rørsjekken.',
    'optional',
    '[{"id": "f_bolig", "label": "Hva slags bolig?", "type": "select", "required": true, "options": ["Enebolig", "Rekkehus", "Leilighet", "Hytte"]}]',
    now() - interval '43 days');
  insert into public.checkout_products (checkout_id, product_id, organization_id, role, position, quantity_editable)
  values (checkout, check_product, organization, 'main', 0, false),
         (checkout, alarm, organization, 'bump', 0, false);
  insert into public.coupons (id, organization_id, code, percent_off, amount_off_ore, checkout_id, max_uses, created_at)
  values (welcome, organization, 'VELKOMMEN10', 10, null, null, 100, now() - interval '43 days'),
         (comeback, organization, 'KOMTILBAKE', null, 15000, checkout, null, now() - interval '43 days');
  update public.checkouts set recovery_coupon_id = comeback where id = checkout;

  -- Six weeks: a handful of visits a day (more on Mondays, after the newsletter), about one in five
  -- gives an e-mail, and about half of those pay.
  for day in 0 .. 41 loop
    for visit in 1 .. 4 + (day % 5) + case when day % 7 = 0 then 6 else 0 end loop
      started_at := date_trunc('day', now()) - (42 - day) * interval '1 day' + ((visit * 97) % 720 + 420) * interval '1 minute';
      insert into public.campaign_events (campaign_id, organization_id, kind, visitor_hash, source, created_at)
      values (checkout, organization, 'visit', encode(sha256(convert_to(checkout || ':v' || day || '-' || visit, 'UTF8')), 'hex'),
        sources[1 + (day + visit) % 4], started_at);
      continue when (day * 7 + visit) % 5 <> 0;

      buyer := buyer + 1;
      participant := null;
      insert into public.participants (organization_id, email, name, created_at)
      values (organization,
        translate(lower(first_names[1 + buyer % 12] || '.' || last_names[1 + buyer % 8]), 'æøå', 'eoa') || buyer || '@example.no',
        first_names[1 + buyer % 12] || ' ' || last_names[1 + buyer % 8], started_at)
      returning * into participant;
      insert into public.campaign_registrations (campaign_id, participant_id, organization_id, reminders_opt_in, created_at)
      values (checkout, participant.id, organization, buyer % 3 = 0, started_at);
      insert into public.checkout_sessions (checkout_id, organization_id, participant_id, visitor_hash, source,
        token_sha256, recovery_sent, recovery_due_at, created_at)
      values (checkout, organization, participant.id,
        encode(sha256(convert_to(checkout || ':v' || day || '-' || visit, 'UTF8')), 'hex'),
        sources[1 + (day + visit) % 4], encode(sha256(convert_to('demo-session-' || buyer, 'UTF8')), 'hex'),
        case when buyer % 3 = 0 then 3 else 0 end, null, started_at)
      returning id into session_id;
      continue when buyer % 2 = 1;

      -- A buyer: the terms, the lead, the order.
      perform private.record_consent(organization, participant.id, checkout, 'participation', terms);
      perform private.upsert_lead_for(participant, checkout);
      update public.checkout_sessions set paid_at = started_at + interval '4 minutes' where id = session_id;
      with_bump := buyer % 6 = 0 and sold_alarms < 20;
      with_code := buyer % 10 = 4 and welcome_uses < 100;
      subtotal := 149000 + case when with_bump then 59900 else 0 end;
      discount := case when with_code then round(subtotal * 0.10)::integer else 0 end;
      number := number + 1;
      order_id := gen_random_uuid();
      insert into public.orders (id, organization_id, number, checkout_id, session_id, participant_id, status, buyer,
        answers, coupon_id, subtotal_ore, discount_ore, total_ore, refunded_ore, provider, provider_payment_id,
        idempotency_key, card_brand, card_last4, access_token_sha256, source, expires_at, paid_at, created_at)
      values (order_id, organization, number, checkout, session_id, participant.id,
        case when buyer % 22 = 0 then 'refunded' else 'paid' end,
        jsonb_build_object('name', participant.name),
        jsonb_build_object('f_bolig', (array['Enebolig', 'Rekkehus', 'Leilighet', 'Hytte'])[1 + buyer % 4]),
        case when with_code then welcome end, subtotal, discount, subtotal - discount,
        case when buyer % 22 = 0 then subtotal - discount else 0 end,
        null, null, 'checkout:demo-' || buyer,
        (array['visa', 'mastercard'])[1 + buyer % 2], (array['4242', '4444'])[1 + buyer % 2],
        encode(sha256(convert_to('demo-order-' || buyer, 'UTF8')), 'hex'), sources[1 + (day + visit) % 4],
        started_at + interval '34 minutes', started_at + interval '4 minutes', started_at + interval '3 minutes');
      insert into public.order_items (order_id, organization_id, product_id, description, quantity, unit_price_ore,
        vat_rate, discount_ore, is_bump)
      values (order_id, organization, check_product, 'Rørsjekk hjemme', 1, 149000, 25,
        case when with_code then round(149000 * 0.10)::integer else 0 end, false);
      if with_bump then
        insert into public.order_items (order_id, organization_id, product_id, description, quantity, unit_price_ore,
          vat_rate, discount_ore, is_bump)
        values (order_id, organization, alarm, 'Vannlekkasjealarm', 1, 59900, 25,
          discount - case when with_code then round(149000 * 0.10)::integer else 0 end, true);
        sold_alarms := sold_alarms + 1;
      end if;
      if with_code then
        welcome_uses := welcome_uses + 1;
      end if;
      if buyer % 22 = 0 then
        insert into public.order_refunds (order_id, organization_id, amount_ore, reason, provider_refund_id, created_by, created_at)
        values (order_id, organization, subtotal - discount, 'Kunden angret innen fristen.', null, ola,
          started_at + interval '3 days');
      end if;
    end loop;
  end loop;

  update public.products set stock = stock - sold_alarms where id = alarm;
  update public.coupons set uses = welcome_uses where id = welcome;
  insert into private.order_numbers (organization_id, last_number) values (organization, number);
end;
$$;

-- Each sale's numbered receipt and each refund's credit note, in the order they happened, as the
-- payment functions issue them: the seller's order dialog lists them and writes their PDFs.
select public.issue_checkout_order_receipt(o.id)
from public.orders as o
where o.checkout_id = 'cf100000-0000-4000-8000-000000000010' and o.status in ('paid', 'refunded')
order by o.paid_at, o.number;

select private.issue_order_credit_note(r.id)
from public.order_refunds as r
join public.orders as o on o.id = r.order_id
where o.checkout_id = 'cf100000-0000-4000-8000-000000000010'
order by r.created_at;
