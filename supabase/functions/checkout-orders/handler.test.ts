/**
 * checkout-orders' refund against the local provider (its store in memory) and a fake database: a
 * partial refund reaches the provider and the ledger once however often it is sent, more than is left
 * never reaches the provider, and the refusals' codes.
 */
import assert from 'node:assert/strict';
import { localPaymentProvider, memoryLocalStore } from '../_shared/local-payments.ts';
import { as, authenticate, ORG, OWNER } from '../_shared/payments-testing.ts';
import { post } from '../_shared/testing.ts';
import { handleCheckoutOrders, type CheckoutOrdersDeps, type Refundable } from './handler.ts';

const ORDER = '00000000-0000-4000-8000-0000000000d1';
const REQUEST = '00000000-0000-4000-8000-0000000000e1';

async function world(refused: string | null = null) {
  const store = memoryLocalStore();
  const payments = localPaymentProvider({ store, savedCard: () => Promise.resolve(null) });
  const intent = await payments.createPayment({
    organizationId: ORG,
    customerId: null,
    amountOre: 59800,
    description: 'Rørsjekk hjemme – ordre 1001',
    idempotencyKey: 'checkout:test',
    metadata: { order_id: ORDER, purpose: 'checkout' },
    paymentMethodId: 'pm_card_visa',
  });
  assert.equal(intent.status, 'succeeded');
  const order: Refundable = {
    order_id: ORDER,
    organization_id: ORG,
    provider: 'local',
    provider_payment_id: intent.id,
    total_ore: 59800,
    refunded_ore: 0,
  };
  const recorded: { refundId: string; amountOre: number; reason: string | null; createdBy: string }[] = [];
  const deps: CheckoutOrdersDeps = {
    authenticate,
    refundable: () => (refused ? Promise.reject(new Error(refused)) : Promise.resolve({ ...order })),
    recordRefund: (input) => {
      // The database records a refund id once.
      if (!recorded.some((row) => row.refundId === input.refundId)) {
        recorded.push(input);
        order.refunded_ore += input.amountOre;
      }
      return Promise.resolve({ id: ORDER, refunded_ore: order.refunded_ore } as never);
    },
    payments,
    sellerAccount: () => Promise.resolve(null),
  };
  return { deps, recorded, store, intent };
}

const refund = (
  deps: CheckoutOrdersDeps,
  body: Record<string, unknown>,
  headers: Record<string, string> = as(OWNER),
) =>
  handleCheckoutOrders(
    post(
      'http://functions.test/checkout-orders',
      { action: 'refund', orderId: ORDER, requestId: REQUEST, ...body },
      headers,
    ),
    deps,
  );

Deno.test('a partial refund reaches the provider and the ledger once, however often it is sent', async () => {
  const { deps, recorded, store, intent } = await world();
  const first = await refund(deps, { amountOre: 9950, reason: ' Kunden angret ' });
  assert.equal(first.status, 200);
  assert.deepEqual(await first.json(), { order: { id: ORDER, refunded_ore: 9950 } });
  const again = await refund(deps, { amountOre: 9950, reason: 'Kunden angret' });
  assert.equal(again.status, 200);
  assert.equal(recorded.length, 1);
  assert.equal(recorded[0]!.amountOre, 9950);
  assert.equal(recorded[0]!.reason, 'Kunden angret');
  assert.equal(recorded[0]!.createdBy, OWNER);
  assert.match(recorded[0]!.refundId, /^re_/);
  assert.equal(store.objects.get(intent.id)?.data.amount_refunded, 9950);
});

Deno.test('more than is left is refused before the provider is asked', async () => {
  const { deps, recorded, store, intent } = await world();
  const response = await refund(deps, { amountOre: 59801 });
  assert.equal(response.status, 400);
  assert.deepEqual(await response.json(), { error: { code: 'checkout-refund-invalid' } });
  assert.equal(recorded.length, 0);
  assert.equal(store.objects.get(intent.id)?.data.amount_refunded, undefined);
});

Deno.test('an order the caller may not refund is 404; without a session 401; bad input 400', async () => {
  const { deps } = await world('checkout-order-not-found');
  const response = await refund(deps, { amountOre: 100 });
  assert.equal(response.status, 404);
  assert.deepEqual(await response.json(), { error: { code: 'checkout-order-not-found' } });
  assert.equal((await refund(deps, { amountOre: 100 }, {})).status, 401);
  assert.equal((await refund(deps, { amountOre: -5 })).status, 400);
});

Deno.test('a payment the provider cannot refund is checkout-refund-invalid', async () => {
  const { deps, store, intent } = await world();
  await store.update(intent.id, { status: 'requires_payment_method' });
  const response = await refund(deps, { amountOre: 100 });
  assert.equal(response.status, 400);
  assert.deepEqual(await response.json(), { error: { code: 'checkout-refund-invalid' } });
});
