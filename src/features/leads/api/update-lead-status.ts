import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { LeadStatus, NotesTarget } from '../types';
import { leadKeys } from './keys';
import { savePurchaseNotes } from './save-purchase-notes';

/**
 * Changes a lead's pipeline step: the owner organization's on its lead (one PATCH of `status`), or a
 * buyer's own on its purchase (purchased_leads_notes, never the seller's). Refreshes the list and
 * the lead page.
 */
export function useUpdateLeadStatus(
  target: NotesTarget,
  /** The screen's confirmation runs before the refresh, while the select is still on screen. */
  screen: { onSaved?: (status: LeadStatus) => void; onFailed?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ status }: { status: LeadStatus }) => {
      if (target.purchaseId) {
        const { purchaseId, organizationId } = target;
        await savePurchaseNotes({ purchaseId, organizationId, status });
        return;
      }
      unwrap(await supabase.from('leads').update({ status }).eq('id', target.leadId).select('id').single());
    },
    onSuccess: async (_data, { status }) => {
      screen.onSaved?.(status);
      await refreshLead(queryClient, target);
    },
    onError: (error) => screen.onFailed?.(error),
  });
}

/** What shows a lead's status and notes: the organization's list and the lead page. */
export function refreshLead(queryClient: QueryClient, target: NotesTarget) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: leadKeys.lists(target.organizationId) }),
    queryClient.invalidateQueries({ queryKey: leadKeys.lead(target.leadId) }),
  ]);
}
