/** buy-lead on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { bearerToken, callerFromJwt } from '../_shared/auth.ts';
import { consoleLog } from '../_shared/http.ts';
import { supabaseNotificationContext } from '../_shared/lead-notifications.ts';
import { mailerFromEnv } from '../_shared/mailer.ts';
import { sellerFromEnv, supabaseReceiptDb } from '../_shared/receipt.ts';
import { paymentsFromEnv } from '../_shared/payment-providers.ts';
import {
  callerClient,
  isOrganizationMember,
  serviceClient,
  siteUrlFromEnv,
  supabaseEnv,
} from '../_shared/supabase.ts';
import {
  DbError,
  handleBuyLead,
  type BuyLeadDeps,
  type CompletedPurchase,
  type PurchaseRow,
  type ReservedPurchase,
} from './handler.ts';

const env = Deno.env;
const config = supabaseEnv(env);
const service = serviceClient(config);
const siteUrl = siteUrlFromEnv(env);

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
    isMember: (caller, organizationId) => isOrganizationMember(config, caller.jwt, organizationId),
    async purchase(caller, purchaseId) {
      const { data, error } = await callerClient(config, caller.jwt)
        .from('leads_purchases')
        .select('id, state, lead_id, advertised_lead_id, organization_id, amount_ore, reserved_until')
        .eq('id', purchaseId)
        .maybeSingle<PurchaseRow>();
      if (error) throw dbError(error);
      return data;
    },
    notificationContext: supabaseNotificationContext(service),
    async startCardPayment(purchaseId, provider) {
      const { data, error } = await service.rpc('start_lead_card_payment', {
        input_purchase_id: purchaseId,
        input_provider: provider,
      });
      if (error) throw dbError(error);
      return data as { id: string; amount_ore: number };
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
      const { data, error } = await service.rpc('settle_card_payment', { input_payment_id: paymentId });
      if (error) throw dbError(error);
      return (data as { settled?: boolean } | null)?.settled === true;
    },
  },
  payments,
  mailer: mailerFromEnv(env),
  receipts: supabaseReceiptDb(service, sellerFromEnv(env)),
  siteUrl,
  log: consoleLog,
};

Deno.serve((request) => handleBuyLead(request, deps));
