/**
 * The «lead bought» (buyer) and «listing sold» (seller) e-mails of a completed lead purchase, shared by
 * buy-lead and stripe-webhook (docs/lead-marketplace.md «buy-lead function»). Texts in lead-email.ts.
 *
 * Exactly once per purchase: tickets and credits purchases complete in buy-lead's one `buy_lead` call,
 * which notifies; a card purchase is notified only by the caller whose `settle_card_payment` of the
 * purchase's `card_payments` row answered `settled: true` (buy-lead's charge or `purchaseId` resume, or
 * the webhook's `payment_intent.succeeded`, whichever settles first).
 */
import type { SupabaseClient } from './deps.ts';
import type { Log } from './http.ts';
import { marketplaceColour } from './email-layout.ts';
import { leadBoughtEmail, listingSoldEmail, priceInWords } from './lead-email.ts';
import type { Mailer } from './mailer.ts';

export type Payment = 'tickets' | 'credits' | 'card';

export interface LeadContact {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  postal_code: string | null;
  city: string | null;
  company: string | null;
  category: string | null;
  area: string | null;
}

/** buy_lead's / confirm_lead_purchase's `completed` result (docs/lead-marketplace.md). */
export interface CompletedPurchase {
  status: 'completed';
  purchase_id: string;
  payment: Payment;
  price_tickets: number;
  price_credits: number;
  amount_ore: number;
  balance: { tickets: number; credits: number };
  lead_id: string;
  advertised_lead_id: string;
  organization_id: string;
  seller_organization_id: string;
  marketplace_id: string;
  buyers_count: number;
  max_buyers: number;
  sold_out: boolean;
  lead: LeadContact;
}

/** An organization's name and its organizations_leads_config (no row: sendToEmail false). */
export interface OrganizationNotice {
  name: string;
  sendToEmail: boolean;
  recipients: string[];
  events: string[];
}

export interface NotificationContext {
  /** The listing's title. */
  title: string;
  /** Buyers the lead had through its earlier listings (advertised_leads.earlier_buyers); 0 if unknown. */
  earlierBuyers?: number;
  marketplaceName: string;
  /** The marketplace's colour from its branding, or null for Leadtorget's. */
  marketplaceColor?: string | null;
  buyer: OrganizationNotice;
  seller: OrganizationNotice;
}

export interface LeadNotificationDeps {
  /** Service role: titles, names and both organizations' organizations_leads_config. */
  notificationContext(purchase: CompletedPurchase): Promise<NotificationContext>;
  mailer: Mailer;
  /** Base of the links in the e-mails (the app). */
  siteUrl: string;
  log: Log;
  /** Who sends (the log lines' prefix): 'buy-lead' or 'stripe-webhook'. */
  source: string;
}

export function leadLink(siteUrl: string, leadId: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/leads/lead/${encodeURIComponent(leadId)}`;
}

/** E-mails per the organizations' send-to-email settings; failures are logged, never thrown. */
export async function notifyLeadPurchase(
  purchase: CompletedPurchase,
  deps: LeadNotificationDeps,
): Promise<void> {
  const log = (message: string, error?: unknown) => deps.log(`${deps.source}: ${message}`, error);
  let context: NotificationContext;
  try {
    context = await deps.notificationContext(purchase);
  } catch (error) {
    log('reading notification settings failed', error);
    return;
  }
  const link = leadLink(deps.siteUrl, purchase.lead_id);
  const paid =
    purchase.payment === 'tickets'
      ? priceInWords('tickets', purchase.price_tickets)
      : purchase.payment === 'credits'
        ? priceInWords('credits', purchase.price_credits)
        : priceInWords('card', purchase.amount_ore);
  const wants = (notice: OrganizationNotice, event: string) =>
    notice.sendToEmail && notice.events.includes(event) && notice.recipients.length > 0;

  const mails: { to: string; subject: string; html: string; text: string; tags: string[] }[] = [];
  if (wants(context.buyer, 'lead_bought')) {
    const content = leadBoughtEmail({
      title: context.title,
      buyerOrganizationName: context.buyer.name,
      marketplaceName: context.marketplaceName,
      marketplaceColor: context.marketplaceColor,
      leadName: purchase.lead.name,
      price: paid,
      link,
    });
    for (const to of context.buyer.recipients) mails.push({ to, ...content, tags: ['lead-bought'] });
  }
  if (wants(context.seller, 'listing_sold')) {
    const content = listingSoldEmail({
      title: context.title,
      sellerOrganizationName: context.seller.name,
      buyerOrganizationName: context.buyer.name,
      marketplaceName: context.marketplaceName,
      marketplaceColor: context.marketplaceColor,
      buyersCount: purchase.buyers_count,
      maxBuyers: purchase.max_buyers,
      earlierBuyers: context.earlierBuyers ?? 0,
      price: paid,
      link,
    });
    for (const to of context.seller.recipients) mails.push({ to, ...content, tags: ['listing-sold'] });
  }
  const results = await Promise.allSettled(mails.map((mail) => deps.mailer.send(mail)));
  const failed = results.filter((result) => result.status === 'rejected');
  if (failed.length > 0) {
    log(
      `${failed.length} of ${mails.length} notification e-mails failed`,
      (failed[0] as PromiseRejectedResult).reason,
    );
  }
}

/** A read failure of `supabaseNotificationContext` (PostgREST's message and code). */
export class NotificationContextError extends Error {
  override name = 'NotificationContextError';
  constructor(
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** `notificationContext` over supabase-js with the service role. */
export function supabaseNotificationContext(
  service: SupabaseClient,
): (purchase: CompletedPurchase) => Promise<NotificationContext> {
  return async (purchase) => {
    const ids = [purchase.organization_id, purchase.seller_organization_id];
    const [listing, marketplace, organizations, configs] = await Promise.all([
      service
        .from('advertised_leads')
        .select('title, earlier_buyers')
        .eq('id', purchase.advertised_lead_id)
        .single<{ title: string; earlier_buyers: number }>(),
      service
        .from('marketplaces')
        .select('name, branding')
        .eq('id', purchase.marketplace_id)
        .maybeSingle<{ name: string; branding: unknown }>(),
      service.from('organizations').select('id, name').in('id', ids),
      service
        .from('organizations_leads_config')
        .select('id, send_to_email, recipients, events')
        .in('id', ids),
    ]);
    for (const result of [listing, marketplace, organizations, configs]) {
      if (result.error) throw new NotificationContextError(result.error.message, result.error.code ?? null);
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
      earlierBuyers: listing.data!.earlier_buyers,
      marketplaceName: marketplace.data?.name ?? 'Leadtorget',
      marketplaceColor: marketplaceColour(marketplace.data?.branding),
      buyer: notice(purchase.organization_id),
      seller: notice(purchase.seller_organization_id),
    };
  };
}
