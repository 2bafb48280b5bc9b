import type { Tables } from '@/lib/database.types';

export type VatRate = 25 | 15 | 12 | 0;
export type ReceiptLine = {
  description: string;
  quantity: number;
  /** Eks. mva. */
  unit_price_ore: number;
  vat_rate: VatRate;
  line_total_ore: number;
};
export type VatTotal = { rate: VatRate; net_ore: number; vat_ore: number };

/** A `receipts` row with its JSON columns typed. */
export type Receipt = Omit<Tables<'receipts'>, 'lines' | 'vat_totals'> & {
  lines: ReceiptLine[];
  vat_totals: VatTotal[];
};
