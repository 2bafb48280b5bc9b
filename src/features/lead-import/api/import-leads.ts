/**
 * The importer's server calls (supabase/migrations/20261122101000_lead_import.sql):
 * - `import_leads_existing` in batches: which e-mails/phones the organization already has;
 * - `import_leads`: the whole import in one transaction. Request bodies are limited, so an import
 *   larger than one part is parked part by part with `import_leads_stage` under one import id and
 *   finished by `import_leads` with the last part — still all or nothing.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keyRoots } from '@/lib/api/key-roots';
import { AppError, toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Progress, RejectReason, RejectedRow, ValidRow } from '../utils/validate';
import { REJECT_REASONS } from '../utils/validate';

export const MAX_IMPORT_ROWS = 10000;
/** Rows per request: ~150 bytes each stays far below a 1 MiB body. */
export const PART_SIZE = 2000;
/** Keys per existence check. */
export const EXISTING_BATCH = 1000;

/** The import functions refuse with their code as the message (too many rows, a damaged payload). */
const IMPORT_ERROR_CODES = ['import-too-many-rows', 'import-invalid-payload'] as const;

function toImportError(error: { message?: string }): AppError {
  const code = IMPORT_ERROR_CODES.find((known) => known === error.message);
  return code ? new AppError(code, { cause: error }) : toAppError(error);
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** The given e-mails and phone numbers the organization already has among its leads. */
export async function findExistingLeads(
  organizationId: string,
  keys: { emails: readonly string[]; phones: readonly string[] },
  onProgress?: Progress,
): Promise<{ emails: Set<string>; phones: Set<string> }> {
  const emails = new Set<string>();
  const phones = new Set<string>();
  const emailBatches = chunk(keys.emails, EXISTING_BATCH);
  const phoneBatches = chunk(keys.phones, EXISTING_BATCH);
  const total = Math.max(emailBatches.length, phoneBatches.length);
  for (let index = 0; index < total; index++) {
    const { data, error } = await supabase.rpc('import_leads_existing', {
      input_organization_id: organizationId,
      input_emails: emailBatches[index] ?? [],
      input_phones: phoneBatches[index] ?? [],
    });
    if (error) throw toImportError(error);
    const found = (data ?? {}) as { emails?: string[]; phones?: string[] };
    for (const email of found.emails ?? []) emails.add(email);
    for (const phone of found.phones ?? []) phones.add(phone);
    onProgress?.(index + 1, total);
  }
  return { emails, phones };
}

export type ImportResult = {
  inserted: number;
  /** Rows the server refused (it re-validates everything), by spreadsheet row number. */
  rejected: { row: number; index: number; reason: RejectReason }[];
};

function isReason(value: unknown): value is RejectReason {
  return (REJECT_REASONS as readonly unknown[]).includes(value);
}

/** Imports the rows, all or nothing; progress counts requests. */
export async function importLeads(
  organizationId: string,
  rows: readonly ValidRow[],
  onProgress?: Progress,
): Promise<ImportResult> {
  if (rows.length > MAX_IMPORT_ROWS) throw new AppError('import-too-many-rows');
  const parts = chunk(
    rows.map((item) => item.lead),
    PART_SIZE,
  );
  const last = parts.pop() ?? [];
  const importId = parts.length > 0 ? crypto.randomUUID() : undefined;
  const total = parts.length + 1;

  for (const [index, part] of parts.entries()) {
    const { error } = await supabase.rpc('import_leads_stage', {
      input_import_id: importId ?? '',
      input_organization_id: organizationId,
      input_part: index + 1,
      input_rows: part,
    });
    if (error) throw toImportError(error);
    onProgress?.(index + 1, total);
  }

  const { data, error } = await supabase.rpc('import_leads', {
    input_organization_id: organizationId,
    input_rows: last,
    ...(importId ? { input_import_id: importId } : {}),
  });
  if (error) throw toImportError(error);
  onProgress?.(total, total);

  const result = (data ?? {}) as { inserted?: number; rejected?: { index?: number; reason?: unknown }[] };
  return {
    inserted: result.inserted ?? 0,
    rejected: (result.rejected ?? []).flatMap((item) => {
      const source = typeof item.index === 'number' ? rows[item.index] : undefined;
      if (!source) return [];
      return [
        { row: source.row, index: source.index, reason: isReason(item.reason) ? item.reason : 'invalid-row' },
      ];
    }),
  };
}

/** Server rejections as report rows, with the file's values. */
export function serverRejections(result: ImportResult, fileRows: readonly string[][]): RejectedRow[] {
  return result.rejected.map((item) => ({
    row: item.row,
    reason: item.reason,
    values: fileRows[item.index] ?? [],
  }));
}

/**
 * Runs a checked import: the rows, all or nothing, and the report of what the server refused.
 * On success the lead screens are read again, so the list shows the new leads.
 */
export function useImportLeads(organizationId: string, onProgress: Progress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      fileRows,
      valid,
    }: {
      fileRows: readonly string[][];
      valid: readonly ValidRow[];
    }) => {
      const result = await importLeads(organizationId, valid, onProgress);
      return { inserted: result.inserted, rejected: serverRejections(result, fileRows) };
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keyRoots.leads }),
  });
}
