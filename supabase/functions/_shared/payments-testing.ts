/** Shared set-up of the payment functions' deno tests: callers, the Stripe fake behind the real client. */
import type { Caller } from './auth.ts';
import { FakeCardPaymentsDb } from './card-payments-fake.ts';
import { localCardActions, localPaymentProvider, memoryLocalStore } from './local-payments.ts';
import type { PaymentProvider } from './payments.ts';
import { FakeStripe } from './stripe-fake.ts';
import { stripePaymentProvider } from './stripe-payments.ts';

export const ORG = '00000000-0000-4000-8000-0000000000c1';
export const OTHER_ORG = '00000000-0000-4000-8000-0000000000c2';
export const OWNER = '00000000-0000-4000-8000-0000000000f1';
export const MEMBER = '00000000-0000-4000-8000-0000000000f2';
export const WEBHOOK_SECRET = 'whsec_test_secret';

/** `Authorization: Bearer <user id>` stands for a verified JWT of that user. */
export async function authenticate(request: Request): Promise<Caller | null> {
  const match = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '');
  if (!match) return null;
  return await Promise.resolve({ id: match[1]!, email: 'eier@example.com', name: 'Eier', jwt: match[1]! });
}

export const as = (userId: string) => ({ Authorization: `Bearer ${userId}` });

export interface PaymentsWorld {
  db: FakeCardPaymentsDb;
  stripe: FakeStripe;
  payments: PaymentProvider;
  store: ReturnType<typeof memoryLocalStore>;
  actions: ReturnType<typeof localCardActions>;
}

/** A database with ORG managed by OWNER (MEMBER a plain member) and the chosen provider. */
export function paymentsWorld(provider: 'stripe' | 'local'): PaymentsWorld {
  const db = new FakeCardPaymentsDb();
  db.managers.add(`${OWNER}:${ORG}`);
  db.members.add(`${MEMBER}:${ORG}`);
  const savedCard = async (organizationId: string) => {
    const config = await db.config(organizationId);
    return config.paymentMethodId
      ? { paymentMethodId: config.paymentMethodId, last4: config.cardLast4, customerId: config.customerId }
      : null;
  };
  const stripe = new FakeStripe();
  const store = memoryLocalStore();
  const payments =
    provider === 'stripe'
      ? stripePaymentProvider({
          secretKey: 'sk_test_fake',
          publishableKey: 'pk_test_fake',
          webhookSecret: WEBHOOK_SECRET,
          savedCard,
          fetch: stripe.fetch,
          maxNetworkRetries: 0,
        })
      : localPaymentProvider({ store, savedCard });
  return { db, stripe, payments, store, actions: localCardActions(store) };
}

/** A saved card on the organization (as payments-setup leaves it). */
export function withCard(
  world: PaymentsWorld,
  paymentMethodId: string,
  last4 = '4242',
  customerId = 'cus_saved',
) {
  world.db.configs.set(ORG, {
    customerId,
    paymentMethodId,
    cardBrand: 'visa',
    cardLast4: last4,
    receiptEmails: ['regnskap@fjordror.no'],
  });
}
