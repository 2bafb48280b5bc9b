import {
  ledgerFiltersToParams,
  parseLedgerFilters,
  referenceOf,
  vatOf,
} from '@/features/payments/overview/api';

const ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('the overview helpers', () => {
  it('splits 25 % VAT out of gross prices, to the øre', () => {
    expect(vatOf(225_000)).toEqual({ netOre: 180_000, vatOre: 45_000 });
    expect(vatOf(14_900)).toEqual({ netOre: 11_920, vatOre: 2_980 });
    expect(vatOf(9_900)).toEqual({ netOre: 7_920, vatOre: 1_980 });
    // 0,01 kr: the VAT part rounds to 0, the net keeps the øre.
    expect(vatOf(1)).toEqual({ netOre: 1, vatOre: 0 });
    expect(vatOf(0)).toEqual({ netOre: 0, vatOre: 0 });
  });

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

describe('shared caches', () => {
  it('the setup page’s refresh (everything under [payments, org] but the SetupIntent) reaches the overview', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { organizationDataFilter, savedCardQuery: setupCard } =
      await import('@/features/payments/setup/api');
    const { overviewKeys, savedCardQuery: overviewCard } = await import('@/features/payments/overview/api');
    const client = new QueryClient();
    client.setQueryData(overviewKeys.plans(ID), []);
    client.setQueryData(overviewKeys.ledgers(ID), []);
    await client.invalidateQueries(organizationDataFilter(ID));
    expect(client.getQueryState(overviewKeys.plans(ID))?.isInvalidated).toBe(true);
    expect(client.getQueryState(overviewKeys.ledgers(ID))?.isInvalidated).toBe(true);
    // One saved-card entry for both pages.
    expect(overviewCard(ID).queryKey).toEqual(setupCard(ID).queryKey);
  });

  it('the marketplace and the overview read the balance from one cache entry', async () => {
    const marketplace = await import('@/features/leads/marketplace/api');
    const overview = await import('@/features/payments/overview/api');
    expect(marketplace.balanceQuery(ID).queryKey).toEqual(overview.balanceQuery(ID).queryKey);
  });
});
