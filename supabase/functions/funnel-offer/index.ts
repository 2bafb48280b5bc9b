/** funnel-offer on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { parseTrustedProxies } from '../_shared/client-ip.ts';
import { rpcOf } from '../_shared/database.ts';
import { consoleLog } from '../_shared/http.ts';
import { mailerFromEnv } from '../_shared/mailer.ts';
import { paymentsFromEnv } from '../_shared/payment-providers.ts';
import { databaseRateLimiter, ruleFromEnv } from '../_shared/rate-limit.ts';
import { errorOf, serviceClient, siteUrlFromEnv, supabaseEnv } from '../_shared/supabase.ts';
import type { OrderRow } from '../checkout-pay/handler.ts';
import { DEFAULT_LIMIT, handleFunnelOffer, type FunnelOfferDb } from './handler.ts';

const env = Deno.env;
const service = serviceClient(supabaseEnv(env));
const rpc = rpcOf(service);
const payments = paymentsFromEnv(env, service);

const db: FunnelOfferDb = {
  async begin(orderId, orderToken, stepId, requestId) {
    const answer = (await rpc('begin_funnel_offer_order', {
      input_order_id: orderId,
      input_order_token: orderToken,
      input_step_id: stepId,
      input_request_id: requestId,
    })) as unknown as {
      order: OrderRow;
      token: string | null;
      customer_id: string | null;
      payment_method_id: string | null;
    };
    return {
      order: answer.order,
      token: answer.token,
      customerId: answer.customer_id,
      paymentMethodId: answer.payment_method_id,
    };
  },
  async decline(orderId, orderToken, stepId) {
    await rpc('decline_funnel_offer', {
      input_order_id: orderId,
      input_order_token: orderToken,
      input_step_id: stepId,
    });
  },
  async recordPayment(orderId, status, providerPaymentId, failureCode) {
    await rpc('record_checkout_payment', {
      input_order_id: orderId,
      input_status: status,
      input_provider_payment_id: providerPaymentId ?? undefined,
      input_failure_code: failureCode ?? undefined,
    });
  },
  async settle(orderId, intent) {
    return (await rpc('settle_checkout_order', {
      input_order_id: orderId,
      input_card_brand: intent.card?.brand ?? undefined,
      input_card_last4: intent.card?.last4 ?? undefined,
      input_customer_id: intent.customerId ?? undefined,
      input_payment_method_id: intent.paymentMethodId ?? undefined,
    })) as unknown as { settled: boolean };
  },
  async release(orderId, status) {
    await rpc('release_checkout_order', { input_order_id: orderId, input_status: status });
  },
  async confirmationOf(orderId) {
    const { data, error } = await service
      .from('orders')
      .select(
        'number, total_ore, buyer, participant:participants(email, name), organization:organizations(name, contact_email), funnel:funnels!orders_funnel_fkey(campaign:campaigns!funnels_campaign_fkey(name)), lines:order_items(description, quantity)',
      )
      .eq('id', orderId)
      .maybeSingle();
    if (error) throw errorOf(error);
    const row = data as unknown as {
      number: number;
      total_ore: number;
      buyer: { name?: string };
      participant: { email: string; name: string | null } | null;
      organization: { name: string; contact_email: string | null };
      funnel: { campaign: { name: string } } | null;
      lines: { description: string; quantity: number }[];
    } | null;
    if (!row?.participant) return null;
    return {
      checkoutName: row.lines[0]?.description ?? row.funnel?.campaign.name ?? `Ordre ${row.number}`,
      sellerName: row.organization.name,
      sellerContact: row.organization.contact_email,
      email: row.participant.email,
      name: row.buyer.name ?? row.participant.name,
      number: row.number,
      totalOre: row.total_ore,
      lines: row.lines,
    };
  },
};

Deno.serve((request) =>
  handleFunnelOffer(request, {
    db,
    payments,
    mailer: mailerFromEnv(env),
    siteUrl: siteUrlFromEnv(env),
    rateLimiter: databaseRateLimiter(service),
    limit: ruleFromEnv(env.get('FUNNEL_OFFER_LIMIT_PER_IP'), DEFAULT_LIMIT),
    trustedProxies: parseTrustedProxies(env.get('TRUSTED_PROXIES')),
    log: consoleLog,
  }),
);
