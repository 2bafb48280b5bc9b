/**
 * Receipts in memory for deno tests, with issue_receipt's semantics: one receipt per source, the
 * seller's numbers one after another, MVA per rate on the rate's net total (halves up).
 */
import type { Issued, Receipt, ReceiptDb, ReceiptLine, Seller, VatRate } from './receipt.ts';
import { DEMO_SELLER } from './receipt.ts';

export interface FakeSource {
  buyerName: string;
  buyerOrganizationId: string | null;
  buyerEmail: string | null;
  lines: { description: string; quantity: number; unit_price_ore: number; vat_rate: VatRate }[];
  cardBrand: string | null;
  cardLast4: string | null;
  issuedAt: string;
}

export class FakeReceipts {
  bySource = new Map<string, Receipt>();
  counters = new Map<string, number>();

  issue(sourceId: string, seller: Seller, source: FakeSource): Issued {
    const existing = this.bySource.get(sourceId);
    if (existing) return { created: false, receipt: structuredClone(existing) };
    const number = (this.counters.get(seller.organizationNumber) ?? 0) + 1;
    this.counters.set(seller.organizationNumber, number);
    const lines: ReceiptLine[] = source.lines.map((line) => ({
      ...line,
      line_total_ore: line.quantity * line.unit_price_ore,
    }));
    const rates = [...new Set(lines.map((line) => line.vat_rate))].sort((a, b) => b - a);
    const vat_totals = rates.map((rate) => {
      const net = lines.filter((l) => l.vat_rate === rate).reduce((sum, l) => sum + l.line_total_ore, 0);
      return { rate, net_ore: net, vat_ore: Math.round((net * rate) / 100) };
    });
    const net_ore = vat_totals.reduce((sum, t) => sum + t.net_ore, 0);
    const vat_ore = vat_totals.reduce((sum, t) => sum + t.vat_ore, 0);
    const receipt: Receipt = {
      id: crypto.randomUUID(),
      kind: 'receipt',
      credited_receipt_id: null,
      number,
      issued_at: source.issuedAt,
      source_kind: 'card_payment',
      source_id: sourceId,
      seller_organization_id: null,
      seller_name: seller.name,
      seller_organization_number: seller.organizationNumber,
      seller_street_address: seller.streetAddress,
      seller_postal_code: seller.postalCode,
      seller_city: seller.city,
      seller_vat_registered: seller.vatRegistered,
      seller_foretaksregisteret: seller.foretaksregisteret,
      buyer_organization_id: source.buyerOrganizationId,
      buyer_name: source.buyerName,
      buyer_organization_number: null,
      buyer_email: source.buyerEmail,
      lines,
      vat_totals,
      net_ore,
      vat_ore,
      total_ore: net_ore + vat_ore,
      currency: 'nok',
      card_brand: source.cardBrand,
      card_last4: source.cardLast4,
    };
    this.bySource.set(sourceId, receipt);
    return { created: true, receipt: structuredClone(receipt) };
  }
}

/** A receipt as the e-mail and the tests see it. */
export function sampleReceipt(overrides: Partial<Receipt> = {}): Receipt {
  const receipts = new FakeReceipts();
  const { receipt } = receipts.issue('00000000-0000-4000-8000-0000000000f1', DEMO_SELLER, {
    buyerName: 'Kjøper AS',
    buyerOrganizationId: '00000000-0000-4000-8000-0000000000c1',
    buyerEmail: 'eier@kjoper.no',
    lines: [{ description: '25 klipp', quantity: 1, unit_price_ore: 100000, vat_rate: 25 }],
    cardBrand: 'visa',
    cardLast4: '4242',
    issuedAt: '2026-12-03T10:00:00Z',
  });
  return { ...receipt, buyer_organization_number: '915226485', ...overrides };
}

/** Credit note nr. 8 of Fjord Rør AS to Kari Nordmann, crediting receipt nr. 7: the amount at 25 % MVA. */
export function sampleCreditNote(amountOre: number, overrides: Partial<Receipt> = {}): Receipt {
  const vat = Math.round((amountOre * 25) / 125);
  return sampleReceipt({
    kind: 'credit_note',
    number: 8,
    source_kind: 'order_refund',
    seller_name: 'Fjord Rør AS',
    buyer_name: 'Kari Nordmann',
    buyer_email: 'kari@example.no',
    buyer_organization_number: null,
    lines: [
      {
        description: 'Kreditert fra kvittering nr. 7',
        quantity: 1,
        unit_price_ore: amountOre - vat,
        vat_rate: 25,
        line_total_ore: amountOre - vat,
      },
    ],
    vat_totals: [{ rate: 25, net_ore: amountOre - vat, vat_ore: vat }],
    net_ore: amountOre - vat,
    vat_ore: vat,
    total_ore: amountOre,
    ...overrides,
  });
}

/** ReceiptDb for a function whose card payments live elsewhere (buy-lead's tests). */
export class FakeReceiptDb implements ReceiptDb {
  receipts = new FakeReceipts();
  recipients: string[] = [];
  calls: string[] = [];
  constructor(
    private readonly isSettled: (paymentId: string) => boolean,
    private readonly seller: Seller = DEMO_SELLER,
  ) {}
  issueCardPaymentReceipt(paymentId: string): Promise<Issued> {
    this.calls.push(`issue ${paymentId}`);
    if (!this.isSettled(paymentId)) return Promise.reject(new Error('card-payment-not-settled'));
    return Promise.resolve(
      this.receipts.issue(paymentId, this.seller, {
        buyerName: 'Fjord Rør AS',
        buyerOrganizationId: null,
        buyerEmail: null,
        lines: [{ description: 'Lead: Nytt bad', quantity: 1, unit_price_ore: 49900, vat_rate: 25 }],
        cardBrand: 'visa',
        cardLast4: '4242',
        issuedAt: '2026-12-03T10:00:00Z',
      }),
    );
  }
  receiptRecipients(): Promise<string[]> {
    return Promise.resolve([...this.recipients]);
  }
}
