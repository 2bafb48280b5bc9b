/**
 * Unpaid checkout orders past their 30 minutes (docs/checkouts.md «Paying»): the payment is canceled
 * at the provider, then the order released as expired (its stock and coupon use given back). When the
 * provider answers that the buyer paid after all, the order is settled instead (receipt and e-mail, as
 * the page's confirm would have); a payment the bank is still working on waits for the next run.
 */
import { settleCheckoutOrder } from '../../_shared/checkout-orders.ts';
import type { PaymentIntentState } from '../../_shared/payments.ts';
import { settleEach, type Job } from '../job.ts';

/** One run's share; the rest waits for the next run. */
export const BATCH = 100;

type Outcome = 'expired' | 'settled' | 'waiting';

export const checkoutOrderExpiry: Job = {
  name: 'checkout-order-expiry',
  async run(deps, input) {
    const due = await deps.rpc('checkout_orders_past_expiry', {
      ...(input.now ? { input_now: input.now } : {}),
      input_limit: BATCH,
    });
    const counts = { expired: 0, settled: 0, waiting: 0, failed: 0 };
    if (due.length === 0) return counts;
    const checkouts = deps.checkouts;
    if (!checkouts) throw new Error('checkout-order-expiry: no checkout orders or payments given');

    const expire = async (order: (typeof due)[number]): Promise<Outcome> => {
      let intent: PaymentIntentState | null = null;
      if (order.provider_payment_id && order.provider === checkouts.payments.name) {
        const account = await checkouts.paymentAccount(order.organization_id);
        intent = await checkouts.payments.cancelPayment(order.provider_payment_id, account);
      } else if (order.provider_payment_id) {
        deps.log(`checkout-order-expiry: order ${order.order_id} was paid with ${order.provider}; released`);
      }
      if (intent?.status === 'succeeded') {
        await settleCheckoutOrder(order.order_id, intent, { db: checkouts.orders, ...deps });
        return 'settled';
      }
      if (intent?.status === 'processing') {
        await checkouts.orders.recordPayment(order.order_id, 'processing', intent.id, null);
        return 'waiting';
      }
      await checkouts.orders.release(order.order_id, 'expired');
      return 'expired';
    };

    for (const [index, result] of (await settleEach(due, expire)).entries()) {
      if (result.status === 'fulfilled') counts[result.value] += 1;
      else {
        counts.failed += 1;
        deps.log(`checkout-order-expiry: order ${due[index]!.order_id} failed; next run`, result.reason);
      }
    }
    return counts;
  },
};
