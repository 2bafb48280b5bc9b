import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TablesInsert, TablesUpdate } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './keys';

/** What every child row of a solution carries; the policies check the organization. */
export type SolutionRef = { solutionId: string; organizationId: string };

type ServiceFields = Omit<TablesInsert<'booking_services'>, 'solution_id' | 'organization_id'>;
type StaffFields = Omit<TablesInsert<'booking_staff'>, 'solution_id' | 'organization_id'>;

function useInvalidateSolution(solutionId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: bookingKeys.solution(solutionId) }),
      queryClient.invalidateQueries({ queryKey: bookingKeys.allLists }),
    ]);
}

const refColumns = (ref: SolutionRef) => ({
  solution_id: ref.solutionId,
  organization_id: ref.organizationId,
});

/** A new service (id null) or a service's changes. */
export function useSaveService(ref: SolutionRef) {
  const invalidate = useInvalidateSolution(ref.solutionId);
  return useMutation({
    mutationFn: async ({ id, fields }: { id: string | null; fields: ServiceFields }) => {
      const query = id
        ? supabase
            .from('booking_services')
            .update(fields as TablesUpdate<'booking_services'>)
            .eq('id', id)
        : supabase.from('booking_services').insert({ ...fields, ...refColumns(ref) });
      unwrap(await query.select('id').single());
    },
    onSuccess: () => invalidate(),
  });
}

/** A new staff member (id null) or a staff member's changes, with the services they give. */
export function useSaveStaff(ref: SolutionRef) {
  const invalidate = useInvalidateSolution(ref.solutionId);
  return useMutation({
    mutationFn: async ({
      id,
      fields,
      serviceIds,
    }: {
      id: string | null;
      fields: StaffFields;
      serviceIds: readonly string[];
    }) => {
      const query = id
        ? supabase
            .from('booking_staff')
            .update(fields as TablesUpdate<'booking_staff'>)
            .eq('id', id)
        : supabase.from('booking_staff').insert({ ...fields, ...refColumns(ref) });
      const saved = unwrap(await query.select('id').single());
      const staffId = saved?.id ?? id ?? '';
      unwrap(await supabase.from('booking_staff_services').delete().eq('staff_id', staffId));
      if (serviceIds.length > 0) {
        unwrap(
          await supabase.from('booking_staff_services').insert(
            serviceIds.map((serviceId) => ({
              staff_id: staffId,
              service_id: serviceId,
              ...refColumns(ref),
            })),
          ),
        );
      }
    },
    onSuccess: () => invalidate(),
  });
}

/** A staff member's weekly spans replaced by `spans` (weekday 1 = Monday, «HH:MM»). */
export function useSaveAvailability(ref: SolutionRef) {
  const invalidate = useInvalidateSolution(ref.solutionId);
  return useMutation({
    mutationFn: async ({
      staffId,
      spans,
    }: {
      staffId: string;
      spans: readonly { weekday: number; startsAt: string; endsAt: string }[];
    }) => {
      unwrap(await supabase.from('booking_availability').delete().eq('staff_id', staffId));
      if (spans.length === 0) return;
      unwrap(
        await supabase.from('booking_availability').insert(
          spans.map((span) => ({
            staff_id: staffId,
            weekday: span.weekday,
            starts_at: span.startsAt,
            ends_at: span.endsAt,
            ...refColumns(ref),
          })),
        ),
      );
    },
    onSuccess: () => invalidate(),
  });
}

/** A date closed or with other hours, for one staff member or (staffId null) the whole solution. */
export function useAddException(ref: SolutionRef) {
  const invalidate = useInvalidateSolution(ref.solutionId);
  return useMutation({
    mutationFn: async (input: {
      staffId: string | null;
      onDate: string;
      startsAt: string | null;
      endsAt: string | null;
      note: string;
    }) => {
      unwrap(
        await supabase
          .from('booking_exceptions')
          .insert({
            staff_id: input.staffId,
            on_date: input.onDate,
            starts_at: input.startsAt,
            ends_at: input.endsAt,
            note: input.note,
            ...refColumns(ref),
          })
          .select('id')
          .single(),
      );
    },
    onSuccess: () => invalidate(),
  });
}

/** Removes a service, a staff member or an exception (a service or staff member with bookings is refused). */
export function useDeleteSetupRow(ref: SolutionRef) {
  const invalidate = useInvalidateSolution(ref.solutionId);
  return useMutation({
    mutationFn: async ({
      table,
      id,
    }: {
      table: 'booking_services' | 'booking_staff' | 'booking_exceptions';
      id: string;
    }) => {
      unwrap(await supabase.from(table).delete().eq('id', id).select('id').single());
    },
    onSuccess: () => invalidate(),
  });
}

/** «Stengt på helligdager». */
export function useSaveHolidays(ref: SolutionRef) {
  const invalidate = useInvalidateSolution(ref.solutionId);
  return useMutation({
    mutationFn: async (closedOnHolidays: boolean) => {
      unwrap(
        await supabase
          .from('booking_solutions')
          .update({ closed_on_holidays: closedOnHolidays })
          .eq('id', ref.solutionId)
          .select('id')
          .single(),
      );
    },
    onSuccess: () => invalidate(),
  });
}

/** The reminder times (minutes before a booking; the table checks 4 at most, 15 min – 14 days). */
export function useSaveReminders(ref: SolutionRef) {
  const invalidate = useInvalidateSolution(ref.solutionId);
  return useMutation({
    mutationFn: async (minutes: number[]) => {
      unwrap(
        await supabase
          .from('booking_solutions')
          .update({ reminder_minutes: minutes })
          .eq('id', ref.solutionId)
          .select('id')
          .single(),
      );
    },
    onSuccess: () => invalidate(),
  });
}

/** A staff member's private calendar feed: a new token (shown once; it ends the old feed). */
export function useIssueFeedToken() {
  return useMutation({
    mutationFn: async (staffId: string) =>
      unwrap(await supabase.rpc('issue_booking_feed_token', { input_staff_id: staffId })),
  });
}
