import { queryOptions } from '@tanstack/react-query';
import { keyRoots } from '../api/key-roots';
import { unwrap } from '../errors';
import { supabase } from '../supabase';

/**
 * The organization's tickets and credits (organizations_payments, read by members). One cache entry
 * for every screen that shows them — the marketplace and the payment overview — so buying a lead
 * or a pack refreshes the balance wherever it appears (invalidate `balanceKey`).
 */
export type Balance = { tickets: number; credits: number };

export const balanceKey = (organizationId: string) => [...keyRoots.balance, organizationId] as const;

export const balanceQuery = (organizationId: string) =>
  queryOptions({
    queryKey: balanceKey(organizationId),
    queryFn: async (): Promise<Balance> => {
      const row = unwrap(
        await supabase
          .from('organizations_payments')
          .select('tickets, credits')
          .eq('id', organizationId)
          .maybeSingle(),
      );
      return { tickets: row?.tickets ?? 0, credits: row?.credits ?? 0 };
    },
  });
