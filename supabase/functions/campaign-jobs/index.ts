/** campaign-jobs on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { supabaseCheckoutOrderDb } from '../_shared/checkout-orders.ts';
import { rpcOf } from '../_shared/database.ts';
import { functionsUrlFromEnv } from '../_shared/env.ts';
import { consoleLog } from '../_shared/http.ts';
import { mailerFromEnv } from '../_shared/mailer.ts';
import { paymentsFromEnv } from '../_shared/payment-providers.ts';
import { paymentAccount, sellerAccountOf } from '../_shared/seller-accounts.ts';
import { errorOf, serviceClient, siteUrlFromEnv, supabaseEnv } from '../_shared/supabase.ts';
import { handleCampaignJobs, sameSecret } from './handler.ts';

const env = Deno.env;
const config = supabaseEnv(env);
const service = serviceClient(config);
const payments = paymentsFromEnv(env, service);

Deno.serve((request) =>
  handleCampaignJobs(request, {
    isServiceKey: (token) => sameSecret(token, config.serviceRoleKey),
    rpc: rpcOf(service),
    async removeFiles(bucket, paths) {
      const { error } = await service.storage.from(bucket).remove([...paths]);
      if (error) throw errorOf(error);
    },
    checkouts: {
      orders: supabaseCheckoutOrderDb(service),
      payments,
      async paymentAccount(organizationId) {
        if (payments.name === 'unconfigured') return null;
        return paymentAccount(payments.name, await sellerAccountOf(service, organizationId));
      },
    },
    mailer: mailerFromEnv(env),
    siteUrl: siteUrlFromEnv(env),
    functionsUrl: functionsUrlFromEnv(env),
    log: consoleLog,
  }),
);
