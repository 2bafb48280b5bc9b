/**
 * POST /functions/v1/payments-pack with the caller's JWT — buy a ticket or credit pack with a card
 * (docs/payments.md «payments-pack»; owners and admins only).
 *
 * - `{ action: 'buy', organizationId, kind, packId, requestId, card: 'saved' | 'new', saveCard? }`:
 *   `start_card_payment` with the key `pack:<requestId>` (one row however often it is asked), then a
 *   PaymentIntent with the same idempotency key (one intent, one charge): with the saved card it is
 *   confirmed at once; with a new card the browser confirms it and calls `confirm`.
 * - `{ action: 'confirm', organizationId, paymentId }`: the intent's current state.
 *
 * A declined card is an expected answer, not a failed request: 200 `{ status: 'failed', paymentId,
 * error: { code } }` (a 4xx would be logged by the browser as an error).
 *
 * Balances change only in `settle_card_payment` (guarded: the app's confirm and Stripe's webhook may
 * both try, one settles). The first settlement sends the receipt e-mail.
 */
import type { Caller } from '../_shared/auth.ts';
import {
  ensureCustomer,
  failureOf,
  PaymentsDbError,
  rowUpdate,
  settleSucceeded,
  type CardPaymentRow,
  type CardPaymentsDb,
} from '../_shared/card-payments.ts';
import { z } from '../_shared/deps.ts';
import { errorResponse, json, methodNotAllowed, preflight, readBody, type Log } from '../_shared/http.ts';
import type { Mailer } from '../_shared/mailer.ts';
import {
  PaymentRefusedError,
  PaymentsNotConfiguredError,
  type PaymentIntentState,
  type PaymentProvider,
} from '../_shared/payments.ts';
import { uuidSchema } from '../_shared/validation.ts';

export interface PackDeps {
  authenticate(request: Request): Promise<Caller | null>;
  db: CardPaymentsDb;
  payments: PaymentProvider;
  mailer: Mailer;
  /** The app (the receipt's link to /payments). */
  siteUrl: string;
  log?: Log;
}

const inputSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('buy'),
    organizationId: uuidSchema,
    kind: z.enum(['tickets', 'credits']),
    packId: uuidSchema,
    requestId: uuidSchema,
    card: z.enum(['saved', 'new']),
    saveCard: z.boolean().optional(),
  }),
  z.object({ action: z.literal('confirm'), organizationId: uuidSchema, paymentId: uuidSchema }),
]);

export function packIdempotencyKey(requestId: string): string {
  return `pack:${requestId}`;
}

/** A declined card: an answer the overview shows, not an error status. */
function declined(payment: CardPaymentRow, code: string): Response {
  return json(200, { status: 'failed', paymentId: payment.id, error: { code } });
}

export async function handlePaymentsPack(request: Request, deps: PackDeps): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed();
  const log = deps.log ?? (() => undefined);
  const settleDeps = { ...deps, log };
  try {
    const caller = await deps.authenticate(request);
    if (!caller) return errorResponse(401, 'unauthorized');
    const input = await readBody(request, inputSchema);
    if (!input) return errorResponse(400, 'invalid-input');
    const { organizationId } = input;
    if (!(await deps.db.canManage(caller, organizationId))) return errorResponse(403, 'forbidden');
    if (deps.payments.name === 'unconfigured') {
      log('payments-pack: no payment provider configured');
      return errorResponse(500, 'payments-not-configured');
    }

    /** The answer for the intent's state (the row records it; success settles). */
    const answer = async (payment: CardPaymentRow, intent: PaymentIntentState): Promise<Response> => {
      if (intent.status === 'succeeded') {
        const settled = await settleSucceeded(payment, intent, settleDeps);
        return json(200, { status: 'succeeded', paymentId: payment.id, balance: settled.balance });
      }
      await deps.db.updatePayment(payment.id, rowUpdate(intent));
      const failure = failureOf(intent);
      if (failure) return declined(payment, failure);
      if (intent.status === 'requires_action') {
        return json(200, {
          status: 'requires_action',
          paymentId: payment.id,
          clientSecret: intent.clientSecret,
          // The overview loads the card client for handleNextAction (docs/payments.md).
          provider: deps.payments.name,
          publishableKey: deps.payments.publishableKey,
        });
      }
      if (intent.status === 'processing') return json(200, { status: 'processing', paymentId: payment.id });
      return json(200, {
        status: 'requires_confirmation',
        paymentId: payment.id,
        clientSecret: intent.clientSecret,
        provider: deps.payments.name,
        publishableKey: deps.payments.publishableKey,
      });
    };

    /** Settled before (a replay, or the webhook was first): the balance, nothing changes. */
    const alreadySettled = async (payment: CardPaymentRow) => {
      const settled = await deps.db.settlePayment(payment.id);
      return json(200, { status: 'succeeded', paymentId: payment.id, balance: settled.balance });
    };

    if (input.action === 'confirm') {
      const payment = await deps.db.payment(input.paymentId);
      if (!payment || payment.organization_id !== organizationId || payment.purpose === 'lead') {
        return errorResponse(404, 'card-payment-not-found');
      }
      if (payment.settled_at) return await alreadySettled(payment);
      const intent = payment.provider_payment_id
        ? await deps.payments.retrievePayment(payment.provider_payment_id)
        : null;
      if (!intent) return errorResponse(404, 'card-payment-not-found');
      return await answer(payment, intent);
    }

    const { kind, packId, requestId, card } = input;
    const config = await deps.db.config(organizationId);
    if (card === 'saved' && !config.paymentMethodId) return errorResponse(409, 'no-saved-card');
    let payment: CardPaymentRow;
    try {
      payment = await deps.db.startPackPayment({
        organizationId,
        kind,
        packId,
        idempotencyKey: packIdempotencyKey(requestId),
        provider: deps.payments.name,
        createdBy: caller.id,
      });
    } catch (error) {
      if (error instanceof PaymentsDbError && error.message === 'pack-not-found') {
        return errorResponse(404, 'pack-not-found');
      }
      if (error instanceof PaymentsDbError && error.code === '22023')
        return errorResponse(400, 'invalid-input');
      throw error;
    }
    if (payment.settled_at) return await alreadySettled(payment);

    const customerId = await ensureCustomer(organizationId, deps);
    let intent: PaymentIntentState;
    try {
      intent = await deps.payments.createPayment({
        organizationId,
        customerId,
        amountOre: payment.amount_ore,
        description: payment.description,
        idempotencyKey: payment.idempotency_key,
        metadata: { card_payment_id: payment.id, purpose: payment.purpose },
        paymentMethodId: card === 'saved' ? config.paymentMethodId : null,
        saveCard: card === 'new' && input.saveCard === true,
      });
    } catch (error) {
      if (!(error instanceof PaymentRefusedError)) throw error;
      await deps.db.updatePayment(payment.id, { status: 'failed', failureCode: error.code });
      return declined(payment, error.code);
    }
    return await answer(payment, intent);
  } catch (error) {
    log('payments-pack failed', error);
    if (error instanceof PaymentsNotConfiguredError) return errorResponse(500, 'payments-not-configured');
    return errorResponse(500, 'unknown');
  }
}
