/**
 * POST /functions/v1/payments-local with the caller's JWT — the local payment provider's browser half
 * (docs/payments.md «payments-local»): what Stripe.js does against Stripe, for the local store. Test
 * mode only: 404 `not-found` unless the configured provider is the local one (never with a Stripe key).
 *
 * - `{ action: 'confirmSetup', clientSecret, card }` — save a card (Elements' validation codes, then
 *   the test card's outcome).
 * - `{ action: 'confirmPayment', clientSecret, card?, saveCard? }` — pay an intent with a new card (or
 *   the one it already has).
 * - `{ action: 'authenticate', clientSecret, approve }` — the test 3-D Secure page.
 *
 * → 200 `{ status, clientSecret }`, or for a refused card 200 `{ status: 'failed', error: { code } }`:
 * like Stripe.js, which resolves `{ error }` for a declined card rather than failing, a refusal is an
 * answer, not an HTTP error (a 402 would be logged in the browser's console as a failed request on
 * every declined test card). The caller must be a member of the intent's organization (else 404, as
 * for an unknown secret), except for a checkout's PaymentIntent (`metadata.purpose = 'checkout'`),
 * which an anonymous buyer confirms with its client secret as Stripe.js does.
 */
import type { Caller } from '../_shared/auth.ts';
import { z } from '../_shared/deps.ts';
import { errorResponse, json, methodNotAllowed, preflight, readBody, type Log } from '../_shared/http.ts';

import type { CardInput, LocalActionResult, LocalCardActions } from '../_shared/local-payments.ts';

export interface LocalDeps {
  /** The local provider is the configured one (localProviderConfigured). */
  enabled: boolean;
  authenticate(request: Request): Promise<Caller | null>;
  actions: LocalCardActions;
  /** `is_organization_member` with the caller's JWT. */
  isMember(caller: Caller, organizationId: string): Promise<boolean>;
  log?: Log;
}

const cardSchema = z.object({
  number: z.string().max(40),
  expMonth: z.number().int().nullish(),
  expYear: z.number().int().nullish(),
  cvc: z.string().max(10),
});

const secretSchema = z.string().min(1).max(255);

const inputSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('confirmSetup'), clientSecret: secretSchema, card: cardSchema }),
  z.object({
    action: z.literal('confirmPayment'),
    clientSecret: secretSchema,
    card: cardSchema.nullish(),
    saveCard: z.boolean().optional(),
  }),
  z.object({ action: z.literal('authenticate'), clientSecret: secretSchema, approve: z.boolean() }),
]);

function cardInput(card: z.infer<typeof cardSchema>): CardInput {
  return {
    number: card.number,
    expMonth: card.expMonth ?? null,
    expYear: card.expYear ?? null,
    cvc: card.cvc,
  };
}

function answer(result: LocalActionResult): Response {
  return result.ok
    ? json(200, { status: result.status, clientSecret: result.clientSecret })
    : json(200, { status: 'failed', error: { code: result.code } });
}

export async function handlePaymentsLocal(request: Request, deps: LocalDeps): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed();
  if (!deps.enabled) return errorResponse(404, 'not-found');
  const log = deps.log ?? (() => undefined);
  try {
    const caller = await deps.authenticate(request);
    const input = await readBody(request, inputSchema);
    if (!input) return errorResponse(caller ? 400 : 401, caller ? 'invalid-input' : 'unauthorized');

    const intent = await deps.actions.intentBySecret(input.clientSecret);
    // A checkout's buyer has no account: as with Stripe.js and a publishable key, the intent's client
    // secret is what lets the browser pay it. The organization's own payments need a member.
    const metadata = (intent?.data.metadata ?? {}) as Record<string, unknown>;
    const checkoutPayment = intent?.kind === 'payment_intent' && metadata.purpose === 'checkout';
    if (!caller && !checkoutPayment) return errorResponse(401, 'unauthorized');
    if (
      !intent?.organization_id ||
      (!checkoutPayment && !(caller && (await deps.isMember(caller, intent.organization_id))))
    ) {
      return errorResponse(404, 'not-found');
    }
    if (input.action === 'confirmPayment' && checkoutPayment && input.saveCard) {
      return errorResponse(400, 'invalid-input');
    }
    switch (input.action) {
      case 'confirmSetup':
        return answer(await deps.actions.confirmSetup(intent, cardInput(input.card)));
      case 'confirmPayment':
        return answer(
          await deps.actions.confirmPayment(
            intent,
            input.card ? cardInput(input.card) : null,
            input.saveCard === true,
          ),
        );
      case 'authenticate':
        return answer(await deps.actions.authenticate(intent, input.approve));
    }
  } catch (error) {
    log('payments-local failed', error);
    return errorResponse(500, 'unknown');
  }
}
