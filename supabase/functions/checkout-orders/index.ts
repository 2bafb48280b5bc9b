/** checkout-orders on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { bearerToken, callerFromJwt } from '../_shared/auth.ts';
import { rpcOf } from '../_shared/database.ts';
import { consoleLog } from '../_shared/http.ts';
import { paymentsFromEnv } from '../_shared/payment-providers.ts';
import { sellerAccountOf } from '../_shared/seller-accounts.ts';
import { callerClient, serviceClient, supabaseEnv } from '../_shared/supabase.ts';
import { handleCheckoutOrders, type CheckoutOrdersDeps, type Refundable } from './handler.ts';

const env = Deno.env;
const config = supabaseEnv(env);
const service = serviceClient(config);
const rpc = rpcOf(service);
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
  recordRefund: ({ orderId, amountOre, refundId, reason, createdBy }) =>
    rpc('record_checkout_refund', {
      input_order_id: orderId,
      input_amount_ore: amountOre,
      input_provider_refund_id: refundId,
      input_reason: reason ?? undefined,
      input_created_by: createdBy,
    }),
  payments,
  sellerAccount: (organizationId) => sellerAccountOf(service, organizationId),
  log: consoleLog,
};

Deno.serve((request) => handleCheckoutOrders(request, deps));
