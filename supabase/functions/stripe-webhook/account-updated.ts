/**
 * stripe-webhook's `account.updated` (docs/payments.md «Stripe Connect»): a seller's connected account
 * changed (onboarding finished, Stripe asked for more, charges or payouts paused). The event comes
 * through the Connect endpoint; like the PaymentIntent events it acts on the account's CURRENT state,
 * read from Stripe, so events arriving out of order do no harm. An account that is none of ours is
 * logged and acknowledged.
 */
import type { Log } from '../_shared/http.ts';
import type { ConnectedAccountState, PaymentEvent } from '../_shared/payments.ts';
import type { SellerAccount } from '../_shared/seller-accounts.ts';

export interface AccountUpdatedDeps {
  /** Stripe's account now; null when Stripe no longer knows it (or it left the platform). */
  retrieveAccount(accountId: string): Promise<ConnectedAccountState | null>;
  /** record_seller_account_state: null for an account that is none of ours. */
  record(state: ConnectedAccountState): Promise<SellerAccount | null>;
}

export async function accountUpdated(
  event: PaymentEvent,
  deps: AccountUpdatedDeps | undefined,
  log: Log,
): Promise<void> {
  const described = event.connectedAccount;
  if (!described) return;
  if (!deps) {
    log(`stripe-webhook: ${event.id} (account.updated) not recorded: no seller accounts configured`);
    return;
  }
  const current = (await deps.retrieveAccount(described.id)) ?? {
    ...described,
    chargesEnabled: false,
    payoutsEnabled: false,
  };
  if (!(await deps.record(current))) log(`stripe-webhook: ${described.id} is none of our sellers' accounts`);
}
