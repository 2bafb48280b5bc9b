/**
 * POST /functions/v1/buy-lead `{ leadId, advertisedLeadId, organizationId, payment?, purchaseId? }`
 * with the caller's JWT (docs/lead-marketplace.md «buy-lead function»; the SQL side is «buy_lead in
 * SQL» there).
 *
 * Order: method → caller (401) → JSON → input (400) → ONE `buy_lead` call with the caller's JWT (the
 * buyer is auth.uid(); membership, listing, slot, balance and ledger are all decided in that one
 * transaction) → its P0001 message as `{ error: { code } }` with the status of BUY_LEAD_ERRORS →
 * for a card reservation: its `card_payments` row (`start_lead_card_payment`, docs/payments.md), then
 * charge the saved card OUTSIDE the transaction with the idempotency key `buy-lead:<purchase id>`
 * (metadata `purchase_id`, `card_payment_id`), record the outcome on the row (`update_card_payment`),
 * then (service role) `confirm_lead_purchase` + `settle_card_payment` on success or
 * `release_lead_purchase` on a decline or an unknown outcome. A declined card is an expected
 * answer: 200 `{ status: 'failed', error: { code } }` (no 4xx for the browser to log). A charge the
 * bank has not answered yet (`processing`) answers 202 and the stripe-webhook confirms or releases it → notifications per the
 * buyer's and the seller's send-to-email settings (_shared/lead-notifications.ts; a failed e-mail is
 * logged, the purchase stands) and the card purchase's receipt (_shared/receipt.ts) → 200. Exactly once: tickets/credits purchases notify here; a card
 * purchase only when THIS call's `settle_card_payment` answered `settled: true` (else the webhook
 * settled first and notified). A `purchaseId` resume of an already completed purchase sends nothing.
 *
 * `purchaseId` resumes a card reservation that needed the cardholder (3-D Secure): after the app has
 * confirmed the payment on-session with the client secret of the 200 `{ status: 'requires_action',
 * error: { code: 'authentication_required', … } }` answer, it calls again with the same body plus
 * `purchaseId`; the charge is asked again with the same idempotency key (no second charge) and, when it succeeded, the purchase is confirmed.
 */
import type { Caller } from '../_shared/auth.ts';
import { z } from '../_shared/deps.ts';
import { errorResponse, json, withCaller, type Log } from '../_shared/http.ts';
import type { Mailer } from '../_shared/mailer.ts';
import type { CardPaymentRow, PaymentUpdate } from '../_shared/card-payments.ts';
import type { ChargeResult, PaymentProvider } from '../_shared/payments.ts';
import { sendCardPaymentReceipt, type ReceiptDb } from '../_shared/receipt.ts';
import { uuidSchema } from '../_shared/validation.ts';
import {
  notifyLeadPurchase,
  type CompletedPurchase,
  type NotificationContext,
  type Payment,
} from '../_shared/lead-notifications.ts';

export {
  leadLink,
  type CompletedPurchase,
  type LeadContact,
  type NotificationContext,
  type OrganizationNotice,
  type Payment,
} from '../_shared/lead-notifications.ts';

/** The buy_lead codes (P0001 messages; invalid-payment is 22023) and their HTTP statuses. */
export const BUY_LEAD_ERRORS: Readonly<Record<string, number>> = {
  'lead-not-found': 404,
  'lead-already-bought': 409,
  'organization-not-found': 404,
  'lead-not-for-sale': 409,
  'lead-not-available': 409,
  'insufficient-tickets': 402,
  'insufficient-credits': 402,
  'invalid-payment': 400,
};

/** buy_lead's `reserved` result: an on-demand card purchase holding its slot. */
export interface ReservedPurchase {
  status: 'reserved';
  purchase_id: string;
  payment: 'card';
  amount_ore: number;
  reserved_until: string;
  lead_id: string;
  advertised_lead_id: string;
  organization_id: string;
  seller_organization_id: string;
  marketplace_id: string;
}

/** A purchase row as the caller may read it (RLS), for `purchaseId` resumes. */
export interface PurchaseRow {
  id: string;
  state: 'reserved' | 'completed' | 'released';
  lead_id: string;
  advertised_lead_id: string;
  organization_id: string;
  amount_ore: number;
  reserved_until: string | null;
}

/** A database error: PostgREST's `code` (P0001, 22023, …) and `message`. */
export class DbError extends Error {
  override name = 'DbError';
  constructor(
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

export interface BuyLeadDb {
  /** `public.buy_lead` with the caller's JWT; a failure throws DbError with the message. */
  buyLead(
    caller: Caller,
    input: { leadId: string; advertisedLeadId: string; organizationId: string; payment: Payment | null },
  ): Promise<CompletedPurchase | ReservedPurchase>;
  /** Service role: `confirm_lead_purchase`. */
  confirmPurchase(purchaseId: string, paymentReference: string): Promise<CompletedPurchase>;
  /** Service role: `release_lead_purchase`. */
  releasePurchase(purchaseId: string): Promise<void>;
  /** `is_organization_member` with the caller's JWT. */
  isMember(caller: Caller, organizationId: string): Promise<boolean>;
  /** The purchase with the caller's JWT (null when missing or not the caller's to read). */
  purchase(caller: Caller, purchaseId: string): Promise<PurchaseRow | null>;
  /** Service role: titles, names and both organizations' organizations_leads_config. */
  notificationContext(purchase: CompletedPurchase): Promise<NotificationContext>;
  /**
   * Service role: `start_lead_card_payment` (the purchase's card_payments row, once); its amount is
   * what the card is charged: the price eks. mva plus 25 % MVA.
   */
  startCardPayment(purchaseId: string, provider: string): Promise<Pick<CardPaymentRow, 'id' | 'amount_ore'>>;
  /** Service role: `update_card_payment`. */
  updateCardPayment(paymentId: string, update: PaymentUpdate): Promise<void>;
  /**
   * Service role: `settle_card_payment` (for a lead it marks the row succeeded); its `settled` flag —
   * true only for the first caller, who sends the notifications.
   */
  settleCardPayment(paymentId: string): Promise<boolean>;
}

export interface BuyLeadDeps {
  /** The user of the request's JWT, or null (401). */
  authenticate(request: Request): Promise<Caller | null>;
  db: BuyLeadDb;
  /** Only the off-session charge is needed here. */
  payments: Pick<PaymentProvider, 'name' | 'publishableKey' | 'chargeSavedCard'>;
  mailer: Mailer;
  /** Issues and reads the recipients of a card purchase's receipt (service role). */
  receipts: ReceiptDb;
  /** Base of the links in the e-mails (the app). */
  siteUrl: string;
  log?: Log;
  /** Pause before confirming again after a transient failure (× attempt); tests use 0. */
  retryDelayMs?: number;
}

/** Tries of confirm_lead_purchase after a successful charge. */
const CONFIRM_ATTEMPTS = 3;

const paymentSchema = z.enum(['tickets', 'credits', 'card']);

const inputSchema = z.object({
  leadId: uuidSchema,
  advertisedLeadId: uuidSchema,
  organizationId: uuidSchema,
  payment: paymentSchema.nullish(),
  purchaseId: uuidSchema.nullish(),
});

export function idempotencyKey(purchaseId: string): string {
  return `buy-lead:${purchaseId}`;
}

/** The 200 body: the purchase in camelCase and the lead's contact details. */
export function purchaseBody(purchase: CompletedPurchase) {
  const lead = purchase.lead;
  return {
    purchase: {
      id: purchase.purchase_id,
      status: purchase.status,
      payment: purchase.payment,
      priceTickets: purchase.price_tickets,
      priceCredits: purchase.price_credits,
      amountOre: purchase.amount_ore,
      balance: purchase.balance,
      leadId: purchase.lead_id,
      advertisedLeadId: purchase.advertised_lead_id,
      organizationId: purchase.organization_id,
      sellerOrganizationId: purchase.seller_organization_id,
      marketplaceId: purchase.marketplace_id,
      buyersCount: purchase.buyers_count,
      maxBuyers: purchase.max_buyers,
      soldOut: purchase.sold_out,
    },
    lead: {
      id: lead.id,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      postalCode: lead.postal_code,
      city: lead.city,
      company: lead.company,
      category: lead.category,
      area: lead.area,
    },
  };
}

/** A refusal of the database (RAISE's P0001, 22023, or PT404 for a row it did not find): never transient. */
const REFUSAL_CODES = new Set(['P0001', '22023', 'PT404']);

function buyLeadError(error: unknown): Response | null {
  if (!(error instanceof DbError)) return null;
  if (!REFUSAL_CODES.has(error.code ?? '')) return null;
  const status = BUY_LEAD_ERRORS[error.message];
  return status === undefined ? null : errorResponse(status, error.message);
}

export function handleBuyLead(request: Request, deps: BuyLeadDeps): Promise<Response> {
  return withCaller(request, deps, 'buy-lead', inputSchema, async (caller, input, log) => {
    const { leadId, advertisedLeadId, organizationId } = input;

    let result: CompletedPurchase | ReservedPurchase;
    if (input.purchaseId) {
      // Sellers may read the purchase too (RLS): only the buying organization's members resume it.
      if (!(await deps.db.isMember(caller, organizationId))) {
        return errorResponse(404, 'organization-not-found');
      }
      const row = await deps.db.purchase(caller, input.purchaseId);
      if (
        !row ||
        row.organization_id !== organizationId ||
        row.lead_id !== leadId ||
        row.advertised_lead_id !== advertisedLeadId
      ) {
        return errorResponse(404, 'lead-not-found');
      }
      if (row.state === 'released') return errorResponse(409, 'lead-not-available');
      if (row.state === 'completed') {
        // Already confirmed (an earlier resume, or a lost answer): the same result, no second e-mail.
        const completed = await deps.db.confirmPurchase(row.id, 'resumed');
        return json(200, purchaseBody(completed));
      }
      result = {
        status: 'reserved',
        purchase_id: row.id,
        payment: 'card',
        amount_ore: row.amount_ore,
        reserved_until: row.reserved_until ?? '',
        lead_id: row.lead_id,
        advertised_lead_id: row.advertised_lead_id,
        organization_id: row.organization_id,
        seller_organization_id: '',
        marketplace_id: '',
      };
    } else {
      try {
        result = await deps.db.buyLead(caller, {
          leadId,
          advertisedLeadId,
          organizationId,
          payment: input.payment ?? null,
        });
      } catch (error) {
        const answer = buyLeadError(error);
        if (answer) return answer;
        throw error;
      }
    }

    if (result.status === 'completed') {
      // Tickets, credits (or a price of 0): completed in this one call, so notified once here.
      await notify(result, deps, log);
      return json(200, purchaseBody(result));
    }
    const charged = await chargeReservation(result, deps, log);
    if (charged instanceof Response) return charged;
    // A card purchase is notified by whoever settled its card_payments row first (this call or the
    // stripe-webhook), so a webhook racing this call never sends the e-mails a second time.
    if (charged.settled) await notify(charged.purchase, deps, log);
    return json(200, purchaseBody(charged.purchase));
  });
}

/**
 * Charges a reservation's card and confirms or releases it; a Response for every outcome but success,
 * else the confirmed purchase and whether this call settled its card_payments row (first settler).
 */
async function chargeReservation(
  reserved: ReservedPurchase,
  deps: BuyLeadDeps,
  log: Log,
): Promise<{ purchase: CompletedPurchase; settled: boolean } | Response> {
  const purchaseId = reserved.purchase_id;
  const release = async () => {
    try {
      await deps.db.releasePurchase(purchaseId);
    } catch (error) {
      // The reservation expires by itself (reserved_until); the buyer is not charged.
      log(`buy-lead: release of ${purchaseId} failed`, error);
    }
  };

  // The card_payments row (overview, receipts; the webhook finds it by metadata) comes first, then
  // the charge of its amount (incl. mva; the purchase keeps the price eks. mva) with the purchase's
  // key; what the provider said is recorded on the row.
  let charge: ChargeResult;
  let cardPaymentId: string;
  try {
    const payment = await deps.db.startCardPayment(purchaseId, deps.payments.name);
    cardPaymentId = payment.id;
    charge = await deps.payments.chargeSavedCard({
      organizationId: reserved.organization_id,
      amountOre: payment.amount_ore,
      idempotencyKey: idempotencyKey(purchaseId),
      description: `Leadtorget: kjøp av lead (${purchaseId})`,
      metadata: { purchase_id: purchaseId, card_payment_id: cardPaymentId },
    });
  } catch (error) {
    log(`buy-lead: charging ${purchaseId} failed (${deps.payments.name})`, error);
    await release();
    return errorResponse(500, 'unknown');
  }
  const record = async (update: PaymentUpdate) => {
    try {
      await deps.db.updateCardPayment(cardPaymentId, update);
    } catch (error) {
      log(`buy-lead: recording card payment ${cardPaymentId} failed`, error);
    }
  };

  if (charge.status === 'failed') {
    await record({ status: 'failed', failureCode: charge.code, providerPaymentId: charge.paymentId ?? null });
    await release();
    // A declined card is an expected answer, not a failed request (no error in the browser's console).
    return json(200, { status: 'failed', error: { code: charge.code } });
  }
  if (charge.status === 'requires_action') {
    await record({ status: 'requires_action', providerPaymentId: charge.paymentId });
    // The slot stays reserved until reserved_until; the app confirms on-session, then resumes.
    return json(200, {
      status: 'requires_action',
      error: {
        code: 'authentication_required',
        clientSecret: charge.clientSecret,
        purchaseId,
        reservedUntil: reserved.reserved_until || null,
        // Which card client the app loads for the confirmation step (docs/payments.md).
        provider: deps.payments.name,
        publishableKey: deps.payments.publishableKey,
      },
    });
  }
  if (charge.status === 'processing') {
    // The bank answers later: the webhook confirms (payment_intent.succeeded) or releases the purchase.
    await record({ status: 'processing', providerPaymentId: charge.paymentId });
    return json(202, { status: 'processing', purchaseId, reservedUntil: reserved.reserved_until || null });
  }
  await record({
    status: null,
    providerPaymentId: charge.paymentId,
    cardBrand: charge.card?.brand ?? null,
    cardLast4: charge.card?.last4 ?? null,
  });
  // The card is charged: confirming is idempotent, so a transient failure is tried again at once
  // (a purchase left reserved would hide the contact details the buyer paid for until it expires).
  for (let attempt = 1; ; attempt++) {
    let confirmed: CompletedPurchase;
    try {
      confirmed = await deps.db.confirmPurchase(purchaseId, charge.paymentId);
    } catch (error) {
      if (error instanceof DbError && error.message === 'lead-purchase-released') {
        log(
          `buy-lead: payment ${charge.paymentId} succeeded but purchase ${purchaseId} was released: refund it`,
        );
        throw error;
      }
      if (error instanceof DbError && (error.code === 'P0001' || error.code === 'PT404')) throw error;
      if (attempt >= CONFIRM_ATTEMPTS) {
        log(`buy-lead: payment ${charge.paymentId} succeeded but confirming ${purchaseId} failed`);
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, (deps.retryDelayMs ?? 100) * attempt));
      continue;
    }
    let settled = false;
    try {
      settled = await deps.db.settleCardPayment(cardPaymentId);
    } catch (error) {
      // Not settled here: the webhook's payment_intent.succeeded settles (and notifies) instead.
      log(`buy-lead: settling card payment ${cardPaymentId} failed`, error);
      return { purchase: confirmed, settled };
    }
    // The receipt of the settled row: issued once, here or by the webhook, and e-mailed by its issuer.
    await sendCardPaymentReceipt(cardPaymentId, { ...deps, log, db: deps.receipts });
    return { purchase: confirmed, settled };
  }
}

/** The shared lead notifications (a failed read or e-mail is logged, the purchase stands). */
function notify(purchase: CompletedPurchase, deps: BuyLeadDeps, log: Log): Promise<void> {
  return notifyLeadPurchase(purchase, {
    notificationContext: (completed) => deps.db.notificationContext(completed),
    mailer: deps.mailer,
    siteUrl: deps.siteUrl,
    log,
    source: 'buy-lead',
  });
}
