import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { keyRoots } from '../api/key-roots';
import { AppError, toAppError, unwrap } from '../errors';
import { supabase } from '../supabase';
import { isValidEmail } from '../validation/email';

/**
 * The organization's receipt e-mail addresses (organizations_payments_config.receipt_emails): read by
 * members, added through organizations_payments_email_insert (validated, lower-cased, no duplicates,
 * at most 10) and removed by updating the list — owners and admins only (RLS). The payment overview
 * (/payments) and the lead settings (/leads/settings) share this one cache entry.
 */
export const receiptEmailKeys = {
  all: keyRoots.receiptEmails,
  list: (organizationId: string) => [...receiptEmailKeys.all, organizationId] as const,
};

export const receiptEmailsQuery = (organizationId: string) =>
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

/** The RPC's own refusals (its exception messages), which the form shows beside the field. */
export const RECEIPT_ERROR_CODES = [
  'invalid-email',
  'receipt-email-exists',
  'too-many-receipt-emails',
] as const;
export type ReceiptErrorCode = (typeof RECEIPT_ERROR_CODES)[number];

export async function addReceiptEmail(input: { organizationId: string; email: string }): Promise<string[]> {
  const { data, error } = await supabase.rpc('organizations_payments_email_insert', {
    input_organization_id: input.organizationId,
    input_email: input.email,
  });
  if (error) {
    const code = RECEIPT_ERROR_CODES.find((candidate) => candidate === error.message);
    throw code ? new AppError(code, { cause: error }) : toAppError(error);
  }
  return data ?? [];
}

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

/** The form's check before the RPC (the database validates again). */
export const isValidReceiptEmail = isValidEmail;

/** Adds an address; the list the RPC answers becomes the cached list at once. */
export function useAddReceiptEmail(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReceiptEmail,
    onSuccess: (next) => queryClient.setQueryData(receiptEmailKeys.list(organizationId), next),
  });
}

export function useRemoveReceiptEmail(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeReceiptEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: receiptEmailKeys.list(organizationId) }),
  });
}
