import { ledgerFiltersToParams, parseLedgerFilters, referenceOf } from '@/features/payments/overview/api';

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
    const marketplace = await import('@/lib/account/balance');
    const overview = await import('@/features/payments/overview/api');
    expect(marketplace.balanceQuery(ID).queryKey).toEqual(overview.balanceQuery(ID).queryKey);
  });
});
