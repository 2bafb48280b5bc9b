import { keyRoots } from '@/lib/api/key-roots';
import type { CardProvider } from '../types';
import type { LedgerFilters } from '../utils/ledger-filters';

/**
 * The payments feature's query keys. An organization's payment data sits under
 * `organization(id)`, so one invalidation after a write (a card saved, a plan changed, a pack
 * bought) refreshes the overview and the setup page alike; the saved card is one entry for both.
 */
export const paymentKeys = {
  all: keyRoots.payments,
  organization: (organizationId: string) => [...paymentKeys.all, organizationId] as const,
  savedCard: (organizationId: string) => [...paymentKeys.organization(organizationId), 'card'] as const,
  organizationDetails: (organizationId: string) =>
    [...paymentKeys.organization(organizationId), 'details'] as const,
  /** The plan per marketplace, as the overview lists it. */
  plans: (organizationId: string) => [...paymentKeys.organization(organizationId), 'plans'] as const,
  /** The plans with each marketplace's packs and whether a card is needed, as the setup page edits them. */
  planChoices: (organizationId: string) =>
    [...paymentKeys.organization(organizationId), 'plan-choices'] as const,
  packs: (organizationId: string, marketplaceIds: readonly string[]) =>
    [...paymentKeys.organization(organizationId), 'packs', marketplaceIds] as const,
  ledgers: (organizationId: string) => [...paymentKeys.organization(organizationId), 'ledger'] as const,
  ledger: (organizationId: string, filters: LedgerFilters) =>
    [...paymentKeys.ledgers(organizationId), filters] as const,
  /** The receipt (`receipts` row) of a card payment. */
  receipt: (organizationId: string, paymentId: string) =>
    [...paymentKeys.organization(organizationId), 'receipt', paymentId] as const,
  /** The organization's own payment account (seller_accounts), which its checkouts charge. */
  sellerAccount: (organizationId: string) =>
    [...paymentKeys.organization(organizationId), 'seller-account'] as const,
  /** A marketplace's teasers do not belong to an organization: a write never refreshes them. */
  teasers: (marketplaceId: string, limit: number) =>
    [...paymentKeys.all, 'teasers', marketplaceId, limit] as const,
  /** The loaded card client (Stripe Elements or the local form), per provider. */
  cardClient: (provider: CardProvider | undefined, publishableKey: string | null) =>
    [...paymentKeys.all, 'card-client', provider, publishableKey] as const,
};
