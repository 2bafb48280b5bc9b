import { http, HttpResponse } from 'msw';
import { ORG } from '../../support/ids';
import { SUPABASE } from '../../support/session';
import { record, single, type Recorded } from '../rest';
import { membershipHandlers } from './account';

/** The funnel screens' backend: the list's RPCs, one funnel's rows, what steps can use, the figures. */
export type FunnelsState = {
  summaries: Record<string, unknown>[];
  steps: Record<string, unknown>[];
  publishedAt: string | null;
  figures: Record<string, unknown>;
  requests: Recorded[];
};

export const FUNNEL = 'f0000000-0000-4000-8000-000000000001';
export const NEW_FUNNEL = 'f0000000-0000-4000-8000-0000000000aa';
export const FORM = 'f0000000-0000-4000-8000-0000000000f1';
export const CHECKOUT = 'f0000000-0000-4000-8000-0000000000c1';
export const PRODUCT = 'f0000000-0000-4000-8000-0000000000b1';
const id = (n: number) => `f0000000-0000-4000-8000-00000000000${n}`;
export const STEP = {
  optin: id(1),
  sales: id(2),
  checkout: id(3),
  upsell: id(4),
  downsell: id(5),
  thanks: id(6),
};

const heading = (text: string) => [{ id: 'h1', type: 'heading', level: 1, text }];
const stepRow = (overrides: Record<string, unknown>) => ({
  offer_role: null,
  form_id: null,
  checkout_id: null,
  product_id: null,
  price_ore: null,
  content: [],
  next_step_id: null,
  decline_step_id: null,
  variants: [],
  ...overrides,
});

/** The standard template as create_funnel makes it, with the form and checkout chosen and no offer products. */
export const templateSteps = () => [
  stepRow({
    id: STEP.optin,
    position: 0,
    type: 'optin',
    name: 'Opt-in',
    form_id: FORM,
    next_step_id: STEP.sales,
  }),
  stepRow({
    id: STEP.sales,
    position: 1,
    type: 'sales',
    name: 'Salgsside',
    content: [
      ...heading('Overskriften som selger'),
      { id: 'b1', type: 'button', text: 'Ja, jeg vil ha det' },
    ],
    next_step_id: STEP.checkout,
  }),
  stepRow({
    id: STEP.checkout,
    position: 2,
    type: 'checkout',
    name: 'Kasse',
    checkout_id: CHECKOUT,
    next_step_id: STEP.upsell,
  }),
  stepRow({
    id: STEP.upsell,
    position: 3,
    type: 'offer',
    offer_role: 'upsell',
    name: 'Tilbud',
    content: heading('Vent!'),
    next_step_id: STEP.thanks,
    decline_step_id: STEP.downsell,
  }),
  stepRow({
    id: STEP.downsell,
    position: 4,
    type: 'offer',
    offer_role: 'downsell',
    name: 'Nedsalg',
    product_id: PRODUCT,
    content: heading('Hva med denne?'),
    next_step_id: STEP.thanks,
    decline_step_id: STEP.thanks,
  }),
  stepRow({ id: STEP.thanks, position: 5, type: 'thankyou', name: 'Takk', content: heading('Takk!') }),
];

export const funnelSummaryRow = (overrides: Record<string, unknown> = {}) => ({
  id: FUNNEL,
  name: 'Vårkampanje',
  published_at: '2026-11-01T10:00:00Z',
  archived_at: null,
  steps: 6,
  visitors: 1234,
  orders: 12,
  revenue_ore: 1788000,
  created_at: '2026-11-01T10:00:00Z',
  ...overrides,
});

export const newFunnelsState = (): FunnelsState => ({
  summaries: [funnelSummaryRow()],
  steps: templateSteps(),
  publishedAt: null,
  figures: { steps: [], revenue_ore: 0, visitors: 0, earnings_per_visitor_ore: 0 },
  requests: [],
});

export function funnelsHandlers(state: () => FunnelsState) {
  return [
    ...membershipHandlers(() => 'owner'),
    http.post(`${SUPABASE}/rest/v1/rpc/funnel_summaries`, () => HttpResponse.json(state().summaries)),
    http.post(`${SUPABASE}/rest/v1/rpc/create_funnel`, async ({ request }) => {
      await record(state().requests, request);
      return HttpResponse.json(NEW_FUNNEL);
    }),
    http.post(`${SUPABASE}/rest/v1/rpc/funnel_figures`, async ({ request }) => {
      await record(state().requests, request);
      return HttpResponse.json(state().figures);
    }),
    http.get(`${SUPABASE}/rest/v1/campaigns`, ({ request }) => {
      const kind = new URL(request.url).searchParams.get('kind');
      if (kind === 'eq.funnel')
        return single(request, { name: 'Vårkampanje', published_at: state().publishedAt });
      return HttpResponse.json([
        { id: FORM, name: 'Kontakt oss', kind: 'form', published_at: '2026-11-01T10:00:00Z' },
        { id: CHECKOUT, name: 'Rørsjekk hjemme', kind: 'checkout', published_at: '2026-11-01T10:00:00Z' },
      ]);
    }),
    http.get(`${SUPABASE}/rest/v1/funnels`, ({ request }) =>
      single(request, { id: FUNNEL, organization_id: ORG, offer_minutes: 15, archived_at: null }),
    ),
    http.get(`${SUPABASE}/rest/v1/funnel_steps`, () => HttpResponse.json(state().steps)),
    http.get(`${SUPABASE}/rest/v1/forms`, () => HttpResponse.json([{ id: FORM }])),
    http.get(`${SUPABASE}/rest/v1/checkouts`, () => HttpResponse.json([{ id: CHECKOUT }])),
    http.get(`${SUPABASE}/rest/v1/checkout_products`, () => HttpResponse.json([{ checkout_id: CHECKOUT }])),
    http.get(`${SUPABASE}/rest/v1/products`, () =>
      HttpResponse.json([{ id: PRODUCT, name: 'Vannlekkasjealarm', price_ore: 49900, vat_rate: 25 }]),
    ),
    http.get(`${SUPABASE}/rest/v1/organizations_media`, () => HttpResponse.json([])),
    http.patch(`${SUPABASE}/rest/v1/funnel_steps`, async ({ request }) => {
      await record(state().requests, request);
      return single(request, { id: STEP.upsell });
    }),
    http.patch(`${SUPABASE}/rest/v1/campaigns`, async ({ request }) => {
      await record(state().requests, request);
      return single(request, { id: FUNNEL });
    }),
  ];
}
