import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { lifetimeValueKeys } from './keys';

/** import_revenue takes at most this many rows a call (the database refuses more). */
export const REVENUE_IMPORT_MAX_ROWS = 5000;

export const REVENUE_ROW_CODES = [
  'revenue-date-invalid',
  'revenue-amount-invalid',
  'revenue-vat-invalid',
  'revenue-customer-missing',
] as const;
export type RevenueRowCode = (typeof REVENUE_ROW_CODES)[number];

/** A row as import_revenue takes it: an Oslo date, a customer, the amount incl. MVA in øre. */
export type RevenueRow = {
  occurred_on: string;
  email?: string;
  phone?: string;
  name?: string;
  amount_ore: number;
  vat_rate: number;
};

const count = z.coerce.number();

const resultSchema = z.object({
  // null when no row was valid: no import is kept.
  import_id: z.string().nullable(),
  inserted: count,
  matched: count,
  created_leads: count,
  rejected: z.array(z.object({ row: count, code: z.enum(REVENUE_ROW_CODES) })),
});
export type ImportResult = z.infer<typeof resultSchema>;

const importsSchema = z.array(
  z.object({
    id: z.string(),
    file_name: z.string(),
    row_count: count,
    matched_count: count,
    /** The sum of its entries incl. MVA. */
    amount_ore: count,
    created_at: z.string(),
  }),
);
export type RevenueImport = z.infer<typeof importsSchema>[number];

/** The organization's revenue imports, newest first. */
export const revenueImportsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: lifetimeValueKeys.imports(organizationId),
    queryFn: async (): Promise<RevenueImport[]> =>
      importsSchema.parse(
        unwrap(await supabase.rpc('revenue_imports_list', { input_organization_id: organizationId })) ?? [],
      ),
  });

/** Sends a file's rows; every figure and the list of imports change with it. */
export function useImportRevenue(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fileName, rows }: { fileName: string; rows: RevenueRow[] }) =>
      resultSchema.parse(
        unwrap(
          await supabase.rpc('import_revenue', {
            input_organization_id: organizationId,
            input_file_name: fileName,
            input_rows: rows,
          }),
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lifetimeValueKeys.all }),
  });
}

/** Deletes an import and its revenue entries. */
export function useDeleteRevenueImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (importId: string) => {
      unwrap(await supabase.rpc('delete_revenue_import', { input_import_id: importId }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lifetimeValueKeys.all }),
  });
}

export type RevenueEntryInput = {
  leadId: string;
  occurredOn: string;
  amountOre: number;
  vatRate: number;
  note: string;
};

/** Records revenue on one lead by hand («Legg til omsetning»). */
export function useAddRevenueEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RevenueEntryInput) =>
      unwrap(
        await supabase.rpc('add_revenue_entry', {
          input_lead_id: input.leadId,
          input_occurred_on: input.occurredOn,
          input_amount_ore: input.amountOre,
          input_vat_rate: input.vatRate,
          input_note: input.note.trim() || undefined,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lifetimeValueKeys.figures() }),
  });
}
