/**
 * What payments-setup, payments-pack, stripe-webhook and buy-lead share about `card_payments`
 * (docs/payments.md «Database»): the database interface (service role, except the caller checks), the
 * status a provider's intent gives a row, settling with the receipt e-mail, and saving a card.
 */
import type { Caller } from './auth.ts';
import type { Log } from './http.ts';
import type { Mailer } from './mailer.ts';
import type { CompletedPurchase } from './lead-notifications.ts';
import type { CardErrorCode, CardSummary, PaymentIntentState, PaymentProvider } from './payments.ts';
import { sendCardPaymentReceipt, type ReceiptDb } from './receipt.ts';

export type CardPaymentPurpose = 'tickets_pack' | 'credits_pack' | 'lead';
export type CardPaymentStatus =
  'pending' | 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'refunded';

/** A `card_payments` row. */
export interface CardPaymentRow {
  id: string;
  organization_id: string;
  purpose: CardPaymentPurpose;
  marketplace_id: string | null;
  pack_id: string | null;
  lead_purchase_id: string | null;
  tickets: number;
  credits: number;
  amount_ore: number;
  currency: string;
  description: string;
  provider: string;
  provider_payment_id: string | null;
  status: CardPaymentStatus;
  failure_code: string | null;
  card_brand: string | null;
  card_last4: string | null;
  idempotency_key: string;
  refunded_ore: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  settled_at: string | null;
}

export interface Balance {
  tickets: number;
  credits: number;
}

/** settle_card_payment's answer. */
export interface SettleResult {
  settled: boolean;
  payment: CardPaymentRow;
  balance: Balance;
}

/** organizations_payments_config as the functions need it. */
export interface PaymentsConfig {
  customerId: string | null;
  paymentMethodId: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  receiptEmails: string[];
}

export interface PaymentUpdate {
  /** Never 'succeeded' (settle) or 'refunded' (refund); null keeps the status. */
  status: Exclude<CardPaymentStatus, 'succeeded' | 'refunded'> | null;
  providerPaymentId?: string | null;
  failureCode?: string | null;
  cardBrand?: string | null;
  cardLast4?: string | null;
}

/** A database error: PostgREST's `code` (P0001, 22023, …) and `message`. */
export class PaymentsDbError extends Error {
  override name = 'PaymentsDbError';
  constructor(
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

export interface CardPaymentsDb extends ReceiptDb {
  /** `can_manage_organization_payments` with the caller's JWT (owners, admins, claims admins). */
  canManage(caller: Caller, organizationId: string): Promise<boolean>;
  /** `is_organization_member` with the caller's JWT. */
  isMember(caller: Caller, organizationId: string): Promise<boolean>;
  config(organizationId: string): Promise<PaymentsConfig>;
  /** The organization's name (receipts, the provider's customer). */
  organizationName(organizationId: string): Promise<string>;
  /** Stores the customer id unless one is stored already; returns the stored one. */
  saveCustomerId(organizationId: string, customerId: string): Promise<string>;
  saveCard(organizationId: string, paymentMethodId: string, card: CardSummary | null): Promise<void>;
  clearCard(organizationId: string): Promise<void>;
  /** `start_card_payment` (P0001 pack-not-found, 22023 idempotency-key-reused). */
  startPackPayment(input: {
    organizationId: string;
    kind: 'tickets' | 'credits';
    packId: string;
    idempotencyKey: string;
    provider: string;
    createdBy: string;
  }): Promise<CardPaymentRow>;
  /** `start_lead_card_payment`. */
  startLeadPayment(purchaseId: string, provider: string): Promise<CardPaymentRow>;
  payment(id: string): Promise<CardPaymentRow | null>;
  paymentByProviderId(providerPaymentId: string): Promise<CardPaymentRow | null>;
  updatePayment(id: string, update: PaymentUpdate): Promise<CardPaymentRow>;
  settlePayment(id: string): Promise<SettleResult>;
  refundPayment(id: string, refundedOre: number): Promise<void>;
  /** `confirm_lead_purchase` (its completed result) / `release_lead_purchase` (service role). */
  confirmLeadPurchase(purchaseId: string, reference: string): Promise<CompletedPurchase>;
  releaseLeadPurchase(purchaseId: string): Promise<void>;
  /** `record_stripe_event`: true the first time. */
  recordEvent(eventId: string, type: string): Promise<boolean>;
  forgetEvent(eventId: string): Promise<void>;
}

/** What a provider's intent means for the row (success is settled separately). */
export function rowUpdate(intent: PaymentIntentState): PaymentUpdate {
  const card = { cardBrand: intent.card?.brand ?? null, cardLast4: intent.card?.last4 ?? null };
  const base = { providerPaymentId: intent.id || null, ...card };
  switch (intent.status) {
    case 'succeeded':
      return { ...base, status: null };
    case 'requires_action':
      return { ...base, status: 'requires_action' };
    case 'processing':
      return { ...base, status: 'processing' };
    case 'canceled':
      return { ...base, status: 'canceled', failureCode: intent.errorCode };
    default:
      return intent.errorCode
        ? { ...base, status: 'failed', failureCode: intent.errorCode }
        : { ...base, status: 'pending' };
  }
}

/** The intent's decline, when it failed. */
export function failureOf(intent: PaymentIntentState): CardErrorCode | null {
  if (intent.status === 'canceled') return intent.errorCode ?? 'card_error';
  if (intent.status === 'requires_payment_method' && intent.errorCode) return intent.errorCode;
  return null;
}

export interface SettleDeps {
  db: CardPaymentsDb;
  /** To save a new card the payment asked to keep (setup_future_usage). */
  payments?: PaymentProvider;
  mailer: Mailer;
  siteUrl: string;
  log: Log;
  now?: () => Date;
}

/**
 * Records the succeeded intent on the row and settles it (once: balances and the ledger for packs),
 * issues its receipt (the issuer e-mails it: _shared/receipt.ts) and, on the first settlement, saves
 * a new card the buyer asked to keep.
 */
export async function settleSucceeded(
  payment: CardPaymentRow,
  intent: PaymentIntentState,
  deps: SettleDeps,
): Promise<SettleResult> {
  await deps.db.updatePayment(payment.id, rowUpdate(intent));
  const result = await deps.db.settlePayment(payment.id);
  // Every settled payment (packs and leads) has its receipt; whoever issues it sends it, so a second
  // path that settles the same payment (confirm, buy-lead, the webhook) sends nothing.
  if (result.payment.settled_at) await sendCardPaymentReceipt(payment.id, deps);
  if (result.settled && intent.saveCard && intent.paymentMethodId && deps.payments) {
    try {
      await saveCard(payment.organization_id, intent.paymentMethodId, intent.card, {
        db: deps.db,
        payments: deps.payments,
        log: deps.log,
      });
    } catch (error) {
      deps.log(`payments: saving the card of ${payment.id} failed`, error);
    }
  }
  return result;
}

/**
 * Saves a card on the organization (replacing the previous one, which is detached from the customer;
 * a failed detach is logged).
 */
export async function saveCard(
  organizationId: string,
  paymentMethodId: string,
  card: CardSummary | null,
  deps: { db: CardPaymentsDb; payments: PaymentProvider; log: Log },
): Promise<void> {
  const previous = (await deps.db.config(organizationId)).paymentMethodId;
  await deps.db.saveCard(organizationId, paymentMethodId, card);
  if (previous && previous !== paymentMethodId) {
    try {
      await deps.payments.detachPaymentMethod(previous);
    } catch (error) {
      deps.log(`payments: detaching ${previous} failed`, error);
    }
  }
}

/** The organization's customer at the provider: stored, else created once and stored. */
export async function ensureCustomer(
  organizationId: string,
  deps: { db: CardPaymentsDb; payments: PaymentProvider },
): Promise<string> {
  const config = await deps.db.config(organizationId);
  if (config.customerId) return config.customerId;
  const name = await deps.db.organizationName(organizationId);
  const created = await deps.payments.createCustomer({
    organizationId,
    name,
    email: config.receiptEmails[0] ?? null,
  });
  return await deps.db.saveCustomerId(organizationId, created);
}
