import { http, HttpResponse } from 'msw';
import { SUPABASE } from '../../support/session';
import { record, single, type Recorded } from '../rest';
import { membershipHandlers } from './account';

export const EDITOR_CHECKOUT = 'cf100000-0000-4000-8000-0000000000e1';
export const ROR = 'cf100000-0000-4000-8000-0000000000a1';
export const ALARM = 'cf100000-0000-4000-8000-0000000000a2';

type ProductRow = { product_id: string; role: string; position: number; quantity_editable: boolean };

/**
 * The checkout editor's backend: the checkout with its campaign and products (one row for the
 * heading's and the editor's reads), the organization's products and coupons, checkout_preview, and
 * the writes, applied to the state. `refuse` makes a table's writes answer a PostgREST refusal.
 */
export type CheckoutEditorState = {
  campaign: Record<string, unknown>;
  checkout: Record<string, unknown>;
  products: ProductRow[];
  refuse: Partial<Record<'campaigns' | 'checkouts' | 'checkout_products', { code: string; message: string }>>;
  requests: Recorded[];
};

export const newCheckoutEditorState = (
  overrides: Partial<CheckoutEditorState> = {},
): CheckoutEditorState => ({
  campaign: {
    name: 'Rørsjekk hjemme',
    published_at: null,
    rules_text: 'Selger: Fjord Rør AS.',
    consent_text: 'Jeg har lest og godtar kjøpsvilkårene og angreretten.',
    marketing_consent_text: null,
    reminders_enabled: true,
    design: { primary_color: '#0b5cad' },
  },
  checkout: {
    price_display: 'incl',
    business_fields: 'off',
    bump_heading: null,
    bump_text: null,
    custom_fields: [],
    thank_you_heading: 'Takk for bestillingen!',
    thank_you_text: null,
    redirect_url: null,
    recovery_coupon_id: null,
    archived_at: null,
  },
  products: [{ product_id: ROR, role: 'main', position: 0, quantity_editable: false }],
  refuse: {},
  requests: [],
  ...overrides,
});

const product = (id: string, name: string, price_ore: number) => ({
  id,
  name,
  description: '',
  price_ore,
  vat_rate: 25,
  image_media_id: null,
  stock: null,
  max_per_order: 3,
  archived_at: null,
});

export function checkoutEditorHandlers(state: () => CheckoutEditorState) {
  const s = state;
  const refusal = (table: keyof CheckoutEditorState['refuse']) => {
    const refused = s().refuse[table];
    return refused ? HttpResponse.json({ ...refused, details: null, hint: null }, { status: 400 }) : null;
  };
  const eq = (request: Request, column: string) =>
    new URL(request.url).searchParams.get(column)?.replace(/^eq\./, '');
  return [
    ...membershipHandlers(() => 'owner'),
    http.get(`${SUPABASE}/rest/v1/checkouts`, ({ request }) =>
      single(request, {
        id: EDITOR_CHECKOUT,
        organization_id: 'c0000000-0000-4000-8000-000000000001',
        ...s().checkout,
        campaign: s().campaign,
        products: s().products,
      }),
    ),
    http.get(`${SUPABASE}/rest/v1/products`, () =>
      HttpResponse.json([
        product(ROR, 'Rørsjekk hjemme', 149000),
        product(ALARM, 'Vannlekkasjealarm', 59900),
      ]),
    ),
    http.get(`${SUPABASE}/rest/v1/coupons`, () => HttpResponse.json([])),
    http.get(`${SUPABASE}/rest/v1/orders`, () => HttpResponse.json([])),
    http.get(`${SUPABASE}/rest/v1/organizations`, ({ request }) =>
      single(request, {
        name: 'Fjord Rør AS',
        organization_number: '915226485',
        contact_email: 'post@fjordror.no',
        brand_accent: null,
        brand_background: null,
        brand_text: null,
      }),
    ),
    http.post(`${SUPABASE}/rest/v1/rpc/checkout_preview`, () =>
      HttpResponse.json({
        id: EDITOR_CHECKOUT,
        now: '2026-11-29T12:00:00Z',
        name: s().campaign.name,
        seller: { name: 'Fjord Rør AS', organization_number: '915226485', email: 'post@fjordror.no' },
        price_display: 'incl',
        business_fields: 'off',
        bump: null,
        custom_fields: [],
        thank_you: { heading: null, text: null },
        terms_text: null,
        consent_text: null,
        marketing_consent_text: null,
        recovery: true,
        design: null,
        coupons: false,
        products: [],
      }),
    ),
    http.patch(`${SUPABASE}/rest/v1/campaigns`, async ({ request }) => {
      await record(s().requests, request);
      const refused = refusal('campaigns');
      if (refused) return refused;
      const body = (await request.clone().json()) as Record<string, unknown>;
      if ('published_at' in body && body.published_at && !s().products.some((row) => row.role === 'main'))
        return HttpResponse.json({ code: 'P0001', message: 'checkout-no-products' }, { status: 400 });
      s().campaign = { ...s().campaign, ...body };
      return new HttpResponse(null, { status: 204 });
    }),
    http.patch(`${SUPABASE}/rest/v1/checkouts`, async ({ request }) => {
      await record(s().requests, request);
      const refused = refusal('checkouts');
      if (refused) return refused;
      s().checkout = { ...s().checkout, ...((await request.clone().json()) as object) };
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${SUPABASE}/rest/v1/checkout_products`, () => HttpResponse.json(s().products)),
    http.post(`${SUPABASE}/rest/v1/checkout_products`, async ({ request }) => {
      await record(s().requests, request);
      const refused = refusal('checkout_products');
      if (refused) return refused;
      const rows = (await request.clone().json()) as ProductRow[];
      s().products = [...s().products, ...rows];
      return new HttpResponse(null, { status: 201 });
    }),
    http.patch(`${SUPABASE}/rest/v1/checkout_products`, async ({ request }) => {
      await record(s().requests, request);
      const id = eq(request, 'product_id');
      const body = (await request.clone().json()) as Partial<ProductRow>;
      s().products = s().products.map((row) => (row.product_id === id ? { ...row, ...body } : row));
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete(`${SUPABASE}/rest/v1/checkout_products`, async ({ request }) => {
      await record(s().requests, request);
      const refused = refusal('checkout_products');
      if (refused) return refused;
      const filter = new URL(request.url).searchParams.get('product_id') ?? '';
      s().products = s().products.filter((row) => !filter.includes(row.product_id));
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
