/** CardPaymentsDb over supabase-js: the caller's checks with their JWT, everything else service role. */
import type { CardPaymentRow, CardPaymentsDb, SettleResult } from './card-payments.ts';
import { PaymentsDbError } from './card-payments.ts';
import type { CompletedPurchase } from './lead-notifications.ts';
import type { SupabaseClient } from './deps.ts';
import { callerClient, type SupabaseEnv } from './supabase.ts';
import { supabaseReceiptDb, type Seller } from './receipt.ts';

type Failure = { message: string; code?: string | null } | null;

function check(error: Failure): void {
  if (error) throw new PaymentsDbError(error.message, error.code ?? null);
}

/** `seller` (the platform operator) is needed by the functions that settle payments (receipts). */
export function supabaseCardPaymentsDb(
  config: SupabaseEnv,
  service: SupabaseClient,
  seller?: Seller,
): CardPaymentsDb {
  const rpc = async <T>(fn: string, args: Record<string, unknown>): Promise<T> => {
    const { data, error } = await service.rpc(fn, args);
    check(error);
    return data as T;
  };
  const configRow = async (organizationId: string) => {
    const { data, error } = await service
      .from('organizations_payments_config')
      .select('stripe_customer_id, payment_method_id, card_brand, card_last4, receipt_emails')
      .eq('id', organizationId)
      .maybeSingle<{
        stripe_customer_id: string | null;
        payment_method_id: string | null;
        card_brand: string | null;
        card_last4: string | null;
        receipt_emails: string[] | null;
      }>();
    check(error);
    return data;
  };

  return {
    async canManage(caller, organizationId) {
      const { data, error } = await callerClient(config, caller.jwt).rpc('can_manage_organization_payments', {
        input_organization_id: organizationId,
      });
      check(error);
      return data === true;
    },
    async isMember(caller, organizationId) {
      const { data, error } = await callerClient(config, caller.jwt).rpc('is_organization_member', {
        input_organization_id: organizationId,
      });
      check(error);
      return data === true;
    },
    async config(organizationId) {
      const row = await configRow(organizationId);
      return {
        customerId: row?.stripe_customer_id ?? null,
        paymentMethodId: row?.payment_method_id ?? null,
        cardBrand: row?.card_brand ?? null,
        cardLast4: row?.card_last4 ?? null,
        receiptEmails: row?.receipt_emails ?? [],
      };
    },
    async organizationName(organizationId) {
      const { data, error } = await service
        .from('organizations')
        .select('name')
        .eq('id', organizationId)
        .maybeSingle<{ name: string }>();
      check(error);
      return data?.name ?? 'Organisasjonen';
    },
    async receiptRecipients(paymentId) {
      return (
        (await rpc<string[] | null>('card_payment_receipt_recipients', { input_payment_id: paymentId })) ?? []
      );
    },
    issueCardPaymentReceipt(paymentId) {
      if (!seller) throw new PaymentsDbError('receipts need the seller (sellerFromEnv)');
      return supabaseReceiptDb(service, seller).issueCardPaymentReceipt(paymentId);
    },
    async saveCustomerId(organizationId, customerId) {
      const { error } = await service
        .from('organizations_payments_config')
        .update({ stripe_customer_id: customerId })
        .eq('id', organizationId)
        .is('stripe_customer_id', null);
      check(error);
      return (await configRow(organizationId))?.stripe_customer_id ?? customerId;
    },
    async saveCard(organizationId, paymentMethodId, card) {
      const { error } = await service
        .from('organizations_payments_config')
        .update({
          payment_method_id: paymentMethodId,
          card_brand: card?.brand ?? null,
          card_last4: card?.last4 ?? null,
          card_exp_month: card?.expMonth ?? null,
          card_exp_year: card?.expYear ?? null,
        })
        .eq('id', organizationId);
      check(error);
    },
    async clearCard(organizationId) {
      const { error } = await service
        .from('organizations_payments_config')
        .update({
          payment_method_id: null,
          card_brand: null,
          card_last4: null,
          card_exp_month: null,
          card_exp_year: null,
        })
        .eq('id', organizationId);
      check(error);
    },
    startPackPayment(input) {
      return rpc<CardPaymentRow>('start_card_payment', {
        input_organization_id: input.organizationId,
        input_kind: input.kind,
        input_pack_id: input.packId,
        input_idempotency_key: input.idempotencyKey,
        input_provider: input.provider,
        input_created_by: input.createdBy,
      });
    },
    startLeadPayment(purchaseId, provider) {
      return rpc<CardPaymentRow>('start_lead_card_payment', {
        input_purchase_id: purchaseId,
        input_provider: provider,
      });
    },
    async payment(id) {
      const { data, error } = await service
        .from('card_payments')
        .select('*')
        .eq('id', id)
        .maybeSingle<CardPaymentRow>();
      check(error);
      return data;
    },
    async paymentByProviderId(providerPaymentId) {
      const { data, error } = await service
        .from('card_payments')
        .select('*')
        .eq('provider_payment_id', providerPaymentId)
        .maybeSingle<CardPaymentRow>();
      check(error);
      return data;
    },
    updatePayment(id, update) {
      return rpc<CardPaymentRow>('update_card_payment', {
        input_payment_id: id,
        input_status: update.status,
        input_provider_payment_id: update.providerPaymentId ?? null,
        input_failure_code: update.failureCode ?? null,
        input_card_brand: update.cardBrand ?? null,
        input_card_last4: update.cardLast4 ?? null,
      });
    },
    settlePayment(id) {
      return rpc<SettleResult>('settle_card_payment', { input_payment_id: id });
    },
    async refundPayment(id, refundedOre) {
      await rpc('refund_card_payment', { input_payment_id: id, input_refunded_ore: refundedOre });
    },
    confirmLeadPurchase(purchaseId, reference) {
      return rpc<CompletedPurchase>('confirm_lead_purchase', {
        input_purchase_id: purchaseId,
        input_payment_reference: reference,
      });
    },
    async releaseLeadPurchase(purchaseId) {
      await rpc('release_lead_purchase', { input_purchase_id: purchaseId });
    },
    recordEvent(eventId, type) {
      return rpc<boolean>('record_stripe_event', { input_event_id: eventId, input_type: type });
    },
    async forgetEvent(eventId) {
      await rpc('forget_stripe_event', { input_event_id: eventId });
    },
  };
}
