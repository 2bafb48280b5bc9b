-- Funnels, a kind on the campaign engine (docs/funnels.md):
--
-- Sections: 1. tables · 2. triggers · 3. row-level security · 4. the organizer · 5. figures
-- · 6. the public read and events · 7. offer orders · 8. pictures
--
-- - A funnel is a campaign of kind funnel with its own row (same id): steps in position order
--   (opt-in, sales page, checkout, offer, thank-you), each leading to the next (an offer: accept /
--   decline), and split-test variants of a step's content.
-- - The public reads a published funnel's step through public_funnel_step (which records the view and
--   assigns the variant, sticky per visitor) and writes only events through record_funnel_event.
-- - An offer after a paid checkout is an order of its own (parent_order_id = the order it follows),
--   charged off-session on the buyer's saved card inside the funnel's offer window; the funnel-offer
--   function begins it here and settles it through the checkout's settle path.

alter table public.campaigns drop constraint campaigns_kind_check;
alter table public.campaigns add constraint campaigns_kind_check
  check (kind in ('calendar', 'competition', 'form', 'popup', 'checkout', 'booking', 'funnel'));

-- ============================================================================================
-- 1. Tables
-- ============================================================================================

create table public.funnels (
  id uuid primary key,
  organization_id uuid not null,
  kind text not null default 'funnel' check (kind = 'funnel'),
  -- How long an upsell or downsell stays payable after the previous payment.
  offer_minutes integer not null default 15 check (offer_minutes between 1 and 60),
  archived_at timestamptz null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint funnels_campaign_fkey foreign key (id, kind)
    references public.campaigns (id, kind) on delete cascade,
  constraint funnels_campaign_organization_fkey foreign key (id, organization_id)
    references public.campaigns (id, organization_id) on delete cascade,
  constraint funnels_id_organization_id_key unique (id, organization_id)
);

comment on table public.funnels is
  'A funnel: the campaign (same id, kind funnel) whose steps lead a visitor from an opt-in or a sales page through a checkout and offers to a thank-you page (/trakt/<id>). Members manage it; the public reads it through public_funnel_step.';
comment on column public.funnels.offer_minutes is 'How long (1–60 minutes) an upsell or downsell may be accepted after the previous payment.';

create index funnels_organization_id_idx on public.funnels (organization_id);
create index funnels_id_kind_idx on public.funnels (id, kind);

-- A step's blocks (the sales, offer and thank-you pages' content), checked loosely: an array of at most
-- 40 objects of a known type, at most 64 KiB. The editor validates the details.
create or replace function private.funnel_blocks_valid(content jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(content) = 'array' and jsonb_array_length(content) <= 40
    and pg_column_size(content) <= 65536
    and not exists (
      select 1 from jsonb_array_elements(content) as b
      where jsonb_typeof(b) <> 'object' or jsonb_typeof(b -> 'id') is distinct from 'string'
        or (b ->> 'type') is null or (b ->> 'type') not in ('heading', 'text', 'image', 'video', 'bullets', 'button')
    );
$$;

comment on function private.funnel_blocks_valid(jsonb) is
  'True for a block list: an array of at most 40 objects with a string id and a known type (heading, text, image, video, bullets, button), at most 64 KiB.';
revoke execute on function private.funnel_blocks_valid(jsonb) from public, anon;
grant execute on function private.funnel_blocks_valid(jsonb) to authenticated, service_role;

create table public.funnel_steps (
  id uuid primary key default gen_random_uuid(),
  funnel_id uuid not null,
  organization_id uuid not null,
  position integer not null default 0 check (position between 0 and 100),
  type text not null check (type in ('optin', 'sales', 'checkout', 'offer', 'thankyou')),
  offer_role text null check (offer_role in ('upsell', 'downsell')),
  name text not null check (char_length(btrim(name)) between 1 and 80),
  form_id uuid null,
  checkout_id uuid null,
  product_id uuid null,
  -- What the offer charges, incl. MVA, in øre (the product's own price when null).
  price_ore integer null check (price_ore between 100 and 100000000),
  content jsonb not null default '[]' check (private.funnel_blocks_valid(content)),
  next_step_id uuid null,
  decline_step_id uuid null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint funnel_steps_id_funnel_id_key unique (id, funnel_id),
  constraint funnel_steps_id_organization_id_key unique (id, organization_id),
  constraint funnel_steps_offer_fields check (
    (offer_role is null or type = 'offer') and (decline_step_id is null or type = 'offer')
    and (product_id is null or type = 'offer') and (price_ore is null or type = 'offer')
  ),
  constraint funnel_steps_form_only_optin check (form_id is null or type = 'optin'),
  constraint funnel_steps_checkout_only_checkout check (checkout_id is null or type = 'checkout'),
  constraint funnel_steps_not_to_itself check (next_step_id is distinct from id and decline_step_id is distinct from id),
  foreign key (funnel_id, organization_id) references public.funnels (id, organization_id) on delete cascade,
  foreign key (form_id, organization_id) references public.forms (id, organization_id) on delete set null (form_id),
  foreign key (checkout_id, organization_id) references public.checkouts (id, organization_id) on delete set null (checkout_id),
  foreign key (product_id, organization_id) references public.products (id, organization_id) on delete set null (product_id),
  foreign key (next_step_id, funnel_id) references public.funnel_steps (id, funnel_id) on delete set null (next_step_id),
  foreign key (decline_step_id, funnel_id) references public.funnel_steps (id, funnel_id) on delete set null (decline_step_id)
);

comment on table public.funnel_steps is
  'A step of a funnel: its type, page content (blocks; variant A), what it uses (the opt-in''s form, the checkout, the offer''s product and price) and where it leads (next; an offer''s decline). The first step is the lowest position.';
comment on column public.funnel_steps.offer_role is 'An offer''s role: upsell (after a purchase) or downsell (after a declined upsell).';
comment on column public.funnel_steps.price_ore is 'The offer''s price incl. MVA in øre; null: the product''s price.';
comment on column public.funnel_steps.next_step_id is 'Where the step leads; for an offer: on accept.';
comment on column public.funnel_steps.decline_step_id is 'An offer''s «Nei takk»: where it leads.';

create index funnel_steps_funnel_id_idx on public.funnel_steps (funnel_id, organization_id, position);
create index funnel_steps_organization_id_idx on public.funnel_steps (organization_id);
create index funnel_steps_form_id_idx on public.funnel_steps (form_id, organization_id);
create index funnel_steps_checkout_id_idx on public.funnel_steps (checkout_id, organization_id);
create index funnel_steps_product_id_idx on public.funnel_steps (product_id, organization_id);
create index funnel_steps_next_step_id_idx on public.funnel_steps (next_step_id, funnel_id);
create index funnel_steps_decline_step_id_idx on public.funnel_steps (decline_step_id, funnel_id);

create table public.funnel_step_variants (
  id uuid primary key default gen_random_uuid(),
  step_id uuid not null,
  organization_id uuid not null,
  label text not null check (label in ('B', 'C', 'D')),
  content jsonb not null default '[]' check (private.funnel_blocks_valid(content)),
  traffic_percent integer not null default 50 check (traffic_percent between 1 and 99),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint funnel_step_variants_label_key unique (step_id, label),
  foreign key (step_id, organization_id) references public.funnel_steps (id, organization_id) on delete cascade
);

comment on table public.funnel_step_variants is
  'A split test''s variant (B, C, D) of a step''s content with its share of the visitors; the step''s own content is A with 100 minus the others'' share.';

create index funnel_step_variants_organization_id_idx on public.funnel_step_variants (organization_id);
create index funnel_step_variants_step_id_idx on public.funnel_step_variants (step_id, organization_id);

create table public.funnel_events (
  id bigint generated always as identity primary key,
  funnel_id uuid not null,
  organization_id uuid not null,
  step_id uuid not null,
  variant text not null default 'A' check (variant in ('A', 'B', 'C', 'D')),
  -- Hex SHA-256 of the funnel and the page's random visitor id (never the id itself).
  visitor_hash text not null check (visitor_hash ~ '^[0-9a-f]{64}$'),
  kind text not null check (kind in ('view', 'optin', 'click', 'accept', 'decline', 'purchase')),
  order_id uuid null references public.orders (id) on delete set null,
  created_at timestamptz not null default now(),
  foreign key (funnel_id, organization_id) references public.funnels (id, organization_id) on delete cascade,
  foreign key (step_id, funnel_id) references public.funnel_steps (id, funnel_id) on delete cascade
);

comment on table public.funnel_events is
  'What visitors did on a funnel''s steps (view, optin, click, accept, decline, purchase), with the variant they saw and a hashed visitor id. Written only by the checked functions; members read.';

create index funnel_events_funnel_id_created_at_idx on public.funnel_events (funnel_id, organization_id, created_at);
create index funnel_events_step_id_idx on public.funnel_events (step_id, funnel_id, kind, visitor_hash);
create index funnel_events_organization_id_idx on public.funnel_events (organization_id);
create index funnel_events_order_id_idx on public.funnel_events (order_id);

alter table public.orders
  add column funnel_id uuid null,
  add column funnel_step_id uuid null,
  -- The funnel visitor's hash (as funnel_events keeps it), so the purchase joins the visitor's views.
  add column funnel_visitor_hash text null check (funnel_visitor_hash ~ '^[0-9a-f]{64}$'),
  add constraint orders_funnel_fkey foreign key (funnel_id, organization_id)
    references public.funnels (id, organization_id) on delete set null (funnel_id),
  add constraint orders_funnel_step_fkey foreign key (funnel_step_id, funnel_id)
    references public.funnel_steps (id, funnel_id) on delete set null (funnel_step_id);

comment on column public.orders.funnel_id is 'The funnel the order was paid in (its checkout step or an offer); null for a plain checkout.';
comment on column public.orders.funnel_step_id is 'The funnel''s step the order was paid on (a checkout or an offer).';

create index orders_funnel_id_idx on public.orders (funnel_id, organization_id, paid_at);
create index orders_funnel_step_id_idx on public.orders (funnel_step_id, funnel_id);

-- ============================================================================================
-- 2. Triggers
-- ============================================================================================

create trigger funnels_set_updated_at before update on public.funnels
  for each row execute function private.set_updated_at();
create trigger funnel_steps_set_updated_at before update on public.funnel_steps
  for each row execute function private.set_updated_at();
create trigger funnel_step_variants_set_updated_at before update on public.funnel_step_variants
  for each row execute function private.set_updated_at();

create trigger funnels_delete_campaign after delete on public.funnels
  for each row execute function private.calendars_delete_campaign();

-- A step's variants share at most 99 % of its visitors (A keeps at least 1 %).
create or replace function private.funnel_variants_traffic_check()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (select sum(v.traffic_percent) from public.funnel_step_variants as v where v.step_id = new.step_id) > 99 then
    raise exception using errcode = '23514', message = 'funnel-variants-traffic-invalid';
  end if;
  return null;
end;
$$;

comment on function private.funnel_variants_traffic_check() is
  'Trigger: the variants of a step share at most 99 % of the traffic (funnel-variants-traffic-invalid).';
revoke execute on function private.funnel_variants_traffic_check() from public, anon, authenticated;

create trigger funnel_step_variants_traffic after insert or update of traffic_percent, step_id
  on public.funnel_step_variants
  for each row execute function private.funnel_variants_traffic_check();

-- A funnel is published with at least one step, and its checkouts and forms published, so no visitor
-- meets a dead end.
create or replace function private.funnels_publish_ready()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from public.funnel_steps as s where s.funnel_id = new.id) then
    raise exception using errcode = 'P0001', message = 'funnel-no-steps';
  end if;
  if exists (
    select 1 from public.funnel_steps as s
    where s.funnel_id = new.id and (
      (s.type = 'optin' and s.form_id is null) or (s.type = 'checkout' and s.checkout_id is null)
      or (s.type = 'offer' and s.product_id is null)
    )
  ) then
    raise exception using errcode = 'P0001', message = 'funnel-step-incomplete';
  end if;
  return new;
end;
$$;

comment on function private.funnels_publish_ready() is
  'Trigger: publishing a funnel without steps raises funnel-no-steps; with an opt-in without form, a checkout step without checkout or an offer without product, funnel-step-incomplete.';
revoke execute on function private.funnels_publish_ready() from public, anon, authenticated;

create trigger funnel_campaigns_publish_ready
  before update of published_at on public.campaigns
  for each row when (new.kind = 'funnel' and new.published_at is not null and old.published_at is null)
  execute function private.funnels_publish_ready();

-- ============================================================================================
-- 3. Row-level security: members of the organization; the public only through the functions
-- ============================================================================================

alter table public.funnels enable row level security;
alter table public.funnel_steps enable row level security;
alter table public.funnel_step_variants enable row level security;
alter table public.funnel_events enable row level security;

revoke all on public.funnels, public.funnel_steps, public.funnel_step_variants, public.funnel_events
  from anon, authenticated;
grant select, insert, delete on public.funnels, public.funnel_steps, public.funnel_step_variants to authenticated;
grant update (offer_minutes, archived_at) on public.funnels to authenticated;
grant update (position, type, offer_role, name, form_id, checkout_id, product_id, price_ore, content, next_step_id,
  decline_step_id) on public.funnel_steps to authenticated;
grant update (label, content, traffic_percent) on public.funnel_step_variants to authenticated;
grant select on public.funnel_events to authenticated;

create policy "Members can read their organization's funnels"
on public.funnels for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can create funnels for their organization"
on public.funnels for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can update their organization's funnels"
on public.funnels for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Owners and admins can delete their organization's funnels"
on public.funnels for delete to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Members can read their funnels' steps"
on public.funnel_steps for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can add steps to their funnels"
on public.funnel_steps for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can change their funnels' steps"
on public.funnel_steps for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Members can remove steps from their funnels"
on public.funnel_steps for delete to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their funnels' variants"
on public.funnel_step_variants for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can add variants to their funnels"
on public.funnel_step_variants for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can change their funnels' variants"
on public.funnel_step_variants for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Members can remove variants from their funnels"
on public.funnel_step_variants for delete to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their funnels' events"
on public.funnel_events for select to authenticated
using (private.has_organization_role(organization_id));

-- ============================================================================================
-- 4. The organizer
-- ============================================================================================

-- A new draft funnel with the template's steps. Security invoker: the tables' policies decide who may.
-- standard: Opt-in → Salgsside → Kasse → Tilbud (upsell; ja → Takk, nei → Nedsalg) → Nedsalg
-- (downsell; both → Takk) → Takk. blank: no steps.
create or replace function public.create_funnel(input_organization_id uuid, input_name text, input_template text default 'standard')
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
declare
  new_id uuid;
  optin uuid := gen_random_uuid();
  sales uuid := gen_random_uuid();
  checkout uuid := gen_random_uuid();
  upsell uuid := gen_random_uuid();
  downsell uuid := gen_random_uuid();
  thanks uuid := gen_random_uuid();
begin
  if coalesce(input_template, 'standard') not in ('standard', 'blank') then
    raise exception using errcode = '22023', message = 'funnel-template-invalid';
  end if;
  insert into public.campaigns (organization_id, kind, name, consent_text)
  values (input_organization_id, 'funnel', btrim(input_name), 'Jeg har lest og godtar kjøpsvilkårene og angreretten.')
  returning id into new_id;
  insert into public.funnels (id, organization_id) values (new_id, input_organization_id);
  if coalesce(input_template, 'standard') = 'standard' then
    insert into public.funnel_steps (id, funnel_id, organization_id, position, type, offer_role, name, content)
    values
      (optin, new_id, input_organization_id, 0, 'optin', null, 'Opt-in', '[]'),
      (sales, new_id, input_organization_id, 1, 'sales', null, 'Salgsside', jsonb_build_array(
        jsonb_build_object('id', 'h1', 'type', 'heading', 'level', 1, 'text', 'Overskriften som selger'),
        jsonb_build_object('id', 't1', 'type', 'text', 'text', 'Fortell hva kunden får, og hvorfor nå.'),
        jsonb_build_object('id', 'b1', 'type', 'button', 'text', 'Ja, jeg vil ha det'))),
      (checkout, new_id, input_organization_id, 2, 'checkout', null, 'Kasse', '[]'),
      (upsell, new_id, input_organization_id, 3, 'offer', 'upsell', 'Tilbud', jsonb_build_array(
        jsonb_build_object('id', 'h1', 'type', 'heading', 'level', 1, 'text', 'Vent! Et tilbud bare for deg'))),
      (downsell, new_id, input_organization_id, 4, 'offer', 'downsell', 'Nedsalg', jsonb_build_array(
        jsonb_build_object('id', 'h1', 'type', 'heading', 'level', 1, 'text', 'Hva med denne i stedet?'))),
      (thanks, new_id, input_organization_id, 5, 'thankyou', null, 'Takk', jsonb_build_array(
        jsonb_build_object('id', 'h1', 'type', 'heading', 'level', 1, 'text', 'Takk for bestillingen!'),
        jsonb_build_object('id', 't1', 'type', 'text', 'text', 'Du får kvitteringen på e-post.')));
    update public.funnel_steps as s set next_step_id = case s.id
        when optin then sales when sales then checkout when checkout then upsell
        when upsell then thanks when downsell then thanks end,
      decline_step_id = case s.id when upsell then downsell when downsell then thanks end
    where s.funnel_id = new_id;
  end if;
  return new_id;
end;
$$;

comment on function public.create_funnel(uuid, text, text) is
  'Members: creates a draft funnel (campaign, funnel row and the template''s steps: standard or blank) and returns its id.';
revoke execute on function public.create_funnel(uuid, text, text) from public, anon, authenticated;
grant execute on function public.create_funnel(uuid, text, text) to authenticated, service_role;

-- A funnel of the caller's organization, or funnel-not-found (PT404).
create or replace function private.member_funnel(funnel_id uuid)
returns public.funnels
language plpgsql
stable
set search_path = ''
as $$
declare
  found public.funnels;
begin
  select f.* into found from public.funnels as f
  where f.id = member_funnel.funnel_id and private.has_organization_role(f.organization_id);
  if found.id is null then
    raise exception using errcode = 'PT404', message = 'funnel-not-found';
  end if;
  return found;
end;
$$;

comment on function private.member_funnel(uuid) is 'The funnel when the caller is a member of its organization; funnel-not-found (PT404) otherwise.';
revoke execute on function private.member_funnel(uuid) from public, anon, authenticated;
grant execute on function private.member_funnel(uuid) to authenticated, service_role;

-- The engine's half of any kind's copy: the campaign (texts, consents, reminders, design) as a new draft
-- of the same kind named «<name> (kopi)»; the kind copies its own row and children. As the caller, so
-- row-level security decides.
create or replace function private.copy_campaign(source_id uuid)
returns uuid
language sql
volatile
set search_path = ''
as $$
  insert into public.campaigns (organization_id, kind, name, rules_text, consent_text, marketing_consent_text,
    reminders_enabled, reminder_time, design)
  select c.organization_id, c.kind, left(c.name || ' (kopi)', 120), c.rules_text, c.consent_text,
    c.marketing_consent_text, c.reminders_enabled, c.reminder_time, c.design
  from public.campaigns as c where c.id = copy_campaign.source_id
  returning id;
$$;

comment on function private.copy_campaign(uuid) is
  'The campaign of a copy: a new draft of the same kind, «<name> (kopi)», with the texts, consents, reminders and design; its id. As the caller (RLS).';
revoke execute on function private.copy_campaign(uuid) from public, anon;
grant execute on function private.copy_campaign(uuid) to authenticated, service_role;

-- A copy as a new draft: texts, design, settings, steps with their paths, and variants (no events or orders).
create or replace function public.duplicate_funnel(input_funnel_id uuid)
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
declare
  source public.funnels := private.member_funnel(input_funnel_id);
  new_id uuid;
  copies jsonb;
begin
  new_id := private.copy_campaign(source.id);
  insert into public.funnels (id, organization_id, offer_minutes) values (new_id, source.organization_id, source.offer_minutes);
  -- The new id of every step, so the copies' paths lead to the copies.
  select jsonb_object_agg(s.id, gen_random_uuid()) into copies from public.funnel_steps as s where s.funnel_id = source.id;
  insert into public.funnel_steps (id, funnel_id, organization_id, position, type, offer_role, name, form_id, checkout_id,
    product_id, price_ore, content)
  select (copies ->> s.id::text)::uuid, new_id, s.organization_id, s.position, s.type, s.offer_role, s.name, s.form_id,
    s.checkout_id, s.product_id, s.price_ore, s.content
  from public.funnel_steps as s where s.funnel_id = source.id;
  update public.funnel_steps as t
  set next_step_id = (copies ->> s.next_step_id::text)::uuid, decline_step_id = (copies ->> s.decline_step_id::text)::uuid
  from public.funnel_steps as s
  where s.funnel_id = source.id and t.id = (copies ->> s.id::text)::uuid;
  insert into public.funnel_step_variants (step_id, organization_id, label, content, traffic_percent)
  select (copies ->> v.step_id::text)::uuid, v.organization_id, v.label, v.content, v.traffic_percent
  from public.funnel_step_variants as v join public.funnel_steps as s on s.id = v.step_id
  where s.funnel_id = source.id;
  return new_id;
end;
$$;

comment on function public.duplicate_funnel(uuid) is
  'Members: a draft copy of the funnel (texts, design, offer window, steps with their paths and variants; no events or orders) and its id; funnel-not-found otherwise.';
revoke execute on function public.duplicate_funnel(uuid) from public, anon, authenticated;
grant execute on function public.duplicate_funnel(uuid) to authenticated, service_role;

-- ============================================================================================
-- 5. Figures
-- ============================================================================================

-- Per funnel of the organization: the list's figures over the last 30 days. Security definer with the
-- membership checked once (as checkout_summaries).
create or replace function public.funnel_summaries(input_organization_id uuid)
returns table (
  id uuid, name text, published_at timestamptz, archived_at timestamptz, steps bigint, visitors bigint,
  orders bigint, revenue_ore bigint, created_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select f.id, c.name, c.published_at, f.archived_at,
    (select count(*) from public.funnel_steps as s where s.funnel_id = f.id),
    (select count(distinct e.visitor_hash) from public.funnel_events as e
     where e.funnel_id = f.id and e.organization_id = f.organization_id and e.kind = 'view' and e.created_at >= private.campaign_now() - interval '30 days'),
    (select count(*) from public.orders as o
     where o.funnel_id = f.id and private.order_is_sale(o.status) and o.paid_at >= private.campaign_now() - interval '30 days'),
    (select coalesce(sum(o.total_ore - o.refunded_ore), 0) from public.orders as o
     where o.funnel_id = f.id and private.order_is_sale(o.status) and o.paid_at >= private.campaign_now() - interval '30 days'),
    f.created_at
  from public.funnels as f
  join public.campaigns as c on c.id = f.id
  where f.organization_id = input_organization_id and private.has_organization_role(input_organization_id)
  order by f.created_at desc;
$$;

comment on function public.funnel_summaries(uuid) is
  'Members: per funnel of the organization its name, publication, archiving, steps, and over the last 30 days unique visitors, paid orders and revenue after refunds; newest first.';
revoke execute on function public.funnel_summaries(uuid) from public, anon, authenticated;
grant execute on function public.funnel_summaries(uuid) to authenticated, service_role;

-- The event that converts a step: opt-in → optin, sales → click, checkout → purchase, offer → accept.
create or replace function private.funnel_conversion_kind(step_type text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case step_type when 'optin' then 'optin' when 'sales' then 'click' when 'checkout' then 'purchase'
    when 'offer' then 'accept' end;
$$;

comment on function private.funnel_conversion_kind(text) is 'The event kind that counts as a step''s conversion (null for a thank-you page).';
revoke execute on function private.funnel_conversion_kind(text) from public, anon, authenticated;

-- One funnel's figures per step and variant between two Oslo days (inclusive).
create or replace function public.funnel_figures(input_funnel_id uuid, input_from date, input_to date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  funnel public.funnels := private.member_funnel(input_funnel_id);
  first_moment timestamptz := private.oslo_day_start(input_from);
  end_moment timestamptz := private.oslo_day_start(input_to + 1);
begin
  if input_from is null or input_to is null or input_to < input_from or input_to - input_from > 731 then
    raise exception using errcode = '22023', message = 'funnel-figures-range-invalid';
  end if;
  return (
    with events as (
      select e.step_id, e.variant, e.kind, e.visitor_hash from public.funnel_events as e
      where e.funnel_id = funnel.id and e.organization_id = funnel.organization_id and e.created_at >= first_moment and e.created_at < end_moment
    ),
    sales as (
      select o.funnel_step_id as step_id, count(*) as orders, sum(o.total_ore - o.refunded_ore) as revenue
      from public.orders as o
      where o.funnel_id = funnel.id and private.order_is_sale(o.status)
        and o.paid_at >= first_moment and o.paid_at < end_moment
      group by o.funnel_step_id
    ),
    steps as (
      select s.id, s.name, s.type, s.position,
        (select jsonb_build_object(
           'views', count(*) filter (where e.kind = 'view'),
           'visitors', count(distinct e.visitor_hash) filter (where e.kind = 'view'),
           'optins', count(*) filter (where e.kind = 'optin'),
           'clicks', count(*) filter (where e.kind = 'click'),
           'accepts', count(*) filter (where e.kind = 'accept'),
           'declines', count(*) filter (where e.kind = 'decline'))
         from events as e where e.step_id = s.id) as counts,
        coalesce(x.orders, 0) as orders, coalesce(x.revenue, 0) as revenue,
        (select jsonb_agg(jsonb_build_object(
           'label', l.label,
           'views', (select count(*) from events as e where e.step_id = s.id and e.variant = l.label and e.kind = 'view'),
           'visitors', (select count(distinct e.visitor_hash) from events as e
                        where e.step_id = s.id and e.variant = l.label and e.kind = 'view'),
           'conversions', (select count(distinct e.visitor_hash) from events as e
                           where e.step_id = s.id and e.variant = l.label
                             and e.kind = private.funnel_conversion_kind(s.type)))
           order by l.label)
         from (select 'A' as label union all
               select v.label from public.funnel_step_variants as v where v.step_id = s.id) as l) as variants
      from public.funnel_steps as s
      left join sales as x on x.step_id = s.id
      where s.funnel_id = funnel.id
    ),
    totals as (
      select coalesce((select sum(x.revenue) from sales as x), 0)::bigint as revenue,
        (select count(distinct e.visitor_hash) from events as e where e.kind = 'view') as visitors
    )
    select jsonb_build_object(
      'steps', coalesce((
        select jsonb_agg(jsonb_build_object('step_id', s.id, 'name', s.name, 'type', s.type, 'position', s.position,
          'orders', s.orders, 'revenue_ore', s.revenue, 'variants', s.variants) || s.counts
          order by s.position, s.id)
        from steps as s), '[]'::jsonb),
      'revenue_ore', t.revenue,
      'visitors', t.visitors,
      'earnings_per_visitor_ore', case when t.visitors > 0 then round(t.revenue::numeric / t.visitors)::bigint else 0 end
    )
    from totals as t
  );
end;
$$;

comment on function public.funnel_figures(uuid, date, date) is
  'Members: a funnel''s figures between two Oslo days: per step views, unique visitors, opt-ins, clicks, paid orders, accepts, declines, revenue after refunds and per variant views, visitors and conversions; the funnel''s revenue, unique visitors and earnings per visitor.';
revoke execute on function public.funnel_figures(uuid, date, date) from public, anon, authenticated;
grant execute on function public.funnel_figures(uuid, date, date) to authenticated, service_role;

-- ============================================================================================
-- 6. The public read and events
-- ============================================================================================

-- A published, unarchived funnel, or funnel-not-found (PT404).
create or replace function private.published_funnel(funnel_id uuid)
returns public.funnels
language plpgsql
stable
set search_path = ''
as $$
declare
  found public.funnels;
begin
  select f.* into found from public.funnels as f
  join public.campaigns as c on c.id = f.id
  where f.id = published_funnel.funnel_id and c.published_at is not null
    and c.published_at <= private.campaign_now() and f.archived_at is null;
  if found.id is null then
    raise exception using errcode = 'PT404', message = 'funnel-not-found';
  end if;
  return found;
end;
$$;

comment on function private.published_funnel(uuid) is 'The funnel when it is published and not archived; funnel-not-found (PT404) otherwise.';
revoke execute on function private.published_funnel(uuid) from public, anon, authenticated;

-- A step of the funnel (the first by position when null), or funnel-step-not-found (PT404).
create or replace function private.funnel_step_of(funnel_id uuid, step_id uuid)
returns public.funnel_steps
language plpgsql
stable
set search_path = ''
as $$
declare
  found public.funnel_steps;
begin
  select s.* into found from public.funnel_steps as s
  where s.funnel_id = funnel_step_of.funnel_id and (funnel_step_of.step_id is null or s.id = funnel_step_of.step_id)
  order by s.position, s.id limit 1;
  if found.id is null then
    raise exception using errcode = 'PT404', message = 'funnel-step-not-found';
  end if;
  return found;
end;
$$;

comment on function private.funnel_step_of(uuid, uuid) is 'The funnel''s step (the first when null); funnel-step-not-found (PT404) otherwise.';
revoke execute on function private.funnel_step_of(uuid, uuid) from public, anon, authenticated;

-- The sticky split-test bucket of a visitor on a step: the first 4 bytes of sha256(visitor || step id)
-- as an unsigned big-endian integer, mod 100 (the same rule as the app's, so the editor can explain it).
create or replace function private.funnel_bucket(visitor text, step_id uuid)
returns integer
language sql
immutable
set search_path = ''
as $$
  select (('x' || left(encode(sha256(convert_to(visitor || step_id::text, 'UTF8')), 'hex'), 8))::bit(32)::bigint % 100)::integer;
$$;

comment on function private.funnel_bucket(text, uuid) is 'A visitor''s bucket 0–99 on a step: first 4 bytes of sha256(visitor || step_id), unsigned, mod 100.';
revoke execute on function private.funnel_bucket(text, uuid) from public, anon, authenticated;

-- The variant a visitor sees: A gets 100 minus the others' percents, then B, C, D in order.
create or replace function private.funnel_variant(visitor text, step_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  with shares as (
    select v.label, v.traffic_percent from public.funnel_step_variants as v where v.step_id = funnel_variant.step_id
  ),
  ranges as (
    select 'A' as label, 100 - coalesce((select sum(traffic_percent) from shares), 0) as upper_bound
    union all
    select s.label, 100 - coalesce((select sum(o.traffic_percent) from shares as o where o.label > s.label), 0)
    from shares as s
  )
  select coalesce((
    select r.label from ranges as r where private.funnel_bucket(visitor, step_id) < r.upper_bound
    order by r.upper_bound, r.label limit 1
  ), 'A');
$$;

comment on function private.funnel_variant(text, uuid) is 'The variant label (A–D) a visitor is assigned on a step, by the bucket and the variants'' percents.';
revoke execute on function private.funnel_variant(text, uuid) from public, anon, authenticated;

-- The funnel's visitor hash: the funnel id and the page's random visitor id, as campaign_events does.
create or replace function private.funnel_visitor_hash(funnel_id uuid, visitor text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if visitor is null or visitor !~ '^[A-Za-z0-9_-]{8,128}$' then
    raise exception using errcode = '22023', message = 'campaign-visitor-invalid';
  end if;
  return private.campaign_visitor_hash(funnel_id, visitor);
end;
$$;

comment on function private.funnel_visitor_hash(uuid, text) is
  'The hashed visitor of a funnel''s events; campaign-visitor-invalid (22023) for a missing or malformed id.';
revoke execute on function private.funnel_visitor_hash(uuid, text) from public, anon, authenticated;

-- What a step's page shows: its type, the assigned variant's content, what it uses and where it leads.
-- Records the view. Security definer: anon has no grant on the tables.
create or replace function public.public_funnel_step(input_funnel_id uuid, input_step_id uuid default null, input_visitor text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  funnel public.funnels := private.published_funnel(input_funnel_id);
  step public.funnel_steps := private.funnel_step_of(funnel.id, input_step_id);
  visitor_hash text := private.funnel_visitor_hash(funnel.id, input_visitor);
  variant text := private.funnel_variant(input_visitor, step.id);
  shown jsonb := case when variant = 'A' then step.content
    else (select v.content from public.funnel_step_variants as v where v.step_id = step.id and v.label = variant) end;
begin
  perform private.check_public_rate('funnel-read', 300);
  insert into public.funnel_events (funnel_id, organization_id, step_id, variant, visitor_hash, kind)
  values (funnel.id, funnel.organization_id, step.id, variant, visitor_hash, 'view');
  return (
    select jsonb_build_object(
      'funnel_id', funnel.id,
      'name', c.name,
      'design', c.design,
      'now', private.campaign_now(),
      'offer_minutes', funnel.offer_minutes,
      'seller', jsonb_build_object('name', o.name, 'organization_number', o.organization_number, 'email', o.contact_email),
      'first_step_id', (select s.id from public.funnel_steps as s where s.funnel_id = funnel.id order by s.position, s.id limit 1),
      'step', jsonb_build_object(
        'id', step.id, 'type', step.type, 'name', step.name, 'offer_role', step.offer_role, 'variant', variant,
        'content', shown,
        'images', private.funnel_step_images(funnel.id, shown,
          (select p.image_media_id from public.products as p where p.id = step.product_id)),
        'form_id', step.form_id, 'checkout_id', step.checkout_id,
        'next_step_id', step.next_step_id, 'decline_step_id', step.decline_step_id,
        -- A checkout step saves the card only when an offer follows it.
        'offer_follows', step.type = 'checkout' and exists (
          select 1 from public.funnel_steps as s where s.funnel_id = funnel.id and s.type = 'offer' and s.position > step.position),
        'product', (
          select jsonb_build_object('id', p.id, 'name', p.name, 'description', p.description,
            'price_ore', coalesce(step.price_ore, p.price_ore), 'vat_rate', p.vat_rate, 'image_media_id', p.image_media_id)
          from public.products as p where p.id = step.product_id and p.archived_at is null
        )
      )
    )
    from public.campaigns as c
    join public.organizations as o on o.id = c.organization_id
    where c.id = funnel.id
  );
end;
$$;

comment on function public.public_funnel_step(uuid, uuid, text) is
  'Anyone: a published funnel''s step (the first when null) with the visitor''s variant (sticky by the visitor id), its images'' paths, what it uses (form, checkout, offer product with price incl. MVA), where it leads and the seller; records the view. funnel-not-found / funnel-step-not-found otherwise; 300 reads a minute per address.';
revoke execute on function public.public_funnel_step(uuid, uuid, text) from public, anon, authenticated;
grant execute on function public.public_funnel_step(uuid, uuid, text) to anon, authenticated, service_role;

-- An opt-in, a click on a sales page or a declined offer, as the visitor's variant of the step.
create or replace function public.record_funnel_event(input_funnel_id uuid, input_step_id uuid, input_visitor text, input_kind text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  funnel public.funnels := private.published_funnel(input_funnel_id);
  step public.funnel_steps := private.funnel_step_of(funnel.id, coalesce(input_step_id, '00000000-0000-0000-0000-000000000000'));
begin
  perform private.check_public_rate('funnel-event', 120);
  if input_kind is null or input_kind not in ('optin', 'click', 'decline')
    or (input_kind = 'optin' and step.type <> 'optin') or (input_kind = 'decline' and step.type <> 'offer') then
    raise exception using errcode = '22023', message = 'funnel-event-invalid';
  end if;
  insert into public.funnel_events (funnel_id, organization_id, step_id, variant, visitor_hash, kind)
  values (funnel.id, funnel.organization_id, step.id, private.funnel_variant(input_visitor, step.id),
    private.funnel_visitor_hash(funnel.id, input_visitor), input_kind);
end;
$$;

comment on function public.record_funnel_event(uuid, uuid, text, text) is
  'Anyone: records an opt-in (opt-in step), a click or a decline (offer step) on a published funnel''s step, with the visitor''s variant; funnel-event-invalid otherwise; 120 a minute per address.';
revoke execute on function public.record_funnel_event(uuid, uuid, text, text) from public, anon, authenticated;
grant execute on function public.record_funnel_event(uuid, uuid, text, text) to anon, authenticated, service_role;

-- ============================================================================================
-- 7. Orders in a funnel
-- ============================================================================================

-- checkout-pay: a started checkout order paid on a funnel's checkout step. Answers whether the card is
-- to be saved for the offers that follow.
create or replace function public.attach_funnel_order(input_order_id uuid, input_funnel_id uuid, input_step_id uuid, input_visitor text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  funnel public.funnels := private.published_funnel(input_funnel_id);
  step public.funnel_steps := private.funnel_step_of(funnel.id, coalesce(input_step_id, '00000000-0000-0000-0000-000000000000'));
  attached public.orders;
begin
  update public.orders as o
  set funnel_id = funnel.id, funnel_step_id = step.id,
    funnel_visitor_hash = private.funnel_visitor_hash(funnel.id, input_visitor)
  where o.id = input_order_id and o.checkout_id = step.checkout_id and step.type = 'checkout'
    and o.organization_id = funnel.organization_id and o.parent_order_id is null
    and (o.funnel_id is null or (o.funnel_id = funnel.id and o.funnel_step_id = step.id))
  returning * into attached;
  if attached.id is null then
    raise exception using errcode = 'PT404', message = 'funnel-step-not-found';
  end if;
  return jsonb_build_object('save_card', exists (
    select 1 from public.funnel_steps as s where s.funnel_id = funnel.id and s.type = 'offer' and s.position > step.position));
end;
$$;

comment on function public.attach_funnel_order(uuid, uuid, uuid, text) is
  'Service role (checkout-pay): ties an unsettled checkout order to the published funnel''s checkout step that sells that checkout; {save_card} is true when an offer follows. funnel-step-not-found otherwise.';
revoke execute on function public.attach_funnel_order(uuid, uuid, uuid, text) from public, anon, authenticated;
grant execute on function public.attach_funnel_order(uuid, uuid, uuid, text) to service_role;

-- A paid order on a funnel's step is the step's purchase (checkout) or accept (offer), as the variant
-- the visitor last viewed.
create or replace function private.orders_record_funnel_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  step public.funnel_steps;
  visitor text := coalesce(new.funnel_visitor_hash, encode(sha256(convert_to(new.id::text, 'UTF8')), 'hex'));
begin
  select s.* into step from public.funnel_steps as s where s.id = new.funnel_step_id;
  if step.id is null then
    return null;
  end if;
  insert into public.funnel_events (funnel_id, organization_id, step_id, variant, visitor_hash, kind, order_id)
  values (step.funnel_id, step.organization_id, step.id,
    coalesce((select e.variant from public.funnel_events as e
              where e.step_id = step.id and e.visitor_hash = visitor and e.kind = 'view'
              order by e.created_at desc, e.id desc limit 1), 'A'),
    visitor, case when step.type = 'offer' then 'accept' else 'purchase' end, new.id);
  return null;
end;
$$;

comment on function private.orders_record_funnel_event() is
  'Trigger: an order of a funnel''s step turning paid records the step''s purchase (checkout) or accept (offer) event.';
revoke execute on function private.orders_record_funnel_event() from public, anon, authenticated;

create trigger orders_record_funnel_event after update of status on public.orders
  for each row when (new.status = 'paid' and old.status is distinct from 'paid' and new.funnel_step_id is not null)
  execute function private.orders_record_funnel_event();

-- funnel-offer: the order of an offer accepted after a paid order of the same funnel (the receipt
-- link's secret proves the buyer), inside the funnel's offer window, charged off-session on the
-- payment method saved with that order. The same request id answers the same order; one accepted
-- order per offer and previous order. Stock is reserved as for a checkout; release_checkout_order
-- gives it back, settle_checkout_order marks it paid (no checkout: no second consent or lead).
create or replace function public.begin_funnel_offer_order(
  input_order_id uuid, input_order_token text, input_step_id uuid, input_request_id uuid
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  previous public.orders := public.checkout_order_by_token(input_order_id, input_order_token);
  existing public.orders;
  funnel public.funnels;
  step public.funnel_steps;
  product public.products;
  new_order public.orders;
  token text := encode(extensions.gen_random_bytes(24), 'hex');
  price integer;
  order_number integer;
begin
  if previous.id is null or previous.funnel_id is null then
    raise exception using errcode = 'PT404', message = 'checkout-order-not-found';
  end if;
  select o.* into existing from public.orders as o where o.idempotency_key = 'funnel-offer:' || input_request_id;
  if existing.id is not null then
    if existing.parent_order_id is distinct from previous.id then
      raise exception using errcode = 'PT404', message = 'checkout-order-not-found';
    end if;
    return jsonb_build_object('order', to_jsonb(existing), 'token', null,
      'customer_id', previous.provider_customer_id, 'payment_method_id', previous.provider_payment_method_id);
  end if;
  funnel := private.published_funnel(previous.funnel_id);
  select s.* into step from public.funnel_steps as s
  where s.id = input_step_id and s.funnel_id = funnel.id and s.type = 'offer';
  if step.id is null then
    raise exception using errcode = 'PT404', message = 'funnel-step-not-found';
  end if;
  if not private.order_is_sale(previous.status) or previous.paid_at is null
    or previous.paid_at + make_interval(mins => funnel.offer_minutes) <= private.campaign_now() then
    raise exception using errcode = 'P0001', message = 'funnel-offer-expired';
  end if;
  if previous.provider_payment_method_id is null then
    raise exception using errcode = 'P0001', message = 'funnel-offer-unavailable';
  end if;
  select p.* into product from public.products as p where p.id = step.product_id and p.archived_at is null;
  if product.id is null then
    raise exception using errcode = 'P0001', message = 'funnel-offer-unavailable';
  end if;
  if exists (
    select 1 from public.orders as o
    where o.parent_order_id = previous.id and o.funnel_step_id = step.id
      and o.status in ('pending', 'requires_action', 'processing', 'paid', 'refunded')
  ) then
    raise exception using errcode = 'P0001', message = 'funnel-offer-taken';
  end if;
  update public.products as p set stock = p.stock - 1 where p.id = product.id and p.stock is not null and p.stock >= 1;
  if not found and product.stock is not null then
    raise exception using errcode = 'P0001', message = 'checkout-sold-out';
  end if;
  price := coalesce(step.price_ore, product.price_ore);

  insert into private.order_numbers (organization_id, last_number) values (funnel.organization_id, 1001)
  on conflict (organization_id) do update set last_number = private.order_numbers.last_number + 1
  returning last_number into order_number;

  insert into public.orders (organization_id, number, participant_id, parent_order_id, buyer, subtotal_ore, total_ore,
    provider, idempotency_key, access_token_sha256, source, utm, expires_at, funnel_id, funnel_step_id,
    funnel_visitor_hash, provider_customer_id, provider_payment_method_id)
  values (funnel.organization_id, order_number, previous.participant_id, previous.id, previous.buyer, price, price,
    previous.provider, 'funnel-offer:' || input_request_id, encode(sha256(convert_to(token, 'UTF8')), 'hex'),
    previous.source, previous.utm, private.campaign_now() + interval '30 minutes', funnel.id, step.id,
    previous.funnel_visitor_hash, previous.provider_customer_id, previous.provider_payment_method_id)
  returning * into new_order;
  insert into public.order_items (order_id, organization_id, product_id, description, quantity, unit_price_ore, vat_rate)
  values (new_order.id, new_order.organization_id, product.id, left(product.name, 200), 1, price, product.vat_rate);
  return jsonb_build_object('order', to_jsonb(new_order), 'token', token,
    'customer_id', previous.provider_customer_id, 'payment_method_id', previous.provider_payment_method_id);
end;
$$;

comment on function public.begin_funnel_offer_order(uuid, text, uuid, uuid) is
  'Service role (funnel-offer): the order of an accepted offer step after a paid funnel order (its receipt secret checked) inside the funnel''s offer window: one unit of the offer''s product at the step''s price, stock reserved, 30 minutes to pay; {order, token (first call only), customer_id, payment_method_id}. funnel-offer-expired, -unavailable, -taken, checkout-sold-out, checkout-order-not-found, funnel-step-not-found otherwise. The same request id answers the same order.';
revoke execute on function public.begin_funnel_offer_order(uuid, text, uuid, uuid) from public, anon, authenticated;
grant execute on function public.begin_funnel_offer_order(uuid, text, uuid, uuid) to service_role;

-- funnel-offer's «Nei takk»: the decline event of the offer, as the buyer of the previous order.
create or replace function public.decline_funnel_offer(input_order_id uuid, input_order_token text, input_step_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  previous public.orders := public.checkout_order_by_token(input_order_id, input_order_token);
  step public.funnel_steps;
begin
  if previous.id is null or previous.funnel_id is null then
    raise exception using errcode = 'PT404', message = 'checkout-order-not-found';
  end if;
  select s.* into step from public.funnel_steps as s
  where s.id = input_step_id and s.funnel_id = previous.funnel_id and s.type = 'offer';
  if step.id is null then
    raise exception using errcode = 'PT404', message = 'funnel-step-not-found';
  end if;
  if not exists (
    select 1 from public.funnel_events as e
    where e.step_id = step.id and e.kind = 'decline' and e.visitor_hash = previous.funnel_visitor_hash
  ) then
    insert into public.funnel_events (funnel_id, organization_id, step_id, variant, visitor_hash, kind, order_id)
    values (step.funnel_id, step.organization_id, step.id,
      coalesce((select e.variant from public.funnel_events as e
                where e.step_id = step.id and e.visitor_hash = previous.funnel_visitor_hash and e.kind = 'view'
                order by e.created_at desc, e.id desc limit 1), 'A'),
      coalesce(previous.funnel_visitor_hash, encode(sha256(convert_to(previous.id::text, 'UTF8')), 'hex')),
      'decline', previous.id);
  end if;
end;
$$;

comment on function public.decline_funnel_offer(uuid, text, uuid) is
  'Service role (funnel-offer): records the decline of an offer step by the buyer of a funnel order (its receipt secret checked), once per visitor.';
revoke execute on function public.decline_funnel_offer(uuid, text, uuid) from public, anon, authenticated;
grant execute on function public.decline_funnel_offer(uuid, text, uuid) to service_role;

-- ============================================================================================
-- 8. Pictures: the library's images a funnel shows
-- ============================================================================================

-- The images a funnel shows: its pages' image blocks (every variant's) and its offers' products. Only
-- the funnel's own organization's items: a block naming another's is never shown.
create or replace function private.funnel_media_ids(funnel_id uuid)
returns setof uuid
language sql
stable
set search_path = ''
as $$
  select m.id
  from public.funnels as f
  join public.organizations_media as m on m.organization_id = f.organization_id
  where f.id = funnel_media_ids.funnel_id
    and m.id in (
      select (b ->> 'mediaId')::uuid
      from public.funnel_steps as s
      left join public.funnel_step_variants as v on v.step_id = s.id
      cross join lateral jsonb_array_elements(s.content || coalesce(v.content, '[]')) as b
      where s.funnel_id = f.id and b ->> 'type' = 'image'
        and b ->> 'mediaId' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      union
      select p.image_media_id
      from public.funnel_steps as s
      join public.products as p on p.id = s.product_id
      where s.funnel_id = f.id and p.image_media_id is not null
    );
$$;

comment on function private.funnel_media_ids(uuid) is
  'The funnel''s own organization''s media items its pages (image blocks of every variant) and its offers'' products show.';
revoke execute on function private.funnel_media_ids(uuid) from public, anon, authenticated;

-- Recorded in media_usages (kind funnel): the library refuses to delete what a funnel shows, and the
-- images are public (public-media signs them) while the funnel is published and not archived.
create or replace function private.funnel_record_media(funnel_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.media_usages as u where u.kind = 'funnel' and u.ref_id = funnel_record_media.funnel_id;
  insert into public.media_usages (media_id, organization_id, kind, ref_id, label, public_from)
  select ids.id, f.organization_id, 'funnel', f.id, left(c.name, 180) || ' – salgstrakt',
    case when c.published_at is not null and f.archived_at is null then '-infinity'::timestamptz end
  from public.funnels as f
  join public.campaigns as c on c.id = f.id
  cross join lateral private.funnel_media_ids(f.id) as ids (id)
  where f.id = funnel_record_media.funnel_id;
end;
$$;

comment on function private.funnel_record_media(uuid) is
  'The media_usages rows (kind funnel) of a funnel''s images, public while the funnel is published and not archived.';
revoke execute on function private.funnel_record_media(uuid) from public, anon, authenticated;

-- Security definer: the private helper it calls is not granted to members.
create or replace function private.funnels_record_media()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  funnel_ids uuid[];
  funnel_id uuid;
begin
  if tg_table_name in ('funnels', 'campaigns') then
    funnel_ids := array[coalesce(new.id, old.id)];
  elsif tg_table_name = 'funnel_steps' then
    funnel_ids := array[coalesce(new.funnel_id, old.funnel_id)];
  elsif tg_table_name = 'funnel_step_variants' then
    select array_agg(s.funnel_id) into funnel_ids
    from public.funnel_steps as s where s.id = coalesce(new.step_id, old.step_id);
  else
    select array_agg(distinct s.funnel_id) into funnel_ids
    from public.funnel_steps as s where s.product_id = coalesce(new.id, old.id);
  end if;
  foreach funnel_id in array coalesce(funnel_ids, '{}') loop
    if exists (select 1 from public.funnels as f where f.id = funnel_id) then
      perform private.funnel_record_media(funnel_id);
    end if;
  end loop;
  return null;
end;
$$;

comment on function private.funnels_record_media() is
  'Trigger: records the images of the funnel a change touches (its publishing, archiving, a step''s or variant''s content, an offer''s product, that product''s picture).';
revoke execute on function private.funnels_record_media() from public, anon, authenticated;

create trigger funnels_record_media after insert or update of archived_at on public.funnels
  for each row execute function private.funnels_record_media();
create trigger funnel_campaigns_record_media after update of published_at, name on public.campaigns
  for each row when (new.kind = 'funnel') execute function private.funnels_record_media();
create trigger funnel_steps_record_media after insert or delete or update of content, product_id on public.funnel_steps
  for each row execute function private.funnels_record_media();
create trigger funnel_step_variants_record_media after insert or delete or update of content on public.funnel_step_variants
  for each row execute function private.funnels_record_media();
create trigger funnel_products_record_media after update of image_media_id on public.products
  for each row execute function private.funnels_record_media();

-- The pictures of a step as the public page shows them: each image's web rendition (signed by
-- public-media) and alternative text, by the media id its block names.
create or replace function private.funnel_step_images(funnel_id uuid, content jsonb, product_media_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(m.id, jsonb_build_object('path', m.url, 'alt', m.alt_text)), '{}')
  from public.organizations_media as m
  where m.id in (select private.funnel_media_ids(funnel_step_images.funnel_id))
    and (
      m.id = funnel_step_images.product_media_id
      or exists (
        select 1 from jsonb_array_elements(coalesce(funnel_step_images.content, '[]')) as b
        where b ->> 'type' = 'image' and b ->> 'mediaId' = m.id::text
      )
    );
$$;

comment on function private.funnel_step_images(uuid, jsonb, uuid) is
  'A funnel step''s images for the public page: {media id: {path (web rendition), alt}} of its blocks and its offer''s product.';
revoke execute on function private.funnel_step_images(uuid, jsonb, uuid) from public, anon, authenticated;
