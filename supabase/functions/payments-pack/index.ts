/** payments-pack on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { bearerToken, callerFromJwt } from '../_shared/auth.ts';
import { supabaseCardPaymentsDb } from '../_shared/card-payments-db.ts';
import { consoleLog } from '../_shared/http.ts';
import { mailerFromEnv } from '../_shared/mailer.ts';
import { sellerFromEnv } from '../_shared/receipt.ts';
import { paymentsFromEnv } from '../_shared/payment-providers.ts';
import { serviceClient, siteUrlFromEnv, supabaseEnv } from '../_shared/supabase.ts';
import { handlePaymentsPack, type PackDeps } from './handler.ts';

const env = Deno.env;
const config = supabaseEnv(env);
const service = serviceClient(config);
const payments = paymentsFromEnv(env, service);
if (payments.name === 'unconfigured') consoleLog('payments-pack: no payment provider configured');

const deps: PackDeps = {
  async authenticate(request) {
    const jwt = bearerToken(request);
    return jwt ? await callerFromJwt(service, jwt) : null;
  },
  db: supabaseCardPaymentsDb(config, service, sellerFromEnv(env)),
  payments,
  mailer: mailerFromEnv(env),
  siteUrl: siteUrlFromEnv(env),
  log: consoleLog,
};

Deno.serve((request) => handlePaymentsPack(request, deps));
