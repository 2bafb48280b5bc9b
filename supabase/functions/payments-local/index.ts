/** payments-local on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { bearerToken, callerFromJwt } from '../_shared/auth.ts';
import { consoleLog } from '../_shared/http.ts';
import { localCardActions, supabaseLocalStore } from '../_shared/local-payments.ts';
import { localProviderConfigured } from '../_shared/payment-providers.ts';
import { isOrganizationMember, serviceClient, supabaseEnv } from '../_shared/supabase.ts';
import { handlePaymentsLocal, type LocalDeps } from './handler.ts';

const env = Deno.env;
const config = supabaseEnv(env);
const service = serviceClient(config);

const deps: LocalDeps = {
  enabled: localProviderConfigured(env),
  async authenticate(request) {
    const jwt = bearerToken(request);
    return jwt ? await callerFromJwt(service, jwt) : null;
  },
  actions: localCardActions(supabaseLocalStore(service)),
  isMember: (caller, organizationId) => isOrganizationMember(config, caller.jwt, organizationId),
  log: consoleLog,
};

Deno.serve((request) => handlePaymentsLocal(request, deps));
