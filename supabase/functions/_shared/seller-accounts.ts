/**
 * Sellers' own payment accounts (docs/payments.md «Stripe Connect»): a checkout's payment is a direct
 * charge on the organization's connected Stripe account, so the seller is the merchant of record.
 *
 * - Stripe (`STRIPE_SECRET_KEY`): a Standard account (full Stripe Dashboard, Stripe collects the
 *   requirements and carries negative balances; docs/decisions.md), onboarded through an Account Link.
 * - The local provider (embedded platform): an account `acct_local_…` that is ready at once, and the
 *   «link» is the return address itself, so a stack without network connects and sells.
 *
 * The state stored in `seller_accounts` is what the provider said last (payments-connect's refresh,
 * stripe-webhook's account.updated); checkout-pay asks `checkoutAccount` which account to charge.
 */
import { Stripe, type SupabaseClient } from './deps.ts';
import type { Env } from './env.ts';
import { localProviderConfigured } from './payment-providers.ts';
import { PaymentsNotConfiguredError, type ConnectedAccountState } from './payments.ts';
import { connectedAccountState } from './stripe-payments.ts';
import { errorOf } from './supabase.ts';

export type { ConnectedAccountState };

/** The organization's stored account (`seller_accounts`). */
export interface SellerAccount extends ConnectedAccountState {
  provider: 'stripe' | 'local';
}

export interface SellerAccountsProvider {
  readonly name: 'stripe' | 'local' | 'unconfigured';
  /** A new connected account for the organization (idempotent by `connect-account:<organizationId>`). */
  createAccount(input: {
    organizationId: string;
    name: string;
    email: string | null;
  }): Promise<ConnectedAccountState>;
  /** Where the seller fills in (or goes on filling in) what the provider asks; single use, short-lived. */
  onboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<string>;
  /** The account's state now; null for an account the provider does not know. */
  retrieveAccount(accountId: string): Promise<ConnectedAccountState | null>;
}

export interface StripeSellerAccountsOptions {
  secretKey: string;
  /** Tests answer Stripe's API with constructed responses (stripe-fake.ts). */
  fetch?: typeof fetch;
}

export function stripeSellerAccounts(options: StripeSellerAccountsOptions): SellerAccountsProvider {
  const stripe = new Stripe(options.secretKey, {
    httpClient: Stripe.createFetchHttpClient(options.fetch ?? fetch),
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
  return {
    name: 'stripe',
    async createAccount({ organizationId, name, email }) {
      const account = await stripe.accounts.create(
        {
          type: 'standard',
          country: 'NO',
          ...(email ? { email } : {}),
          business_profile: { name },
          metadata: { organization_id: organizationId },
        },
        { idempotencyKey: `connect-account:${organizationId}` },
      );
      return connectedAccountState(account as unknown as Record<string, unknown>);
    },
    async onboardingLink({ accountId, returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return link.url;
    },
    async retrieveAccount(accountId) {
      try {
        return connectedAccountState(
          (await stripe.accounts.retrieve(accountId)) as unknown as Record<string, unknown>,
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError) {
          const { code, statusCode } = error as { code?: string; statusCode?: number };
          // A missing account, or one that disconnected from the platform.
          if (code === 'resource_missing' || statusCode === 403) return null;
        }
        throw error;
      }
    },
  };
}

/** The local provider's account id of an organization (one per organization, as on Stripe). */
export const localAccountId = (organizationId: string) => `acct_local_${organizationId.replaceAll('-', '')}`;

/** The embedded platform's stand-in: the account is ready at once and the link leads straight back. */
export function localSellerAccounts(): SellerAccountsProvider {
  const ready = (id: string): ConnectedAccountState => ({
    id,
    chargesEnabled: true,
    payoutsEnabled: true,
    detailsSubmitted: true,
    country: 'NO',
  });
  return {
    name: 'local',
    createAccount: ({ organizationId }) => Promise.resolve(ready(localAccountId(organizationId))),
    onboardingLink: ({ returnUrl }) => Promise.resolve(returnUrl),
    retrieveAccount: (accountId) =>
      Promise.resolve(accountId.startsWith('acct_local_') ? ready(accountId) : null),
  };
}

/** The provider the environment configures: the same choice as the card payments' (payment-providers.ts). */
export function sellerAccountsFromEnv(env: Env, fetchImpl?: typeof fetch): SellerAccountsProvider {
  const secretKey = env.get('STRIPE_SECRET_KEY')?.trim();
  if (secretKey) return stripeSellerAccounts({ secretKey, fetch: fetchImpl });
  if (localProviderConfigured(env)) return localSellerAccounts();
  const fail = () =>
    Promise.reject(new PaymentsNotConfiguredError('payments: no payment provider configured'));
  return { name: 'unconfigured', createAccount: fail, onboardingLink: fail, retrieveAccount: fail };
}

/**
 * The account a checkout's payment is made on. With Stripe the seller's own account must take charges
 * (else `null`: the payment is refused, never taken by the platform); the local provider plays both
 * roles and charges the local account when there is one.
 */
export function checkoutAccount(
  provider: 'stripe' | 'local',
  account: SellerAccount | null,
): { stripeAccount: string | null } | null {
  if (provider === 'local') return { stripeAccount: account?.provider === 'local' ? account.id : null };
  if (account?.provider === 'stripe' && account.chargesEnabled) return { stripeAccount: account.id };
  return null;
}

/** The account a payment already made was charged on (confirm, refund): its id, whatever its state now. */
export function paymentAccount(provider: 'stripe' | 'local', account: SellerAccount | null): string | null {
  return account?.provider === provider ? account.id : null;
}

interface SellerAccountRow {
  provider: 'stripe' | 'local';
  account_id: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  country: string | null;
}

const COLUMNS = 'provider, account_id, charges_enabled, payouts_enabled, details_submitted, country';

export function sellerAccountOfRow(row: SellerAccountRow | null | undefined): SellerAccount | null {
  if (!row?.account_id) return null;
  return {
    provider: row.provider,
    id: row.account_id,
    chargesEnabled: row.charges_enabled,
    payoutsEnabled: row.payouts_enabled,
    detailsSubmitted: row.details_submitted,
    country: row.country,
  };
}

/** The organization's account as the service role reads it. */
export async function sellerAccountOf(
  service: SupabaseClient,
  organizationId: string,
): Promise<SellerAccount | null> {
  const { data, error } = await service
    .from('seller_accounts')
    .select(COLUMNS)
    .eq('organization_id', organizationId)
    .maybeSingle<SellerAccountRow>();
  if (error) throw errorOf(error);
  return sellerAccountOfRow(data);
}

/** The seller of a checkout session (service role): undefined for an unknown session. */
export async function sellerAccountOfSession(
  service: SupabaseClient,
  sessionId: string,
): Promise<SellerAccount | null | undefined> {
  const { data, error } = await service
    .from('checkout_sessions')
    .select('organization_id')
    .eq('id', sessionId)
    .maybeSingle<{ organization_id: string }>();
  if (error) throw errorOf(error);
  return data ? await sellerAccountOf(service, data.organization_id) : undefined;
}

/** The seller of an order (service role): undefined for an unknown order (a funnel's offer follows it). */
export async function sellerAccountOfOrder(
  service: SupabaseClient,
  orderId: string,
): Promise<SellerAccount | null | undefined> {
  const { data, error } = await service
    .from('orders')
    .select('organization_id')
    .eq('id', orderId)
    .maybeSingle<{ organization_id: string }>();
  if (error) throw errorOf(error);
  return data ? await sellerAccountOf(service, data.organization_id) : undefined;
}

/** record_seller_account_state (service role): null for an account that is none of ours. */
export async function recordSellerAccountState(
  service: SupabaseClient,
  state: ConnectedAccountState,
): Promise<SellerAccount | null> {
  const { data, error } = await service.rpc('record_seller_account_state', {
    input_account_id: state.id,
    input_charges_enabled: state.chargesEnabled,
    input_payouts_enabled: state.payoutsEnabled,
    input_details_submitted: state.detailsSubmitted,
    input_country: state.country ?? undefined,
  });
  if (error) throw errorOf(error);
  return sellerAccountOfRow(data as SellerAccountRow | null);
}
