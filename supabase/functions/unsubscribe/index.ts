/** unsubscribe on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { parseTrustedProxies } from '../_shared/client-ip.ts';
import { rpcOf } from '../_shared/database.ts';
import { consoleLog } from '../_shared/http.ts';
import { databaseRateLimiter, ruleFromEnv } from '../_shared/rate-limit.ts';
import { serviceClient, siteUrlFromEnv, supabaseEnv } from '../_shared/supabase.ts';
import { DEFAULT_LIMIT, handleUnsubscribe } from './handler.ts';

const env = Deno.env;
const service = serviceClient(supabaseEnv(env));
const rpc = rpcOf(service);

Deno.serve((request) =>
  handleUnsubscribe(request, {
    // The one call of the database's unsubscribe by token: the reminders of the e-mail's campaign
    // (marketing is withdrawn on the participant's own page, for the whole organization).
    async unsubscribe(token, campaignId) {
      try {
        await rpc('withdraw_consent', {
          input_token: token,
          input_purpose: 'reminders',
          input_campaign_id: campaignId,
        });
        return true;
      } catch (error) {
        if (error instanceof Error && /not-found$/.test(error.message)) return false;
        throw error;
      }
    },
    rateLimiter: databaseRateLimiter(service),
    limit: ruleFromEnv(env.get('UNSUBSCRIBE_LIMIT_PER_IP'), DEFAULT_LIMIT),
    trustedProxies: parseTrustedProxies(env.get('TRUSTED_PROXIES')),
    siteUrl: siteUrlFromEnv(env),
    log: consoleLog,
  }),
);
