import {
  campaignPatch,
  checkoutPatch,
  draftOf,
  draftProblems,
  offerable,
  productRows,
  publishChecks,
  type CheckoutSource,
} from './checkout-draft';

const MAIN = 'p-main';
const BUMP = 'p-bump';

const source = (overrides: Partial<CheckoutSource> = {}): CheckoutSource => ({
  name: 'Rørsjekk hjemme',
  rulesText: 'Vilkår',
  consentText: 'Jeg godtar vilkårene.',
  marketingConsentText: null,
  remindersEnabled: true,
  design: { accent: '#0b5cad', primary_color: '#112233' },
  priceDisplay: 'incl',
  businessFields: 'optional',
  bumpHeading: 'Ja, legg til alarm',
  bumpText: null,
  customFields: [
    {
      id: 'f_bolig',
      label: 'Hva slags bolig?',
      type: 'select',
      required: true,
      options: ['Enebolig', 'Hytte'],
    },
    { id: 'broken', type: 'radio' },
  ],
  thankYouHeading: 'Takk!',
  thankYouText: null,
  redirectUrl: null,
  recoveryCouponId: null,
  products: [
    { product_id: BUMP, role: 'bump', position: 0, quantity_editable: false },
    { product_id: 'p-second', role: 'main', position: 1, quantity_editable: true },
    { product_id: MAIN, role: 'main', position: 0, quantity_editable: false },
  ],
  ...overrides,
});

describe('the checkout draft', () => {
  it('reads the stored rows: main products by position, the bump, valid questions only, the design with defaults', () => {
    const draft = draftOf(source());
    expect(draft.mains.map((main) => main.productId)).toEqual([MAIN, 'p-second']);
    expect(draft.bumpId).toBe(BUMP);
    expect(draft.customFields.map((field) => field.id)).toEqual(['f_bolig']);
    expect(draft.design).toEqual({
      primary_color: '#112233',
      background_color: '#ffffff',
      text_color: '#1a1a1a',
    });
    expect(draft.after).toBe('thanks');
    expect(draftOf(source({ redirectUrl: 'https://fjordror.no/takk' })).after).toBe('redirect');
  });

  it('refuses what the database would, by field', () => {
    const draft = draftOf(source());
    expect(draftProblems(draft, { published: true })).toEqual([]);
    const broken = {
      ...draft,
      name: '  ',
      mains: [],
      bumpHeading: '',
      customFields: [{ id: 'f_1', label: '', type: 'select' as const, options: ['Bare ett'] }],
      consent: ' ',
      after: 'redirect' as const,
      redirectUrl: 'http://fjordror.no',
    };
    expect(
      draftProblems(broken, { published: true }).map((problem) => `${problem.field}:${problem.code}`),
    ).toEqual([
      'name:required',
      'mains:lastProduct',
      'bumpHeading:required',
      'fields.0.label:required',
      'fields.0.options:optionsMissing',
      'consent:consentPublished',
      'redirectUrl:redirectInvalid',
    ]);
    // A draft may have no product and no consent yet.
    expect(draftProblems({ ...draft, mains: [], consent: '' }, { published: false })).toEqual([]);
    expect(draftProblems({ ...draft, bumpId: MAIN }, { published: false })).toEqual([
      { field: 'bumpId', code: 'bumpIsMain' },
    ]);
  });

  it('writes the campaign with the design keys it does not know kept, and the checkout with empty texts as null', () => {
    const draft = { ...draftOf(source()), marketing: '  ', terms: '' };
    expect(campaignPatch(draft, { accent: '#0b5cad', primary_color: '#000000' })).toEqual({
      name: 'Rørsjekk hjemme',
      rules_text: null,
      consent_text: 'Jeg godtar vilkårene.',
      marketing_consent_text: null,
      reminders_enabled: true,
      design: {
        accent: '#0b5cad',
        primary_color: '#112233',
        background_color: '#ffffff',
        text_color: '#1a1a1a',
      },
    });
    const own = checkoutPatch({
      ...draft,
      bumpId: null,
      after: 'redirect',
      redirectUrl: ' https://a.no/takk ',
    });
    expect(own.bump_heading).toBeNull();
    expect(own.redirect_url).toBe('https://a.no/takk');
    // The thank-you texts stay for a change of mind.
    expect(own.thank_you_heading).toBe('Takk!');
    expect(checkoutPatch(draft).custom_fields).toEqual([
      {
        id: 'f_bolig',
        label: 'Hva slags bolig?',
        type: 'select',
        required: true,
        options: ['Enebolig', 'Hytte'],
      },
    ]);
  });

  it('lists the product rows by position with the bump last', () => {
    expect(productRows(draftOf(source()))).toEqual([
      { product_id: MAIN, role: 'main', position: 0, quantity_editable: false },
      { product_id: 'p-second', role: 'main', position: 1, quantity_editable: true },
      { product_id: BUMP, role: 'bump', position: 0, quantity_editable: false },
    ]);
  });

  it('checks what publishing needs: an unarchived main product, prices, consent and terms', () => {
    const draft = draftOf(source());
    const products = new Map([
      [MAIN, { id: MAIN, name: 'Rørsjekk', priceOre: 149000, archived: false }],
      ['p-second', { id: 'p-second', name: 'Ekstra', priceOre: 0, archived: false }],
      [BUMP, { id: BUMP, name: 'Alarm', priceOre: 59900, archived: false }],
    ]);
    expect(publishChecks(draft, products)).toEqual({
      product: true,
      prices: false,
      consent: true,
      terms: true,
    });
    const archived = new Map([[MAIN, { id: MAIN, name: 'Rørsjekk', priceOre: 149000, archived: true }]]);
    expect(
      publishChecks({ ...draft, mains: draft.mains.slice(0, 1), bumpId: null, terms: '' }, archived),
    ).toEqual({
      product: false,
      prices: true,
      consent: true,
      terms: false,
    });
  });

  it('offers a recovery coupon only when it applies to this checkout now', () => {
    const now = Date.parse('2026-11-29T12:00:00Z');
    const coupon = { archived: false, checkoutId: null, expiresAt: null };
    expect(offerable(coupon, 'k1', now)).toBe(true);
    expect(offerable({ ...coupon, checkoutId: 'k2' }, 'k1', now)).toBe(false);
    expect(offerable({ ...coupon, expiresAt: '2026-11-29T12:00:00Z' }, 'k1', now)).toBe(false);
    expect(offerable({ ...coupon, archived: true }, 'k1', now)).toBe(false);
  });
});
