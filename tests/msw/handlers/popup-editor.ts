import { http, HttpResponse } from 'msw';
import type { Tables } from '@/lib/database.types';
import { POPUP, POPUP_SITE, popupRow, popupVariantRow, POPUP_VARIANT_B } from '../../factories/popup';

import { SUPABASE } from '../../support/session';
import { record, single, type Recorded } from '../rest';
import { membershipHandlers } from './account';

/**
 * The popup editor's backend: one popup (POPUP, A/B 50/50) with its campaign, variants and site.
 * `refuse` makes the next writes to a table answer PostgreSQL's refusal (until cleared); every write
 * is recorded in `requests`.
 */
export type PopupEditorState = {
  popup: Tables<'popups'>;
  campaign: {
    id: string;
    name: string;
    published_at: string | null;
    design: object;
    consent_text: string | null;
    marketing_consent_text: string | null;
  };
  variants: Tables<'popup_variants'>[];
  siteIds: string[];
  refuse: Partial<Record<string, { code: string; message: string }>>;
  requests: Recorded[];
};

export const newPopupEditorState = (overrides: Partial<PopupEditorState> = {}): PopupEditorState => ({
  popup: popupRow({ popup_status: 'draft' }),
  campaign: {
    id: POPUP,
    name: 'Nyhetsbrev',
    published_at: null,
    design: { accent: '#0b5cad', background: '#ffffff', text: '#1a1a1a', radius: 12 },
    consent_text: 'Jeg godtar at Fjord Rør AS lagrer e-postadressen min.',
    marketing_consent_text: null,
  },
  variants: [
    popupVariantRow(),
    popupVariantRow({
      id: POPUP_VARIANT_B,
      label: 'B',
      discount_code: null,
      content: { ...(popupVariantRow().content as object), heading: 'Unngå vannskader i vinter' },
    }),
  ],
  siteIds: [POPUP_SITE],
  refuse: {},
  requests: [],
  ...overrides,
});

const eqId = (request: Request) => new URL(request.url).searchParams.get('id')?.replace('eq.', '') ?? '';

export function popupEditorHandlers(state: () => PopupEditorState) {
  const s = state;
  const refused = (table: string) => {
    const refusal = s().refuse[table];
    return refusal ? HttpResponse.json({ ...refusal, details: null, hint: null }, { status: 400 }) : null;
  };
  return [
    ...membershipHandlers(() => 'owner'),
    http.get(`${SUPABASE}/rest/v1/popups`, ({ request }) => single(request, s().popup)),
    http.patch(`${SUPABASE}/rest/v1/popups`, async ({ request }) => {
      await record(s().requests, request);
      const refusal = refused('popups');
      if (refusal) return refusal;
      s().popup = { ...s().popup, ...((await request.clone().json()) as object) };
      return single(request, { id: POPUP });
    }),
    http.get(`${SUPABASE}/rest/v1/campaigns`, ({ request }) => single(request, s().campaign)),
    http.patch(`${SUPABASE}/rest/v1/campaigns`, async ({ request }) => {
      await record(s().requests, request);
      const refusal = refused('campaigns');
      if (refusal) return refusal;
      s().campaign = { ...s().campaign, ...((await request.clone().json()) as object) };
      return single(request, { id: POPUP });
    }),
    http.get(`${SUPABASE}/rest/v1/popup_variants`, () =>
      HttpResponse.json([...s().variants].sort((a, b) => a.label.localeCompare(b.label))),
    ),
    http.patch(`${SUPABASE}/rest/v1/popup_variants`, async ({ request }) => {
      await record(s().requests, request);
      const refusal = refused('popup_variants');
      if (refusal) return refusal;
      const id = eqId(request);
      const body = (await request.clone().json()) as Partial<Tables<'popup_variants'>>;
      s().variants = s().variants.map((variant) => (variant.id === id ? { ...variant, ...body } : variant));
      return single(request, { id });
    }),
    http.post(`${SUPABASE}/rest/v1/popup_variants`, async ({ request }) => {
      await record(s().requests, request);
      const refusal = refused('popup_variants');
      if (refusal) return refusal;
      const body = (await request.clone().json()) as Tables<'popup_variants'>;
      s().variants = [...s().variants, popupVariantRow(body)];
      return new HttpResponse(null, { status: 201 });
    }),
    http.delete(`${SUPABASE}/rest/v1/popup_variants`, async ({ request }) => {
      await record(s().requests, request);
      const ids = new URL(request.url).searchParams.get('id') ?? '';
      s().variants = s().variants.filter((variant) => !ids.includes(variant.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${SUPABASE}/rest/v1/popups_sites`, () =>
      HttpResponse.json(s().siteIds.map((site_id) => ({ site_id }))),
    ),
    http.get(`${SUPABASE}/rest/v1/organizations_media`, () => HttpResponse.json([])),
    http.get(`${SUPABASE}/rest/v1/organizations`, ({ request }) =>
      single(request, { name: 'Fjord Rør AS', organization_number: null, contact_email: null }),
    ),
    http.post(`${SUPABASE}/rest/v1/rpc/form_summaries`, () =>
      HttpResponse.json([
        { form_id: 'cf000000-0000-4000-8000-000000000001', name: 'Tilbudsskjema', status: 'open' },
        { form_id: 'cf000000-0000-4000-8000-000000000002', name: 'Utkast', status: 'draft' },
      ]),
    ),
  ];
}
