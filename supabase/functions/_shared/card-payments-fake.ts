/**
 * CardPaymentsDb in memory for deno tests, with the SQL functions' semantics (docs/payments.md
 * «Database»): start_card_payment is idempotent by key (another organization or pack → 22023),
 * update_card_payment never leaves succeeded/refunded and keeps the first provider id,
 * settle_card_payment settles once (balance + ledger), record_stripe_event is true once.
 */
import type { Caller } from './auth.ts';
import {
  PaymentsDbError,
  type Balance,
  type CardPaymentRow,
  type CardPaymentsDb,
  type PaymentUpdate,
  type PaymentsConfig,
  type SettleResult,
} from './card-payments.ts';
import type { CompletedPurchase } from './lead-notifications.ts';
import type { CardSummary } from './payments.ts';
import { DEMO_SELLER, type Issued } from './receipt.ts';
import { FakeReceipts } from './receipt-fake.ts';

/** A completed on-demand card purchase as confirm_lead_purchase answers it (test data). */
export function leadPurchase(
  purchaseId: string,
  overrides: Partial<CompletedPurchase> = {},
): CompletedPurchase {
  return {
    status: 'completed',
    purchase_id: purchaseId,
    payment: 'card',
    price_tickets: 0,
    price_credits: 0,
    amount_ore: 49900,
    balance: { tickets: 0, credits: 0 },
    lead_id: '00000000-0000-4000-8000-0000000000a1',
    advertised_lead_id: '00000000-0000-4000-8000-0000000000b1',
    organization_id: '00000000-0000-4000-8000-0000000000c1',
    seller_organization_id: '00000000-0000-4000-8000-0000000000c2',
    marketplace_id: '00000000-0000-4000-8000-0000000000d1',
    buyers_count: 1,
    max_buyers: 3,
    sold_out: false,
    lead: {
      id: '00000000-0000-4000-8000-0000000000a1',
      name: 'Ola Nordmann',
      email: 'ola@example.com',
      phone: '+4791234567',
      postal_code: '5003',
      city: 'Bergen',
      company: null,
      category: 'Rørlegger',
      area: 'Bergen',
    },
    ...overrides,
  };
}

export interface FakePack {
  kind: 'tickets' | 'credits';
  amount: number;
  priceOre: number;
  marketplaceId: string;
}

export interface LedgerRow {
  organizationId: string;
  kind: string;
  tickets: number;
  credits: number;
  amountOre: number;
  reference: string;
}

export class FakeCardPaymentsDb implements CardPaymentsDb {
  /** `${userId}:${organizationId}` of owners/admins, and of members. */
  managers = new Set<string>();
  members = new Set<string>();
  names = new Map<string, string>();
  /** The e-mail of each user id (auth.users), for receipts to the payer. */
  userEmails = new Map<string, string>();
  configs = new Map<string, PaymentsConfig>();
  cards = new Map<string, CardSummary | null>();
  packs = new Map<string, FakePack>();
  payments = new Map<string, CardPaymentRow>();
  balances = new Map<string, Balance>();
  ledger: LedgerRow[] = [];
  events = new Set<string>();
  receipts = new FakeReceipts();
  seller = DEMO_SELLER;
  calls: string[] = [];
  /** Makes the named method throw once (a transient database error). */
  failOnce = new Set<string>();

  private fail(method: string) {
    if (this.failOnce.delete(method)) throw new PaymentsDbError('connection reset');
  }

  canManage(caller: Caller, organizationId: string) {
    return Promise.resolve(this.managers.has(`${caller.id}:${organizationId}`));
  }
  isMember(caller: Caller, organizationId: string) {
    return Promise.resolve(
      this.members.has(`${caller.id}:${organizationId}`) ||
        this.managers.has(`${caller.id}:${organizationId}`),
    );
  }
  config(organizationId: string) {
    const config = this.configs.get(organizationId) ?? {
      customerId: null,
      paymentMethodId: null,
      cardBrand: null,
      cardLast4: null,
      receiptEmails: [],
    };
    return Promise.resolve(structuredClone(config));
  }
  private configOf(organizationId: string): PaymentsConfig {
    let config = this.configs.get(organizationId);
    if (!config) {
      config = {
        customerId: null,
        paymentMethodId: null,
        cardBrand: null,
        cardLast4: null,
        receiptEmails: [],
      };
      this.configs.set(organizationId, config);
    }
    return config;
  }
  organizationName(organizationId: string) {
    return Promise.resolve(this.names.get(organizationId) ?? 'Fjord Rør AS');
  }
  receiptRecipients(paymentId: string) {
    const payment = this.payments.get(paymentId);
    if (!payment) return Promise.resolve([]);
    const addresses = this.configs.get(payment.organization_id)?.receiptEmails ?? [];
    if (addresses.length > 0) return Promise.resolve([...addresses]);
    const payer = payment.created_by ? this.userEmails.get(payment.created_by) : undefined;
    return Promise.resolve(payer ? [payer] : []);
  }
  issueCardPaymentReceipt(paymentId: string): Promise<Issued> {
    this.fail('issueCardPaymentReceipt');
    const row = this.payments.get(paymentId);
    if (!row) return Promise.reject(new PaymentsDbError('card-payment-not-found', 'P0001'));
    if (!row.settled_at) return Promise.reject(new PaymentsDbError('card-payment-not-settled', 'P0001'));
    return Promise.resolve(
      this.receipts.issue(row.id, this.seller, {
        buyerName: this.names.get(row.organization_id) ?? 'Fjord Rør AS',
        buyerOrganizationId: row.organization_id,
        buyerEmail: row.created_by ? (this.userEmails.get(row.created_by) ?? null) : null,
        lines: [
          {
            description: row.description,
            quantity: 1,
            unit_price_ore: Math.round(row.amount_ore / 1.25),
            vat_rate: 25,
          },
        ],
        cardBrand: row.card_brand,
        cardLast4: row.card_last4,
        issuedAt: row.settled_at,
      }),
    );
  }
  saveCustomerId(organizationId: string, customerId: string) {
    this.calls.push(`saveCustomerId ${customerId}`);
    const config = this.configOf(organizationId);
    config.customerId ??= customerId;
    return Promise.resolve(config.customerId);
  }
  saveCard(organizationId: string, paymentMethodId: string, card: CardSummary | null) {
    this.calls.push(`saveCard ${paymentMethodId}`);
    const config = this.configOf(organizationId);
    config.paymentMethodId = paymentMethodId;
    config.cardBrand = card?.brand ?? null;
    config.cardLast4 = card?.last4 ?? null;
    this.cards.set(organizationId, card);
    return Promise.resolve();
  }
  clearCard(organizationId: string) {
    this.calls.push('clearCard');
    const config = this.configOf(organizationId);
    Object.assign(config, { paymentMethodId: null, cardBrand: null, cardLast4: null });
    this.cards.delete(organizationId);
    return Promise.resolve();
  }

  private row(
    fields: Partial<CardPaymentRow> &
      Pick<
        CardPaymentRow,
        'organization_id' | 'purpose' | 'amount_ore' | 'idempotency_key' | 'provider' | 'description'
      >,
  ): CardPaymentRow {
    const now = new Date().toISOString();
    return {
      id: crypto.randomUUID(),
      marketplace_id: null,
      pack_id: null,
      lead_purchase_id: null,
      tickets: 0,
      credits: 0,
      currency: 'nok',
      provider_payment_id: null,
      status: 'pending',
      failure_code: null,
      card_brand: null,
      card_last4: null,
      refunded_ore: 0,
      created_by: null,
      created_at: now,
      updated_at: now,
      settled_at: null,
      ...fields,
    };
  }

  startPackPayment(input: {
    organizationId: string;
    kind: 'tickets' | 'credits';
    packId: string;
    idempotencyKey: string;
    provider: string;
    createdBy: string;
  }) {
    this.calls.push(`start ${input.idempotencyKey}`);
    const existing = [...this.payments.values()].find((row) => row.idempotency_key === input.idempotencyKey);
    if (existing) {
      if (existing.organization_id !== input.organizationId || existing.pack_id !== input.packId) {
        return Promise.reject(new PaymentsDbError('idempotency-key-reused', '22023'));
      }
      return Promise.resolve(structuredClone(existing));
    }
    const pack = this.packs.get(input.packId);
    if (!pack || pack.kind !== input.kind)
      return Promise.reject(new PaymentsDbError('pack-not-found', 'P0001'));
    const row = this.row({
      organization_id: input.organizationId,
      purpose: pack.kind === 'tickets' ? 'tickets_pack' : 'credits_pack',
      marketplace_id: pack.marketplaceId,
      pack_id: input.packId,
      tickets: pack.kind === 'tickets' ? pack.amount : 0,
      credits: pack.kind === 'credits' ? pack.amount : 0,
      amount_ore: pack.priceOre,
      description: `${pack.amount} ${pack.kind === 'tickets' ? 'klipp' : 'kreditter'} – Leadtorget`,
      provider: input.provider,
      idempotency_key: input.idempotencyKey,
      created_by: input.createdBy,
    });
    this.payments.set(row.id, row);
    return Promise.resolve(structuredClone(row));
  }

  startLeadPayment(purchaseId: string, provider: string) {
    const key = `buy-lead:${purchaseId}`;
    let row = [...this.payments.values()].find((payment) => payment.idempotency_key === key);
    if (!row) {
      row = this.row({
        organization_id: 'lead-buyer',
        purpose: 'lead',
        lead_purchase_id: purchaseId,
        // start_lead_card_payment charges the purchase's 49900 øre eks. mva with 25 % MVA
        amount_ore: 62375,
        description: 'Lead',
        provider,
        idempotency_key: key,
      });
      this.payments.set(row.id, row);
    }
    return Promise.resolve(structuredClone(row));
  }

  payment(id: string) {
    const row = this.payments.get(id);
    return Promise.resolve(row ? structuredClone(row) : null);
  }
  paymentByProviderId(providerPaymentId: string) {
    const row = [...this.payments.values()].find(
      (payment) => payment.provider_payment_id === providerPaymentId,
    );
    return Promise.resolve(row ? structuredClone(row) : null);
  }
  updatePayment(id: string, update: PaymentUpdate) {
    this.calls.push(`update ${update.status ?? '-'}${update.failureCode ? ` ${update.failureCode}` : ''}`);
    const row = this.payments.get(id);
    if (!row) return Promise.reject(new PaymentsDbError('card-payment-not-found', 'P0001'));
    if (row.status !== 'succeeded' && row.status !== 'refunded') {
      if (update.status) row.status = update.status;
      row.provider_payment_id ??= update.providerPaymentId ?? null;
      if (update.status === 'failed') row.failure_code = update.failureCode ?? row.failure_code;
      else if (update.status) row.failure_code = null;
      row.card_brand = update.cardBrand ?? row.card_brand;
      row.card_last4 = update.cardLast4 ?? row.card_last4;
    }
    return Promise.resolve(structuredClone(row));
  }
  settlePayment(id: string): Promise<SettleResult> {
    this.fail('settlePayment');
    this.calls.push('settle');
    const row = this.payments.get(id);
    if (!row) return Promise.reject(new PaymentsDbError('card-payment-not-found', 'P0001'));
    let settled = false;
    if (!row.settled_at && row.status !== 'refunded') {
      settled = true;
      row.status = 'succeeded';
      row.settled_at = new Date().toISOString();
      row.failure_code = null;
      if (row.purpose !== 'lead') {
        const balance = this.balanceOf(row.organization_id);
        balance.tickets += row.tickets;
        balance.credits += row.credits;
        this.ledger.push({
          organizationId: row.organization_id,
          kind: row.purpose === 'tickets_pack' ? 'tickets_purchase' : 'credits_purchase',
          tickets: row.tickets,
          credits: row.credits,
          amountOre: row.amount_ore,
          reference: `card_payment ${row.id}`,
        });
      }
    }
    return Promise.resolve({
      settled,
      payment: structuredClone(row),
      balance: structuredClone(this.balanceOf(row.organization_id)),
    });
  }
  balanceOf(organizationId: string): Balance {
    let balance = this.balances.get(organizationId);
    if (!balance) {
      balance = { tickets: 0, credits: 0 };
      this.balances.set(organizationId, balance);
    }
    return balance;
  }
  refundPayment(id: string, refundedOre: number) {
    this.calls.push(`refund ${refundedOre}`);
    const row = this.payments.get(id);
    if (!row) return Promise.reject(new PaymentsDbError('card-payment-not-found', 'P0001'));
    if (!row.settled_at) return Promise.reject(new PaymentsDbError('card-payment-not-settled', 'P0001'));
    row.status = 'refunded';
    row.refunded_ore = refundedOre;
    return Promise.resolve();
  }
  /** confirm_lead_purchase's completed results by purchase id (unknown ids get `leadPurchase(id)`). */
  leadPurchases = new Map<string, CompletedPurchase>();
  /** leads_purchases.state by purchase id (none: reserved). */
  leadStates = new Map<string, 'reserved' | 'completed' | 'released'>();
  confirmLeadPurchase(purchaseId: string, reference: string) {
    this.calls.push(`confirmLead ${purchaseId} ${reference}`);
    if (this.leadStates.get(purchaseId) === 'released') {
      return Promise.reject(new PaymentsDbError('lead-purchase-released', 'P0001'));
    }
    this.leadStates.set(purchaseId, 'completed');
    return Promise.resolve(structuredClone(this.leadPurchases.get(purchaseId) ?? leadPurchase(purchaseId)));
  }
  releaseLeadPurchase(purchaseId: string) {
    this.calls.push(`releaseLead ${purchaseId}`);
    if (this.leadStates.get(purchaseId) === 'completed') {
      return Promise.reject(new PaymentsDbError('lead-purchase-completed', 'P0001'));
    }
    this.leadStates.set(purchaseId, 'released');
    return Promise.resolve();
  }
  recordEvent(eventId: string) {
    if (this.events.has(eventId)) return Promise.resolve(false);
    this.events.add(eventId);
    return Promise.resolve(true);
  }
  forgetEvent(eventId: string) {
    this.calls.push(`forget ${eventId}`);
    this.events.delete(eventId);
    return Promise.resolve();
  }
}
