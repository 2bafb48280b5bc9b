-- Paid booking services through the card payments (docs/booking.md «Betaling»). A service paid
-- online is booked as the checkout sells: an `orders` row (no checkout) with one line, the service at
-- its price incl. MVA and rate, so receipts, refunds and the seller's lists see it like any order.
-- The booking holds its slot as `pending_payment` until the order is settled (→ confirmed) or
-- released (failed, canceled, expired → cancelled with a reason); the order's own paths decide
-- (checkout-pay's shared settle, Stripe's webhook, the checkout-order-expiry job), and a trigger on
-- `orders` carries their outcome to the booking.
--
-- 1. Columns: the service's MVA rate; the booking's order, status pending_payment, cancel reason,
--    confirmation e-mail claim.
-- 2. The seller's account must take card payments before a service is paid online.
-- 3. book_booking makes the order of a paid service; the order's outcome moves the booking.
-- 4. The manage link's view and cancel know the payment; the paid confirmation e-mail, once.
-- 5. The public read says whether online payment is open.

-- ============================================================================================
-- 1. Columns
-- ============================================================================================

alter table public.booking_services
  add column vat_rate integer not null default 25 constraint booking_services_vat_rate_valid check (vat_rate in (0, 12, 15, 25));
comment on column public.booking_services.vat_rate is 'The MVA rate (%) in price_ore, for the receipt of a service paid online.';
grant update (vat_rate) on public.booking_services to authenticated;

alter table public.bookings
  add column order_id uuid null,
  add column cancel_reason text null constraint bookings_cancel_reason_valid
    check (cancel_reason in ('payment-failed', 'payment-canceled', 'payment-expired')),
  add column confirmation_sent_at timestamptz null,
  add constraint bookings_order_id_fkey foreign key (order_id, organization_id)
    references public.orders (id, organization_id) on delete set null (order_id);
comment on column public.bookings.order_id is 'The order of a service paid online (its payment, receipt and refunds).';
comment on column public.bookings.cancel_reason is 'Why the booking was cancelled when it was not by a person: its payment failed, was canceled or expired.';
comment on column public.bookings.confirmation_sent_at is
  'When the confirmation e-mail of a paid booking was claimed (it goes after payment, once).';

-- One booking per order; also the foreign key's index.
create unique index bookings_order_id_key on public.bookings (order_id, organization_id);

-- pending_payment holds the slot: the no-double-booking constraint's `status <> 'cancelled'` covers it.
alter table public.bookings drop constraint bookings_status_check;
alter table public.bookings add constraint bookings_status_check
  check (status in ('pending_payment', 'confirmed', 'cancelled', 'no_show'));
alter table public.bookings add constraint bookings_pending_has_order check (status <> 'pending_payment' or order_id is not null);

-- Members change a booking's status (no-show, cancel, confirm again), but never past its payment: a
-- booking waiting for payment is moved only by its order, and nothing is put back to waiting.
create or replace function private.bookings_payment_status()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon')
    and (old.status = 'pending_payment' or new.status = 'pending_payment') then
    raise exception using errcode = 'P0001', message = 'booking-invalid';
  end if;
  return new;
end;
$$;

comment on function private.bookings_payment_status() is
  'Trigger: only the order moves a booking out of (or into) pending_payment; members meet booking-invalid.';
revoke execute on function private.bookings_payment_status() from public, anon, authenticated;

create trigger bookings_payment_status before update of status on public.bookings
for each row when (old.status is distinct from new.status) execute function private.bookings_payment_status();

-- ============================================================================================
-- 2. A service paid online needs a seller account that takes card payments
-- ============================================================================================

create or replace function private.seller_takes_payments(organization_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.seller_accounts as a
    where a.organization_id = seller_takes_payments.organization_id and a.charges_enabled
  );
$$;

comment on function private.seller_takes_payments(uuid) is 'Whether the organization''s seller account can take card payments now.';
revoke execute on function private.seller_takes_payments(uuid) from public, anon, authenticated;

-- Security definer: an owner's write asks about the account whatever the caller may read.
create or replace function private.booking_services_payment_ready()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.payment = 'online' and (tg_op = 'INSERT' or old.payment is distinct from 'online')
    and not private.seller_takes_payments(new.organization_id) then
    raise exception using errcode = 'P0001', message = 'booking-payments-not-ready';
  end if;
  return new;
end;
$$;

comment on function private.booking_services_payment_ready() is
  'Trigger: a service becomes paid online only when the seller account takes card payments (booking-payments-not-ready).';
revoke execute on function private.booking_services_payment_ready() from public, anon, authenticated;

create trigger booking_services_payment_ready before insert or update of payment on public.booking_services
for each row execute function private.booking_services_payment_ready();

-- Replaces the refusal of every paid service: one is booked while its seller can take the payment.
create or replace function private.booking_payment_check(service public.booking_services)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if service.payment = 'online' and not private.seller_takes_payments(service.organization_id) then
    raise exception using errcode = 'PT409', message = 'booking-payments-not-ready';
  end if;
end;
$$;

comment on function private.booking_payment_check(public.booking_services) is
  'Refuses a booking of a service paid online while the seller account cannot take card payments (booking-payments-not-ready).';

-- ============================================================================================
-- 3. The order of a paid booking, and its outcome
-- ============================================================================================

-- The booking's order: the seller's next number, one line (the service at its price incl. MVA and
-- rate), 15 minutes to pay (the slot is held that long). Its receipt secret is never answered: the
-- paths that settle it make the receipt link's own (docs/checkouts.md «Settling»).
create or replace function private.begin_booking_order(
  booking_id uuid, participant public.participants, service public.booking_services, buyer_name text,
  buyer_phone text, marketing boolean, provider text
)
returns public.orders
language plpgsql
volatile
set search_path = ''
as $$
declare
  order_number integer;
  new_order public.orders;
begin
  insert into private.order_numbers (organization_id, last_number) values (service.organization_id, 1001)
  on conflict (organization_id) do update set last_number = private.order_numbers.last_number + 1
  returning last_number into order_number;
  insert into public.orders (organization_id, number, participant_id, buyer, subtotal_ore, total_ore, provider,
    idempotency_key, access_token_sha256, expires_at, marketing_consent)
  values (service.organization_id, order_number, participant.id,
    jsonb_strip_nulls(jsonb_build_object('name', nullif(btrim(buyer_name), ''), 'phone', nullif(btrim(buyer_phone), ''))),
    service.price_ore, service.price_ore, case when provider in ('stripe', 'local') then provider end,
    'booking:' || booking_id, encode(sha256(convert_to(encode(extensions.gen_random_bytes(24), 'hex'), 'UTF8')), 'hex'),
    private.campaign_now() + interval '15 minutes', coalesce(marketing, false))
  returning * into new_order;
  insert into public.order_items (order_id, organization_id, description, quantity, unit_price_ore, vat_rate)
  values (new_order.id, new_order.organization_id, left(service.name, 200), 1, service.price_ore, service.vat_rate);
  return new_order;
end;
$$;

comment on function private.begin_booking_order(uuid, public.participants, public.booking_services, text, text, boolean, text) is
  'The order of a booking paid online: one line (the service, its price incl. MVA and rate), the seller''s next number, 15 minutes to pay.';
revoke execute on function private.begin_booking_order(uuid, public.participants, public.booking_services, text, text, boolean, text)
  from public, anon, authenticated;

-- The visitor of a booking through the engine: the write check, participant, consents and lead.
create or replace function private.booking_visitor(
  solution_id uuid, email text, consent boolean, shown_at timestamptz, honeypot text, name text, phone text,
  marketing boolean,
  out participant public.participants, out consent_id uuid, out marketing_consent_id uuid
)
language plpgsql
volatile
set search_path = ''
as $$
declare
  campaign public.campaigns;
begin
  select c.* into campaign from public.campaigns as c where c.id = booking_visitor.solution_id;
  participant := private.upsert_participant(campaign, 'booking-book', email, consent, shown_at, honeypot, name, phone, false);
  select c.consent_id, c.marketing_consent_id into booking_visitor.consent_id, booking_visitor.marketing_consent_id
  from private.record_entry_consents(campaign, participant, marketing) as c;
  perform private.upsert_lead_for(participant, campaign.id);
end;
$$;

comment on function private.booking_visitor(uuid, text, boolean, timestamptz, text, text, text, boolean) is
  'A booking''s visitor through the engine: write check, participant, consents and lead (source booking).';
revoke execute on function private.booking_visitor(uuid, text, boolean, timestamptz, text, text, text, boolean)
  from public, anon, authenticated;

drop function public.book_booking(uuid, uuid, uuid, timestamptz, text, timestamptz, text, text, text, text, boolean, boolean, jsonb);

-- As before (write check, participant, consents, lead, the slot's checks, the constraint), and for a
-- service paid online: the booking waits for payment (holding its slot) and its order is made in the
-- same transaction; the answer carries the order for the payment step.
create or replace function public.book_booking(
  input_solution_id uuid,
  input_service_id uuid,
  input_staff_id uuid,
  input_starts_at timestamptz,
  input_client_ip text,
  input_form_shown_at timestamptz,
  input_honeypot text,
  input_email text,
  input_name text,
  input_phone text default null,
  input_consent boolean default false,
  input_marketing_consent boolean default false,
  input_answers jsonb default '{}',
  input_provider text default null
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  service public.booking_services;
  visitor record;
  slot record;
  paid_order public.orders;
  token text := encode(extensions.gen_random_bytes(32), 'hex');
  booking_id uuid := gen_random_uuid();
  answer jsonb;
begin
  perform private.booking_client_ip(input_client_ip);
  if input_starts_at is null or coalesce(jsonb_typeof(input_answers), '') <> 'object'
    or octet_length(input_answers::text) > 16384 then
    raise exception using errcode = 'P0001', message = 'booking-invalid';
  end if;
  service := private.active_booking_service(
    (private.published_booking_solution(input_solution_id)).id, input_service_id
  );
  perform private.booking_payment_check(service);
  visitor := private.booking_visitor(service.solution_id, input_email, input_consent, input_form_shown_at,
    input_honeypot, input_name, input_phone, input_marketing_consent);
  select * into slot from private.booking_claim_slot(service, input_staff_id, input_starts_at, null);
  if service.payment = 'online' then
    paid_order := private.begin_booking_order(booking_id, visitor.participant, service, input_name, input_phone,
      input_marketing_consent, input_provider);
  end if;
  begin
    insert into public.bookings (id, solution_id, organization_id, service_id, staff_id, participant_id, during,
      blocked, slot_key, status, order_id, answers, consent_id, marketing_consent_id, manage_token_sha256)
    values (booking_id, service.solution_id, service.organization_id, service.id, input_staff_id,
      (visitor.participant).id, slot.during, slot.blocked, coalesce(slot.slot_key, booking_id),
      case when paid_order.id is null then 'confirmed' else 'pending_payment' end, paid_order.id,
      input_answers, visitor.consent_id, visitor.marketing_consent_id,
      encode(sha256(convert_to(token, 'UTF8')), 'hex'));
  exception when exclusion_violation then
    raise exception using errcode = 'PT409', message = 'booking-slot-taken';
  end;
  answer := jsonb_build_object('booking', private.booking_view(booking_id), 'token', token);
  if paid_order.id is null then
    return answer;
  end if;
  return answer || jsonb_build_object('order', jsonb_build_object('id', paid_order.id, 'number', paid_order.number,
    'organization_id', paid_order.organization_id, 'total_ore', paid_order.total_ore, 'expires_at', paid_order.expires_at));
end;
$$;

comment on function public.book_booking(uuid, uuid, uuid, timestamptz, text, timestamptz, text, text, text, text, boolean, boolean, jsonb, text) is
  'The booking function (service role): books a slot of a published solution for a visitor — write check, participant, consents and lead through the engine, notice, limits and seats, the no-double-booking constraint — and answers { booking, token } (the manage link''s token, once). A service paid online waits for payment (pending_payment, holding the slot) with its order made: { booking, token, order }. booking-invalid, booking-not-found, booking-service-not-found, booking-payments-not-ready, booking-slot-unavailable, booking-slot-taken, campaign-*, participant-*.';
revoke execute on function public.book_booking(uuid, uuid, uuid, timestamptz, text, timestamptz, text, text, text, text, boolean, boolean, jsonb, text)
  from public, anon, authenticated;
grant execute on function public.book_booking(uuid, uuid, uuid, timestamptz, text, timestamptz, text, text, text, text, boolean, boolean, jsonb, text)
  to service_role;

-- The order's outcome, whoever learnt it (settle_checkout_order, release_checkout_order): paid
-- confirms the booking; failed, canceled or expired frees its slot. An unpaid hold was never
-- confirmed, so it gets no cancellation e-mail.
create or replace function private.orders_booking_outcome()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'paid' then
    update public.bookings as b set status = 'confirmed' where b.order_id = new.id and b.status = 'pending_payment';
  else
    update public.bookings as b
    set status = 'cancelled', cancel_reason = 'payment-' || new.status, cancellation_sent_at = private.campaign_now()
    where b.order_id = new.id and b.status = 'pending_payment';
  end if;
  return null;
end;
$$;

comment on function private.orders_booking_outcome() is
  'Trigger: an order paid confirms its booking waiting for payment; failed, canceled or expired cancels it (the slot is free again).';
revoke execute on function private.orders_booking_outcome() from public, anon, authenticated;

create trigger orders_booking_outcome after update of status on public.orders
for each row when (old.status is distinct from new.status and new.status in ('paid', 'failed', 'canceled', 'expired'))
execute function private.orders_booking_outcome();

-- ============================================================================================
-- 4. The manage link and the paid confirmation
-- ============================================================================================

-- As before, with the payment of a paid booking (its order's state and amounts, nothing of the card).
create or replace function private.booking_view(booking_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', b.id, 'solution_id', b.solution_id, 'solution_name', c.name, 'status', b.status,
    'start', lower(b.during), 'end', upper(b.during),
    'service_id', s.id, 'service_name', s.name, 'staff_id', st.id, 'staff_name', st.name,
    'changeable', b.status = 'confirmed'
      and lower(b.during) >= private.campaign_now() + make_interval(mins => s.minimum_notice_minutes),
    'payment', (
      select jsonb_build_object('order_id', o.id, 'status', o.status, 'total_ore', o.total_ore,
        'refunded_ore', o.refunded_ore, 'expires_at', o.expires_at)
      from public.orders as o where o.id = b.order_id
    )
  )
  from public.bookings as b
  join public.booking_services as s on s.id = b.service_id
  join public.booking_staff as st on st.id = b.staff_id
  join public.campaigns as c on c.id = b.solution_id
  where b.id = booking_view.booking_id;
$$;

-- The page's payment step reads its booking by the manage token while it waits (no change, so the
-- changeable check does not apply); booking_by_token already answers it. The order id for the
-- function's settle path comes with the view.

-- Claims the confirmation e-mail of a paid booking once: the booking function's confirm (with the
-- manage link) or the booking-reminders job (a payment the webhook settled after the page left).
create or replace function public.claim_booking_confirmations(input_booking_id uuid default null, input_limit integer default 100)
returns table (booking_id uuid, notice jsonb)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  due record;
begin
  for due in
    select b.id from public.bookings as b
    where b.status = 'confirmed' and b.order_id is not null and b.confirmation_sent_at is null
      and (input_booking_id is null or b.id = input_booking_id)
      and upper(b.during) > private.campaign_now()
    order by b.updated_at
    limit least(greatest(coalesce(input_limit, 100), 1), 500)
    for update of b skip locked
  loop
    update public.bookings set confirmation_sent_at = private.campaign_now() where id = due.id;
    booking_id := due.id;
    notice := private.booking_notice(due.id);
    return next;
  end loop;
end;
$$;

comment on function public.claim_booking_confirmations(uuid, integer) is
  'Service role (booking function, booking-reminders job): claims the confirmation e-mails of paid bookings not yet sent, of one booking or all, each with the booking''s notice.';
revoke execute on function public.claim_booking_confirmations(uuid, integer) from public, anon, authenticated;
grant execute on function public.claim_booking_confirmations(uuid, integer) to service_role;

create or replace function public.release_booking_confirmation(input_booking_id uuid)
returns void
language sql
volatile
set search_path = ''
as $$
  update public.bookings set confirmation_sent_at = null where id = input_booking_id and status = 'confirmed';
$$;

comment on function public.release_booking_confirmation(uuid) is
  'Service role: hands back a paid booking''s confirmation whose e-mail failed; the job sends it on its next run.';
revoke execute on function public.release_booking_confirmation(uuid) from public, anon, authenticated;
grant execute on function public.release_booking_confirmation(uuid) to service_role;

-- ============================================================================================
-- 5. The public read: online payment is open when the seller takes card payments
-- ============================================================================================

create or replace function public.booking_public(input_solution_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  solution public.booking_solutions := private.published_booking_solution(input_solution_id);
  campaign public.campaigns;
begin
  select c.* into campaign from public.campaigns as c where c.id = solution.id;
  return jsonb_build_object(
    'id', solution.id,
    'name', campaign.name,
    'organization_name', (select o.name from public.organizations as o where o.id = solution.organization_id),
    'now', private.campaign_now(),
    'consent_text', campaign.consent_text,
    'marketing_consent_text', campaign.marketing_consent_text,
    'design', campaign.design,
    'online_payments', private.seller_takes_payments(solution.organization_id),
    'services', (
      select coalesce(jsonb_agg(jsonb_build_object(
        'id', s.id, 'name', s.name, 'description', s.description, 'duration_minutes', s.duration_minutes,
        'price_ore', s.price_ore, 'payment', s.payment, 'seats', s.seats
      ) order by s.position, s.name), '[]')
      from public.booking_services as s where s.solution_id = solution.id and s.active
    )
  );
end;
$$;

comment on function public.booking_public(uuid) is
  'Public: a published, not archived booking solution — name, organization, the clock, consent texts, design, whether online payment is open and its active services (name, description, duration, price, payment, seats); booking-not-found otherwise.';
