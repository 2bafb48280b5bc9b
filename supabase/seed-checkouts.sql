-- Fjord Rør AS's published demo checkout (docs/checkouts.md), after the other seeds (config.toml
-- [db.seed]): the public page /kasse/c7000000-0000-4000-8000-000000000001 for the route checks,
-- Lighthouse and trying the flow by hand.
--
-- - «Service på varmepumpe» 1 490 kr (25 % MVA), quantity editable, 12 left; the order bump
--   «Ekstra filter» 249 kr; business fields optional; one question; recovery offered.
-- - The code FJORD10 (10 % off, every checkout of the organization).
-- Published after its products exist: publishing needs a main product (checkout-no-products).

do $$
declare
  organization constant uuid := 'b0000000-0000-4000-8000-000000000001';
  ola constant uuid := 'a0000000-0000-4000-8000-000000000011';
  checkout constant uuid := 'c7000000-0000-4000-8000-000000000001';
  service constant uuid := 'c7000000-0000-4000-8000-0000000000a1';
  filter constant uuid := 'c7000000-0000-4000-8000-0000000000a2';
begin
  insert into public.campaigns (id, organization_id, kind, name, consent_text, marketing_consent_text, rules_text,
    reminders_enabled, design, created_by)
  values (checkout, organization, 'checkout', 'Service på varmepumpe',
    'Jeg har lest og godtar kjøpsvilkårene og angreretten.',
    'Ja takk, send meg tips og tilbud fra Fjord Rør AS på e-post.',
    E'Kjøpsvilkår for Fjord Rør AS\n\nServicen utføres innen 14 dager etter bestilling. Du har 14 dagers angrerett fra kjøpet. Ta kontakt på post@fjordror.no for å bruke angreretten.',
    true, '{"primary_color": "#0b5cad"}', ola);
  insert into public.checkouts (id, organization_id, business_fields, bump_heading, bump_text, custom_fields,
    thank_you_heading, thank_you_text)
  values (checkout, organization, 'optional', 'Ja, legg til et ekstra filter',
    'Et ekstra filter til neste sesong, levert sammen med servicen.',
    '[{"id": "model", "label": "Modell på varmepumpen", "type": "text", "required": false}]',
    'Takk for bestillingen!', 'Vi ringer deg innen to virkedager for å avtale tidspunkt.');
  insert into public.products (id, organization_id, name, description, price_ore, vat_rate, stock, max_per_order)
  values
    (service, organization, 'Service på varmepumpe', 'Rens, kontroll og justering av én varmepumpe.', 149000, 25, 12, 5),
    (filter, organization, 'Ekstra filter', 'Støvfilter som passer de fleste modeller.', 24900, 25, null, 1);
  insert into public.checkout_products (checkout_id, product_id, organization_id, role, position, quantity_editable)
  values
    (checkout, service, organization, 'main', 0, true),
    (checkout, filter, organization, 'bump', 0, false);
  insert into public.coupons (organization_id, code, percent_off)
  values (organization, 'FJORD10', 10);
  update public.campaigns set published_at = now() - interval '1 day' where id = checkout;
end;
$$;
