/** Kroner as the public pages show them («1 490,00 kr»), in the page's language. */
const formats = new Map<string, Intl.NumberFormat>();

export function formatKroner(ore: number, language: 'nb' | 'en' = 'nb'): string {
  const locale = language === 'en' ? 'en-GB' : 'nb-NO';
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'NOK' });
    formats.set(locale, format);
  }
  return format.format(ore / 100);
}

/** The MVA part of a price incl. MVA: round(price × rate / (100 + rate)), as the receipts compute it. */
export const vatPart = (priceOre: number, rate: number) => Math.round((priceOre * rate) / (100 + rate));
