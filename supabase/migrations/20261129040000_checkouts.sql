-- Checkouts, a kind on the campaign engine (docs/checkouts.md «The database»):
--
-- Sections: 1. products · 2. checkouts · 3. coupons · 4. sessions and orders · 5. triggers
-- · 6. row-level security · 7. the organizer · 8. the public read · 9. the public writes
--
-- - A product is the organization's, sold by one or more checkouts; its price is in øre INCLUDING
--   its MVA rate (what a consumer pays, the Norwegian way); the part without VAT is computed.
-- - A checkout is a campaign of kind checkout with its own row (same id): its products (one or more
--   main products and at most one order bump), custom fields, thank-you page and recovery.
-- - Stock and coupon uses are counters changed by one guarded UPDATE each, so two buyers racing for
--   the last unit never both get it (the order functions of 20261129050000 reserve and release).
-- - The public reads a published checkout through public_checkout and writes only through the
--   checked functions (a visit, the e-mail step); orders are written by the checkout-pay function.
-- - campaign_events gains the visit's source (utm_source or the referrer's host), for every kind.

-- ============================================================================================
-- 1. Products
-- ============================================================================================

create table public.products (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  description text not null default '' check (char_length(description) <= 2000),
  -- What the buyer pays for one unit, incl. MVA, in øre.
  price_ore integer not null check (price_ore between 0 and 100000000),
  vat_rate integer not null default 25 check (vat_rate in (0, 12, 15, 25)),
  image_media_id uuid null,
  -- Units left for sale (null: no limit). Reserved by a started order, given back when it fails.
  stock integer null check (stock >= 0),
  -- How many one order may hold.
  max_per_order integer not null default 10 check (max_per_order between 1 and 1000),
  archived_at timestamptz null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint products_id_organization_id_key unique (id, organization_id),
  foreign key (image_media_id, organization_id) references public.organizations_media (id, organization_id)
);

comment on table public.products is
  'A one-time product of an organization, sold through its checkouts. Members manage it; the public reads it only through public_checkout.';
comment on column public.products.price_ore is 'The price of one unit incl. MVA, in øre (what a consumer pays).';
comment on column public.products.vat_rate is 'MVA in percent: 25 (general), 15 (food), 12 (transport, culture, hotels) or 0.';
comment on column public.products.stock is 'Units left for sale; null: unlimited. Only the order functions change it once the product exists.';
comment on column public.products.max_per_order is 'The largest quantity one order may hold.';
comment on column public.products.archived_at is 'Archived: no longer sold; orders keep their snapshot.';

create index products_organization_id_idx on public.products (organization_id, created_at desc);
create index products_image_media_id_idx on public.products (image_media_id, organization_id);

-- ============================================================================================
-- 2. Checkouts
-- ============================================================================================

create table public.checkouts (
  id uuid primary key,
  organization_id uuid not null,
  kind text not null default 'checkout' check (kind = 'checkout'),
  -- Prices to the buyer incl. MVA (consumers), or eks. MVA with the VAT added (businesses).
  price_display text not null default 'incl' check (price_display in ('incl', 'excl')),
  -- The buyer's company and organization number are asked (and required when 'required').
  business_fields text not null default 'off' check (business_fields in ('off', 'optional', 'required')),
  -- The order bump's pitch, shown beside its tick box («Ja, legg til …»).
  bump_heading text null check (char_length(btrim(bump_heading)) between 1 and 120),
  bump_text text null check (char_length(bump_text) <= 500),
  -- Up to ten questions of the buyer: [{id, label, type: text|textarea|select|checkbox, required, options}].
  custom_fields jsonb not null default '[]' check (
    jsonb_typeof(custom_fields) = 'array' and jsonb_array_length(custom_fields) <= 10
    and pg_column_size(custom_fields) <= 16384
  ),
  thank_you_heading text null check (char_length(btrim(thank_you_heading)) between 1 and 120),
  thank_you_text text null check (char_length(thank_you_text) <= 2000),
  -- After paying, to the seller's own page instead of the receipt page (https only).
  redirect_url text null check (redirect_url ~ '^https://[^\s/$.?#][^\s]*$' and char_length(redirect_url) <= 2000),
  -- The coupon the 6-hour recovery e-mail offers (null: none).
  recovery_coupon_id uuid null,
  archived_at timestamptz null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint checkouts_campaign_fkey foreign key (id, kind)
    references public.campaigns (id, kind) on delete cascade,
  constraint checkouts_campaign_organization_fkey foreign key (id, organization_id)
    references public.campaigns (id, organization_id) on delete cascade,
  constraint checkouts_id_organization_id_key unique (id, organization_id)
);

comment on table public.checkouts is
  'A checkout: the campaign (same id, kind checkout) that sells its products on the public page /kasse/<id>. Members manage it; the public reads it through public_checkout.';
comment on column public.checkouts.price_display is 'incl: prices shown incl. MVA (consumers); excl: eks. MVA with the VAT added (businesses).';
comment on column public.checkouts.business_fields is 'off, optional or required: the buyer''s company and organization number.';
comment on column public.checkouts.custom_fields is 'The buyer''s extra questions: [{id, label, type (text, textarea, select, checkbox), required, options}].';
comment on column public.checkouts.redirect_url is 'Null: the receipt page with the thank-you texts; set: the seller''s https page after paying.';
comment on column public.checkouts.recovery_coupon_id is 'The coupon offered by the second recovery e-mail (6 hours); null: none.';

create index checkouts_organization_id_idx on public.checkouts (organization_id);
create index checkouts_id_kind_idx on public.checkouts (id, kind);

create table public.checkout_products (
  checkout_id uuid not null,
  product_id uuid not null,
  organization_id uuid not null,
  -- main: sold by the checkout; bump: the one offer ticked on beside the card.
  role text not null default 'main' check (role in ('main', 'bump')),
  position integer not null default 0 check (position between 0 and 20),
  -- The buyer may change the quantity (up to the product's max_per_order).
  quantity_editable boolean not null default false,
  primary key (checkout_id, product_id),
  foreign key (checkout_id, organization_id) references public.checkouts (id, organization_id) on delete cascade,
  foreign key (product_id, organization_id) references public.products (id, organization_id) on delete cascade
);

comment on table public.checkout_products is 'The products a checkout sells (main, in position order) and its order bump (at most one).';

create unique index checkout_products_one_bump on public.checkout_products (checkout_id) where role = 'bump';
create index checkout_products_product_id_idx on public.checkout_products (product_id, organization_id);
create index checkout_products_organization_id_idx on public.checkout_products (organization_id);

-- ============================================================================================
-- 3. Coupons
-- ============================================================================================

create table public.coupons (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  -- What the buyer types: letters, digits, - and _, stored in upper case (matching ignores case).
  code text not null check (code ~ '^[A-Z0-9][A-Z0-9_-]{1,39}$'),
  percent_off integer null check (percent_off between 1 and 100),
  amount_off_ore integer null check (amount_off_ore between 1 and 100000000),
  -- Null: every checkout of the organization.
  checkout_id uuid null,
  expires_at timestamptz null,
  max_uses integer null check (max_uses >= 1),
  -- Orders started or paid with it (a failed or expired order gives its use back).
  uses integer not null default 0 check (uses >= 0),
  archived_at timestamptz null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint coupons_one_discount check ((percent_off is null) <> (amount_off_ore is null)),
  constraint coupons_within_max_uses check (max_uses is null or uses <= max_uses),
  constraint coupons_code_key unique (organization_id, code),
  constraint coupons_id_organization_id_key unique (id, organization_id),
  foreign key (checkout_id, organization_id) references public.checkouts (id, organization_id) on delete cascade
);

comment on table public.coupons is
  'A discount code of an organization: percent or amount off, for one checkout or all, until expires_at, at most max_uses orders. Members manage it; the public only tries a code through checkout_coupon.';
comment on column public.coupons.uses is 'Orders holding the code (started or paid); only the order functions change it, in one guarded update.';

create index coupons_checkout_id_idx on public.coupons (checkout_id, organization_id);

alter table public.checkouts add constraint checkouts_recovery_coupon_fkey
  foreign key (recovery_coupon_id, organization_id) references public.coupons (id, organization_id);
create index checkouts_recovery_coupon_id_idx on public.checkouts (recovery_coupon_id, organization_id);

-- ============================================================================================
-- 4. Sessions and orders
-- ============================================================================================

-- A buyer who gave an e-mail on a checkout: what recovery follows up, and the order's source.
create table public.checkout_sessions (
  id uuid primary key default gen_random_uuid(),
  checkout_id uuid not null,
  organization_id uuid not null,
  participant_id uuid not null references public.participants (id) on delete cascade,
  -- The page's random visitor id, hashed as campaign_events does (joins the visit to the session).
  visitor_hash text null check (visitor_hash ~ '^[0-9a-f]{64}$'),
  source text null check (char_length(source) <= 100),
  utm jsonb not null default '{}' check (
    jsonb_typeof(utm) = 'object' and utm - '{source,medium,campaign,term,content}'::text[] = '{}'::jsonb
    and pg_column_size(utm) <= 2048
  ),
  -- Hex SHA-256 of the secret the page keeps: the e-mail step's answer, needed to pay in this session.
  token_sha256 text not null check (token_sha256 ~ '^[0-9a-f]{64}$'),
  -- Recovery: the e-mails sent (0–3) and when the next is due (null: none due, or stopped).
  recovery_sent integer not null default 0 check (recovery_sent between 0 and 3),
  recovery_due_at timestamptz null,
  paid_at timestamptz null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint checkout_sessions_id_organization_id_key unique (id, organization_id),
  foreign key (checkout_id, organization_id) references public.checkouts (id, organization_id) on delete cascade
);

comment on table public.checkout_sessions is
  'A buyer who gave an e-mail on a checkout (the engine''s participant): the source, the page''s secret, and the recovery sequence until paid or stopped.';
comment on column public.checkout_sessions.recovery_due_at is 'When the next recovery e-mail is due (15 min, 6 h, 24 h after the e-mail step); null once paid, stopped or done.';

create index checkout_sessions_checkout_id_idx on public.checkout_sessions (checkout_id, organization_id, created_at);
create index checkout_sessions_participant_id_idx on public.checkout_sessions (participant_id);
create index checkout_sessions_organization_id_idx on public.checkout_sessions (organization_id);
create index checkout_sessions_recovery_due_idx on public.checkout_sessions (recovery_due_at)
  where recovery_due_at is not null;

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  -- The seller's order number, one series per organization (1001, 1002, …).
  number integer not null check (number >= 1),
  checkout_id uuid null,
  session_id uuid null,
  -- Null once the person erased their data: the order and its receipt stay (bookkeeping).
  participant_id uuid null references public.participants (id) on delete set null,
  -- An upsell's order points at the order it followed.
  parent_order_id uuid null references public.orders (id) on delete set null,
  status text not null default 'pending' check (
    status in ('pending', 'requires_action', 'processing', 'paid', 'failed', 'canceled', 'expired', 'refunded')
  ),
  -- What the buyer entered beyond the e-mail: name, phone, company, organization number.
  buyer jsonb not null default '{}' check (
    jsonb_typeof(buyer) = 'object' and buyer - '{name,phone,company,organization_number}'::text[] = '{}'::jsonb
  ),
  answers jsonb not null default '{}' check (jsonb_typeof(answers) = 'object' and pg_column_size(answers) <= 16384),
  coupon_id uuid null,
  subtotal_ore integer not null check (subtotal_ore >= 0),
  discount_ore integer not null default 0 check (discount_ore >= 0),
  total_ore integer not null check (total_ore >= 0),
  refunded_ore integer not null default 0 check (refunded_ore >= 0),
  currency text not null default 'nok' check (currency = 'nok'),
  provider text null check (provider in ('stripe', 'local')),
  provider_payment_id text null unique,
  -- The same key never makes a second order or charge: 'checkout:<requestId>'.
  idempotency_key text not null unique,
  failure_code text null,
  card_brand text null,
  card_last4 text null,
  -- The buyer's saved payment method and customer at the provider (one-click upsells), never shown.
  provider_customer_id text null,
  provider_payment_method_id text null,
  -- Hex SHA-256 of the buyer's receipt-link secret.
  access_token_sha256 text not null check (access_token_sha256 ~ '^[0-9a-f]{64}$'),
  source text null check (char_length(source) <= 100),
  utm jsonb not null default '{}' check (jsonb_typeof(utm) = 'object' and pg_column_size(utm) <= 2048),
  -- Stock and the coupon are held until then; an unpaid order past it is expired and gives them back.
  expires_at timestamptz not null,
  paid_at timestamptz null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint orders_total check (total_ore = subtotal_ore - discount_ore),
  constraint orders_refund_within_total check (refunded_ore <= total_ore),
  constraint orders_number_key unique (organization_id, number),
  constraint orders_id_organization_id_key unique (id, organization_id),
  foreign key (checkout_id, organization_id) references public.checkouts (id, organization_id) on delete set null (checkout_id),
  foreign key (session_id, organization_id) references public.checkout_sessions (id, organization_id) on delete set null (session_id),
  foreign key (coupon_id, organization_id) references public.coupons (id, organization_id) on delete set null (coupon_id)
);

comment on table public.orders is
  'An order on a checkout (or an upsell after one): what was bought, the totals incl. MVA, the payment''s state and the buyer''s receipt link. Members of the selling organization read; only the checkout-pay function and the webhook write.';
comment on column public.orders.status is 'pending → requires_action / processing → paid (→ refunded when fully refunded); failed, canceled or expired give stock and coupon back.';
comment on column public.orders.total_ore is 'What the buyer pays incl. MVA: subtotal minus discount.';

create index orders_organization_id_created_at_idx on public.orders (organization_id, created_at desc);
create index orders_checkout_id_idx on public.orders (checkout_id, organization_id, created_at);
create index orders_session_id_idx on public.orders (session_id, organization_id);
create index orders_participant_id_idx on public.orders (participant_id);
create index orders_parent_order_id_idx on public.orders (parent_order_id);
create index orders_coupon_id_idx on public.orders (coupon_id, organization_id);
create index orders_expires_at_idx on public.orders (expires_at) where status in ('pending', 'requires_action');

create table public.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null,
  organization_id uuid not null,
  product_id uuid null,
  -- A snapshot: the product may change or go after the sale.
  description text not null check (char_length(description) between 1 and 200),
  quantity integer not null check (quantity between 1 and 1000),
  unit_price_ore integer not null check (unit_price_ore >= 0),
  vat_rate integer not null check (vat_rate in (0, 12, 15, 25)),
  -- The line's share of the order's discount (the discount is spread over the lines, so MVA per rate stays right).
  discount_ore integer not null default 0 check (discount_ore >= 0),
  is_bump boolean not null default false,
  foreign key (order_id, organization_id) references public.orders (id, organization_id) on delete cascade,
  foreign key (product_id, organization_id) references public.products (id, organization_id) on delete set null (product_id),
  constraint order_items_discount_within_line check (discount_ore <= quantity * unit_price_ore)
);

comment on table public.order_items is 'The lines of an order: a snapshot of each product''s name, price incl. MVA and rate, and its share of the discount.';

create index order_items_order_id_idx on public.order_items (order_id, organization_id);
create index order_items_product_id_idx on public.order_items (product_id, organization_id);
create index order_items_organization_id_idx on public.order_items (organization_id);

create table public.order_refunds (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null,
  organization_id uuid not null,
  amount_ore integer not null check (amount_ore > 0),
  reason text null check (char_length(reason) <= 500),
  provider_refund_id text null unique,
  created_by uuid null references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  foreign key (order_id, organization_id) references public.orders (id, organization_id) on delete cascade
);

comment on table public.order_refunds is 'The ledger of an order''s refunds (full or partial), one row per refund at the provider.';

create index order_refunds_order_id_idx on public.order_refunds (order_id, organization_id);
create index order_refunds_organization_id_idx on public.order_refunds (organization_id);
create index order_refunds_created_by_idx on public.order_refunds (created_by);

-- One order number series per organization, never reused.
create table private.order_numbers (
  organization_id uuid primary key references public.organizations (id) on delete cascade,
  last_number integer not null default 1000
);

comment on table private.order_numbers is 'The last order number given per organization (the first is 1001).';

-- A visit's source, for every kind's statistics (utm_source, else the referring host).
alter table public.campaign_events add column source text null check (char_length(source) <= 100);
comment on column public.campaign_events.source is 'Where the visit came from: utm_source, else the referrer''s host; null when unknown or direct.';

-- ============================================================================================
-- 5. Triggers
-- ============================================================================================

create trigger products_set_updated_at before update on public.products
  for each row execute function private.set_updated_at();
create trigger checkouts_set_updated_at before update on public.checkouts
  for each row execute function private.set_updated_at();
create trigger coupons_set_updated_at before update on public.coupons
  for each row execute function private.set_updated_at();
create trigger checkout_sessions_set_updated_at before update on public.checkout_sessions
  for each row execute function private.set_updated_at();
create trigger orders_set_updated_at before update on public.orders
  for each row execute function private.set_updated_at();

create trigger checkouts_delete_campaign after delete on public.checkouts
  for each row execute function private.calendars_delete_campaign();

-- Codes are typed in any case and with stray spaces; one spelling is stored.
create or replace function private.coupons_normalize_code()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.code := upper(btrim(new.code));
  return new;
end;
$$;

comment on function private.coupons_normalize_code() is 'Trigger: a coupon''s code trimmed and in upper case.';
revoke execute on function private.coupons_normalize_code() from public, anon, authenticated;

create trigger coupons_normalize_code before insert or update of code on public.coupons
  for each row execute function private.coupons_normalize_code();

-- The product images of published checkouts are public (public-media signs them).
create or replace function private.product_record_media(product_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.media_usages as u where u.kind = 'product' and u.ref_id = product_record_media.product_id;
  insert into public.media_usages (media_id, organization_id, kind, ref_id, label, public_from)
  select p.image_media_id, p.organization_id, 'product', p.id, left(p.name, 180) || ' – produkt',
    case when p.archived_at is null and exists (
      select 1 from public.checkout_products as cp
      join public.checkouts as k on k.id = cp.checkout_id
      join public.campaigns as c on c.id = k.id
      where cp.product_id = p.id and c.published_at is not null and k.archived_at is null
    ) then '-infinity'::timestamptz end
  from public.products as p
  where p.id = product_record_media.product_id and p.image_media_id is not null;
end;
$$;

comment on function private.product_record_media(uuid) is
  'The media_usages row (kind product) of a product''s image, public while a published, unarchived checkout sells it.';
revoke execute on function private.product_record_media(uuid) from public, anon, authenticated;

-- Security definer: the private helper it calls is not granted to members.
create or replace function private.products_record_media()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  product_ids uuid[];
  product_id uuid;
begin
  if tg_table_name = 'products' then
    product_ids := array[coalesce(new.id, old.id)];
  elsif tg_table_name = 'checkout_products' then
    product_ids := array[coalesce(new.product_id, old.product_id)];
  else
    select array_agg(cp.product_id) into product_ids
    from public.checkout_products as cp where cp.checkout_id = coalesce(new.id, old.id);
  end if;
  foreach product_id in array coalesce(product_ids, '{}') loop
    perform private.product_record_media(product_id);
  end loop;
  return null;
end;
$$;

comment on function private.products_record_media() is
  'Trigger of products, checkout_products, checkouts and checkout campaigns: private.product_record_media for each product concerned.';
revoke execute on function private.products_record_media() from public, anon, authenticated;

create trigger products_record_media after insert or update of image_media_id, archived_at, name on public.products
  for each row execute function private.products_record_media();
create trigger checkout_products_record_media after insert or delete on public.checkout_products
  for each row execute function private.products_record_media();
create trigger checkouts_record_media after update of archived_at on public.checkouts
  for each row execute function private.products_record_media();
create trigger checkout_campaigns_record_media
  after update of published_at on public.campaigns
  for each row when (new.kind = 'checkout')
  execute function private.products_record_media();

-- A checkout is published only when it sells something and says how the buyer pays (the terms).
create or replace function private.checkouts_publish_ready()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.checkout_products as cp
    join public.products as p on p.id = cp.product_id
    where cp.checkout_id = new.id and cp.role = 'main' and p.archived_at is null
  ) then
    raise exception using errcode = 'P0001', message = 'checkout-no-products';
  end if;
  return new;
end;
$$;

comment on function private.checkouts_publish_ready() is
  'Trigger: publishing a checkout without an unarchived main product raises checkout-no-products.';
revoke execute on function private.checkouts_publish_ready() from public, anon, authenticated;

create trigger checkout_campaigns_publish_ready
  before update of published_at on public.campaigns
  for each row when (new.kind = 'checkout' and new.published_at is not null and old.published_at is null)
  execute function private.checkouts_publish_ready();

-- ============================================================================================
-- 6. Row-level security: members of the organization; the public only through the functions
-- ============================================================================================

alter table public.products enable row level security;
alter table public.checkouts enable row level security;
alter table public.checkout_products enable row level security;
alter table public.coupons enable row level security;
alter table public.checkout_sessions enable row level security;
alter table public.orders enable row level security;
alter table public.order_items enable row level security;
alter table public.order_refunds enable row level security;
alter table private.order_numbers enable row level security;

revoke all on public.products, public.checkouts, public.checkout_products, public.coupons,
  public.checkout_sessions, public.orders, public.order_items, public.order_refunds from anon, authenticated;
grant select, insert, delete on public.products, public.checkouts, public.checkout_products, public.coupons
  to authenticated;
-- Stock is set when a product is made and changed on purpose (a restock) only by members' updates;
-- a started order changes it through the order functions.
grant update (name, description, price_ore, vat_rate, image_media_id, stock, max_per_order, archived_at)
  on public.products to authenticated;
grant update (price_display, business_fields, bump_heading, bump_text, custom_fields, thank_you_heading,
  thank_you_text, redirect_url, recovery_coupon_id, archived_at) on public.checkouts to authenticated;
grant update (role, position, quantity_editable) on public.checkout_products to authenticated;
grant update (code, percent_off, amount_off_ore, checkout_id, expires_at, max_uses, archived_at)
  on public.coupons to authenticated;
grant select on public.checkout_sessions, public.orders, public.order_items, public.order_refunds to authenticated;

create policy "Members can read their organization's products"
on public.products for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can create products for their organization"
on public.products for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can update their organization's products"
on public.products for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

-- A product with orders is archived instead (order_items keeps a null product either way).
create policy "Owners and admins can delete their organization's products"
on public.products for delete to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Members can read their organization's checkouts"
on public.checkouts for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can create checkouts for their organization"
on public.checkouts for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can update their organization's checkouts"
on public.checkouts for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

-- Orders keep their own snapshot; deleting a checkout with orders is for owners and admins.
create policy "Owners and admins can delete their organization's checkouts"
on public.checkouts for delete to authenticated
using (private.has_organization_role(organization_id, '{owner,admin}'));

create policy "Members can read what their checkouts sell"
on public.checkout_products for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can add products to their checkouts"
on public.checkout_products for insert to authenticated
with check (private.has_organization_role(organization_id));

create policy "Members can change what their checkouts sell"
on public.checkout_products for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Members can take products off their checkouts"
on public.checkout_products for delete to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's coupons"
on public.coupons for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can create coupons for their organization"
on public.coupons for insert to authenticated
with check (private.has_organization_role(organization_id) and uses = 0);

create policy "Members can update their organization's coupons"
on public.coupons for update to authenticated
using (private.has_organization_role(organization_id))
with check (private.has_organization_role(organization_id));

create policy "Members can delete their organization's coupons"
on public.coupons for delete to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's checkout sessions"
on public.checkout_sessions for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's orders"
on public.orders for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's order lines"
on public.order_items for select to authenticated
using (private.has_organization_role(organization_id));

create policy "Members can read their organization's refunds"
on public.order_refunds for select to authenticated
using (private.has_organization_role(organization_id));

-- ============================================================================================
-- 7. The organizer
-- ============================================================================================

-- A new draft checkout: its campaign (with a Norwegian terms text to start from) and its row, and
-- the product when one is given. Security invoker: the tables' policies decide who may.
create or replace function public.create_checkout(input_organization_id uuid, input_name text, input_product_id uuid default null)
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
declare
  new_id uuid;
begin
  insert into public.campaigns (organization_id, kind, name, consent_text, reminders_enabled)
  values (input_organization_id, 'checkout', btrim(input_name),
    'Jeg har lest og godtar kjøpsvilkårene og angreretten.', true)
  returning id into new_id;
  insert into public.checkouts (id, organization_id) values (new_id, input_organization_id);
  if input_product_id is not null then
    insert into public.checkout_products (checkout_id, product_id, organization_id)
    values (new_id, input_product_id, input_organization_id);
  end if;
  return new_id;
end;
$$;

comment on function public.create_checkout(uuid, text, uuid) is
  'Members: creates a draft checkout (campaign with a terms text to edit, checkout row, and the product as its main product when given) and returns its id.';
revoke execute on function public.create_checkout(uuid, text, uuid) from public, anon, authenticated;
grant execute on function public.create_checkout(uuid, text, uuid) to authenticated, service_role;

-- A checkout of the caller's organization, or checkout-not-found (PT404).
create or replace function private.member_checkout(checkout_id uuid)
returns public.checkouts
language plpgsql
stable
set search_path = ''
as $$
declare
  found public.checkouts;
begin
  select k.* into found from public.checkouts as k
  where k.id = member_checkout.checkout_id and private.has_organization_role(k.organization_id);
  if found.id is null then
    raise exception using errcode = 'PT404', message = 'checkout-not-found';
  end if;
  return found;
end;
$$;

comment on function private.member_checkout(uuid) is 'The checkout when the caller is a member of its organization; checkout-not-found (PT404) otherwise.';
revoke execute on function private.member_checkout(uuid) from public, anon, authenticated;
grant execute on function private.member_checkout(uuid) to authenticated, service_role;

-- A copy of a checkout as a new draft: texts, design, settings and products (not coupons or orders).
create or replace function public.duplicate_checkout(input_checkout_id uuid)
returns uuid
language plpgsql
volatile
set search_path = ''
as $$
declare
  source public.checkouts := private.member_checkout(input_checkout_id);
  new_id uuid;
begin
  insert into public.campaigns (organization_id, kind, name, rules_text, consent_text, marketing_consent_text,
    reminders_enabled, reminder_time, design)
  select c.organization_id, 'checkout', left(c.name || ' (kopi)', 120), c.rules_text, c.consent_text,
    c.marketing_consent_text, c.reminders_enabled, c.reminder_time, c.design
  from public.campaigns as c where c.id = source.id
  returning id into new_id;
  insert into public.checkouts (id, organization_id, price_display, business_fields, bump_heading, bump_text,
    custom_fields, thank_you_heading, thank_you_text, redirect_url, recovery_coupon_id)
  values (new_id, source.organization_id, source.price_display, source.business_fields, source.bump_heading,
    source.bump_text, source.custom_fields, source.thank_you_heading, source.thank_you_text, source.redirect_url,
    source.recovery_coupon_id);
  insert into public.checkout_products (checkout_id, product_id, organization_id, role, position, quantity_editable)
  select new_id, cp.product_id, cp.organization_id, cp.role, cp.position, cp.quantity_editable
  from public.checkout_products as cp where cp.checkout_id = source.id;
  return new_id;
end;
$$;

comment on function public.duplicate_checkout(uuid) is
  'Members: a draft copy of the checkout (texts, design, settings and products; no coupons or orders) and its id; checkout-not-found otherwise.';
revoke execute on function public.duplicate_checkout(uuid) from public, anon, authenticated;
grant execute on function public.duplicate_checkout(uuid) to authenticated, service_role;

-- Per checkout of the organization: status and the figures the list shows. Security definer with the
-- membership checked once (as popup_summaries).
create or replace function public.checkout_summaries(input_organization_id uuid)
returns table (
  checkout_id uuid, name text, status text, visits bigint, orders bigint, revenue_ore bigint,
  products text[], created_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select k.id, c.name,
    case when k.archived_at is not null then 'archived' when c.published_at is null then 'draft' else 'live' end,
    (select count(*) from public.campaign_events as e where e.campaign_id = k.id and e.kind = 'visit'),
    (select count(*) from public.orders as o where o.checkout_id = k.id and o.status in ('paid', 'refunded')),
    (select coalesce(sum(o.total_ore - o.refunded_ore), 0) from public.orders as o
     where o.checkout_id = k.id and o.status in ('paid', 'refunded')),
    coalesce((
      select array_agg(p.name order by cp.role desc, cp.position)
      from public.checkout_products as cp join public.products as p on p.id = cp.product_id
      where cp.checkout_id = k.id
    ), '{}'),
    k.created_at
  from public.checkouts as k
  join public.campaigns as c on c.id = k.id
  where k.organization_id = input_organization_id and private.has_organization_role(input_organization_id)
  order by k.created_at desc;
$$;

comment on function public.checkout_summaries(uuid) is
  'Members: per checkout of the organization its name, status (draft, live, archived), visits, paid orders, revenue after refunds and products, newest first.';
revoke execute on function public.checkout_summaries(uuid) from public, anon, authenticated;
grant execute on function public.checkout_summaries(uuid) to authenticated, service_role;

-- ============================================================================================
-- 8. The public read
-- ============================================================================================

-- A published, unarchived checkout, or checkout-not-found (PT404).
create or replace function private.published_checkout(checkout_id uuid)
returns public.checkouts
language plpgsql
stable
set search_path = ''
as $$
declare
  found public.checkouts;
begin
  select k.* into found from public.checkouts as k
  join public.campaigns as c on c.id = k.id
  where k.id = published_checkout.checkout_id and c.published_at is not null
    and c.published_at <= private.campaign_now() and k.archived_at is null;
  if found.id is null then
    raise exception using errcode = 'PT404', message = 'checkout-not-found';
  end if;
  return found;
end;
$$;

comment on function private.published_checkout(uuid) is 'The checkout when it is published and not archived; checkout-not-found (PT404) otherwise.';
revoke execute on function private.published_checkout(uuid) from public, anon, authenticated;

-- What the public page shows: the seller (e-handelsloven § 8: name, organization number, contact),
-- the products with prices incl. and eks. MVA and what is left in stock, the bump, the fields, the
-- texts and the design. Never a coupon, an order or a person.
create or replace function private.checkout_page(checkout public.checkouts)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', checkout.id,
    'now', private.campaign_now(),
    'name', c.name,
    'seller', jsonb_build_object('name', o.name, 'organization_number', o.organization_number,
      'email', o.contact_email),
    'price_display', checkout.price_display,
    'business_fields', checkout.business_fields,
    'bump', case when checkout.bump_heading is null then null
      else jsonb_build_object('heading', checkout.bump_heading, 'text', checkout.bump_text) end,
    'custom_fields', checkout.custom_fields,
    'thank_you', jsonb_build_object('heading', checkout.thank_you_heading, 'text', checkout.thank_you_text),
    'terms_text', c.rules_text,
    'consent_text', c.consent_text,
    'marketing_consent_text', c.marketing_consent_text,
    'recovery', c.reminders_enabled,
    'design', c.design,
    'coupons', exists (
      select 1 from public.coupons as d
      where d.organization_id = checkout.organization_id and d.archived_at is null
        and (d.checkout_id is null or d.checkout_id = checkout.id)
        and (d.expires_at is null or d.expires_at > private.campaign_now())
    ),
    'products', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', p.id, 'role', cp.role, 'name', p.name, 'description', p.description,
        'price_ore', p.price_ore, 'vat_rate', p.vat_rate, 'image_media_id', p.image_media_id,
        'stock', p.stock, 'max_per_order', p.max_per_order, 'quantity_editable', cp.quantity_editable
      ) order by cp.role desc, cp.position)
      from public.checkout_products as cp
      join public.products as p on p.id = cp.product_id
      where cp.checkout_id = checkout.id and p.archived_at is null
    ), '[]'::jsonb)
  )
  from public.campaigns as c
  join public.organizations as o on o.id = c.organization_id
  where c.id = checkout.id;
$$;

comment on function private.checkout_page(public.checkouts) is 'The public page''s data of a checkout (no coupon, order or person).';
revoke execute on function private.checkout_page(public.checkouts) from public, anon, authenticated;

-- Security definer: anon has no grant on the tables.
create or replace function public.public_checkout(input_checkout_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform private.check_public_rate('checkout-read', 300);
  return private.checkout_page(private.published_checkout(input_checkout_id));
end;
$$;

comment on function public.public_checkout(uuid) is
  'Anyone: a published checkout''s page (seller, products with price, MVA rate and stock left, bump, fields, texts, design); checkout-not-found otherwise. 300 reads a minute per address.';
revoke execute on function public.public_checkout(uuid) from public, anon, authenticated;
grant execute on function public.public_checkout(uuid) to anon, authenticated, service_role;

-- The same page for the editor's preview, published or not.
create or replace function public.checkout_preview(input_checkout_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.checkout_page(private.member_checkout(input_checkout_id));
$$;

comment on function public.checkout_preview(uuid) is 'Members: the public page''s data of their checkout, draft or not (the editor''s live preview).';
revoke execute on function public.checkout_preview(uuid) from public, anon, authenticated;
grant execute on function public.checkout_preview(uuid) to authenticated, service_role;

-- ============================================================================================
-- 9. The public writes
-- ============================================================================================

-- The source of a visit or a session: utm_source, else the referrer's host, trimmed; null otherwise.
create or replace function private.visit_source(input_source text)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(left(lower(btrim(input_source)), 100), '');
$$;

comment on function private.visit_source(text) is 'A visit''s source as the statistics store it: lower case, trimmed, at most 100 characters, null when empty.';
revoke execute on function private.visit_source(text) from public, anon, authenticated;

-- A visitor id as the statistics keep it: the hex SHA-256 of the campaign and the page's random id,
-- which counts unique visitors and names nobody.
create or replace function private.campaign_visitor_hash(campaign_id uuid, visitor text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if visitor is null then
    return null;
  end if;
  if visitor !~ '^[A-Za-z0-9_-]{8,128}$' then
    raise exception using errcode = '22023', message = 'campaign-visitor-invalid';
  end if;
  return encode(sha256(convert_to(campaign_id::text || ':' || visitor, 'UTF8')), 'hex');
end;
$$;

comment on function private.campaign_visitor_hash(uuid, text) is
  'The hashed visitor id of a campaign''s statistics (null for none); 22023 campaign-visitor-invalid for an id that is not 8–128 URL-safe characters.';
revoke execute on function private.campaign_visitor_hash(uuid, text) from public, anon, authenticated;

-- A visit of a published checkout page (the statistics' visits and unique visitors).
create or replace function public.record_checkout_visit(input_checkout_id uuid, input_visitor text, input_source text default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  checkout public.checkouts := private.published_checkout(input_checkout_id);
begin
  perform private.check_public_rate('checkout-event', 120);
  insert into public.campaign_events (campaign_id, organization_id, kind, visitor_hash, source)
  values (checkout.id, checkout.organization_id, 'visit',
    private.campaign_visitor_hash(checkout.id, input_visitor),
    private.visit_source(input_source));
end;
$$;

comment on function public.record_checkout_visit(uuid, text, text) is
  'Anyone: counts a visit of a published checkout (hashed visitor id, source); 120 a minute per address.';
revoke execute on function public.record_checkout_visit(uuid, text, text) from public, anon, authenticated;
grant execute on function public.record_checkout_visit(uuid, text, text) to anon, authenticated, service_role;

-- The e-mail step: the buyer's e-mail (so recovery can follow up), through the engine's participant
-- write. A purchase the person starts is not a consent to anything: the participant is made for the
-- order to come (the consent to the terms is recorded when they pay), and the recovery e-mails are
-- the registration's reminders, sent only when ticked (reminders_opt_in) and stopped by the engine's
-- unsubscribe. Answers the session and the page's secret for paying; the same for a known address.
create or replace function public.start_checkout(
  input_checkout_id uuid,
  input_email text,
  input_recovery_opt_in boolean default false,
  input_visitor text default null,
  input_source text default null,
  input_utm jsonb default '{}',
  input_honeypot text default null,
  input_shown_at timestamptz default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  checkout public.checkouts := private.published_checkout(input_checkout_id);
  campaign public.campaigns;
  participant public.participants;
  token text := encode(extensions.gen_random_bytes(24), 'hex');
  clean_utm jsonb;
  session_id uuid;
begin
  select * into campaign from public.campaigns as c where c.id = checkout.id;
  participant := private.upsert_participant(campaign, 'checkout-start', input_email, true, input_shown_at,
    input_honeypot, null, null, input_recovery_opt_in);
  select coalesce(jsonb_object_agg(u.key, left(u.value, 100)), '{}'::jsonb) into clean_utm
  from jsonb_each_text(coalesce(input_utm, '{}')) as u
  where u.key in ('source', 'medium', 'campaign', 'term', 'content') and btrim(u.value) <> '';

  insert into public.checkout_sessions (checkout_id, organization_id, participant_id, visitor_hash, source, utm,
    token_sha256, recovery_due_at)
  values (checkout.id, checkout.organization_id, participant.id,
    private.campaign_visitor_hash(checkout.id, input_visitor),
    private.visit_source(coalesce(clean_utm ->> 'source', input_source)), clean_utm,
    encode(sha256(convert_to(token, 'UTF8')), 'hex'),
    private.campaign_now() + interval '15 minutes')
  returning id into session_id;
  return jsonb_build_object('session_id', session_id, 'token', token);
end;
$$;

comment on function public.start_checkout(uuid, text, boolean, text, text, jsonb, text, timestamptz) is
  'Anyone: the e-mail step of a published checkout (the engine''s participant, with recovery e-mails as its reminders when ticked); answers {session_id, token} for paying, the same for a known address. Engine checks and limits; checkout-not-found otherwise.';
revoke execute on function public.start_checkout(uuid, text, boolean, text, text, jsonb, text, timestamptz)
  from public, anon, authenticated;
grant execute on function public.start_checkout(uuid, text, boolean, text, text, jsonb, text, timestamptz)
  to anon, authenticated, service_role;

-- Whether a code gives a discount on this checkout now, and how much (the page shows it before paying;
-- the order functions check it again). Rate-limited harder than the page: codes must not be guessable.
create or replace function public.checkout_coupon(input_checkout_id uuid, input_code text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  checkout public.checkouts := private.published_checkout(input_checkout_id);
  coupon public.coupons;
begin
  perform private.check_public_rate('checkout-coupon', 20);
  select d.* into coupon from public.coupons as d
  where d.organization_id = checkout.organization_id and d.code = upper(btrim(input_code))
    and d.archived_at is null and (d.checkout_id is null or d.checkout_id = checkout.id);
  if coupon.id is null then
    raise exception using errcode = 'P0001', message = 'checkout-coupon-invalid';
  end if;
  if coupon.expires_at is not null and coupon.expires_at <= private.campaign_now() then
    raise exception using errcode = 'P0001', message = 'checkout-coupon-expired';
  end if;
  if coupon.max_uses is not null and coupon.uses >= coupon.max_uses then
    raise exception using errcode = 'P0001', message = 'checkout-coupon-used-up';
  end if;
  return jsonb_build_object('code', coupon.code, 'percent_off', coupon.percent_off,
    'amount_off_ore', coupon.amount_off_ore);
end;
$$;

comment on function public.checkout_coupon(uuid, text) is
  'Anyone: the discount of a coupon code on a published checkout ({code, percent_off, amount_off_ore}), or checkout-coupon-invalid / -expired / -used-up; 20 tries a minute per address.';
revoke execute on function public.checkout_coupon(uuid, text) from public, anon, authenticated;
grant execute on function public.checkout_coupon(uuid, text) to anon, authenticated, service_role;
