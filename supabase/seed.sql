-- Demo data for local development: run by `npm run db:reset` / `npm start` on the embedded
-- database and by `supabase db reset`, after the migrations, as postgres (so RLS does not apply).
--
-- Every account's password is Demo-passord-1! (README.md "Demo accounts" lists them). Ids are fixed so
-- tests and docs can refer to them:
--   users          a0000000-0000-4000-8000-0000000000NN
--   organizations  b0000000-0000-4000-8000-00000000000N
--   marketplaces   c0000000-0000-4000-8000-00000000000N
--   leads          d0000000-0000-4000-8000-000000000NNN (1–200)
--   listings       e0000000-0000-4000-8000-000000000NNN (the lead's number)
--   purchases      f0000000-0000-4000-8000-00000000000N
--
-- Lead contact details are invented; e-mail addresses use example.no and phone numbers the 4000 0xxx
-- range, so nothing reaches a real person.

-- ============================================================================================
-- Accounts (auth.users + auth.identities, as GoTrue stores an e-mail sign-up)
-- ============================================================================================

with demo (id, email, name, confirmed, claims_admin) as (
  values
    ('a0000000-0000-4000-8000-000000000001'::uuid, 'marte@leadtorget.no', 'Marte Markedsdal', true, false),
    ('a0000000-0000-4000-8000-000000000002'::uuid, 'stotte@leadtorget.no', 'Sindre Støtte', true, true),
    ('a0000000-0000-4000-8000-000000000011'::uuid, 'ola@fjordror.no', 'Ola Nordmann', true, false),
    ('a0000000-0000-4000-8000-000000000012'::uuid, 'kari@fjordror.no', 'Kari Hansen', true, false),
    ('a0000000-0000-4000-8000-000000000013'::uuid, 'per@fjordror.no', 'Per Olsen', true, false),
    ('a0000000-0000-4000-8000-000000000021'::uuid, 'ingrid@nordlyselektro.no', 'Ingrid Johansen', true, false),
    ('a0000000-0000-4000-8000-000000000022'::uuid, 'lars@nordlyselektro.no', 'Lars Berg', true, false),
    ('a0000000-0000-4000-8000-000000000031'::uuid, 'siri@vestlandtak.no', 'Siri Haugland', true, false),
    ('a0000000-0000-4000-8000-000000000032'::uuid, 'jonas@vestlandtak.no', 'Jonas Vik', true, false),
    ('a0000000-0000-4000-8000-000000000041'::uuid, 'nora@example.no', 'Nora Nygård', true, false),
    ('a0000000-0000-4000-8000-000000000042'::uuid, 'ubekreftet@example.no', 'Ulrik Bekk', false, false)
)
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
  confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at
)
select
  '00000000-0000-0000-0000-000000000000',
  id,
  'authenticated',
  'authenticated',
  email,
  extensions.crypt('Demo-passord-1!', extensions.gen_salt('bf')),
  case when confirmed then now() - interval '30 days' end,
  now() - interval '30 days',
  '', '', '', '', '',
  jsonb_build_object('provider', 'email', 'providers', jsonb_build_array('email'))
    || case when claims_admin then jsonb_build_object('claims_admin', true) else '{}'::jsonb end,
  jsonb_build_object('name', name, 'email_verified', confirmed),
  now() - interval '30 days',
  now() - interval '30 days',
  case when confirmed then now() - interval '1 day' end
from demo;

insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select
  u.id,
  u.id::text,
  u.id,
  jsonb_build_object(
    'sub', u.id::text,
    'email', u.email,
    'email_verified', u.email_confirmed_at is not null,
    'phone_verified', false
  ),
  'email',
  u.last_sign_in_at,
  u.created_at,
  u.updated_at
from auth.users as u
where u.id::text like 'a0000000-0000-4000-8000-%';

-- Every account but the unconfirmed one has a profile and settings (the app creates them on first use).
insert into public.profiles (id, name)
select u.id, u.raw_user_meta_data ->> 'name'
from auth.users as u
where u.id::text like 'a0000000-0000-4000-8000-%'
  and u.email_confirmed_at is not null;

insert into public.users_configs (id)
select p.id from public.profiles as p where p.id::text like 'a0000000-0000-4000-8000-%';

-- ============================================================================================
-- Organizations (the insert triggers add the owner member, a zero balance and payment settings)
-- ============================================================================================

insert into public.organizations (id, name, owner_id, organization_number, contact_email, created_at)
values
  ('b0000000-0000-4000-8000-000000000001', 'Fjord Rør AS', 'a0000000-0000-4000-8000-000000000011',
   '915226485', 'post@fjordror.no', now() - interval '29 days'),
  ('b0000000-0000-4000-8000-000000000002', 'Nordlys Elektro AS', 'a0000000-0000-4000-8000-000000000021',
   '926431056', 'post@nordlyselektro.no', now() - interval '28 days'),
  ('b0000000-0000-4000-8000-000000000003', 'Vestland Tak AS', 'a0000000-0000-4000-8000-000000000031',
   '918002448', 'post@vestlandtak.no', now() - interval '27 days');

-- Fjord Rør's postal address and registrations (the seller block of its receipts when it sells).
update public.organizations
set street_address = 'Strandkaien 12', postal_code = '5013', city = 'Bergen', vat_registered = true
where id = 'b0000000-0000-4000-8000-000000000001';
update public.organizations set foretaksregisteret = true where name ~* '\m(as|asa)$';

-- Fjord Rør's brand colours, as its own website (the popups' demo page) wears them.
update public.organizations
set brand_accent = '#0b5cad', brand_background = '#f6f4ef', brand_text = '#1f2a30'
where id = 'b0000000-0000-4000-8000-000000000001';

insert into public.organizations_members (organization_id, member_id, role)
values
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000012', 'admin'),
  ('b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000013', 'member'),
  ('b0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000022', 'member'),
  ('b0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000032', 'admin');

update public.users_configs as c
set last_organization_selected_id = m.organization_id
from public.organizations_members as m
where m.member_id = c.id;

-- Fjord Rør and Vestland Tak pay by card (a Stripe test customer) and get receipts; Nordlys Elektro is
-- on demand without a card yet.
update public.organizations_payments_config
set stripe_customer_id = 'cus_demoFjordRor01', receipt_emails = array['regnskap@fjordror.no']
where id = 'b0000000-0000-4000-8000-000000000001';
update public.organizations_payments_config
set stripe_customer_id = 'cus_demoVestlandTak01', receipt_emails = array['siri@vestlandtak.no']
where id = 'b0000000-0000-4000-8000-000000000003';

insert into public.organizations_leads_config (id, send_to_email, recipients, events, default_price_tickets)
values
  ('b0000000-0000-4000-8000-000000000001', true, array['ola@fjordror.no', 'kari@fjordror.no'],
   array['new_lead', 'lead_bought', 'listing_sold'], 1),
  ('b0000000-0000-4000-8000-000000000002', false, '{}', array['new_lead'], null),
  ('b0000000-0000-4000-8000-000000000003', true, array['siri@vestlandtak.no'], array['lead_bought', 'listing_sold'], 2);

-- Tickets and credits, through the one writer of balances (it writes the ledger rows too).
select private.change_balance('b0000000-0000-4000-8000-000000000001', 25, 0, 'tickets_purchase', 250000, 'Demo: 25 klipp');
select private.change_balance('b0000000-0000-4000-8000-000000000001', 0, 500, 'credits_purchase', 50000, 'Demo: 500 kreditter');
select private.change_balance('b0000000-0000-4000-8000-000000000003', 10, 0, 'tickets_purchase', 100000, 'Demo: 10 klipp');
select private.change_balance('b0000000-0000-4000-8000-000000000003', 0, 400, 'credits_purchase', 40000, 'Demo: 400 kreditter');

-- ============================================================================================
-- Marketplaces
-- ============================================================================================

insert into public.marketplaces (
  id, owner_id, name, branding, default_price_tickets, default_price_credits, default_price_ore, created_at
)
values
  ('c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'Leadtorget',
   '{"primaryColor": "#0f5c8c", "tagline": "Kjøp og selg leads fra hele Norge"}', 1, 100, 9900,
   now() - interval '30 days'),
  ('c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'Partnerportalen',
   '{"primaryColor": "#2f7d4f", "tagline": "Leads for partnere på Vestlandet"}', 2, 150, 14900,
   now() - interval '30 days');

insert into public.marketplaces_urls (url, marketplace_id)
values
  ('localhost', 'c0000000-0000-4000-8000-000000000001'),
  ('partner.localhost', 'c0000000-0000-4000-8000-000000000002');

insert into public.marketplaces_organizations (marketplace_id, organization_id)
values
  ('c0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001'),
  ('c0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002'),
  ('c0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000003'),
  ('c0000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001'),
  ('c0000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000003');

insert into public.organizations_marketplaces_configs (organization_id, marketplace_id, plan, tickets_per_month)
values
  ('b0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 'tickets', 20),
  ('b0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000001', 'on_demand', null),
  ('b0000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000001', 'tickets', 10),
  ('b0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002', 'tickets', 5),
  ('b0000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000002', 'on_demand', null);

-- ============================================================================================
-- 200 leads: lead n belongs to Fjord Rør (n % 3 = 1), Nordlys Elektro (n % 3 = 2) or Vestland Tak
-- (n % 3 = 0), newest first by n
-- ============================================================================================

with
  first_names (i, name) as (
    select ordinality, name from unnest(array[
      'Anne', 'Bjørn', 'Camilla', 'Dag', 'Eva', 'Frode', 'Guro', 'Håkon', 'Ida', 'Jan', 'Kristin', 'Leif',
      'Mona', 'Nils', 'Oddny', 'Petter', 'Randi', 'Stian', 'Tone', 'Vegard', 'Åse', 'Øystein', 'Hilde',
      'Magnus'
    ]) with ordinality as t (name, ordinality)
  ),
  last_names (i, name) as (
    select ordinality, name from unnest(array[
      'Hansen', 'Johansen', 'Olsen', 'Larsen', 'Andersen', 'Pedersen', 'Nilsen', 'Kristiansen', 'Jensen',
      'Karlsen', 'Johnsen', 'Pettersen', 'Eriksen', 'Berg', 'Haugen', 'Hagen', 'Johannessen', 'Andreassen',
      'Jacobsen', 'Dahl', 'Jørgensen', 'Halvorsen', 'Lie', 'Solberg'
    ]) with ordinality as t (name, ordinality)
  ),
  places (i, postal_code, city, area) as (
    values
      (1, '0150', 'Oslo', 'Oslo'),
      (2, '0468', 'Oslo', 'Oslo'),
      (3, '1337', 'Sandvika', 'Akershus'),
      (4, '1400', 'Ski', 'Akershus'),
      (5, '2000', 'Lillestrøm', 'Akershus'),
      (6, '3015', 'Drammen', 'Buskerud'),
      (7, '3510', 'Hønefoss', 'Buskerud'),
      (8, '4006', 'Stavanger', 'Rogaland'),
      (9, '4310', 'Hommersåk', 'Rogaland'),
      (10, '5003', 'Bergen', 'Vestland'),
      (11, '5221', 'Nesttun', 'Vestland'),
      (12, '5411', 'Stord', 'Vestland'),
      (13, '6002', 'Ålesund', 'Møre og Romsdal'),
      (14, '6413', 'Molde', 'Møre og Romsdal'),
      (15, '7010', 'Trondheim', 'Trøndelag'),
      (16, '7500', 'Stjørdal', 'Trøndelag'),
      (17, '8006', 'Bodø', 'Nordland'),
      (18, '9008', 'Tromsø', 'Troms'),
      (19, '4610', 'Kristiansand', 'Agder'),
      (20, '3117', 'Tønsberg', 'Vestfold')
  ),
  categories (category_org, i, category, note) as (
    values
      (1, 1, 'Rørlegger', 'Trenger nytt bad, ca. 6 kvm. Ønsker befaring.'),
      (1, 2, 'Rørlegger', 'Lekkasje under kjøkkenbenken, haster.'),
      (1, 3, 'Varmepumpe', 'Vil bytte fra oljefyr til luft-til-vann varmepumpe.'),
      (1, 4, 'Rørlegger', 'Skifte varmtvannsbereder, 200 liter.'),
      (2, 1, 'Elektriker', 'Ny sikringsskap og jordfeilbrytere i enebolig fra 1978.'),
      (2, 2, 'Elbillader', 'Ladeboks i garasjen, 22 kW.'),
      (2, 3, 'Solceller', 'Tilbud på solcelleanlegg, sørvendt tak på 60 kvm.'),
      (2, 4, 'Elektriker', 'Varmekabler i bad og gang.'),
      (3, 1, 'Taktekking', 'Omtekking av saltak, ca. 140 kvm, dagens tak er betong.'),
      (3, 2, 'Takrenner', 'Nye takrenner og nedløp rundt hele huset.'),
      (3, 3, 'Taktekking', 'Lekkasje ved pipe etter storm.'),
      (3, 4, 'Etterisolering', 'Etterisolering av loft og nytt undertak.')
  ),
  numbered as (
    select
      n,
      case n % 3 when 1 then 1 when 2 then 2 else 3 end as org,
      1 + (n * 7) % 24 as first_i,
      1 + (n * 11) % 24 as last_i,
      1 + (n * 3) % 20 as place_i,
      1 + (n / 3) % 4 as category_i
    from generate_series(1, 200) as n
  )
insert into public.leads (
  id, organization_id, source, status, name, email, phone, postal_code, city, company, category, area, notes,
  consent, created_at, updated_at
)
select
  format('d0000000-0000-4000-8000-%s', lpad(n::text, 12, '0'))::uuid,
  format('b0000000-0000-4000-8000-%s', lpad(org::text, 12, '0'))::uuid,
  (array['form', 'form', 'manual', 'import', 'popup', 'calendar', 'competition', 'booking'])[1 + n % 8]::public.lead_source,
  (array['new', 'new', 'new', 'contacted', 'quoted', 'won', 'lost'])[1 + n % 7]::public.lead_status,
  f.name || ' ' || l.name,
  lower(translate(f.name || '.' || l.name, 'æøåÆØÅ', 'aoaAOA')) || n || '@example.no',
  '+47 4000 ' || lpad((1000 + n)::text, 4, '0'),
  p.postal_code,
  p.city,
  case when n % 10 = 0 then l.name || ' Eiendom AS' end,
  c.category,
  p.area,
  c.note,
  n % 4 <> 0,
  now() - make_interval(hours => n * 9),
  now() - make_interval(hours => n * 9)
from numbered
join first_names as f on f.i = first_i
join last_names as l on l.i = last_i
join places as p on p.i = place_i
join categories as c on c.category_org = numbered.org and c.i = category_i;

-- ============================================================================================
-- 40 listings (every fifth lead) on Leadtorget, and on Partnerportalen for sellers that belong to it
-- ============================================================================================

-- A lead without consent to be shared is listed with its owner's confirmation
-- (20261124110200_listing_consent.sql): every fourth lead has none.
insert into public.advertised_leads (
  id, lead_id, marketplace_id, organization_id, title, description, category, area, price_tickets,
  price_credits, price_ore, max_buyers, status, expires_at, created_at, updated_at, consent_confirmed_at,
  consent_confirmed_by
)
select
  format('e0000000-0000-4000-8000-%s', lpad(substr(l.id::text, 25)::integer::text, 12, '0'))::uuid,
  l.id,
  case
    when substr(l.id::text, 25)::integer % 20 = 0 and l.organization_id <> 'b0000000-0000-4000-8000-000000000002'
      then 'c0000000-0000-4000-8000-000000000002'::uuid
    else 'c0000000-0000-4000-8000-000000000001'::uuid
  end,
  l.organization_id,
  l.category || ' i ' || l.city,
  l.notes,
  l.category,
  l.area,
  1 + substr(l.id::text, 25)::integer % 3,
  100 + 50 * (substr(l.id::text, 25)::integer % 3),
  9900 + 5000 * (substr(l.id::text, 25)::integer % 3),
  case when substr(l.id::text, 25)::integer % 15 = 0 then 3 else 1 end,
  case when substr(l.id::text, 25)::integer % 35 = 0 then 'paused' else 'active' end,
  l.created_at + interval '30 days',
  l.created_at + interval '1 hour',
  l.created_at + interval '1 hour',
  case when not l.consent then l.created_at + interval '1 hour' end,
  case when not l.consent then o.owner_id end
from public.leads as l
join public.organizations as o on o.id = l.organization_id
where l.id::text like 'd0000000-0000-4000-8000-%'
  and substr(l.id::text, 25)::integer % 5 = 0;

-- ============================================================================================
-- Three purchases: Fjord Rør buys two listings with tickets, Vestland Tak one with credits
-- ============================================================================================

insert into public.leads_purchases (
  id, lead_id, advertised_lead_id, organization_id, paid_with, price_tickets, price_credits, amount_ore,
  created_by, created_at
)
select
  p.id, a.lead_id, a.id, p.buyer, p.paid_with,
  case when p.paid_with = 'tickets' then a.price_tickets else 0 end,
  case when p.paid_with = 'credits' then a.price_credits else 0 end,
  0, p.created_by, now() - interval '2 days'
from (
  values
    ('f0000000-0000-4000-8000-000000000001'::uuid, 'e0000000-0000-4000-8000-000000000010'::uuid,
     'b0000000-0000-4000-8000-000000000001'::uuid, 'tickets', 'a0000000-0000-4000-8000-000000000013'::uuid),
    ('f0000000-0000-4000-8000-000000000002'::uuid, 'e0000000-0000-4000-8000-000000000030'::uuid,
     'b0000000-0000-4000-8000-000000000001'::uuid, 'tickets', 'a0000000-0000-4000-8000-000000000011'::uuid),
    ('f0000000-0000-4000-8000-000000000003'::uuid, 'e0000000-0000-4000-8000-000000000020'::uuid,
     'b0000000-0000-4000-8000-000000000003'::uuid, 'credits', 'a0000000-0000-4000-8000-000000000031'::uuid)
) as p (id, listing_id, buyer, paid_with, created_by)
join public.advertised_leads as a on a.id = p.listing_id;

update public.advertised_leads as a
set buyers_count = bought.count,
    status = case when bought.count >= a.max_buyers then 'sold_out' else a.status end
from (
  select advertised_lead_id, count(*)::integer as count
  from public.leads_purchases
  group by advertised_lead_id
) as bought
where bought.advertised_lead_id = a.id;

select private.change_balance(p.organization_id, -p.price_tickets, -p.price_credits, 'lead_purchase', 0,
                              'Demo: kjøp av lead ' || p.lead_id)
from public.leads_purchases as p
where p.id::text like 'f0000000-0000-4000-8000-%'
order by p.id;

-- ============================================================================================
-- Ticket packs and saved cards (20261122100700_marketplace_onboarding.sql)
-- ============================================================================================

-- Prices without VAT (20261124130000_plans_and_prices.sql): a pack costs less per lead than on demand.
-- Leadtorget (99 kr on demand, 1 klipp or 100 kreditter a lead): 89, 80 and 70 kr a lead with klipp.
-- Partnerportalen (149 kr, 2 klipp or 150 kreditter a lead): 140 and 130 kr a lead.
insert into public.marketplaces_ticket_packs (marketplace_id, tickets, price_ore, sort_order)
values
  ('c0000000-0000-4000-8000-000000000001', 10, 89000, 1),
  ('c0000000-0000-4000-8000-000000000001', 25, 200000, 2),
  ('c0000000-0000-4000-8000-000000000001', 50, 350000, 3),
  ('c0000000-0000-4000-8000-000000000002', 10, 70000, 1),
  ('c0000000-0000-4000-8000-000000000002', 20, 130000, 2);

-- Credit packs (20261122101300_card_payments.sql).
insert into public.marketplaces_credit_packs (marketplace_id, credits, price_ore, sort_order)
values
  ('c0000000-0000-4000-8000-000000000001', 100, 9500, 1),
  ('c0000000-0000-4000-8000-000000000001', 250, 22500, 2),
  ('c0000000-0000-4000-8000-000000000001', 500, 40000, 3),
  ('c0000000-0000-4000-8000-000000000002', 300, 28000, 1),
  ('c0000000-0000-4000-8000-000000000002', 750, 65000, 2);

-- Fjord Rør and Vestland Tak pay by card (above): their saved test cards. Nordlys Elektro has none, so
-- its on_demand plan sends it to /payments/setup (guard rule 9).
update public.organizations_payments_config
set payment_method_id = 'pm_demoFjordRor01', card_brand = 'visa', card_last4 = '4242', card_exp_month = 12,
    card_exp_year = 2030
where id = 'b0000000-0000-4000-8000-000000000001';
update public.organizations_payments_config
set payment_method_id = 'pm_demoVestlandTak01', card_brand = 'mastercard', card_last4 = '4444',
    card_exp_month = 6, card_exp_year = 2029
where id = 'b0000000-0000-4000-8000-000000000003';

-- ============================================================================================
-- Booking solutions (20261130100000_booking_solutions.sql, docs/booking.md)
-- ============================================================================================

-- Fjord Rør's published booking page «Bestill befaring»: a free site visit (1 hour, 30 minutes' drive
-- after, a day's notice) by Kari and Per, and a heat pump service (1.5 hours, 1 490 kr paid on site,
-- at most 4 a day) by Per; both work Monday–Friday, Per with a lunch break. Holidays close it. Ids:
-- cc000000-0000-4000-8000-00000000000N (solution 01, services 1N, staff 2N).
insert into public.campaigns (id, organization_id, kind, name, consent_text, published_at, created_by)
values ('cc000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001', 'booking',
  'Bestill befaring', 'Jeg godtar at Fjord Rør AS bruker opplysningene mine til å behandle bestillingen.',
  now() - interval '7 days', 'a0000000-0000-4000-8000-000000000011');
insert into public.booking_solutions (id, organization_id)
values ('cc000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001');

insert into public.booking_services (id, solution_id, organization_id, name, description, duration_minutes, price_ore,
  payment, buffer_before_minutes, buffer_after_minutes, minimum_notice_minutes, booking_window_days, daily_limit, position)
values
  ('cc000000-0000-4000-8000-000000000011', 'cc000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001',
   'Befaring', 'Vi ser på jobben hjemme hos deg og gir et fast pristilbud.', 60, null, 'on_site', 0, 30, 1440, 30, null, 0),
  ('cc000000-0000-4000-8000-000000000012', 'cc000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001',
   'Service på varmepumpe', 'Rens av filtre og innedel, kontroll av trykk og drift.', 90, 149000, 'on_site', 15, 15, 1440,
   60, 4, 1);

insert into public.booking_staff (id, solution_id, organization_id, name, member_id, email, position)
values
  ('cc000000-0000-4000-8000-000000000021', 'cc000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001',
   'Kari Hansen', 'a0000000-0000-4000-8000-000000000012', 'kari@fjordror.no', 0),
  ('cc000000-0000-4000-8000-000000000022', 'cc000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001',
   'Per Olsen', 'a0000000-0000-4000-8000-000000000013', 'per@fjordror.no', 1);

insert into public.booking_staff_services (staff_id, service_id, solution_id, organization_id)
values
  ('cc000000-0000-4000-8000-000000000021', 'cc000000-0000-4000-8000-000000000011', 'cc000000-0000-4000-8000-000000000001',
   'b0000000-0000-4000-8000-000000000001'),
  ('cc000000-0000-4000-8000-000000000022', 'cc000000-0000-4000-8000-000000000011', 'cc000000-0000-4000-8000-000000000001',
   'b0000000-0000-4000-8000-000000000001'),
  ('cc000000-0000-4000-8000-000000000022', 'cc000000-0000-4000-8000-000000000012', 'cc000000-0000-4000-8000-000000000001',
   'b0000000-0000-4000-8000-000000000001');

insert into public.booking_availability (staff_id, solution_id, organization_id, weekday, starts_at, ends_at)
select s.staff_id, 'cc000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001', d, s.starts_at, s.ends_at
from generate_series(1, 5) as d,
  (values
    ('cc000000-0000-4000-8000-000000000021'::uuid, '08:00'::time, '15:30'::time),
    ('cc000000-0000-4000-8000-000000000022'::uuid, '07:30'::time, '11:30'::time),
    ('cc000000-0000-4000-8000-000000000022'::uuid, '12:00'::time, '15:30'::time)
  ) as s (staff_id, starts_at, ends_at);

-- Bookings over five weeks around today (three back, two ahead), so the dashboard has figures: Kari's
-- befaring at 09:00 every weekday, Per's heat pump service at 12:30 every other weekday; in the past
-- every fifth a no-show and every seventh cancelled. Ids cc000000-…-0000000003NN; the customers are
-- eight participants of Fjord Rør (ids …-0000000002NN).
insert into public.participants (id, organization_id, email, name)
select format('cc000000-0000-4000-8000-%s', lpad(to_hex(512 + n), 12, '0'))::uuid,
  'b0000000-0000-4000-8000-000000000001', format('kunde%s@example.no', n),
  (array['Ola Nordmann', 'Kari Nordmann', 'Nils Berg', 'Ingrid Dahl', 'Lars Moe', 'Sofie Lie', 'Jonas Vik', 'Emma Aas'])[n]
from generate_series(1, 8) as n;

insert into public.bookings (id, solution_id, organization_id, service_id, staff_id, participant_id, during, blocked,
  slot_key, status, created_at, cancelled_at, manage_token_sha256)
select b.id, 'cc000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001', b.service_id, b.staff_id,
  format('cc000000-0000-4000-8000-%s', lpad(to_hex(513 + b.n % 8), 12, '0'))::uuid,
  tstzrange(b.starts, b.starts + b.duration), tstzrange(b.starts - b.before, b.starts + b.duration + b.after),
  b.id, b.status, least(now(), b.starts - make_interval(days => 1 + b.n % 9)),
  case when b.status = 'cancelled' then least(now(), b.starts - interval '1 hour') end,
  encode(sha256(convert_to('seed-booking-' || b.n, 'UTF8')), 'hex')
from (
  select format('cc000000-0000-4000-8000-%s', lpad(to_hex(768 + x.n), 12, '0'))::uuid as id, x.*,
    case when x.starts > now() then 'confirmed' when x.n % 7 = 0 then 'cancelled' when x.n % 5 = 0 then 'no_show'
      else 'confirmed' end as status
  from (
    select (row_number() over (order by d.day, v.service_id))::int as n, v.*,
      ((d.day::text || ' ' || v.at)::timestamp at time zone 'Europe/Oslo') as starts
    from generate_series(-21, 14) as o, lateral (select current_date + o as day) as d,
      (values
        ('cc000000-0000-4000-8000-000000000011'::uuid, 'cc000000-0000-4000-8000-000000000021'::uuid, '09:00',
         interval '60 minutes', interval '0 minutes', interval '30 minutes', 1),
        ('cc000000-0000-4000-8000-000000000012'::uuid, 'cc000000-0000-4000-8000-000000000022'::uuid, '12:30',
         interval '90 minutes', interval '15 minutes', interval '15 minutes', 2)
      ) as v (service_id, staff_id, at, duration, before, after, every)
    where extract(isodow from d.day) < 6 and o % v.every = 0
      -- Ahead, every other weekday only, so the public page still offers most times.
      and (d.day < current_date or extract(day from d.day)::int % 2 = 0)
  ) as x
) as b;

-- ============================================================================================
-- Meeting rooms (20261130110000_meetings.sql; docs/meetings.md)
-- ============================================================================================

-- Fjord Rør AS's two rooms, open Monday to Friday 08:00–17:00 (the default).
insert into public.meeting_rooms (id, organization_id, name, capacity, equipment, location)
values
  ('ee000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001', 'Fjorden', 8,
   '{skjerm}', '2. etasje'),
  ('ee000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001', 'Båtnaustet', 4,
   '{}', '1. etasje');

-- A finished poll of last week (answers, Fjorden booked) and its meeting with a summary and action
-- items, and an open poll for next week with a guest; times are Oslo wall clock relative to today.
do $$
declare
  organization constant uuid := 'b0000000-0000-4000-8000-000000000001';
  fjorden constant uuid := 'ee000000-0000-4000-8000-000000000001';
  baatnaustet constant uuid := 'ee000000-0000-4000-8000-000000000002';
  ola constant uuid := 'a0000000-0000-4000-8000-000000000011';
  kari constant uuid := 'a0000000-0000-4000-8000-000000000012';
  per constant uuid := 'a0000000-0000-4000-8000-000000000013';
  this_monday constant timestamp := date_trunc('week', now() at time zone 'Europe/Oslo');
  done_poll constant uuid := 'ee000000-0000-4000-8000-000000000101';
  open_poll constant uuid := 'ee000000-0000-4000-8000-000000000102';
  series constant uuid := 'ee000000-0000-4000-8000-000000000301';
  oslo_at timestamptz;
  guest uuid;
  chosen uuid := 'ee000000-0000-4000-8000-000000000111';
  booking uuid;
  meeting uuid := 'ee000000-0000-4000-8000-000000000201';
begin
  insert into public.participants (organization_id, email, name)
  values (organization, 'hanne.berg@example.no', 'Hanne Berg')
  on conflict (organization_id, email) do update set name = public.participants.name
  returning id into guest;

  -- Last week's poll: Tuesday 09:00 in Fjorden (chosen) or Wednesday 13:00 in Båtnaustet.
  insert into public.meeting_polls (id, organization_id, title, description, duration_minutes, deadline, created_by, series_id, created_at)
  values (done_poll, organization, 'Ukemøte serviceavdelingen', 'Gjennomgang av ukens oppdrag og bestillinger.', 60,
    (this_monday - interval '7 days') at time zone 'Europe/Oslo', ola, series,
    (this_monday - interval '10 days') at time zone 'Europe/Oslo');
  insert into public.meeting_poll_options (id, poll_id, organization_id, starts_at, ends_at, room_id)
  values
    (chosen, done_poll, organization, (this_monday - interval '6 days' + interval '9 hours') at time zone 'Europe/Oslo',
     (this_monday - interval '6 days' + interval '10 hours') at time zone 'Europe/Oslo', fjorden),
    ('ee000000-0000-4000-8000-000000000112', done_poll, organization,
     (this_monday - interval '5 days' + interval '13 hours') at time zone 'Europe/Oslo',
     (this_monday - interval '5 days' + interval '14 hours') at time zone 'Europe/Oslo', baatnaustet);
  insert into public.meeting_poll_invitees (id, poll_id, organization_id, member_id, participant_id)
  values
    ('ee000000-0000-4000-8000-000000000121', done_poll, organization, ola, null),
    ('ee000000-0000-4000-8000-000000000122', done_poll, organization, kari, null),
    ('ee000000-0000-4000-8000-000000000123', done_poll, organization, per, null),
    ('ee000000-0000-4000-8000-000000000124', done_poll, organization, null, guest);
  insert into public.meeting_poll_answers (poll_id, option_id, invitee_id, organization_id, answer)
  values
    (done_poll, chosen, 'ee000000-0000-4000-8000-000000000121', organization, 'yes'),
    (done_poll, chosen, 'ee000000-0000-4000-8000-000000000122', organization, 'yes'),
    (done_poll, chosen, 'ee000000-0000-4000-8000-000000000123', organization, 'if_need_be'),
    (done_poll, chosen, 'ee000000-0000-4000-8000-000000000124', organization, 'yes'),
    (done_poll, 'ee000000-0000-4000-8000-000000000112', 'ee000000-0000-4000-8000-000000000121', organization, 'if_need_be'),
    (done_poll, 'ee000000-0000-4000-8000-000000000112', 'ee000000-0000-4000-8000-000000000122', organization, 'no'),
    (done_poll, 'ee000000-0000-4000-8000-000000000112', 'ee000000-0000-4000-8000-000000000123', organization, 'yes'),
    (done_poll, 'ee000000-0000-4000-8000-000000000112', 'ee000000-0000-4000-8000-000000000124', organization, 'no');

  oslo_at := (this_monday - interval '6 days' + interval '9 hours') at time zone 'Europe/Oslo';
  insert into public.meeting_room_bookings (organization_id, room_id, during, title, booked_by, poll_id, checked_in_at)
  values (organization, fjorden, tstzrange(oslo_at, oslo_at + interval '1 hour'), 'Ukemøte serviceavdelingen', ola,
    done_poll, oslo_at - interval '5 minutes')
  returning id into booking;
  update public.meeting_polls set status = 'finalized', chosen_option_id = chosen where id = done_poll;

  insert into public.meetings (id, organization_id, title, starts_at, ends_at, room_id, booking_id, poll_id, series_id, created_by)
  values (meeting, organization, 'Ukemøte serviceavdelingen', oslo_at, oslo_at + interval '1 hour', fjorden, booking,
    done_poll, series, ola);
  insert into public.meeting_attendees (meeting_id, organization_id, member_id, participant_id, present)
  values
    (meeting, organization, ola, null, true),
    (meeting, organization, kari, null, true),
    (meeting, organization, per, null, false),
    (meeting, organization, null, guest, true);
  insert into public.meeting_summaries (meeting_id, organization_id, agenda, notes, decisions)
  values (meeting, organization,
    array['Oppdrag denne uken', 'Bestilling av deler', 'Ferieavvikling i jul'],
    'Fire befaringer er booket. Leverandøren av rørdeler har to ukers leveringstid fram til nyttår.',
    array['Deler bestilles for hele desember på én gang.', 'Kari setter opp vaktlisten for romjulen.']);
  insert into public.meeting_action_items (meeting_id, organization_id, title, owner_id, due_on, done_at)
  values
    (meeting, organization, 'Bestille rørdeler for desember', ola, (this_monday - interval '3 days')::date,
     (this_monday - interval '4 days') at time zone 'Europe/Oslo'),
    (meeting, organization, 'Sette opp vaktliste for romjulen', kari, (this_monday + interval '4 days')::date, null),
    (meeting, organization, 'Ringe kunden i Strandgata om ny befaring', per, (this_monday + interval '1 day')::date, null);

  -- Next week's poll, still open: Tuesday 10:00 in Fjorden or Thursday 14:00 without a room.
  insert into public.meeting_polls (id, organization_id, title, description, duration_minutes, deadline, created_by, series_id)
  values (open_poll, organization, 'Planlegging av vårsesongen', 'Hvilke kampanjer og tilbud kjører vi fra mars?', 90,
    (this_monday + interval '7 days' + interval '9 hours') at time zone 'Europe/Oslo', kari, null);
  insert into public.meeting_poll_options (id, poll_id, organization_id, starts_at, ends_at, room_id)
  values
    ('ee000000-0000-4000-8000-000000000131', open_poll, organization,
     (this_monday + interval '8 days' + interval '10 hours') at time zone 'Europe/Oslo',
     (this_monday + interval '8 days' + interval '11 hours 30 minutes') at time zone 'Europe/Oslo', fjorden),
    ('ee000000-0000-4000-8000-000000000132', open_poll, organization,
     (this_monday + interval '10 days' + interval '14 hours') at time zone 'Europe/Oslo',
     (this_monday + interval '10 days' + interval '15 hours 30 minutes') at time zone 'Europe/Oslo', null);
  insert into public.meeting_poll_invitees (id, poll_id, organization_id, member_id, participant_id)
  values
    ('ee000000-0000-4000-8000-000000000141', open_poll, organization, kari, null),
    ('ee000000-0000-4000-8000-000000000142', open_poll, organization, ola, null),
    ('ee000000-0000-4000-8000-000000000143', open_poll, organization, per, null),
    ('ee000000-0000-4000-8000-000000000144', open_poll, organization, null, guest);
  insert into public.meeting_poll_answers (poll_id, option_id, invitee_id, organization_id, answer)
  values
    (open_poll, 'ee000000-0000-4000-8000-000000000131', 'ee000000-0000-4000-8000-000000000141', organization, 'yes'),
    (open_poll, 'ee000000-0000-4000-8000-000000000132', 'ee000000-0000-4000-8000-000000000141', organization, 'if_need_be'),
    (open_poll, 'ee000000-0000-4000-8000-000000000131', 'ee000000-0000-4000-8000-000000000143', organization, 'no'),
    (open_poll, 'ee000000-0000-4000-8000-000000000132', 'ee000000-0000-4000-8000-000000000143', organization, 'yes');
end;
$$;
