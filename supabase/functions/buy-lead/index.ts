/** buy-lead on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { bearerToken, callerFromJwt } from '../_shared/auth.ts';
import { consoleLog } from '../_shared/http.ts';
import { mailerFromEnv } from '../_shared/mailer.ts';
import { paymentsFromEnv } from '../_shared/payment-providers.ts';
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

const payments = paymentsFromEnv(env, service);
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
    async startCardPayment(purchaseId, provider) {
      const { data, error } = await service.rpc('start_lead_card_payment', {
        input_purchase_id: purchaseId,
        input_provider: provider,
      });
      if (error) throw dbError(error);
      return data as { id: string };
    },
    async updateCardPayment(paymentId, update) {
      const { error } = await service.rpc('update_card_payment', {
        input_payment_id: paymentId,
        input_status: update.status,
        input_provider_payment_id: update.providerPaymentId ?? null,
        input_failure_code: update.failureCode ?? null,
        input_card_brand: update.cardBrand ?? null,
        input_card_last4: update.cardLast4 ?? null,
      });
      if (error) throw dbError(error);
    },
    async settleCardPayment(paymentId) {
      const { error } = await service.rpc('settle_card_payment', { input_payment_id: paymentId });
      if (error) throw dbError(error);
    },
  },
  payments,
  mailer: mailerFromEnv(env),
  siteUrl,
  log: consoleLog,
};

Deno.serve((request) => handleBuyLead(request, deps));
