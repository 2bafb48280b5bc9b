/** checkout-pay on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { parseTrustedProxies } from '../_shared/client-ip.ts';
import { rpcOf } from '../_shared/database.ts';
import { consoleLog } from '../_shared/http.ts';
import { mailerFromEnv } from '../_shared/mailer.ts';
import { paymentsFromEnv } from '../_shared/payment-providers.ts';
import { databaseRateLimiter, ruleFromEnv } from '../_shared/rate-limit.ts';
import { errorOf, serviceClient, siteUrlFromEnv, supabaseEnv } from '../_shared/supabase.ts';
import { funnelOrderDb } from './funnel.ts';
import { DEFAULT_LIMIT, handleCheckoutPay, type CheckoutPayDb, type OrderRow } from './handler.ts';

const env = Deno.env;
const service = serviceClient(supabaseEnv(env));
const rpc = rpcOf(service);
const payments = paymentsFromEnv(env, service);
if (payments.name === 'unconfigured') consoleLog('checkout-pay: no payment provider configured');

const db: CheckoutPayDb = {
  async begin(input) {
    const answer = (await rpc('begin_checkout_order', {
      input_session_id: input.sessionId,
      input_session_token: input.sessionToken,
      input_request_id: input.requestId,
      input_items: input.items.map((item) => ({ product_id: item.productId, quantity: item.quantity })),
      input_bump: input.bump,
      input_coupon_code: input.couponCode ?? '',
      input_buyer: {
        name: input.buyer.name ?? null,
        phone: input.buyer.phone ?? null,
        company: input.buyer.company ?? null,
        organization_number: input.buyer.organizationNumber ?? null,
      },
      input_answers: input.answers,
      input_consent: input.consent,
      input_marketing_consent: input.marketingConsent,
      input_provider: input.provider,
    })) as unknown as { order: OrderRow; token: string | null };
    return answer;
  },
  async orderByToken(orderId, token) {
    const row = await rpc('checkout_order_by_token', { input_order_id: orderId, input_token: token });
    return row?.id ? row : null;
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
    })) as unknown as { settled: boolean; order: OrderRow };
  },
  async release(orderId, status) {
    await rpc('release_checkout_order', { input_order_id: orderId, input_status: status });
  },
  async confirmationOf(orderId) {
    const { data, error } = await service
      .from('orders')
      .select(
        'number, total_ore, buyer, participant:participants(email, name), organization:organizations(name, contact_email), checkout:checkouts(campaign:campaigns!checkouts_campaign_fkey(name)), lines:order_items(description, quantity)',
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
      checkout: { campaign: { name: string } } | null;
      lines: { description: string; quantity: number }[];
    } | null;
    if (!row?.participant) return null;
    return {
      checkoutName: row.checkout?.campaign.name ?? `Ordre ${row.number}`,
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
  handleCheckoutPay(request, {
    db,
    funnels: funnelOrderDb(rpc),
    payments,
    mailer: mailerFromEnv(env),
    siteUrl: siteUrlFromEnv(env),
    rateLimiter: databaseRateLimiter(service),
    limit: ruleFromEnv(env.get('CHECKOUT_PAY_LIMIT_PER_IP'), DEFAULT_LIMIT),
    trustedProxies: parseTrustedProxies(env.get('TRUSTED_PROXIES')),
    log: consoleLog,
  }),
);
