-- Booking and meetings, the rest of issue 32 (docs/booking.md, docs/meetings.md):
--
-- 1. An owner's or admin's cancel goes through the booking function, which refunds a paid booking and
--    tells the customer: cancel_booking_by_organizer (checked against the caller's membership), and a
--    plain update can no longer cancel a paid booking (the refund would be skipped).
-- 2. A guest's every link stays valid until the poll ends: one hash per issued link.
-- 3. A guest gives their name on the answer page; the matrix shows it.

-- ============================================================================================
-- 1. The organizer's cancel
-- ============================================================================================

-- A booking whose order is paid (money the customer would get back) is cancelled only by the
-- booking function's cancel, which refunds it; a member's update meets booking-refund-required.
create or replace function private.bookings_paid_cancel()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon')
    and new.status = 'cancelled'
    and exists (select 1 from public.orders as o where o.id = new.order_id and o.status = 'paid') then
    raise exception using errcode = 'P0001', message = 'booking-refund-required';
  end if;
  return new;
end;
$$;

comment on function private.bookings_paid_cancel() is
  'Trigger: a member cannot cancel a paid booking by a plain update (booking-refund-required); the booking function cancels and refunds it.';
revoke execute on function private.bookings_paid_cancel() from public, anon, authenticated;

create trigger bookings_paid_cancel before update of status on public.bookings
for each row when (old.status is distinct from new.status and new.status = 'cancelled')
execute function private.bookings_paid_cancel();

-- The booking function calls this with the caller's JWT: owners and admins of the booking's
-- organization cancel it at any time (the slot is free again); a cancelled booking answers as it is,
-- so a retry (a refund that failed, a double click) changes nothing. The function then refunds a paid
-- booking and sends the cancellation e-mail (claimed once). A booking waiting for payment is moved
-- only by its order.
create or replace function public.cancel_booking_by_organizer(input_booking_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  found public.bookings;
begin
  select b.* into found from public.bookings as b where b.id = input_booking_id for update;
  if found.id is null or not private.has_organization_role(found.organization_id) then
    raise exception using errcode = 'PT404', message = 'booking-not-found';
  end if;
  if not private.has_organization_role(found.organization_id, '{owner,admin}') then
    raise exception using errcode = 'PT403', message = 'booking-not-allowed';
  end if;
  if found.status = 'pending_payment' then
    raise exception using errcode = 'P0001', message = 'booking-invalid';
  end if;
  if found.status <> 'cancelled' then
    update public.bookings as b set status = 'cancelled' where b.id = found.id;
  end if;
  return private.booking_view(found.id);
end;
$$;

comment on function public.cancel_booking_by_organizer(uuid) is
  'Owners and admins (through the booking function, which refunds a paid booking and e-mails the customer): cancels a booking, or answers it as it is when already cancelled; the booking as its booker sees it. booking-not-found, booking-not-allowed, booking-invalid (waiting for payment).';
revoke execute on function public.cancel_booking_by_organizer(uuid) from public, anon, authenticated;
grant execute on function public.cancel_booking_by_organizer(uuid) to authenticated, service_role;
