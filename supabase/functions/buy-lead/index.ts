/** buy-lead on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { bearerToken, callerFromJwt } from '../_shared/auth.ts';
import { consoleLog } from '../_shared/http.ts';
import { mailerFromEnv } from '../_shared/mailer.ts';
import { paymentProviderFromEnv } from '../_shared/payments.ts';
import { callerClient, serviceClient, supabaseEnv } from '../_shared/supabase.ts';
import {
  DbError,
  handleBuyLead,
  type BuyLeadDeps,
  type CompletedPurchase,
  type OrganizationNotice,
  type PurchaseRow,
  type ReservedPurchase,
} from './handler.ts';

const env = Deno.env;
const config = supabaseEnv(env);
const service = serviceClient(config);
const siteUrl = env.get('SITE_URL') ?? 'http://localhost:5173';

function dbError(error: { message: string; code?: string | null }): DbError {
  return new DbError(error.message, error.code ?? null);
}

const payments = paymentProviderFromEnv(env, {
  async savedCard(organizationId) {
    const { data, error } = await service
      .from('organizations_payments_config')
      .select('payment_method_id, card_last4')
      .eq('id', organizationId)
      .maybeSingle<{ payment_method_id: string | null; card_last4: string | null }>();
    if (error) throw dbError(error);
    if (!data?.payment_method_id) return null;
    return { paymentMethodId: data.payment_method_id, last4: data.card_last4 };
  },
});
if (payments.name === 'unconfigured')
  consoleLog('buy-lead: no payment provider configured; card purchases fail');

const deps: BuyLeadDeps = {
  async authenticate(request) {
    const jwt = bearerToken(request);
    return jwt ? await callerFromJwt(service, jwt) : null;
  },
  db: {
    async buyLead(caller, input) {
      const { data, error } = await callerClient(config, caller.jwt).rpc('buy_lead', {
        input_lead_id: input.leadId,
        input_advertised_lead_id: input.advertisedLeadId,
        input_organization_id: input.organizationId,
        input_payment: input.payment,
      });
      if (error) throw dbError(error);
      return data as CompletedPurchase | ReservedPurchase;
    },
    async confirmPurchase(purchaseId, paymentReference) {
      const { data, error } = await service.rpc('confirm_lead_purchase', {
        input_purchase_id: purchaseId,
        input_payment_reference: paymentReference,
      });
      if (error) throw dbError(error);
      return data as CompletedPurchase;
    },
    async releasePurchase(purchaseId) {
      const { error } = await service.rpc('release_lead_purchase', { input_purchase_id: purchaseId });
      if (error) throw dbError(error);
    },
    async isMember(caller, organizationId) {
      const { data, error } = await callerClient(config, caller.jwt).rpc('is_organization_member', {
        input_organization_id: organizationId,
      });
      if (error) throw dbError(error);
      return data === true;
    },
    async purchase(caller, purchaseId) {
      const { data, error } = await callerClient(config, caller.jwt)
        .from('leads_purchases')
        .select('id, state, lead_id, advertised_lead_id, organization_id, amount_ore, reserved_until')
        .eq('id', purchaseId)
        .maybeSingle<PurchaseRow>();
      if (error) throw dbError(error);
      return data;
    },
    async notificationContext(purchase) {
      const ids = [purchase.organization_id, purchase.seller_organization_id];
      const [listing, marketplace, organizations, configs] = await Promise.all([
        service
          .from('advertised_leads')
          .select('title')
          .eq('id', purchase.advertised_lead_id)
          .single<{ title: string }>(),
        service
          .from('marketplaces')
          .select('name')
          .eq('id', purchase.marketplace_id)
          .maybeSingle<{ name: string }>(),
        service.from('organizations').select('id, name').in('id', ids),
        service
          .from('organizations_leads_config')
          .select('id, send_to_email, recipients, events')
          .in('id', ids),
      ]);
      for (const result of [listing, marketplace, organizations, configs]) {
        if (result.error) throw dbError(result.error);
      }
      const notice = (id: string): OrganizationNotice => {
        const name =
          (organizations.data as { id: string; name: string }[]).find((row) => row.id === id)?.name ??
          'En organisasjon';
        const settings = (
          configs.data as { id: string; send_to_email: boolean; recipients: string[]; events: string[] }[]
        ).find((row) => row.id === id);
        return {
          name,
          sendToEmail: settings?.send_to_email ?? false,
          recipients: settings?.recipients ?? [],
          events: settings?.events ?? [],
        };
      };
      return {
        title: listing.data!.title,
        marketplaceName: marketplace.data?.name ?? 'Leadtorget',
        buyer: notice(purchase.organization_id),
        seller: notice(purchase.seller_organization_id),
      };
    },
  },
  payments,
  mailer: mailerFromEnv(env),
  siteUrl,
  log: consoleLog,
};

Deno.serve((request) => handleBuyLead(request, deps));
