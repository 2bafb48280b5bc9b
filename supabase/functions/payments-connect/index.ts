/** payments-connect on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { bearerToken, callerFromJwt } from '../_shared/auth.ts';
import { consoleLog } from '../_shared/http.ts';
import {
  recordSellerAccountState,
  sellerAccountOf,
  sellerAccountOfRow,
  sellerAccountsFromEnv,
} from '../_shared/seller-accounts.ts';
import { callerClient, errorOf, serviceClient, siteUrlFromEnv, supabaseEnv } from '../_shared/supabase.ts';
import { handlePaymentsConnect, type ConnectDb } from './handler.ts';

const env = Deno.env;
const config = supabaseEnv(env);
const service = serviceClient(config);
const accounts = sellerAccountsFromEnv(env);
if (accounts.name === 'unconfigured') consoleLog('payments-connect: no payment provider configured');

const db: ConnectDb = {
  async canManage(caller, organizationId) {
    const { data, error } = await callerClient(config, caller.jwt).rpc('can_manage_organization_payments', {
      input_organization_id: organizationId,
    });
    if (error) throw errorOf(error);
    return data === true;
  },
  account: (organizationId) => sellerAccountOf(service, organizationId),
  async connect(organizationId, provider, accountId) {
    const { data, error } = await service.rpc('connect_seller_account', {
      input_organization_id: organizationId,
      input_provider: provider,
      input_account_id: accountId,
    });
    if (error) throw errorOf(error);
    const account = sellerAccountOfRow(data);
    if (!account) throw new Error(`connect_seller_account answered no row for ${organizationId}`);
    return account;
  },
  record: (state) => recordSellerAccountState(service, state),
  async organization(organizationId) {
    const { data, error } = await service
      .from('organizations')
      .select('name, contact_email')
      .eq('id', organizationId)
      .single<{ name: string; contact_email: string | null }>();
    if (error) throw errorOf(error);
    return { name: data.name, email: data.contact_email };
  },
};

Deno.serve((request) =>
  handlePaymentsConnect(request, {
    authenticate: async (request) => {
      const jwt = bearerToken(request);
      return jwt ? await callerFromJwt(service, jwt) : null;
    },
    db,
    accounts,
    siteUrl: siteUrlFromEnv(env),
    log: consoleLog,
  }),
);
