/** A price in øre as the booking pages show it: «1 490 kr», øre only when there are some. */
export function formatPrice(ore: number, language: 'nb' | 'en') {
  return new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'nb-NO', {
    style: 'currency',
    currency: 'NOK',
    maximumFractionDigits: ore % 100 === 0 ? 0 : 2,
  }).format(ore / 100);
}
