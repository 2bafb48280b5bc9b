/**
 * Receipts (docs/payments.md «Receipts»): one numbered series per seller (SQL `private.issue_document`)
 * for card payments, checkout orders (`issue_checkout_order_receipt`, _shared/checkout-orders.ts) and
 * their refunds' credit notes. Here: the sales document of a settled card payment, issued once
 * by SQL (`issue_card_payment_receipt`: the seller's next number, MVA per rate) and e-mailed by
 * whoever issued it, so the app's confirm call, buy-lead and Stripe's webhook — whichever settles
 * first — send one receipt between them.
 */
import type { SupabaseClient } from './deps.ts';
import { isLocalStack, type Env } from './env.ts';
import type { Log } from './http.ts';
import type { Mailer } from './mailer.ts';
import { receiptEmail } from './receipt-email.ts';

/** The seller as a receipt names it (bokføringsforskriften § 5-1-1). */
export interface Seller {
  name: string;
  /** Nine digits. */
  organizationNumber: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  /** Registered for VAT: «Org.nr. … MVA». */
  vatRegistered: boolean;
  /** Registered in Foretaksregisteret (an AS always is). */
  foretaksregisteret: boolean;
}

export type VatRate = 25 | 15 | 12 | 0;

export interface ReceiptLine {
  description: string;
  quantity: number;
  /** Eks. mva. */
  unit_price_ore: number;
  vat_rate: VatRate;
  /** quantity × unit price, eks. mva. */
  line_total_ore: number;
}

/** A `receipts` row: a receipt, or a credit note (kreditnota) of a refund naming the receipt it credits. */
export interface Receipt {
  id: string;
  kind: 'receipt' | 'credit_note';
  credited_receipt_id: string | null;
  number: number;
  issued_at: string;
  source_kind: 'card_payment' | 'order' | 'order_refund';
  source_id: string;
  seller_organization_id: string | null;
  seller_name: string;
  seller_organization_number: string;
  seller_street_address: string;
  seller_postal_code: string;
  seller_city: string;
  seller_vat_registered: boolean;
  seller_foretaksregisteret: boolean;
  buyer_organization_id: string | null;
  buyer_name: string;
  buyer_organization_number: string | null;
  buyer_email: string | null;
  lines: ReceiptLine[];
  vat_totals: { rate: VatRate; net_ore: number; vat_ore: number }[];
  net_ore: number;
  vat_ore: number;
  total_ore: number;
  currency: string;
  card_brand: string | null;
  card_last4: string | null;
}

export interface Issued {
  /** False when the receipt existed already (another path issued it). */
  created: boolean;
  receipt: Receipt;
}

export interface ReceiptDb {
  /** `issue_card_payment_receipt` with the platform operator as the seller. */
  issueCardPaymentReceipt(paymentId: string): Promise<Issued>;
  /** `card_payment_receipt_recipients`. */
  receiptRecipients(paymentId: string): Promise<string[]>;
}

/** The local stack's seller: a demo identity, marked as such in its name. */
export const DEMO_SELLER: Seller = {
  name: 'Leadtorget Demo AS (testmiljø)',
  organizationNumber: '999999999',
  streetAddress: 'Testveien 1',
  postalCode: '0150',
  city: 'Oslo',
  vatRegistered: true,
  foretaksregisteret: true,
};

/**
 * The platform operator, the seller of packs and leads bought on demand (the money goes to its
 * Stripe account): RECEIPT_SELLER_NAME, _ORGANIZATION_NUMBER, _STREET_ADDRESS, _POSTAL_CODE, _CITY,
 * and optionally _VAT_REGISTERED / _FORETAKSREGISTERET ('false' to leave out; default true). A local
 * stack without them gets DEMO_SELLER; anywhere else a missing or invalid value throws, so a function
 * that takes card payments refuses to start rather than issue receipts without a seller.
 */
export function sellerFromEnv(env: Env): Seller {
  const value = (name: string) => env.get(`RECEIPT_SELLER_${name}`)?.trim() ?? '';
  const name = value('NAME');
  if (!name && isLocalStack(env.get('SUPABASE_URL'))) return DEMO_SELLER;
  const seller: Seller = {
    name,
    organizationNumber: value('ORGANIZATION_NUMBER').replace(/\s/g, ''),
    streetAddress: value('STREET_ADDRESS'),
    postalCode: value('POSTAL_CODE'),
    city: value('CITY'),
    vatRegistered: value('VAT_REGISTERED') !== 'false',
    foretaksregisteret: value('FORETAKSREGISTERET') !== 'false',
  };
  const invalid = [
    seller.name.length < 2 && 'NAME',
    !/^\d{9}$/.test(seller.organizationNumber) && 'ORGANIZATION_NUMBER',
    !seller.streetAddress && 'STREET_ADDRESS',
    !/^\d{4}$/.test(seller.postalCode) && 'POSTAL_CODE',
    !seller.city && 'CITY',
  ].filter(Boolean);
  if (invalid.length > 0) {
    throw new Error(
      `receipts: the seller is not configured: set RECEIPT_SELLER_${invalid.join(', RECEIPT_SELLER_')}`,
    );
  }
  return seller;
}

/** ReceiptDb over supabase-js (service role). */
export function supabaseReceiptDb(service: SupabaseClient, seller: Seller): ReceiptDb {
  return {
    async issueCardPaymentReceipt(paymentId) {
      const { data, error } = await service.rpc('issue_card_payment_receipt', {
        input_payment_id: paymentId,
        input_seller: seller,
      });
      if (error) throw new Error(`issue_card_payment_receipt: ${error.message}`);
      return data as Issued;
    },
    async receiptRecipients(paymentId) {
      const { data, error } = await service.rpc('card_payment_receipt_recipients', {
        input_payment_id: paymentId,
      });
      if (error) throw new Error(`card_payment_receipt_recipients: ${error.message}`);
      return (data as string[] | null) ?? [];
    },
  };
}

export interface SendReceiptDeps {
  db: ReceiptDb;
  mailer: Mailer;
  /** The app (the e-mail's link to /payments). */
  siteUrl: string;
  log: Log;
}

/**
 * Issues the receipt of a settled card payment and, when this call issued it, e-mails it to the
 * organization's receipt addresses (else the user who paid). Never throws: a receipt that could not
 * be issued or sent is logged; the payment stands.
 */
export async function sendCardPaymentReceipt(paymentId: string, deps: SendReceiptDeps): Promise<void> {
  try {
    const issued = await deps.db.issueCardPaymentReceipt(paymentId);
    if (!issued.created) return;
    const recipients = await deps.db.receiptRecipients(paymentId);
    if (recipients.length === 0) {
      deps.log(`payments: nobody to send the receipt for ${paymentId} to`);
      return;
    }
    const content = receiptEmail(issued.receipt, `${deps.siteUrl.replace(/\/+$/, '')}/payments`);
    const results = await Promise.allSettled(
      recipients.map((to) => deps.mailer.send({ to, ...content, tags: ['receipt'] })),
    );
    const failed = results.filter((result) => result.status === 'rejected');
    if (failed.length > 0) {
      deps.log(
        `payments: ${failed.length} receipt e-mails for ${paymentId} failed`,
        (failed[0] as PromiseRejectedResult).reason,
      );
    }
  } catch (error) {
    deps.log(`payments: the receipt for ${paymentId} was not issued`, error);
  }
}
