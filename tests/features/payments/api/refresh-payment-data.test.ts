import { QueryClient } from '@tanstack/react-query';
import { paymentKeys } from '@/features/payments/api/keys';
import { refreshPaymentData } from '@/features/payments/api/refresh-payment-data';
import { accountKeys } from '@/lib/account/api/keys';
import { balanceKey } from '@/lib/organization-payments/api/keys';

const ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const OTHER = '1a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const MARKETPLACE = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

describe('shared caches', () => {
  it('a write on the setup page (a card, a plan) refreshes the overview’s entries, the balance and the guard’s status', async () => {
    const client = new QueryClient();
    client.setQueryData(paymentKeys.plans(ID), []);
    client.setQueryData(paymentKeys.ledgers(ID), []);
    client.setQueryData(paymentKeys.savedCard(ID), null);
    client.setQueryData(paymentKeys.planChoices(ID), []);
    client.setQueryData(balanceKey(ID), { tickets: 0, credits: 0 });
    client.setQueryData(paymentKeys.plans(OTHER), []);
    client.setQueryData(paymentKeys.teasers(MARKETPLACE, 5), { openCount: 0, listings: [] });
    // The guard's fact, cached; refreshAccountFacts reads it again (here: its fetch is a stub).
    client.setQueryDefaults(accountKeys.marketplaceStatuses(ID), { queryFn: () => null });
    client.setQueryData(accountKeys.marketplaceStatus(ID, MARKETPLACE), { needs_payment_setup: true });

    await refreshPaymentData(client, ID);

    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(paymentKeys.plans(ID))).toBe(true);
    expect(invalidated(paymentKeys.ledgers(ID))).toBe(true);
    expect(invalidated(paymentKeys.savedCard(ID))).toBe(true);
    expect(invalidated(paymentKeys.planChoices(ID))).toBe(true);
    expect(invalidated(balanceKey(ID))).toBe(true);
    expect(client.getQueryData(accountKeys.marketplaceStatus(ID, MARKETPLACE))).toBeNull();
    // Another organization's data and a marketplace's teasers are not the write's business.
    expect(invalidated(paymentKeys.plans(OTHER))).toBe(false);
    expect(invalidated(paymentKeys.teasers(MARKETPLACE, 5))).toBe(false);
  });
});
