import { keyRoots } from '../../api/key-roots';

/**
 * The organization's tickets and credits: one cache entry for every screen that shows them (the
 * marketplace, the payment overview), so buying a lead or a pack refreshes the balance everywhere.
 */
export const balanceKey = (organizationId: string) => [...keyRoots.balance, organizationId] as const;

/** The organization's receipt e-mail addresses, shared by /payments and /leads/settings. */
export const receiptEmailKeys = {
  all: keyRoots.receiptEmails,
  list: (organizationId: string) => [...receiptEmailKeys.all, organizationId] as const,
};
