import type { Tables } from '@/lib/database.types';
import { ORG } from '../support/ids';

export type LedgerEntryRow = Tables<'organizations_payments_ledger'>;

/** A row of an organization's payment ledger (organizations_payments_ledger): a lead paid with a klipp. */
export function ledgerEntry(overrides: Partial<LedgerEntryRow> = {}): LedgerEntryRow {
  return {
    id: 1,
    organization_id: ORG,
    kind: 'lead_purchase',
    tickets_delta: -1,
    credits_delta: 0,
    amount_ore: 0,
    reference: null,
    created_by: null,
    created_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}
