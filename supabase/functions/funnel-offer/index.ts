/** funnel-offer on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { supabaseCheckoutOrderDb, type OrderRow } from '../_shared/checkout-orders.ts';
import { parseTrustedProxies } from '../_shared/client-ip.ts';
import { rpcOf } from '../_shared/database.ts';
import { consoleLog } from '../_shared/http.ts';
import { mailerFromEnv } from '../_shared/mailer.ts';
import { paymentsFromEnv } from '../_shared/payment-providers.ts';
import { databaseRateLimiter, ruleFromEnv } from '../_shared/rate-limit.ts';
import { sellerAccountOfOrder } from '../_shared/seller-accounts.ts';
import { serviceClient, siteUrlFromEnv, supabaseEnv } from '../_shared/supabase.ts';
import { DEFAULT_LIMIT, handleFunnelOffer, type FunnelOfferDb } from './handler.ts';

const env = Deno.env;
const service = serviceClient(supabaseEnv(env));
const rpc = rpcOf(service);
const payments = paymentsFromEnv(env, service);

const db: FunnelOfferDb = {
  // Recorded, settled, released and receipted as every checkout order is.
  ...supabaseCheckoutOrderDb(service),
  async begin(orderId, orderToken, stepId, requestId) {
    const answer = (await rpc('begin_funnel_offer_order', {
      input_order_id: orderId,
      input_order_token: orderToken,
      input_step_id: stepId,
      input_request_id: requestId,
    })) as unknown as {
      order: OrderRow;
      token: string | null;
      customer_id: string | null;
      payment_method_id: string | null;
    };
    return {
      order: answer.order,
      token: answer.token,
      customerId: answer.customer_id,
      paymentMethodId: answer.payment_method_id,
    };
  },
  async decline(orderId, orderToken, stepId) {
    await rpc('decline_funnel_offer', {
      input_order_id: orderId,
      input_order_token: orderToken,
      input_step_id: stepId,
    });
  },
};

Deno.serve((request) =>
  handleFunnelOffer(request, {
    db,
    sellerOfOrder: (orderId) => sellerAccountOfOrder(service, orderId),
    payments,
    mailer: mailerFromEnv(env),
    siteUrl: siteUrlFromEnv(env),
    rateLimiter: databaseRateLimiter(service),
    limit: ruleFromEnv(env.get('FUNNEL_OFFER_LIMIT_PER_IP'), DEFAULT_LIMIT),
    trustedProxies: parseTrustedProxies(env.get('TRUSTED_PROXIES')),
    log: consoleLog,
  }),
);
