import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { NotesTarget } from '../types';
import { savePurchaseNotes } from './save-purchase-notes';
import { refreshLead } from './update-lead-status';

/**
 * Saves a lead's notes: the owner organization's on its lead, or a buyer's own on its purchase.
 * Empty notes are stored as none. Refreshes the list and the lead page.
 */
export function useUpdateLeadNotes(
  target: NotesTarget,
  /** Runs before the refresh (the screen's confirmation), while the form is still on screen. */
  onSaved?: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (notes: string) => {
      if (target.purchaseId) {
        const { purchaseId, organizationId } = target;
        await savePurchaseNotes({ purchaseId, organizationId, notes });
        return;
      }
      unwrap(
        await supabase
          .from('leads')
          .update({ notes: notes.trim() === '' ? null : notes })
          .eq('id', target.leadId)
          .select('id')
          .single(),
      );
    },
    onSuccess: async () => {
      onSaved?.();
      await refreshLead(queryClient, target);
    },
  });
}
