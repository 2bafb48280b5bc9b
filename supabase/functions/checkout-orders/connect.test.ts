/**
 * checkout-orders' refund of an order paid on the seller's connected Stripe account (a direct charge):
 * the refund is made on that account (the Stripe-Account header), where the payment is; without the
 * account Stripe would not know the payment.
 */
import assert from 'node:assert/strict';
import { as, authenticate, ORG, OWNER, paymentsWorld } from '../_shared/payments-testing.ts';
import { FakeMailer, post } from '../_shared/testing.ts';
import { handleCheckoutOrders } from './handler.ts';

const ORDER = '00000000-0000-4000-8000-0000000000d1';
const ACCOUNT = 'acct_1FjordRor';

Deno.test('a checkout order is refunded on the seller’s connected account', async () => {
  const { stripe, payments } = paymentsWorld('stripe');
  const intent = await payments.createPayment({
    organizationId: ORG,
    customerId: null,
    amountOre: 59800,
    description: 'Ordre 1001',
    idempotencyKey: 'checkout:connect',
    metadata: { order_id: ORDER, purpose: 'checkout' },
    paymentMethodId: 'pm_card_visa',
    stripeAccount: ACCOUNT,
  });
  assert.equal(intent.status, 'succeeded');
  let seller: string | null = null;
  const response = await handleCheckoutOrders(
    post(
      'http://functions.test/checkout-orders',
      {
        action: 'refund',
        orderId: ORDER,
        requestId: '00000000-0000-4000-8000-0000000000e1',
        amountOre: 9950,
      },
      as(OWNER),
    ),
    {
      authenticate,
      refundable: () =>
        Promise.resolve({
          order_id: ORDER,
          organization_id: ORG,
          provider: 'stripe',
          provider_payment_id: intent.id,
          total_ore: 59800,
          refunded_ore: 0,
        }),
      refunds: {
        recordRefund: (input) => {
          assert.match(input.refundId, /^re_fake_/);
          return Promise.resolve({
            created: true,
            order: { id: ORDER, refunded_ore: input.amountOre } as never,
            creditNote: null,
            creditedReceiptNumber: null,
          });
        },
      },
      mailer: new FakeMailer(),
      siteUrl: 'https://app.test',
      payments,
      sellerAccount: (organizationId) => {
        seller = organizationId;
        return Promise.resolve({
          provider: 'stripe',
          id: ACCOUNT,
          chargesEnabled: true,
          payoutsEnabled: true,
          detailsSubmitted: true,
          country: 'NO',
        });
      },
    },
  );
  assert.equal(response.status, 200);
  assert.equal(seller, ORG);
  const refunds = stripe.requests.filter((request) => request.path === '/v1/refunds');
  assert.equal(refunds.length, 1);
  assert.equal(refunds[0]!.stripeAccount, ACCOUNT);
  assert.equal(refunds[0]!.params.get('amount'), '9950');
  assert.equal(stripe.paymentIntents.get(intent.id)?.amount_refunded, 9950);
});
