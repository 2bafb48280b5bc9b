import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { Receipt } from '@/lib/receipts/types';
import { supabase } from '@/lib/supabase';
import { checkoutKeys } from './keys';

export interface OrderDocuments {
  /** Null until the order is paid and its receipt issued. */
  receipt: Receipt | null;
  /** One per refund, oldest first. */
  creditNotes: Receipt[];
}

/** The numbered documents the seller issued for an order: its receipt and the credit notes of its refunds. */
export const orderDocumentsQueryOptions = (checkoutId: string, orderId: string) =>
  queryOptions({
    queryKey: checkoutKeys.orderDocuments(checkoutId, orderId),
    queryFn: async (): Promise<OrderDocuments> => {
      // lines and vat_totals are jsonb: the shape private.issue_document writes.
      const row = unwrap(
        await supabase
          .from('receipts')
          .select('*')
          .eq('source_kind', 'order')
          .eq('source_id', orderId)
          .maybeSingle(),
      );
      if (!row) return { receipt: null, creditNotes: [] };
      const notes = unwrap(
        await supabase.from('receipts').select('*').eq('credited_receipt_id', row.id).order('number'),
      );
      return { receipt: row as Receipt, creditNotes: (notes ?? []) as Receipt[] };
    },
  });
