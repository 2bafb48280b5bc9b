/** Card brands as Stripe names them (`card.brand`) and as people write them. */
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  american_express: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
};

/** A card brand the way people write it (`visa` → Visa); unknown ones capitalised; none → ''. */
export function brandName(brand: string | null | undefined): string {
  if (!brand) return '';
  return BRANDS[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}
