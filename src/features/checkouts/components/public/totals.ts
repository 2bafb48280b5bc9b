import { vatByRate, vatIncluded } from '@/lib/vat';
import type { CheckoutCoupon, CheckoutProduct } from './types';

/** Whole øre, halves away from zero (the database's round()). */
const round = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

export interface TotalLine {
  product: CheckoutProduct;
  quantity: number;
  /** incl. MVA, before the discount. */
  totalOre: number;
  discountOre: number;
}

export interface CheckoutTotals {
  lines: TotalLine[];
  subtotalOre: number;
  discountOre: number;
  totalOre: number;
  /** MVA per rate of what is paid, highest rate first (the receipt's lines). */
  vat: { rate: number; vatOre: number }[];
  /** The total without MVA. */
  netOre: number;
}

/** What a code takes off a subtotal: never more than it. */
export function couponDiscount(coupon: CheckoutCoupon | null, subtotalOre: number): number {
  if (!coupon) return 0;
  const off = coupon.percent_off
    ? round((subtotalOre * coupon.percent_off) / 100)
    : (coupon.amount_off_ore ?? 0);
  return Math.min(off, subtotalOre);
}

/**
 * The order as the buyer sees it before paying, by the rules the order functions apply
 * (docs/checkouts.md «Prices and MVA»): the discount spread over the lines in proportion to their
 * totals, the last line taking the rounding, and MVA per rate on what is paid (src/lib/vat.ts).
 */
export function checkoutTotals(
  picked: { product: CheckoutProduct; quantity: number }[],
  coupon: CheckoutCoupon | null,
): CheckoutTotals {
  const chosen = picked.filter((line) => line.quantity > 0);
  const subtotalOre = chosen.reduce((sum, line) => sum + line.product.price_ore * line.quantity, 0);
  const discountOre = couponDiscount(coupon, subtotalOre);
  let spread = 0;
  const lines = chosen.map((line, index): TotalLine => {
    const totalOre = line.product.price_ore * line.quantity;
    const last = index === chosen.length - 1;
    const share = last
      ? discountOre - spread
      : subtotalOre
        ? round((discountOre * totalOre) / subtotalOre)
        : 0;
    spread += share;
    return { ...line, totalOre, discountOre: share };
  });
  const vat = vatByRate(
    lines.map((line) => ({ totalOre: line.totalOre - line.discountOre, ratePercent: line.product.vat_rate })),
  ).map((sum) => ({ rate: sum.ratePercent, vatOre: sum.vatOre }));
  const totalOre = subtotalOre - discountOre;
  const vatSum = vat.reduce((sum, entry) => sum + entry.vatOre, 0);
  return { lines, subtotalOre, discountOre, totalOre, vat, netOre: totalOre - vatSum };
}

/** A unit's price as shown: incl. MVA, or without it for a business checkout. */
export const shownPrice = (product: CheckoutProduct, display: 'incl' | 'excl') =>
  display === 'incl'
    ? product.price_ore
    : product.price_ore - vatIncluded(product.price_ore, product.vat_rate);

const kroner = new Map<string, Intl.NumberFormat>();
/**
 * «499,00 kr» / «NOK 499.00»: lib/format's formatMoney in the page's language, written here because
 * importing lib/format puts its whole chunk on the public page.
 */
export function formatKroner(ore: number, language: 'nb' | 'en' = 'nb'): string {
  const locale = language === 'en' ? 'en-GB' : 'nb-NO';
  let format = kroner.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'NOK' });
    kroner.set(locale, format);
  }
  return format.format(ore / 100);
}

/** How many of a product one order may hold now: its limit and what is left. */
export const maxQuantity = (product: CheckoutProduct) =>
  Math.max(0, Math.min(product.max_per_order, product.stock ?? Number.POSITIVE_INFINITY));

/** Few enough left to say so («Bare 3 igjen»). */
export const LOW_STOCK = 10;
