-- Booking solutions: an index under each composite foreign key that had none (the advisors'
-- unindexed_foreign_keys), so a cascade from a solution, a service or a staff member, and RLS's joins
-- on them, find their rows without a scan.

create index booking_solutions_id_kind_idx on public.booking_solutions (id, kind);
create index booking_services_solution_id_organization_id_idx on public.booking_services (solution_id, organization_id);
create index booking_staff_solution_id_organization_id_idx on public.booking_staff (solution_id, organization_id);
create index booking_staff_services_staff_id_solution_id_idx on public.booking_staff_services (staff_id, solution_id);
create index booking_staff_services_service_id_solution_id_idx on public.booking_staff_services (service_id, solution_id);
create index booking_availability_staff_id_solution_id_idx on public.booking_availability (staff_id, solution_id);
create index bookings_service_id_solution_id_idx on public.bookings (service_id, solution_id);
