import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { paymentKeys } from './keys';

export type SavedCard = { brand: string; last4: string; expMonth: number | null; expYear: number | null };

/** The organization's saved card (organizations_payments_config); null when none is saved. */
export const savedCardQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: paymentKeys.savedCard(organizationId),
    queryFn: async (): Promise<SavedCard | null> => {
      const row = unwrap(
        await supabase
          .from('organizations_payments_config')
          .select('payment_method_id, card_brand, card_last4, card_exp_month, card_exp_year')
          .eq('id', organizationId)
          .maybeSingle(),
      );
      // A saved card is a payment method (docs/data-model.md); brand and digits describe it.
      if (!row?.payment_method_id) return null;
      return {
        brand: row.card_brand ?? 'card',
        last4: row.card_last4 ?? '',
        expMonth: row.card_exp_month,
        expYear: row.card_exp_year,
      };
    },
  });
