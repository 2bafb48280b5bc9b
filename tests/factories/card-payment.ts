import type { Tables } from '@/lib/database.types';
import { ORG } from '../support/ids';

export type CardPaymentRow = Tables<'card_payments'>;

export const PAYMENT_ID = '99999999-9999-4999-8999-999999999999';

/** A settled card payment for a pack of 25 klipp (card_payments), paid with a Visa ending 4242. */
export function cardPayment(overrides: Partial<CardPaymentRow> = {}): CardPaymentRow {
  return {
    id: PAYMENT_ID,
    organization_id: ORG,
    marketplace_id: null,
    purpose: 'tickets_pack',
    pack_id: null,
    lead_purchase_id: null,
    tickets: 25,
    credits: 0,
    amount_ore: 225_000,
    refunded_ore: 0,
    currency: 'nok',
    description: '25 klipp – Leadtorget',
    status: 'succeeded',
    failure_code: null,
    provider: 'local',
    provider_payment_id: 'pi_local_abc123',
    idempotency_key: `pack:${PAYMENT_ID}`,
    card_brand: 'visa',
    card_last4: '4242',
    created_by: null,
    created_at: '2026-11-20T13:05:00Z',
    settled_at: '2026-11-20T13:05:02Z',
    updated_at: '2026-11-20T13:05:02Z',
    ...overrides,
  };
}
