import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../errors';
import { supabase } from '../../supabase';
import { receiptEmailKeys } from './keys';

/** Removes an address by writing the list without it (owners and admins only: RLS). */
export async function removeReceiptEmail(input: { organizationId: string; emails: string[]; email: string }) {
  unwrap(
    await supabase
      .from('organizations_payments_config')
      .update({ receipt_emails: input.emails.filter((email) => email !== input.email) })
      .eq('id', input.organizationId)
      .select('id')
      .single(),
  );
}

export function useRemoveReceiptEmail(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeReceiptEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: receiptEmailKeys.list(organizationId) }),
  });
}
