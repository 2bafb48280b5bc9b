import type { PublicCheckout } from '../components/public/types';
import { draftOf, type CheckoutSource } from './checkout-draft';
import { previewCheckout, type PreviewProduct } from './preview-checkout';

const product = (id: string, overrides: Partial<PreviewProduct> = {}): PreviewProduct => ({
  id,
  name: `Produkt ${id}`,
  description: '',
  priceOre: 10000,
  vatRate: 25,
  imageMediaId: null,
  stock: null,
  maxPerOrder: 5,
  archived: false,
  ...overrides,
});

const base: PublicCheckout = {
  id: 'k1',
  now: '2026-11-29T12:00:00Z',
  name: 'Lagret navn',
  seller: { name: 'Fjord Rør AS', organization_number: '915226485', email: 'post@fjordror.no' },
  price_display: 'incl',
  business_fields: 'off',
  bump: null,
  custom_fields: [],
  thank_you: { heading: null, text: null },
  terms_text: null,
  consent_text: null,
  marketing_consent_text: null,
  recovery: false,
  design: { accent: '#000000' },
  coupons: true,
  products: [],
};

const source: CheckoutSource = {
  name: 'Ny overskrift',
  rulesText: 'Vilkår',
  consentText: 'Jeg godtar.',
  marketingConsentText: null,
  remindersEnabled: true,
  design: {},
  priceDisplay: 'excl',
  businessFields: 'required',
  bumpHeading: 'Ja, legg til',
  bumpText: null,
  customFields: [],
  thankYouHeading: 'Tusen takk',
  thankYouText: null,
  redirectUrl: null,
  recoveryCouponId: null,
  products: [
    { product_id: 'a', role: 'main', position: 0, quantity_editable: true },
    { product_id: 'gone', role: 'main', position: 1, quantity_editable: false },
    { product_id: 'b', role: 'bump', position: 0, quantity_editable: false },
  ],
};

describe('the preview of a draft', () => {
  it('puts the draft over the saved page: texts, settings, design, and the products in the public order', () => {
    const products = new Map([
      ['a', product('a')],
      ['gone', product('gone', { archived: true })],
      ['b', product('b', { priceOre: 5000 })],
    ]);
    const shown = previewCheckout(base, draftOf(source), products);
    expect(shown.name).toBe('Ny overskrift');
    expect(shown.seller.name).toBe('Fjord Rør AS');
    expect(shown.price_display).toBe('excl');
    expect(shown.business_fields).toBe('required');
    expect(shown.bump).toEqual({ heading: 'Ja, legg til', text: null });
    expect(shown.thank_you).toEqual({ heading: 'Tusen takk', text: null });
    expect(shown.recovery).toBe(true);
    expect(shown.design).toMatchObject({ accent: '#000000', primary_color: '#0b5cad' });
    // Archived products are left out, as public_checkout leaves them out.
    expect(shown.products.map((item) => [item.id, item.role, item.quantity_editable])).toEqual([
      ['a', 'main', true],
      ['b', 'bump', false],
    ]);
  });

  it('keeps the saved name while the heading is empty, and shows no bump without its product', () => {
    const draft = { ...draftOf(source), name: ' ', bumpId: null };
    const shown = previewCheckout(base, draft, new Map([['a', product('a')]]));
    expect(shown.name).toBe('Lagret navn');
    expect(shown.bump).toBeNull();
    expect(shown.products.map((item) => item.id)).toEqual(['a']);
  });
});
