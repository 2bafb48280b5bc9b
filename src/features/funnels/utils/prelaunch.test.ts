import { describe, expect, it } from 'vitest';
import type { Block } from './blocks';
import { prelaunchProblems, type PrelaunchContext } from './prelaunch';
import { pathTree, type FunnelStep } from './steps';

const page: Block[] = [{ id: 'h', type: 'heading', text: 'Tilbud', level: 1 }];

const step = (
  id: string,
  type: FunnelStep['type'],
  position: number,
  overrides: Partial<FunnelStep> = {},
): FunnelStep => ({
  id,
  position,
  type,
  offerRole: type === 'offer' ? 'upsell' : null,
  name: id,
  formId: type === 'optin' ? 'form' : null,
  checkoutId: type === 'checkout' ? 'checkout' : null,
  productId: type === 'offer' ? 'product' : null,
  priceOre: null,
  content: type === 'sales' || type === 'offer' || type === 'thankyou' ? page : [],
  nextStepId: null,
  declineStepId: null,
  variants: [],
  ...overrides,
});

/** Opt-in → Salg → Kasse → Tilbud (ja → Takk, nei → Nedsalg) → Nedsalg (→ Takk) → Takk: passes. */
const standard = (): FunnelStep[] => [
  step('optin', 'optin', 0, { nextStepId: 'sales' }),
  step('sales', 'sales', 1, { nextStepId: 'checkout' }),
  step('checkout', 'checkout', 2, { nextStepId: 'upsell' }),
  step('upsell', 'offer', 3, { nextStepId: 'thanks', declineStepId: 'downsell' }),
  step('downsell', 'offer', 4, { offerRole: 'downsell', nextStepId: 'thanks', declineStepId: 'thanks' }),
  step('thanks', 'thankyou', 5),
];

const context: PrelaunchContext = {
  forms: new Map([
    ['form', { published: true }],
    ['draft-form', { published: false }],
  ]),
  checkouts: new Map([
    ['checkout', { published: true, products: 1 }],
    ['draft-checkout', { published: false, products: 1 }],
    ['empty-checkout', { published: true, products: 0 }],
  ]),
  products: new Map([
    ['product', { priceOre: 19900 }],
    ['free', { priceOre: 0 }],
  ]),
};

const change = (id: string, overrides: Partial<FunnelStep>) => (steps: FunnelStep[]) =>
  steps.map((item) => (item.id === id ? { ...item, ...overrides } : item));

const codes = (steps: FunnelStep[]) =>
  prelaunchProblems(steps, context).map((item) => [item.code, item.stepId, item.variant]);

describe('prelaunchProblems', () => {
  it('passes the standard funnel when everything is in place', () => {
    expect(codes(standard())).toEqual([]);
  });

  it('refuses a funnel without steps', () => {
    expect(codes([])).toEqual([['no_steps', null, null]]);
  });

  it.each<[string, (steps: FunnelStep[]) => FunnelStep[], [string, string | null, string | null][]]>([
    [
      'a path that stops before a thank-you page',
      change('sales', { nextStepId: null }),
      [
        ['dead_end', 'sales', null],
        ['unreachable', 'checkout', null],
        ['unreachable', 'upsell', null],
        ['unreachable', 'downsell', null],
        ['unreachable', 'thanks', null],
      ],
    ],
    [
      'a loop back to an earlier step',
      change('downsell', { declineStepId: 'sales' }),
      [['cycle', 'sales', null]],
    ],
    [
      'an offer without a product',
      change('upsell', { productId: null }),
      [['offer_no_product', 'upsell', null]],
    ],
    [
      'an offer whose product costs nothing',
      change('upsell', { productId: 'free' }),
      [['offer_no_price', 'upsell', null]],
    ],
    [
      'an offer with its own price of 0',
      change('upsell', { priceOre: 0 }),
      [['offer_no_price', 'upsell', null]],
    ],
    [
      'an offer without «Nei takk»',
      change('downsell', { declineStepId: null }),
      [['offer_no_decline', 'downsell', null]],
    ],
    ['an opt-in without a form', change('optin', { formId: null }), [['optin_no_form', 'optin', null]]],
    [
      'an opt-in with a draft form',
      change('optin', { formId: 'draft-form' }),
      [['optin_form_unpublished', 'optin', null]],
    ],
    [
      'a checkout step without a checkout',
      change('checkout', { checkoutId: null }),
      [['checkout_missing', 'checkout', null]],
    ],
    [
      'a draft checkout',
      change('checkout', { checkoutId: 'draft-checkout' }),
      [['checkout_unpublished', 'checkout', null]],
    ],
    [
      'a checkout without products',
      change('checkout', { checkoutId: 'empty-checkout' }),
      [['checkout_no_products', 'checkout', null]],
    ],
    [
      'a page that does not start with a heading',
      change('thanks', { content: [{ id: 't', type: 'text', text: 'Takk' }] }),
      [['heading_not_first', 'thanks', 'A']],
    ],
    [
      'an image without alt text in variant B',
      change('sales', {
        variants: [
          {
            id: 'v',
            label: 'B',
            trafficPercent: 50,
            content: [...page, { id: 'i', type: 'image', mediaId: 'm', alt: '' }],
          },
        ],
      }),
      [['image_without_alt', 'sales', 'B']],
    ],
    [
      'a button too long for a phone',
      change('sales', { content: [...page, { id: 'b', type: 'button', text: 'x'.repeat(41) }] }),
      [['button_too_long', 'sales', 'A']],
    ],
    [
      'a link that is not a video',
      change('sales', { content: [...page, { id: 'v', type: 'video', url: 'https://example.com' }] }),
      [['video_link_invalid', 'sales', 'A']],
    ],
    [
      'a page the editor could not save',
      change('sales', { content: [{ id: 'h', type: 'heading', text: '', level: 1 }] }),
      [['page_invalid', 'sales', 'A']],
    ],
  ])('refuses %s', (_name, alter, expected) => {
    expect(codes(alter(standard()))).toEqual(expected);
  });

  it('finds a step no path reaches', () => {
    const steps = [...standard(), step('orphan', 'thankyou', 6)];
    expect(codes(steps)).toEqual([['unreachable', 'orphan', null]]);
  });

  it('starts at the lowest position, not the first in the list', () => {
    expect(codes(standard().reverse())).toEqual([]);
  });
});

describe('pathTree', () => {
  it('follows accept and decline and marks a loop without following it', () => {
    const steps = change('downsell', { declineStepId: 'upsell' })(standard());
    const tree = pathTree(steps);
    const upsell = tree?.next && 'step' in tree.next ? tree.next.next : null;
    const offer = upsell && 'step' in upsell ? upsell.next : null;
    expect(offer && 'step' in offer ? offer.step.id : null).toBe('upsell');
    const downsell = offer && 'step' in offer ? offer.decline : null;
    expect(downsell && 'step' in downsell ? downsell.decline : null).toEqual({ loopTo: steps[3] });
  });
});
