import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { leadKeys } from './keys';

export type Purchase = {
  id: string;
  organizationId: string;
  paidWith: 'tickets' | 'credits' | 'card';
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
        paidWith: row.paid_with as Purchase['paidWith'],
        createdAt: row.created_at,
      }));
    },
  });
