-- Demo lifetime value of Fjord Rør AS (docs/lifetime-value.md «Demo data»), after the other seeds
-- (config.toml [db.seed]): a year of customers from every source, so /lifetimevalue shows real
-- differences at once. Generated, not listed, so `npm start` stays quick.
--
--   source       customers  typical purchase (incl. MVA)  how it is recorded
--   popup        64         390 kr, rarely again          revenue entries by hand
--   form         30         2 400 kr, a third again       revenue entries by hand
--   calendar     24         890 kr                        revenue entries by hand
--   competition  4          1 200 kr                      by hand: the deliberately thin source
--   checkout     26         1 490 kr (Rørsjekk hjemme)    orders (participant → lead)
--   booking      28         990 kr befaring, half again   orders without a checkout, as paid bookings
--   import       22         3 100 kr                      the import «regnskap-2026.xlsx»
--   manual       14         1 800 kr                      revenue entries by hand
--   marketplace  22         14 500 kr, a bathroom job     leads bought from Vestland Tak, by hand
--
-- Leads 1d000000-0000-4000-8000-000000000NNN (the bought ones owned by Vestland Tak), listings
-- 1a000000-…, purchases 1b000000-…, the import 1e000000-0000-4000-8000-000000000001. E-mail addresses use
-- example.no and phone numbers the 4000 0xxx range, as seed.sql.

do $$
declare
  organization constant uuid := 'b0000000-0000-4000-8000-000000000001';
  seller constant uuid := 'b0000000-0000-4000-8000-000000000003';
  leadtorget constant uuid := 'c0000000-0000-4000-8000-000000000001';
  ola constant uuid := 'a0000000-0000-4000-8000-000000000011';
  demo_import constant uuid := '1e000000-0000-4000-8000-000000000001';
  first_number integer := coalesce(
    (select n.last_number from private.order_numbers as n where n.organization_id = organization), 1000);
begin
  create temporary table ltv_demo on commit drop as
  with profiles (source, customers, base_ore, repeat_every) as (
    values ('popup', 64, 39000, 9), ('form', 30, 240000, 3), ('calendar', 24, 89000, 4),
      ('competition', 4, 120000, 2), ('checkout', 26, 149000, 3), ('booking', 28, 99000, 2),
      ('import', 22, 310000, 3), ('manual', 14, 180000, 2), ('marketplace', 22, 1450000, 2)
  ),
  customers as (
    select (row_number() over (order by p.source, k))::integer as n, p.*, k,
      -- First purchases spread over the past year, the oldest first.
      current_date - (350 - k * 340 / p.customers) as first_day
    from profiles as p
    cross join generate_series(1, p.customers) as k
  )
  select c.*,
    format('1d000000-0000-4000-8000-%s', lpad(c.n::text, 12, '0'))::uuid as lead_id,
    (array['Anne', 'Bård', 'Cecilie', 'Espen', 'Frida', 'Geir', 'Hilde', 'Ivar', 'Jorunn', 'Knut', 'Live', 'Magnus'])[1 + c.n % 12]
      || ' ' || (array['Berg', 'Hansen', 'Johansen', 'Larsen', 'Olsen', 'Solberg', 'Strand', 'Dahl', 'Moen'])[1 + c.n % 9] as name,
    -- 1, 2 or 3 purchases: every repeat_every-th customer comes back, every third of those twice.
    1 + (c.k % c.repeat_every = 0)::integer + (c.k % (c.repeat_every * 3) = 0)::integer as purchases
  from customers as c;

  create temporary table ltv_demo_purchases on commit drop as
  select d.lead_id, d.source, d.n, j,
    d.first_day + j * (45 + d.n % 60) as day,
    -- 80–120 % of the typical purchase, whole kroner; a marketplace job's follow-ups are smaller.
    (round(d.base_ore * (0.8 + (d.n * 7 % 5) * 0.1) / case when d.source = 'marketplace' and j > 0 then 4 else 1 end / 100)
      * 100)::bigint as amount_ore
  from ltv_demo as d
  cross join generate_series(0, d.purchases - 1) as j
  where d.first_day + j * (45 + d.n % 60) <= current_date;

  -- The leads: Fjord Rør's own (the campaign of the source's kind as first touch), and Vestland Tak's
  -- that Fjord Rør bought.
  insert into public.leads (id, organization_id, source, campaign_id, name, email, phone, category, consent, created_at)
  select d.lead_id, case when d.source = 'marketplace' then seller else organization end,
    case when d.source = 'marketplace' then 'form' else d.source end,
    case when d.source = 'checkout' then 'cf100000-0000-4000-8000-000000000010'::uuid
      when d.source in ('popup', 'form', 'calendar', 'competition') then (
        select c.id from public.campaigns as c
        where c.organization_id = organization and c.kind = d.source order by c.created_at, c.id limit 1) end,
    d.name, format('ltv-kunde%s@example.no', d.n), '+4740000' || lpad((d.n % 1000)::text, 3, '0'),
    case when d.source = 'marketplace' then (array['Bad', 'Rørlegger'])[1 + d.n % 2] end, true,
    (d.first_day - case when d.source = 'marketplace' then 30 else 5 + d.n % 20 end) + time '10:00'
  from ltv_demo as d;

  insert into public.advertised_leads (id, lead_id, marketplace_id, organization_id, title, category, area,
    price_tickets, max_buyers, buyers_count, status, expires_at, created_at, updated_at, notified_at)
  select format('1a000000-0000-4000-8000-%s', lpad(d.n::text, 12, '0'))::uuid, d.lead_id, leadtorget, seller,
    (array['Nytt bad', 'Bytte av varmtvannsbereder'])[1 + d.n % 2], (array['Bad', 'Rørlegger'])[1 + d.n % 2],
    'Vestland', 1 + d.n % 2, 1, 1, 'sold_out', d.first_day + 20, d.first_day - 24, d.first_day - 14, d.first_day - 24
  from ltv_demo as d
  where d.source = 'marketplace';

  insert into public.leads_purchases (id, lead_id, advertised_lead_id, organization_id, paid_with, price_tickets,
    created_by, created_at, completed_at)
  select format('1b000000-0000-4000-8000-%s', lpad(d.n::text, 12, '0'))::uuid, d.lead_id,
    format('1a000000-0000-4000-8000-%s', lpad(d.n::text, 12, '0'))::uuid, organization, 'tickets', 1 + d.n % 2, ola,
    (d.first_day - 14) + time '09:00', (d.first_day - 14) + time '09:00'
  from ltv_demo as d
  where d.source = 'marketplace';

  -- Orders (checkout and booking customers): a participant per person, a one-line paid order per purchase.
  insert into public.participants (organization_id, email, name, lead_id, created_at)
  select organization, format('ltv-kunde%s@example.no', d.n), d.name, d.lead_id, d.first_day - (5 + d.n % 20)
  from ltv_demo as d
  where d.source in ('checkout', 'booking');

  insert into public.orders (id, organization_id, number, participant_id, status, buyer, subtotal_ore, total_ore,
    idempotency_key, access_token_sha256, expires_at, paid_at, created_at)
  select gen_random_uuid(), organization, first_number + row_number() over (order by p.day, p.n, p.j), pa.id, 'paid',
    jsonb_build_object('name', pa.name), p.amount_ore, p.amount_ore, format('demo-ltv:%s:%s', p.n, p.j),
    encode(sha256(convert_to(format('demo-ltv:%s:%s', p.n, p.j), 'UTF8')), 'hex'),
    (p.day + time '12:00') at time zone 'Europe/Oslo', (p.day + time '12:00') at time zone 'Europe/Oslo',
    (p.day + time '11:55') at time zone 'Europe/Oslo'
  from ltv_demo_purchases as p
  join public.participants as pa on pa.organization_id = organization and pa.lead_id = p.lead_id
  where p.source in ('checkout', 'booking');

  insert into public.order_items (order_id, organization_id, description, quantity, unit_price_ore, vat_rate)
  select o.id, organization,
    case when d.source = 'checkout' and o.idempotency_key = format('demo-ltv:%s:0', d.n)
      then 'Rørsjekk hjemme' else 'Befaring og service' end,
    1, o.total_ore, 25
  from public.orders as o
  join public.participants as pa on pa.id = o.participant_id
  join ltv_demo as d on d.lead_id = pa.lead_id
  where o.organization_id = organization and o.idempotency_key like 'demo-ltv:%';

  insert into private.order_numbers (organization_id, last_number)
  values (organization, first_number + (select count(*) from public.orders as o
                                        where o.organization_id = organization and o.idempotency_key like 'demo-ltv:%'))
  on conflict (organization_id) do update set last_number = excluded.last_number;

  -- The import from the accounts, and revenue recorded by hand on the others (the bought leads too).
  insert into public.revenue_imports (id, organization_id, file_name, row_count, matched_count, created_by, created_at)
  select demo_import, organization, 'regnskap-2026.xlsx', count(*), count(*), ola, now() - interval '20 days'
  from ltv_demo_purchases as p
  where p.source = 'import';

  insert into public.revenue_entries (organization_id, import_id, lead_id, occurred_on, amount_ore, vat_rate, kind, note,
    created_by, created_at)
  select organization, case when p.source = 'import' then demo_import end, p.lead_id, p.day, p.amount_ore, 25,
    case when p.source = 'import' then 'import' else 'manual' end,
    case when p.source = 'import' then null when p.source = 'marketplace' and p.j = 0 then 'Baderom, fast pris'
      else 'Faktura' end,
    ola, case when p.source = 'import' then now() - interval '20 days' else (p.day + time '15:00') at time zone 'Europe/Oslo' end
  from ltv_demo_purchases as p
  where p.source not in ('checkout', 'booking');
end;
$$;
