/**
 * POST /functions/v1/payments-connect with the caller's JWT — the organization's own payment account,
 * which its checkouts charge (docs/payments.md «Stripe Connect»; owners and admins only).
 *
 * - `{ action: 'start', organizationId }` → the connected account, created once (a Standard account
 *   on Stripe, `connect-account:<organizationId>`; the local provider's is ready at once), and a
 *   single-use onboarding link back to `/payments` → 200 `{ url, account }`. The app sends the browser
 *   to `url`; Stripe sends it back to `…?tilkobling=ferdig`, or to `…?tilkobling=fornye` when the link
 *   expired.
 * - `{ action: 'refresh', organizationId }` → the account's state as the provider reports it now,
 *   stored → 200 `{ account }` (null: not connected).
 *
 * Order: method → caller (401 not-signed-in) → input (400) → can_manage_organization_payments (403
 * forbidden) → provider configured (500 payments-not-configured) → the action. An account connected
 * through another provider than the configured one (a local test account on a Stripe platform) → 409
 * `seller-account-other-provider`: it cannot take this platform's payments.
 */
import type { Caller } from '../_shared/auth.ts';
import { z } from '../_shared/deps.ts';
import { errorResponse, json, withCaller, type Log } from '../_shared/http.ts';
import { PaymentsNotConfiguredError, type ConnectedAccountState } from '../_shared/payments.ts';
import type { SellerAccount, SellerAccountsProvider } from '../_shared/seller-accounts.ts';
import { uuidSchema } from '../_shared/validation.ts';

export interface ConnectDb {
  /** can_manage_organization_payments with the caller's JWT. */
  canManage(caller: Caller, organizationId: string): Promise<boolean>;
  /** The stored account (service role), or null. */
  account(organizationId: string): Promise<SellerAccount | null>;
  /** connect_seller_account: stores it once, answers the stored row (maybe another call's). */
  connect(organizationId: string, provider: 'stripe' | 'local', accountId: string): Promise<SellerAccount>;
  /** record_seller_account_state: null for an account that is none of ours. */
  record(state: ConnectedAccountState): Promise<SellerAccount | null>;
  /** What the new account is prefilled with: the organization's name and contact address. */
  organization(organizationId: string): Promise<{ name: string; email: string | null }>;
}

export interface ConnectDeps {
  authenticate(request: Request): Promise<Caller | null>;
  db: ConnectDb;
  accounts: SellerAccountsProvider;
  /** The app: where the onboarding link returns to. */
  siteUrl: string;
  log?: Log;
}

const inputSchema = z.object({
  action: z.enum(['start', 'refresh']),
  organizationId: uuidSchema,
});

/** The account as the app shows it. */
function view(account: SellerAccount | null) {
  return account
    ? {
        provider: account.provider,
        accountId: account.id,
        chargesEnabled: account.chargesEnabled,
        payoutsEnabled: account.payoutsEnabled,
        detailsSubmitted: account.detailsSubmitted,
        country: account.country,
      }
    : null;
}

/** /payments with the step the seller comes back from. */
function backTo(siteUrl: string, step: 'ferdig' | 'fornye'): string {
  const url = new URL('/payments', siteUrl);
  url.searchParams.set('tilkobling', step);
  return url.toString();
}

export function handlePaymentsConnect(request: Request, deps: ConnectDeps): Promise<Response> {
  return withCaller(request, deps, 'payments-connect', inputSchema, async (caller, input, log) => {
    const { organizationId } = input;
    if (!(await deps.db.canManage(caller, organizationId))) return errorResponse(403, 'forbidden');
    const provider = deps.accounts.name;
    if (provider === 'unconfigured') {
      log('payments-connect: no payment provider configured');
      return errorResponse(500, 'payments-not-configured');
    }
    try {
      let account = await deps.db.account(organizationId);
      if (account && account.provider !== provider) {
        log(`payments-connect: ${organizationId} has a ${account.provider} account, ${provider} is configured`);
        return errorResponse(409, 'seller-account-other-provider');
      }

      if (input.action === 'refresh') {
        if (!account) return json(200, { account: null });
        const state = await deps.accounts.retrieveAccount(account.id);
        // Gone at the provider (deleted, or disconnected from the platform): it takes no payments.
        account = await deps.db.record(
          state ?? { ...account, chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false },
        );
        return json(200, { account: view(account) });
      }

      if (!account) {
        const organization = await deps.db.organization(organizationId);
        const created = await deps.accounts.createAccount({ organizationId, ...organization });
        const stored = await deps.db.connect(organizationId, provider, created.id);
        // The stored row wins a race between two starts; the state is the provider's.
        account = stored.id === created.id ? ((await deps.db.record(created)) ?? stored) : stored;
      }
      const url = await deps.accounts.onboardingLink({
        accountId: account.id,
        returnUrl: backTo(deps.siteUrl, 'ferdig'),
        refreshUrl: backTo(deps.siteUrl, 'fornye'),
      });
      return json(200, { url, account: view(account) });
    } catch (error) {
      if (error instanceof PaymentsNotConfiguredError) {
        log('payments-connect: no payment provider configured', error);
        return errorResponse(500, 'payments-not-configured');
      }
      throw error;
    }
  });
}
