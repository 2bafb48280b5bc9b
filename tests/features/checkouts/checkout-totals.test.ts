import {
  checkoutTotals,
  couponDiscount,
  formatKroner,
  shownPrice,
} from '@/features/checkouts/components/public/totals';
import type { CheckoutProduct } from '@/features/checkouts/components/public/types';
import { vatIncluded as vatOf } from '@/lib/vat';

const product = (id: string, price_ore: number, vat_rate: number): CheckoutProduct => ({
  id,
  role: 'main',
  name: id,
  description: null,
  price_ore,
  vat_rate,
  image_media_id: null,
  image_path: null,
  image_alt: null,
  stock: null,
  max_per_order: 10,
  quantity_editable: true,
});

describe('checkout totals', () => {
  it('sums MVA per rate, highest rate first, with the discount spread in proportion (the last line takes the rounding)', () => {
    const totals = checkoutTotals(
      [
        { product: product('kurs', 100000, 25), quantity: 2 },
        { product: product('mat', 33333, 15), quantity: 1 },
        { product: product('buss', 10001, 12), quantity: 1 },
      ],
      { code: 'FJORD10', percent_off: 10, amount_off_ore: null },
    );
    expect(totals.subtotalOre).toBe(243334);
    expect(totals.discountOre).toBe(24333);
    expect(totals.lines.map((line) => line.discountOre)).toEqual([20000, 3333, 1000]);
    expect(totals.lines.reduce((sum, line) => sum + line.discountOre, 0)).toBe(totals.discountOre);
    expect(totals.totalOre).toBe(219001);
    expect(totals.vat).toEqual([
      { rate: 25, vatOre: vatOf(180000, 25) },
      { rate: 15, vatOre: vatOf(30000, 15) },
      { rate: 12, vatOre: vatOf(9001, 12) },
    ]);
    expect(totals.netOre).toBe(219001 - 36000 - 3913 - 964);
  });

  it('never takes more off than the order costs, and leaves out lines of 0 units', () => {
    const totals = checkoutTotals(
      [
        { product: product('a', 5000, 25), quantity: 1 },
        { product: product('b', 5000, 25), quantity: 0 },
      ],
      { code: 'STOR', percent_off: null, amount_off_ore: 9000 },
    );
    expect(totals.lines).toHaveLength(1);
    expect(totals.discountOre).toBe(5000);
    expect(totals.totalOre).toBe(0);
    expect(totals.vat).toEqual([{ rate: 25, vatOre: 0 }]);
    expect(couponDiscount(null, 5000)).toBe(0);
  });

  it('shows a business checkout the price without MVA and writes kroner the Norwegian way', () => {
    expect(shownPrice(product('a', 49900, 25), 'excl')).toBe(39920);
    expect(shownPrice(product('a', 49900, 25), 'incl')).toBe(49900);
    expect(formatKroner(49900)).toBe('499,00\u00a0kr');
    expect(formatKroner(149000)).toBe('1\u00a0490,00\u00a0kr');
  });
});
