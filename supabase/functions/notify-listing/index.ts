/** notify-listing on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { bearerToken, callerFromJwt } from '../_shared/auth.ts';
import { consoleLog } from '../_shared/http.ts';
import { mailerFromEnv } from '../_shared/mailer.ts';
import {
  callerClient,
  errorOf,
  marketplaceColourOf,
  serviceClient,
  siteUrlFromEnv,
  supabaseEnv,
} from '../_shared/supabase.ts';
import {
  handleNotifyListing,
  type ListingClaim,
  type NotifyListingDeps,
  type VisibleListing,
} from './handler.ts';

const env = Deno.env;
const config = supabaseEnv(env);
const service = serviceClient(config);
const siteUrl = siteUrlFromEnv(env);

const deps: NotifyListingDeps = {
  async authenticate(request) {
    const jwt = bearerToken(request);
    return jwt ? await callerFromJwt(service, jwt) : null;
  },
  db: {
    async listing(caller, advertisedLeadId) {
      const { data, error } = await callerClient(config, caller.jwt)
        .from('advertised_leads')
        .select('id, organization_id')
        .eq('id', advertisedLeadId)
        .maybeSingle<VisibleListing>();
      if (error) throw errorOf(error);
      return data;
    },
    async isMember(caller, organizationId) {
      const { data, error } = await callerClient(config, caller.jwt).rpc('is_organization_member', {
        input_organization_id: organizationId,
      });
      if (error) throw errorOf(error);
      return data === true;
    },
    async claim(advertisedLeadId) {
      const { data, error } = await service.rpc('claim_listing_notification', {
        input_advertised_lead_id: advertisedLeadId,
      });
      if (error) throw errorOf(error);
      return (data ?? null) as ListingClaim | null;
    },
    marketplaceColor: (marketplaceId) => marketplaceColourOf(service, marketplaceId),
  },
  mailer: mailerFromEnv(env),
  siteUrl,
  log: consoleLog,
};

Deno.serve((request) => handleNotifyListing(request, deps));
