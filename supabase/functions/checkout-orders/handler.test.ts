/**
 * checkout-orders' refund against the local provider (its store in memory) and a fake database: a
 * partial refund reaches the provider and the ledger once however often it is sent, more than is left
 * never reaches the provider, and the refusals' codes.
 */
import assert from 'node:assert/strict';
import { localPaymentProvider, memoryLocalStore } from '../_shared/local-payments.ts';
import { as, authenticate, ORG, OWNER } from '../_shared/payments-testing.ts';
import type { RefundInput } from '../_shared/checkout-orders.ts';
import { sampleCreditNote } from '../_shared/receipt-fake.ts';
import { FakeMailer, post } from '../_shared/testing.ts';
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
  const recorded: RefundInput[] = [];
  const mailer = new FakeMailer();
  const deps: CheckoutOrdersDeps = {
    authenticate,
    refundable: () => (refused ? Promise.reject(new Error(refused)) : Promise.resolve({ ...order })),
    refunds: {
      recordRefund: (input) => {
        // The database records a refund id once, and issues its credit note then.
        const created = !recorded.some((row) => row.refundId === input.refundId);
        if (created) {
          recorded.push(input);
          order.refunded_ore += input.amountOre;
        }
        return Promise.resolve({
          created,
          order: { id: ORDER, refunded_ore: order.refunded_ore } as never,
          creditNote: sampleCreditNote(input.amountOre),
          creditedReceiptNumber: 7,
        });
      },
    },
    mailer,
    siteUrl: 'https://app.test',
    payments,
    sellerAccount: () => Promise.resolve(null),
  };
  return { deps, recorded, store, intent, mailer };
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

Deno.test('the buyer gets the credit note once, naming the receipt it credits', async () => {
  const { deps, mailer } = await world();
  await refund(deps, { amountOre: 9950 });
  await refund(deps, { amountOre: 9950 });
  assert.equal(mailer.sent.length, 1, 'a repeated request e-mails nothing');
  const mail = mailer.sent[0]!;
  assert.equal(mail.to, 'kari@example.no');
  assert.equal(mail.subject, 'Kreditnota nr. 8: kvittering nr. 7');
  assert.match(mail.text, /Kreditnota nr\. 8/);
  assert.match(mail.text, /Krediterer: Kvittering nr\. 7/);
  assert.match(mail.text, /Kreditert inkl\. mva\.: 99,50 kr/);
  assert.match(mail.text, /Mva\. 25 %: 19,90 kr/);
  assert.match(mail.text, /Org\.nr\. 999 999 999 MVA/);
  assert.match(mail.text, /Foretaksregisteret/);
  assert.match(
    mail.text,
    new RegExp(`https://app\\.test/kasse/kvittering\\?ordre=${ORDER}&token=[0-9a-f]{48}`),
  );
});

Deno.test('a credit note whose e-mail fails leaves the refund recorded', async () => {
  const { deps, recorded, mailer } = await world();
  mailer.fail = true;
  const response = await refund(deps, { amountOre: 100 });
  assert.equal(response.status, 200);
  assert.equal(recorded.length, 1);
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
