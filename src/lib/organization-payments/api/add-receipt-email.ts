import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError, toAppError } from '../../errors';
import { supabase } from '../../supabase';
import { isValidEmail } from '../../validation/email';
import { receiptEmailKeys } from './keys';

/** The RPC's own refusals (its exception messages), which the form shows beside the field. */
export const RECEIPT_ERROR_CODES = [
  'invalid-email',
  'receipt-email-exists',
  'too-many-receipt-emails',
] as const;
export type ReceiptErrorCode = (typeof RECEIPT_ERROR_CODES)[number];

/** The form's check before the RPC (the database validates again). */
export const isValidReceiptEmail = isValidEmail;

/**
 * Adds a receipt address through organizations_payments_email_insert (validated, lower-cased, no
 * duplicates, at most 10; owners and admins only) and resolves with the whole list.
 */
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

/** Adds an address; the list the RPC answers becomes the cached list at once. */
export function useAddReceiptEmail(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReceiptEmail,
    onSuccess: (next) => queryClient.setQueryData(receiptEmailKeys.list(organizationId), next),
  });
}
