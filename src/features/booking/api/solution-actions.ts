import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './keys';

/** The templates a new solution starts from (create_booking_solution_from_template). */
export const SOLUTION_TEMPLATES = ['befaring', 'konsultasjon', 'frisor', 'blank'] as const;
export type SolutionTemplate = (typeof SOLUTION_TEMPLATES)[number];

/** After any change to a solution: the list's figures and the solution's own set-up. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bookingKeys.all });
}

/** A draft from a template, its one staff member named `staffName`; answers the new id. */
export function useCreateSolution(organizationId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input: { name: string; template: SolutionTemplate; staffName: string }) =>
      unwrap(
        await supabase.rpc('create_booking_solution_from_template', {
          input_organization_id: organizationId,
          input_name: input.name,
          input_template: input.template,
          input_staff_name: input.staffName,
        }),
      ),
    onSuccess: () => invalidate(),
  });
}

/** A draft copy with services, staff, availability and exceptions (never bookings). */
export function useDuplicateSolution() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (solutionId: string) =>
      unwrap(await supabase.rpc('duplicate_booking_solution', { input_solution_id: solutionId })),
    onSuccess: () => invalidate(),
  });
}

/** Publishes (now) or unpublishes through the campaign. */
export function usePublishSolution() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ solutionId, publishedAt }: { solutionId: string; publishedAt: string | null }) => {
      unwrap(
        await supabase
          .from('campaigns')
          .update({ published_at: publishedAt })
          .eq('id', solutionId)
          .select('id')
          .single(),
      );
    },
    onSuccess: () => invalidate(),
  });
}

/** Archives a solution: the public page closes, the bookings and figures stay. */
export function useArchiveSolution() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (solutionId: string) => {
      unwrap(
        await supabase
          .from('booking_solutions')
          .update({ archived_at: new Date().toISOString() })
          .eq('id', solutionId)
          .select('id')
          .single(),
      );
    },
    onSuccess: () => invalidate(),
  });
}
