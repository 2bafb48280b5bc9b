import { http, HttpResponse } from 'msw';
import type { Tables } from '@/lib/database.types';
import { type popupResultRow, popupSiteRow, popupSummaryRow } from '../../factories/popup';
import { ORG } from '../../support/ids';
import { SUPABASE } from '../../support/session';
import { record, single, type Recorded } from '../rest';
import { membershipHandlers } from './account';

/**
 * The popups list's backend: popup_summaries, the organization's sites and which popups run on
 * them, the results, and the writes (recorded in `requests`). A member's delete of a site deletes
 * nothing, as row-level security answers it. `refuse` makes a function or table answer the
 * database's refusal with that code.
 */
export type PopupListState = {
  role: 'owner' | 'admin' | 'member';
  summaries: ReturnType<typeof popupSummaryRow>[];
  sites: Tables<'popup_sites'>[];
  results: ReturnType<typeof popupResultRow>[];
  refuse: Partial<Record<string, string>>;
  requests: Recorded[];
};

export const NEW_POPUP = 'ce000000-0000-4000-8000-0000000000bb';
export const COPY_POPUP = 'ce000000-0000-4000-8000-0000000000cc';

export const newPopupListState = (overrides: Partial<PopupListState> = {}): PopupListState => ({
  role: 'owner',
  summaries: [popupSummaryRow()],
  sites: [popupSiteRow()],
  results: [],
  refuse: {},
  requests: [],
  ...overrides,
});

const refusal = (code: string) =>
  HttpResponse.json({ code: 'P0001', message: code, details: null, hint: null }, { status: 400 });

export function popupListHandlers(state: () => PopupListState) {
  const s = state;
  const rpc = (name: string, answer: () => unknown) =>
    http.post(`${SUPABASE}/rest/v1/rpc/${name}`, async ({ request }) => {
      await record(s().requests, request);
      const code = s().refuse[name];
      return code ? refusal(code) : HttpResponse.json(answer() as object);
    });
  const idIn = (request: Request) => new URL(request.url).searchParams.get('id')?.replace('eq.', '');
  return [
    ...membershipHandlers(() => s().role),
    http.post(`${SUPABASE}/rest/v1/rpc/popup_summaries`, () => HttpResponse.json(s().summaries)),
    http.post(`${SUPABASE}/rest/v1/rpc/popup_results`, async ({ request }) => {
      await record(s().requests, request);
      return HttpResponse.json(s().results);
    }),
    rpc('create_popup_from', () => NEW_POPUP),
    rpc('duplicate_popup', () => COPY_POPUP),
    http.patch(`${SUPABASE}/rest/v1/popups`, async ({ request }) => {
      await record(s().requests, request);
      return single(request, { id: idIn(request) });
    }),
    http.get(`${SUPABASE}/rest/v1/popup_sites`, () => HttpResponse.json(s().sites)),
    http.post(`${SUPABASE}/rest/v1/popup_sites`, async ({ request }) => {
      await record(s().requests, request);
      if (s().refuse.popup_sites) return refusal(s().refuse.popup_sites ?? '');
      const body = (await request.clone().json()) as Partial<Tables<'popup_sites'>>;
      const site = popupSiteRow({
        ...body,
        id: 'ce000000-0000-4000-8000-0000000000e1',
        site_key: 'ce000000-0000-4000-8000-0000000000e2',
        organization_id: ORG,
      });
      s().sites = [...s().sites, site];
      return single(request, site);
    }),
    http.patch(`${SUPABASE}/rest/v1/popup_sites`, async ({ request }) => {
      await record(s().requests, request);
      const body = (await request.clone().json()) as Partial<Tables<'popup_sites'>>;
      s().sites = s().sites.map((site) => (site.id === idIn(request) ? { ...site, ...body } : site));
      return single(request, s().sites.find((site) => site.id === idIn(request)) ?? {});
    }),
    http.delete(`${SUPABASE}/rest/v1/popup_sites`, async ({ request }) => {
      await record(s().requests, request);
      if (s().role === 'member') return HttpResponse.json([]);
      const gone = s().sites.filter((site) => site.id === idIn(request));
      s().sites = s().sites.filter((site) => site.id !== idIn(request));
      return HttpResponse.json(gone.map((site) => ({ id: site.id })));
    }),
    http.post(`${SUPABASE}/rest/v1/popups_sites`, async ({ request }) => {
      await record(s().requests, request);
      return new HttpResponse(null, { status: 201 });
    }),
    http.delete(`${SUPABASE}/rest/v1/popups_sites`, async ({ request }) => {
      await record(s().requests, request);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
