import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '../../errors';
import { supabase } from '../../supabase';
import { receiptEmailKeys } from './keys';

/**
 * The organization's receipt e-mail addresses (organizations_payments_config.receipt_emails), read by
 * members. The payment overview (/payments) and the lead settings (/leads/settings) share this entry.
 */
export const receiptEmailsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: receiptEmailKeys.list(organizationId),
    queryFn: async (): Promise<string[]> => {
      const row = unwrap(
        await supabase
          .from('organizations_payments_config')
          .select('receipt_emails')
          .eq('id', organizationId)
          .maybeSingle(),
      );
      return row?.receipt_emails ?? [];
    },
  });
