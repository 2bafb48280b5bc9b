-- The public booking page's read (docs/booking.md «Den offentlige siden»): a published solution's
-- name, organization, texts, colours and its active services, for anon through PostgREST as the
-- other public pages read theirs (form_public, public_checkout). Slots and every write stay with the
-- booking edge function; this answers nothing about staff's bookings or people.
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
  'Public: a published, not archived booking solution — name, organization, the clock, consent texts, design and its active services (name, description, duration, price, payment, seats); booking-not-found otherwise.';
revoke execute on function public.booking_public(uuid) from public, anon, authenticated;
grant execute on function public.booking_public(uuid) to anon, authenticated, service_role;
