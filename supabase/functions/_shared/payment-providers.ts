/**
 * Which payment provider runs (docs/payments.md «Principles»; the top of payments.ts):
 * `STRIPE_SECRET_KEY` set → Stripe; no key on a local stack (or `PAYMENTS_PROVIDER=local`) → the local
 * provider with its store in the database; otherwise every call fails loudly.
 */
import type { SupabaseClient } from './deps.ts';
import {
  localPaymentProvider,
  memoryLocalStore,
  supabaseLocalStore,
  type LocalPaymentStore,
} from './local-payments.ts';
import { isLocalStack, type Env } from './env.ts';
import { failingPaymentProvider, type PaymentProvider, type SavedCard } from './payments.ts';
import { stripePaymentProvider } from './stripe-payments.ts';

export interface ProviderSources {
  /** The organization's saved card (organizations_payments_config), or null. */
  savedCard(organizationId: string): Promise<SavedCard | null>;
  /** The local provider's store (default: in memory, for tests). */
  store?: LocalPaymentStore;
  /** Stripe's HTTP (tests answer it). */
  fetch?: typeof fetch;
}

const value = (env: Env, name: string) => env.get(name)?.trim() || null;

/** True when the local provider is the configured one (never with a Stripe key). */
export function localProviderConfigured(env: Env): boolean {
  if (value(env, 'STRIPE_SECRET_KEY')) return false;
  const choice = value(env, 'PAYMENTS_PROVIDER');
  return choice === 'local' || (!choice && isLocalStack(env.get('SUPABASE_URL')));
}

/** The provider the environment configures (see the top of this file). */
export function paymentProviderFromEnv(env: Env, sources: ProviderSources): PaymentProvider {
  const secretKey = value(env, 'STRIPE_SECRET_KEY');
  if (secretKey) {
    return stripePaymentProvider({
      secretKey,
      publishableKey: value(env, 'STRIPE_PUBLISHABLE_KEY'),
      webhookSecret: value(env, 'STRIPE_WEBHOOK_SECRET'),
      connectWebhookSecret: value(env, 'STRIPE_CONNECT_WEBHOOK_SECRET'),
      savedCard: sources.savedCard,
      fetch: sources.fetch,
    });
  }
  if (localProviderConfigured(env)) {
    return localPaymentProvider({ store: sources.store ?? memoryLocalStore(), savedCard: sources.savedCard });
  }
  return failingPaymentProvider(
    'no payment provider configured: set STRIPE_SECRET_KEY (or PAYMENTS_PROVIDER=local on a test stack)',
  );
}

/** The saved card as the service role reads it. */
export function savedCardFromDb(service: SupabaseClient) {
  return async (organizationId: string): Promise<SavedCard | null> => {
    const { data, error } = await service
      .from('organizations_payments_config')
      .select('payment_method_id, card_brand, card_last4, card_exp_month, card_exp_year, stripe_customer_id')
      .eq('id', organizationId)
      .maybeSingle<{
        payment_method_id: string | null;
        card_brand: string | null;
        card_last4: string | null;
        card_exp_month: number | null;
        card_exp_year: number | null;
        stripe_customer_id: string | null;
      }>();
    if (error) throw new Error(`organizations_payments_config: ${error.message}`);
    if (!data?.payment_method_id) return null;
    return {
      paymentMethodId: data.payment_method_id,
      last4: data.card_last4,
      customerId: data.stripe_customer_id,
      card:
        data.card_brand && data.card_last4
          ? {
              brand: data.card_brand,
              last4: data.card_last4,
              expMonth: data.card_exp_month,
              expYear: data.card_exp_year,
            }
          : null,
    };
  };
}

/** The provider of a function on the edge runtime: the database's saved cards and local store. */
export function paymentsFromEnv(env: Env, service: SupabaseClient): PaymentProvider {
  return paymentProviderFromEnv(env, {
    savedCard: savedCardFromDb(service),
    store: supabaseLocalStore(service),
  });
}
