/** stripe-webhook on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { supabaseCardPaymentsDb } from '../_shared/card-payments-db.ts';
import { supabaseCheckoutOrderDb } from '../_shared/checkout-orders.ts';
import { consoleLog } from '../_shared/http.ts';
import { supabaseNotificationContext } from '../_shared/lead-notifications.ts';
import { mailerFromEnv } from '../_shared/mailer.ts';
import { sellerFromEnv } from '../_shared/receipt.ts';
import { paymentsFromEnv } from '../_shared/payment-providers.ts';
import { recordSellerAccountState, sellerAccountsFromEnv } from '../_shared/seller-accounts.ts';
import { serviceClient, siteUrlFromEnv, supabaseEnv } from '../_shared/supabase.ts';
import { handleStripeWebhook, type WebhookDeps } from './handler.ts';

const env = Deno.env;
const config = supabaseEnv(env);
const service = serviceClient(config);
const sellerAccounts = sellerAccountsFromEnv(env);

const deps: WebhookDeps = {
  db: supabaseCardPaymentsDb(config, service, sellerFromEnv(env)),
  checkoutOrders: supabaseCheckoutOrderDb(service),
  payments: paymentsFromEnv(env, service),
  mailer: mailerFromEnv(env),
  siteUrl: siteUrlFromEnv(env),
  notificationContext: supabaseNotificationContext(service),
  sellerAccounts: {
    retrieveAccount: (accountId) => sellerAccounts.retrieveAccount(accountId),
    record: (state) => recordSellerAccountState(service, state),
  },
  log: consoleLog,
};

Deno.serve((request) => handleStripeWebhook(request, deps));
