import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '../../errors';
import { supabase } from '../../supabase';
import { balanceKey } from './keys';

/** The organization's tickets and credits (organizations_payments, read by members). */
export type Balance = { tickets: number; credits: number };

export const balanceQueryOptions = (organizationId: string) =>
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
