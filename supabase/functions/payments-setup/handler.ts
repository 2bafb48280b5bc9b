/**
 * POST /functions/v1/payments-setup with the caller's JWT — save, replace or remove the organization's
 * card (docs/payments.md «payments-setup»; owners and admins only).
 *
 * - `{ action: 'start', organizationId }` → the customer (created once, `customer:<organizationId>`)
 *   and a SetupIntent for off-session use → `{ provider, publishableKey, setupIntentId, clientSecret }`.
 * - `{ action: 'complete', organizationId, setupIntentId }` → after the browser confirmed it: the
 *   SetupIntent's state; succeeded → the card is saved (the previous one detached).
 * - `{ action: 'remove', organizationId }` → detaches and clears the card.
 *
 * A declined card is an expected answer: 200 `{ status: 'failed', error: { code } }` (no 4xx for the
 * browser to log as an error).
 *
 * Order: method → caller (401) → JSON and input (400) → can_manage_organization_payments (403) →
 * provider configured (500 payments-not-configured) → the action.
 */
import type { Caller } from '../_shared/auth.ts';
import { ensureCustomer, saveCard, type CardPaymentsDb } from '../_shared/card-payments.ts';
import { z } from '../_shared/deps.ts';
import { errorResponse, json, methodNotAllowed, preflight, readBody, type Log } from '../_shared/http.ts';
import { PaymentsNotConfiguredError, type PaymentProvider } from '../_shared/payments.ts';
import { uuidSchema } from '../_shared/validation.ts';

export interface SetupDeps {
  authenticate(request: Request): Promise<Caller | null>;
  db: CardPaymentsDb;
  payments: PaymentProvider;
  log?: Log;
}

const inputSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('start'), organizationId: uuidSchema }),
  z.object({
    action: z.literal('complete'),
    organizationId: uuidSchema,
    setupIntentId: z.string().min(1).max(255),
  }),
  z.object({ action: z.literal('remove'), organizationId: uuidSchema }),
]);

export async function handlePaymentsSetup(request: Request, deps: SetupDeps): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed();
  const log = deps.log ?? (() => undefined);
  try {
    const caller = await deps.authenticate(request);
    if (!caller) return errorResponse(401, 'unauthorized');
    const input = await readBody(request, inputSchema);
    if (!input) return errorResponse(400, 'invalid-input');
    const { organizationId } = input;
    if (!(await deps.db.canManage(caller, organizationId))) return errorResponse(403, 'forbidden');
    if (deps.payments.name === 'unconfigured') {
      log('payments-setup: no payment provider configured');
      return errorResponse(500, 'payments-not-configured');
    }

    if (input.action === 'start') {
      const customerId = await ensureCustomer(organizationId, deps);
      const intent = await deps.payments.createSetupIntent({ organizationId, customerId });
      return json(200, {
        provider: deps.payments.name,
        publishableKey: deps.payments.publishableKey,
        setupIntentId: intent.id,
        clientSecret: intent.clientSecret,
      });
    }

    if (input.action === 'complete') {
      const intent = await deps.payments.retrieveSetupIntent(input.setupIntentId);
      if (!intent || intent.organizationId !== organizationId) return errorResponse(404, 'not-found');
      switch (intent.status) {
        case 'succeeded': {
          if (!intent.paymentMethodId) return declined('card_error');
          await saveCard(organizationId, intent.paymentMethodId, intent.card, { ...deps, log });
          const card = intent.card;
          return json(200, {
            status: 'succeeded',
            card: card
              ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear }
              : null,
          });
        }
        case 'requires_action':
          return json(200, { status: 'requires_action', clientSecret: intent.clientSecret });
        case 'processing':
          return json(200, { status: 'processing' });
        default:
          return declined(intent.errorCode ?? 'card_error');
      }
    }

    const config = await deps.db.config(organizationId);
    if (config.paymentMethodId) {
      try {
        await deps.payments.detachPaymentMethod(config.paymentMethodId);
      } catch (error) {
        // The card is removed from the organization either way.
        log(`payments-setup: detaching ${config.paymentMethodId} failed`, error);
      }
    }
    await deps.db.clearCard(organizationId);
    return json(200, { removed: true });
  } catch (error) {
    log('payments-setup failed', error);
    if (error instanceof PaymentsNotConfiguredError) return errorResponse(500, 'payments-not-configured');
    return errorResponse(500, 'unknown');
  }
}

/** A declined card: an answer the setup page shows, not an error status. */
function declined(code: string): Response {
  return json(200, { status: 'failed', error: { code } });
}
