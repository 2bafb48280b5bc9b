/** request-magic-link on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { parseTrustedProxies } from '../_shared/client-ip.ts';
import { consoleLog } from '../_shared/http.ts';
import { mailerFromEnv } from '../_shared/mailer.ts';
import { databaseRateLimiter, ruleFromEnv } from '../_shared/rate-limit.ts';
import { createRedirectAllowList, splitAllowList } from '../_shared/redirect-allow-list.ts';
import { marketplaceColourOf, serviceClient, supabaseEnv } from '../_shared/supabase.ts';
import { DEFAULT_LIMITS, handleRequestMagicLink, type MagicLinkDeps } from './handler.ts';

const env = Deno.env;
const service = serviceClient(supabaseEnv(env));

const deps: MagicLinkDeps = {
  admin: {
    async createUnconfirmedUser(email) {
      const { error } = await service.auth.admin.createUser({ email, email_confirm: false });
      if (!error) return 'created';
      if (error.code === 'email_exists' || error.status === 422) return 'exists';
      throw error;
    },
    async magicLinkTokenHash(email) {
      const { data, error } = await service.auth.admin.generateLink({ type: 'magiclink', email });
      if (error) throw error;
      const hash = data.properties?.hashed_token;
      if (!hash) throw new Error('generateLink gave no hashed_token');
      return hash;
    },
  },
  db: {
    async marketplaceForHost(host) {
      const { data, error } = await service
        .rpc('marketplace_for_host', { input_host: host })
        .maybeSingle<{ marketplace_id: string; name: string }>();
      if (error) throw error;
      if (!data) return null;
      return { name: data.name, color: await marketplaceColourOf(service, data.marketplace_id) };
    },
    async createSignInRequest(email, redirectTo) {
      const { data, error } = await service.rpc('create_sign_in_request', {
        input_email: email,
        input_redirect_to: redirectTo,
      });
      if (error) throw error;
      return data as string;
    },
  },
  rateLimiter: databaseRateLimiter(service),
  mailer: mailerFromEnv(env),
  allowList: createRedirectAllowList(env.get('SITE_URL'), splitAllowList(env.get('REDIRECT_ALLOW_LIST'))),
  limits: {
    perEmail: ruleFromEnv(env.get('MAGIC_LINK_LIMIT_PER_EMAIL'), DEFAULT_LIMITS.perEmail),
    perIp: ruleFromEnv(env.get('MAGIC_LINK_LIMIT_PER_IP'), DEFAULT_LIMITS.perIp),
  },
  trustedProxies: parseTrustedProxies(env.get('TRUSTED_PROXIES')),
  log: consoleLog,
};

Deno.serve((request) => handleRequestMagicLink(request, deps));
