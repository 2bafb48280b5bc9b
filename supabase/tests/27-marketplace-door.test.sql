-- The public door (20261124150000_marketplace_door.sql): a visitor (anon) gets the host's marketplace
-- and example teasers of its open listings with exactly the teaser fields — never a description, a
-- lead, a seller or a contact detail — and still reads no table behind them. A host without a
-- marketplace is pointed to the marketplaces that have one.
--
-- Cast: Alfa AS sells on Door (door.test) and on Other (other.test); mp_owner owns both.
begin;

select plan(22);

-- ---------------------------------------------------------------------------------------------------
-- Setup (as postgres)
-- ---------------------------------------------------------------------------------------------------

select tests.create_supabase_user('mp_owner');
select tests.create_supabase_user('seller');
select tests.create_supabase_user('visitor_user');

insert into public.organizations (id, name, owner_id) values
  ('aaaaaaaa-0000-4000-8000-000000000001', 'Alfa AS', tests.get_supabase_uid('seller'));

insert into public.marketplaces (id, owner_id, name, branding, default_price_tickets, default_price_ore) values
  ('11111111-1111-4111-8111-111111111111', tests.get_supabase_uid('mp_owner'), 'Door',
   '{"tagline": "Leads i hele landet", "primaryColor": "#0f5c8c", "secret": "owner only"}', 1, 9900),
  ('22222222-2222-4222-8222-222222222222', tests.get_supabase_uid('mp_owner'), 'Other',
   '{"tagline": 42, "primaryColor": "red; background: url(x)"}', 2, 14900);

insert into public.marketplaces_urls (url, marketplace_id) values
  ('door.test', '11111111-1111-4111-8111-111111111111'),
  ('other.test', '22222222-2222-4222-8222-222222222222');

insert into public.marketplaces_ticket_packs (marketplace_id, tickets, price_ore, active) values
  ('11111111-1111-4111-8111-111111111111', 10, 90000, true),
  ('11111111-1111-4111-8111-111111111111', 50, 400000, false);

insert into public.marketplaces_organizations (marketplace_id, organization_id) values
  ('11111111-1111-4111-8111-111111111111', 'aaaaaaaa-0000-4000-8000-000000000001'),
  ('22222222-2222-4222-8222-222222222222', 'aaaaaaaa-0000-4000-8000-000000000001');

insert into public.leads (id, organization_id, name, email, phone, notes, consent)
select ('d0000000-0000-4000-8000-0000000000' || lpad(n::text, 2, '0'))::uuid,
       'aaaaaaaa-0000-4000-8000-000000000001', 'Kari Kunde ' || n, 'kari' || n || '@kunde.example',
       '+4791234' || lpad(n::text, 3, '0'), 'hemmelig notat ' || n, true
from generate_series(1, 12) as n;

-- 01–08 open on Door (the newest six are shown), 09 paused, 10 withdrawn, 11 expired, 12 on Other.
insert into public.advertised_leads (
  lead_id, marketplace_id, organization_id, title, description, category, area, price_tickets, price_ore,
  max_buyers, status, expires_at, created_at
)
select ('d0000000-0000-4000-8000-0000000000' || lpad(n::text, 2, '0'))::uuid,
       case when n = 12 then '22222222-2222-4222-8222-222222222222'::uuid
            else '11111111-1111-4111-8111-111111111111'::uuid end,
       'aaaaaaaa-0000-4000-8000-000000000001',
       'Rørlegger i Bergen ' || n, 'hemmelig beskrivelse ' || n, 'Rørlegger', 'Vestland', 1, 9900,
       case when n = 2 then 3 else 1 end,
       case n when 9 then 'paused' when 10 then 'withdrawn' else 'active' end,
       now() + interval '10 days',
       now() - make_interval(mins => n)
from generate_series(1, 12) as n;

update public.advertised_leads set expires_at = now() - interval '1 minute'
where lead_id = 'd0000000-0000-4000-8000-000000000011';

-- ---------------------------------------------------------------------------------------------------
-- As a visitor
-- ---------------------------------------------------------------------------------------------------

select tests.clear_authentication();

select ok(has_function_privilege('anon', 'public.marketplace_door(text)', 'execute'), 'anon may call the door');

create temporary table door on commit drop as select public.marketplace_door('Door.Test ') as answer;
grant select on door to anon;

select set_eq(
  $$select jsonb_object_keys(answer) from door$$,
  array['marketplace', 'teasers'],
  'the door holds the marketplace and its teasers, nothing else'
);
select set_eq(
  $$select jsonb_object_keys(answer -> 'marketplace') from door$$,
  array['name', 'tagline', 'primary_color', 'default_price_tickets', 'default_price_ore', 'packs'],
  'the marketplace: name, tagline, colour, prices and packs only (no id, owner or other branding)'
);
select is(
  (select answer -> 'marketplace' ->> 'name' from door), 'Door',
  'the host is matched case- and space-insensitively'
);
select is((select answer -> 'marketplace' ->> 'tagline' from door), 'Leads i hele landet', 'the tagline');
select is((select answer -> 'marketplace' ->> 'primary_color' from door), '#0f5c8c', 'the colour');
select is(
  (select answer -> 'marketplace' -> 'packs' from door), '[{"tickets": 10, "price_ore": 90000}]'::jsonb,
  'active ticket packs only, tickets and price'
);
select is(jsonb_array_length((select answer -> 'teasers' from door)), 6, 'six teasers at most');
select set_eq(
  $$select distinct jsonb_object_keys(t) from door, jsonb_array_elements(answer -> 'teasers') as t$$,
  array['title', 'category', 'area', 'price_tickets', 'price_ore', 'max_buyers', 'buyers_count'],
  'a teaser: title, category, area, price and buyers only'
);
select is(
  (select array_agg(t ->> 'title') from door, jsonb_array_elements(answer -> 'teasers') as t),
  array['Rørlegger i Bergen 1', 'Rørlegger i Bergen 2', 'Rørlegger i Bergen 3', 'Rørlegger i Bergen 4',
        'Rørlegger i Bergen 5', 'Rørlegger i Bergen 6'],
  'the newest open listings first'
);
select is(
  (select (t ->> 'max_buyers')::int from door, jsonb_array_elements(answer -> 'teasers') as t
   where t ->> 'title' = 'Rørlegger i Bergen 2'),
  3, 'a shared listing says how many buyers share it'
);
select ok(
  (select answer::text !~ '(kari|kunde\.example|\+4791234|hemmelig|Kari Kunde|Alfa|aaaaaaaa|d0000000|owner only)'
   from door),
  'no contact detail, name, note, description, seller or id anywhere in the answer'
);

-- Only open listings: paused, withdrawn, expired and sold out ones stay out.
reset role;
update public.advertised_leads set created_at = now() + interval '1 hour'
where lead_id in ('d0000000-0000-4000-8000-000000000009', 'd0000000-0000-4000-8000-000000000010',
                  'd0000000-0000-4000-8000-000000000011');
update public.advertised_leads set status = 'sold_out' where lead_id = 'd0000000-0000-4000-8000-000000000001';
select tests.clear_authentication();
select is(
  (select array_agg(t ->> 'title') from jsonb_array_elements(public.marketplace_door('door.test') -> 'teasers') as t),
  array['Rørlegger i Bergen 2', 'Rørlegger i Bergen 3', 'Rørlegger i Bergen 4', 'Rørlegger i Bergen 5',
        'Rørlegger i Bergen 6', 'Rørlegger i Bergen 7'],
  'paused, withdrawn, expired and sold-out listings are never shown'
);

select is(
  public.marketplace_door('other.test') -> 'marketplace' -> 'tagline', 'null'::jsonb,
  'a tagline that is not text is left out'
);
select is(
  public.marketplace_door('other.test') -> 'marketplace' -> 'primary_color', 'null'::jsonb,
  'a colour that is not #rrggbb never reaches the page'
);

-- A host without a marketplace points elsewhere.
select is(
  public.marketplace_door('fyllopp.test') -> 'marketplace', 'null'::jsonb,
  'an unknown host gets no marketplace'
);
select ok(
  public.marketplace_door('fyllopp.test') -> 'elsewhere'
    @> '[{"name": "Door", "host": "door.test"}, {"name": "Other", "host": "other.test"}]'::jsonb,
  'and the names and hosts of the marketplaces that have one'
);
select is(
  public.marketplace_door(repeat('a', 254)) -> 'marketplace', 'null'::jsonb,
  'an over-long host finds nothing'
);

-- The door opens no table.
select is((select count(*)::int from public.advertised_leads), 0, 'anon still reads no listing');
select is((select count(*)::int from public.leads), 0, 'anon still reads no lead');
select is((select count(*)::int from public.marketplaces), 0, 'anon still reads no marketplace');

-- ---------------------------------------------------------------------------------------------------
-- As a signed-in user (the same page, before joining)
-- ---------------------------------------------------------------------------------------------------

select tests.authenticate_as('visitor_user');
select is(
  public.marketplace_door('door.test') -> 'marketplace' ->> 'name', 'Door', 'a signed-in user may call it too'
);

select * from finish();
rollback;
