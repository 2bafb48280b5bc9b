-- Demo funnel of Fjord Rør AS (docs/funnels.md), after the checkouts' seed (config.toml [db.seed]):
-- «Rørsjekk-trakten», live at /trakt/cf200000-0000-4000-8000-000000000001: a sales page → the
-- checkout «Rørsjekk hjemme» → an upsell of the «Vannlekkasjealarm» at 399 kr (ja → takk, nei →
-- takk) → a thank-you page. No events or orders: the figures start with the first visitor.
do $$
declare
  organization constant uuid := 'b0000000-0000-4000-8000-000000000001';
  funnel constant uuid := 'cf200000-0000-4000-8000-000000000001';
  sales constant uuid := 'cf200000-0000-4000-8000-000000000011';
  checkout_step constant uuid := 'cf200000-0000-4000-8000-000000000012';
  upsell constant uuid := 'cf200000-0000-4000-8000-000000000013';
  thanks constant uuid := 'cf200000-0000-4000-8000-000000000014';
begin
  insert into public.campaigns (id, organization_id, kind, name, consent_text)
  values (funnel, organization, 'funnel', 'Rørsjekk-trakten', 'Jeg har lest og godtar kjøpsvilkårene og angreretten.');
  insert into public.funnels (id, organization_id, offer_minutes) values (funnel, organization, 15);
  insert into public.funnel_steps (id, funnel_id, organization_id, position, type, offer_role, name, checkout_id,
    product_id, price_ore, content)
  values
    (sales, funnel, organization, 0, 'sales', null, 'Salgsside', null, null, null, jsonb_build_array(
      jsonb_build_object('id', 'h1', 'type', 'heading', 'level', 1, 'text', 'Unngå vannskader i vinter'),
      jsonb_build_object('id', 't1', 'type', 'text', 'text',
        'En rørlegger sjekker rørene, kranene og sluket hjemme hos deg på én time.'),
      jsonb_build_object('id', 'l1', 'type', 'bullets', 'items', jsonb_build_array(
        'Trykkprøving av vannrør', 'Sjekk av stoppekran og sluk', 'Skriftlig rapport samme dag')),
      jsonb_build_object('id', 'b1', 'type', 'button', 'text', 'Bestill rørsjekk'))),
    (checkout_step, funnel, organization, 1, 'checkout', null, 'Kasse', 'cf100000-0000-4000-8000-000000000010',
      null, null, '[]'),
    (upsell, funnel, organization, 2, 'offer', 'upsell', 'Tilbud', null, 'cf100000-0000-4000-8000-000000000002',
      39900, jsonb_build_array(
        jsonb_build_object('id', 'h1', 'type', 'heading', 'level', 1, 'text', 'Legg til en vannlekkasjealarm'),
        jsonb_build_object('id', 't1', 'type', 'text', 'text',
          'Alarmen varsler deg på telefonen før en lekkasje blir en vannskade. Bare nå: 399 kr.'))),
    (thanks, funnel, organization, 3, 'thankyou', null, 'Takk', null, null, null, jsonb_build_array(
      jsonb_build_object('id', 'h1', 'type', 'heading', 'level', 1, 'text', 'Takk for bestillingen!'),
      jsonb_build_object('id', 't1', 'type', 'text', 'text', 'Vi ringer deg innen to virkedager for å avtale tid.')));
  update public.funnel_steps as s
  set next_step_id = case s.id when sales then checkout_step when checkout_step then upsell when upsell then thanks end,
    decline_step_id = case s.id when upsell then thanks end
  where s.funnel_id = funnel;
  update public.campaigns set published_at = now() - interval '1 day' where id = funnel;
end;
$$;
