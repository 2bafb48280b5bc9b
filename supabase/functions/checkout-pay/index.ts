/** checkout-pay on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { parseTrustedProxies } from '../_shared/client-ip.ts';
import { orderConfirmationOf, supabaseCheckoutOrderDb } from '../_shared/checkout-orders.ts';
import { rpcOf } from '../_shared/database.ts';
import { consoleLog } from '../_shared/http.ts';
import { mailerFromEnv } from '../_shared/mailer.ts';
import { paymentsFromEnv } from '../_shared/payment-providers.ts';
import { databaseRateLimiter, ruleFromEnv } from '../_shared/rate-limit.ts';
import { sellerAccountOf, sellerAccountOfSession } from '../_shared/seller-accounts.ts';
import { serviceClient, siteUrlFromEnv, supabaseEnv } from '../_shared/supabase.ts';
import { funnelOrderDb } from './funnel.ts';
import { DEFAULT_LIMIT, handleCheckoutPay, type CheckoutPayDb, type OrderRow } from './handler.ts';

const env = Deno.env;
const service = serviceClient(supabaseEnv(env));
const rpc = rpcOf(service);
const payments = paymentsFromEnv(env, service);
const checkoutOrders = supabaseCheckoutOrderDb(service);
if (payments.name === 'unconfigured') consoleLog('checkout-pay: no payment provider configured');

const db: CheckoutPayDb = {
  async begin(input) {
    const answer = (await rpc('begin_checkout_order', {
      input_session_id: input.sessionId,
      input_session_token: input.sessionToken,
      input_request_id: input.requestId,
      input_items: input.items.map((item) => ({ product_id: item.productId, quantity: item.quantity })),
      input_bump: input.bump,
      input_coupon_code: input.couponCode ?? '',
      input_buyer: {
        name: input.buyer.name ?? null,
        phone: input.buyer.phone ?? null,
        company: input.buyer.company ?? null,
        organization_number: input.buyer.organizationNumber ?? null,
      },
      input_answers: input.answers,
      input_consent: input.consent,
      input_marketing_consent: input.marketingConsent,
      input_provider: input.provider,
    })) as unknown as { order: OrderRow; token: string | null };
    return answer;
  },
  async orderByToken(orderId, token) {
    const row = await rpc('checkout_order_by_token', { input_order_id: orderId, input_token: token });
    return row?.id ? row : null;
  },
  // The order's payment outcome is shared with stripe-webhook and the expiry job.
  recordPayment: (orderId, status, providerPaymentId, failureCode) =>
    checkoutOrders.recordPayment(orderId, status, providerPaymentId, failureCode),
  settle: (orderId, intent) => checkoutOrders.settle(orderId, intent),
  release: (orderId, status) => checkoutOrders.release(orderId, status),
  issueReceipt: (orderId, buyerToken) => checkoutOrders.issueReceipt(orderId, buyerToken),
  confirmationOf: (orderId) => orderConfirmationOf(service, orderId),
};

Deno.serve((request) =>
  handleCheckoutPay(request, {
    db,
    sellers: {
      ofSession: (sessionId) => sellerAccountOfSession(service, sessionId),
      ofOrganization: (organizationId) => sellerAccountOf(service, organizationId),
    },
    funnels: funnelOrderDb(rpc),
    payments,
    mailer: mailerFromEnv(env),
    siteUrl: siteUrlFromEnv(env),
    rateLimiter: databaseRateLimiter(service),
    limit: ruleFromEnv(env.get('CHECKOUT_PAY_LIMIT_PER_IP'), DEFAULT_LIMIT),
    trustedProxies: parseTrustedProxies(env.get('TRUSTED_PROXIES')),
    log: consoleLog,
  }),
);
