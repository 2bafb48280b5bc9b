import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { Receipt } from '@/lib/receipts/types';
import { supabase } from '@/lib/supabase';
import { paymentKeys } from './keys';

/** The receipt of a card payment, or null when none was issued (payments settled before receipts). */
export const receiptQueryOptions = (organizationId: string, paymentId: string) =>
  queryOptions({
    queryKey: paymentKeys.receipt(organizationId, paymentId),
    queryFn: async (): Promise<Receipt | null> => {
      const row = unwrap(
        await supabase
          .from('receipts')
          .select('*')
          .eq('source_kind', 'card_payment')
          .eq('source_id', paymentId)
          .maybeSingle(),
      );
      // lines and vat_totals are jsonb: the shape issue_receipt writes.
      return row as Receipt | null;
    },
    // A receipt never changes once issued.
    staleTime: Infinity,
  });
