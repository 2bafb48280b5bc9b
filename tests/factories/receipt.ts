import type { Receipt } from '@/lib/receipts/types';
import { ORG } from '../support/ids';
import { PAYMENT_ID } from './card-payment';

/** The receipt of the seed-like pack payment: 25 klipp, 1 800 kr + 25 % MVA, number 7. */
export function receiptRow(overrides: Partial<Receipt> = {}): Receipt {
  return {
    id: 'r0000000-0000-4000-8000-000000000001',
    kind: 'receipt',
    credited_receipt_id: null,
    number: 7,
    issued_at: '2026-11-20T13:05:00Z',
    source_kind: 'card_payment',
    source_id: PAYMENT_ID,
    seller_organization_id: null,
    seller_name: 'Leadtorget AS',
    seller_organization_number: '923609016',
    seller_street_address: 'Storgata 1',
    seller_postal_code: '0155',
    seller_city: 'Oslo',
    seller_vat_registered: true,
    seller_foretaksregisteret: true,
    buyer_organization_id: ORG,
    buyer_name: 'Fjord Rør AS',
    buyer_organization_number: '915226485',
    buyer_email: 'eier@fjordror.no',
    lines: [
      {
        description: '25 klipp – Leadtorget',
        quantity: 1,
        unit_price_ore: 180_000,
        vat_rate: 25,
        line_total_ore: 180_000,
      },
    ],
    vat_totals: [{ rate: 25, net_ore: 180_000, vat_ore: 45_000 }],
    net_ore: 180_000,
    vat_ore: 45_000,
    total_ore: 225_000,
    currency: 'nok',
    card_brand: 'visa',
    card_last4: '4242',
    buyer_token_hash: null,
    created_at: '2026-11-20T13:05:00Z',
    ...overrides,
  };
}
