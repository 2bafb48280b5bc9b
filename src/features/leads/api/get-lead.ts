import { queryOptions } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Lead } from '../types';
import { LEAD_LIST_COLUMNS } from './fetch-lead-page';
import { fetchPurchasedLead, type PurchasedLead } from './get-purchased-lead';
import { leadKeys } from './keys';

/**
 * What the lead page shows: the lead itself to its owner organization (and claims admins), or to a
 * buyer only what it bought (get-purchased-lead.ts) — the seller's row is not the buyer's to read.
 */
export type LeadView = { kind: 'own'; lead: Lead } | { kind: 'bought'; purchase: PurchasedLead };

export const leadQueryOptions = (leadId: string, organizationId: string) =>
  queryOptions({
    queryKey: leadKeys.leadFor(leadId, organizationId),
    queryFn: async (): Promise<LeadView> => {
      const row = unwrap(
        await supabase.from('leads').select(LEAD_LIST_COLUMNS).eq('id', leadId).maybeSingle(),
      );
      if (row) return { kind: 'own', lead: row };
      const purchase = organizationId ? await fetchPurchasedLead(leadId, organizationId) : null;
      if (purchase) return { kind: 'bought', purchase };
      throw new AppError('lead-not-found');
    },
  });
