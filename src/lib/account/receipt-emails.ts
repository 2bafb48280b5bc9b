import { queryOptions } from '@tanstack/react-query';
import { keyRoots } from '../api/key-roots';
import { toAppError, unwrap } from '../errors';
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

export const RECEIPT_ERROR_CODES = [
  'invalid-email',
  'receipt-email-exists',
  'too-many-receipt-emails',
] as const;
export type ReceiptErrorCode = (typeof RECEIPT_ERROR_CODES)[number];

/** The RPC's own refusals (its exception messages), each with its message in the form. */
export class ReceiptError extends Error {
  constructor(readonly code: ReceiptErrorCode) {
    super(code);
    this.name = 'ReceiptError';
  }
}

export async function addReceiptEmail(input: { organizationId: string; email: string }): Promise<string[]> {
  const { data, error } = await supabase.rpc('organizations_payments_email_insert', {
    input_organization_id: input.organizationId,
    input_email: input.email,
  });
  if (error) {
    const message = (error as { message?: string }).message ?? '';
    const code = RECEIPT_ERROR_CODES.find((candidate) => candidate === message);
    if (code) throw new ReceiptError(code);
    throw toAppError(error);
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
