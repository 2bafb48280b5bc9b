import { queryOptions } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { paymentKeys } from './keys';

export type OrganizationDetails = { name: string; organizationNumber: string | null };

/** The organization's name and number, as a receipt shows them. */
export const organizationDetailsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: paymentKeys.organizationDetails(organizationId),
    queryFn: async (): Promise<OrganizationDetails> => {
      const row = unwrap(
        await supabase
          .from('organizations')
          .select('name, organization_number')
          .eq('id', organizationId)
          .single(),
      );
      if (!row) throw new AppError('not-found');
      return { name: row.name, organizationNumber: row.organization_number };
    },
    staleTime: 5 * 60_000,
  });
