import { LOCALE } from '@/lib/format';

const whole = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'NOK', maximumFractionDigits: 0 });
const withOre = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'NOK',
  minimumFractionDigits: 2,
});

/** A price as a seller writes it: «499 kr», and «1 299,50 kr» only when there are øre. */
export const formatPrice = (ore: number) => (ore % 100 === 0 ? whole : withOre).format(ore / 100);
