import { queryOptions } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { solutionStatus } from './get-booking-solutions';
import { bookingKeys } from './keys';
import type { BookingSolutionSetup } from './types';

/** One solution's settings, services, staff, who gives what, availability and exceptions (in order). */
export const bookingSolutionQueryOptions = (solutionId: string) =>
  queryOptions({
    queryKey: bookingKeys.solution(solutionId),
    queryFn: async (): Promise<BookingSolutionSetup> => {
      const [solution, services, staff, staffServices, availability, exceptions] = await Promise.all([
        supabase
          .from('booking_solutions')
          .select(
            'id, organization_id, closed_on_holidays, slot_interval_minutes, reminder_minutes, archived_at, campaigns!booking_solutions_campaign_fkey(name, published_at)',
          )
          .eq('id', solutionId)
          .maybeSingle(),
        supabase
          .from('booking_services')
          .select('*')
          .eq('solution_id', solutionId)
          .order('position')
          .order('name'),
        supabase
          .from('booking_staff')
          .select('*')
          .eq('solution_id', solutionId)
          .order('position')
          .order('name'),
        supabase.from('booking_staff_services').select('*').eq('solution_id', solutionId),
        supabase
          .from('booking_availability')
          .select('*')
          .eq('solution_id', solutionId)
          .order('weekday')
          .order('starts_at'),
        supabase
          .from('booking_exceptions')
          .select('*')
          .eq('solution_id', solutionId)
          .order('on_date')
          .order('starts_at'),
      ]);
      const row = unwrap(solution);
      if (!row) throw new AppError('booking-not-found', { status: 404 });
      return {
        id: row.id,
        organizationId: row.organization_id,
        name: row.campaigns.name,
        status: solutionStatus(row.archived_at, row.campaigns.published_at),
        closedOnHolidays: row.closed_on_holidays,
        slotIntervalMinutes: row.slot_interval_minutes,
        reminderMinutes: row.reminder_minutes,
        services: unwrap(services) ?? [],
        staff: unwrap(staff) ?? [],
        staffServices: unwrap(staffServices) ?? [],
        availability: unwrap(availability) ?? [],
        exceptions: unwrap(exceptions) ?? [],
      };
    },
  });
