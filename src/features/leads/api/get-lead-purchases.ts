import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { oneOf } from '@/lib/one-of';
import { supabase } from '@/lib/supabase';
import { leadKeys } from './keys';

/** leads_purchases.paid_with, as its check constraint allows (migration 20261122100500_leads.sql). */
const PAID_WITH = ['tickets', 'credits', 'card'] as const;

export type Purchase = {
  id: string;
  organizationId: string;
  paidWith: (typeof PAID_WITH)[number];
  createdAt: string;
};

export const leadPurchasesQueryOptions = (leadId: string) =>
  queryOptions({
    queryKey: leadKeys.purchases(leadId),
    queryFn: async (): Promise<Purchase[]> => {
      const rows = unwrap(
        await supabase
          .from('leads_purchases')
          .select('id, organization_id, paid_with, created_at')
          .eq('lead_id', leadId)
          .eq('state', 'completed')
          .order('created_at', { ascending: true }),
      );
      return (rows ?? []).map((row) => ({
        id: row.id,
        organizationId: row.organization_id,
        paidWith: oneOf(PAID_WITH, row.paid_with),
        createdAt: row.created_at,
      }));
    },
  });
