import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { paymentKeys } from './keys';

export type VatRate = 25 | 15 | 12 | 0;
export type ReceiptLine = {
  description: string;
  quantity: number;
  /** Eks. mva. */
  unit_price_ore: number;
  vat_rate: VatRate;
  line_total_ore: number;
};
export type VatTotal = { rate: VatRate; net_ore: number; vat_ore: number };

/** A `receipts` row with its JSON columns typed. */
export type Receipt = Omit<Tables<'receipts'>, 'lines' | 'vat_totals'> & {
  lines: ReceiptLine[];
  vat_totals: VatTotal[];
};

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
