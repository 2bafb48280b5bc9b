/** checkout-orders on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { bearerToken, callerFromJwt } from '../_shared/auth.ts';
import { supabaseCheckoutOrderDb } from '../_shared/checkout-orders.ts';
import { rpcOf } from '../_shared/database.ts';
import { consoleLog } from '../_shared/http.ts';
import { mailerFromEnv } from '../_shared/mailer.ts';
import { paymentsFromEnv } from '../_shared/payment-providers.ts';
import { sellerAccountOf } from '../_shared/seller-accounts.ts';
import { callerClient, serviceClient, siteUrlFromEnv, supabaseEnv } from '../_shared/supabase.ts';
import { handleCheckoutOrders, type CheckoutOrdersDeps, type Refundable } from './handler.ts';

const env = Deno.env;
const config = supabaseEnv(env);
const service = serviceClient(config);
const payments = paymentsFromEnv(env, service);
if (payments.name === 'unconfigured') consoleLog('checkout-orders: no payment provider configured');

const deps: CheckoutOrdersDeps = {
  async authenticate(request) {
    const jwt = bearerToken(request);
    return jwt ? await callerFromJwt(service, jwt) : null;
  },
  async refundable(caller, orderId) {
    const answer = await rpcOf(callerClient(config, caller.jwt))('checkout_refundable', {
      input_order_id: orderId,
    });
    return answer as unknown as Refundable;
  },
  refunds: supabaseCheckoutOrderDb(service),
  mailer: mailerFromEnv(env),
  siteUrl: siteUrlFromEnv(env),
  payments,
  sellerAccount: (organizationId) => sellerAccountOf(service, organizationId),
  log: consoleLog,
};

Deno.serve((request) => handleCheckoutOrders(request, deps));
