import { ledgerFiltersToParams, parseLedgerFilters } from '@/features/payments/utils/ledger-filters';
import { referenceOf } from '@/features/payments/utils/ledger-reference';

const ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('the overview helpers', () => {
  it('finds the card payment a ledger row names', () => {
    expect(referenceOf(`card_payment ${ID}`)).toEqual({ paymentId: ID });
    expect(referenceOf(`card_payment ${ID.toUpperCase()}`)).toEqual({ paymentId: ID });
    expect(referenceOf(`lead_purchase ${ID} card pi_local_123`)).toEqual({ leadPurchaseId: ID });
    // Lead purchases with tickets or credits, the seed's text and nothing: no card payment.
    expect(referenceOf(`lead_purchase ${ID}`)).toBeNull();
    expect(referenceOf('Demo: 25 klipp')).toBeNull();
    expect(referenceOf('card_payment not-a-uuid')).toBeNull();
    expect(referenceOf(null)).toBeNull();
  });

  it('reads the ledger filters from the query string and writes only what differs', () => {
    expect(parseLedgerFilters(new URLSearchParams(''))).toEqual({ kind: 'all', from: '', to: '', page: 1 });
    const filters = parseLedgerFilters(
      new URLSearchParams('kind=refunds&from=2026-11-01&to=2026-11-30&page=3'),
    );
    expect(filters).toEqual({ kind: 'refunds', from: '2026-11-01', to: '2026-11-30', page: 3 });
    expect(ledgerFiltersToParams(filters).toString()).toBe(
      'kind=refunds&from=2026-11-01&to=2026-11-30&page=3',
    );
    expect(
      parseLedgerFilters(new URLSearchParams('kind=everything&from=1.11.2026&to=2026-13-45&page=-2')),
    ).toEqual({ kind: 'all', from: '', to: '', page: 1 });
    expect(ledgerFiltersToParams({ kind: 'all', from: '', to: '', page: 1 }).toString()).toBe('');
  });
});
