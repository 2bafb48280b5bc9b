const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  jcb: 'JCB',
  discover: 'Discover',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
};

/** A card brand as Stripe names it (`visa`, `amex` …) the way people write it. */
export const brandName = (brand: string) => BRANDS[brand.toLowerCase()] ?? brand;
