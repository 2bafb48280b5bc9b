import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { LeadStatus } from '../types';

/**
 * Saves the buyer's own status or notes on a purchase. The row is made on the first save (an upsert
 * on the purchase); row-level security keeps it to the buying organization's completed purchase.
 */
export async function savePurchaseNotes(input: {
  purchaseId: string;
  organizationId: string;
  status?: LeadStatus;
  notes?: string;
}) {
  unwrap(
    await supabase
      .from('purchased_leads_notes')
      .upsert(
        {
          purchase_id: input.purchaseId,
          organization_id: input.organizationId,
          ...(input.status === undefined ? {} : { status: input.status }),
          ...(input.notes === undefined ? {} : { notes: input.notes.trim() === '' ? null : input.notes }),
        },
        { onConflict: 'purchase_id' },
      )
      .select('purchase_id')
      .single(),
  );
}
