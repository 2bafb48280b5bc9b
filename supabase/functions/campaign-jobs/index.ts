/** campaign-jobs on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { rpcOf } from '../_shared/database.ts';
import { functionsUrlFromEnv } from '../_shared/env.ts';
import { consoleLog } from '../_shared/http.ts';
import { mailerFromEnv } from '../_shared/mailer.ts';
import { errorOf, serviceClient, siteUrlFromEnv, supabaseEnv } from '../_shared/supabase.ts';
import { handleCampaignJobs, sameSecret } from './handler.ts';

const env = Deno.env;
const config = supabaseEnv(env);
const service = serviceClient(config);

Deno.serve((request) =>
  handleCampaignJobs(request, {
    isServiceKey: (token) => sameSecret(token, config.serviceRoleKey),
    rpc: rpcOf(service),
    async removeFiles(bucket, paths) {
      const { error } = await service.storage.from(bucket).remove([...paths]);
      if (error) throw errorOf(error);
    },
    mailer: mailerFromEnv(env),
    siteUrl: siteUrlFromEnv(env),
    functionsUrl: functionsUrlFromEnv(env),
    log: consoleLog,
  }),
);
