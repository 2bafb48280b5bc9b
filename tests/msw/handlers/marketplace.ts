import { http, HttpResponse } from 'msw';
import { listingRow } from '../../factories/listing';
import { MARKETPLACE, ORG, OTHER_ORG } from '../../support/ids';
import { SUPABASE, USER_ID } from '../../support/session';
import { record, single, type Recorded } from '../rest';
import { membershipHandlers } from './account';
import { listingListHandlers } from './listings';

/** What the owner view of a marketplace reads; tests change it and the handlers read it per request. */
export type MarketplaceAdminState = {
  /** The marketplace's owner: the signed-in user unless a test says otherwise. */
  ownerId: string;
  hosts: string[];
  /** The members RPC refuses (a 403), as for someone who is not the owner. */
  membersFail: boolean;
};

export const marketplaceAdminState = (): MarketplaceAdminState => ({
  ownerId: USER_ID,
  hosts: ['leads.fjordbygg.no'],
  membersFail: false,
});

/**
 * «Leadtorget Vest» as its owner sees it: three member organizations, one sold-out listing, two
 * months of sales, the plans and the host names (which adding and removing change).
 */
export function marketplaceAdminHandlers(state: () => MarketplaceAdminState, requests: Recorded[]) {
  return [
    ...membershipHandlers(() => 'owner'),
    http.get(`${SUPABASE}/rest/v1/marketplaces`, ({ request }) =>
      single(request, { id: MARKETPLACE, name: 'Leadtorget Vest', owner_id: state().ownerId }),
    ),
    // The overview still reads the memberships (api/get-owner-overview.ts); the page shows the RPC's rows.
    http.get(`${SUPABASE}/rest/v1/marketplaces_organizations`, () =>
      HttpResponse.json([
        { organization_id: ORG, created_at: '2026-11-02T10:00:00Z', organization: { name: 'Fjordbygg AS' } },
        { organization_id: OTHER_ORG, created_at: '2026-10-01T10:00:00Z', organization: null },
      ]),
    ),
    http.post(`${SUPABASE}/rest/v1/rpc/marketplace_members`, async ({ request }) => {
      await record(requests, request);
      if (state().membersFail) {
        return HttpResponse.json({ code: '42501', message: 'forbidden' }, { status: 403 });
      }
      return HttpResponse.json([
        {
          organization_id: ORG,
          name: 'Fjordbygg AS',
          organization_number: '923609016',
          joined_at: '2026-11-02T10:00:00Z',
          plan: 'tickets',
          listings: 1,
          sold: 3,
          purchases: 0,
          revenue_ore: 0,
        },
        {
          organization_id: OTHER_ORG,
          name: 'Annen Bygg AS',
          organization_number: null,
          joined_at: '2026-10-01T10:00:00Z',
          plan: 'on_demand',
          listings: 0,
          sold: 0,
          purchases: 3,
          revenue_ore: 149_700,
        },
        {
          organization_id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
          name: 'Bergen Rør AS',
          organization_number: '974760673',
          joined_at: '2026-09-15T10:00:00Z',
          plan: null,
          listings: 4,
          sold: 1,
          purchases: 12,
          revenue_ore: 0,
        },
      ]);
    }),
    http.get(`${SUPABASE}/rest/v1/advertised_leads`, async ({ request }) => {
      await record(requests, request);
      return HttpResponse.json([
        listingRow({
          organization_id: ORG,
          description: null,
          buyers_count: 3,
          status: 'sold_out',
          expires_at: '2026-12-20T10:00:00Z',
          created_at: '2026-11-20T10:00:00Z',
        }),
      ]);
    }),
    http.post(`${SUPABASE}/rest/v1/rpc/marketplace_sales`, async ({ request }) => {
      await record(requests, request);
      return HttpResponse.json([
        { month: '2026-11-01', purchases: 12, tickets: 20, credits: 0, amount_ore: 149_700 },
        { month: '2026-10-01', purchases: 3, tickets: 6, credits: 0, amount_ore: 0 },
      ]);
    }),
    http.get(`${SUPABASE}/rest/v1/organizations_marketplaces_configs`, async ({ request }) => {
      await record(requests, request);
      return HttpResponse.json([
        { organization_id: ORG, plan: 'tickets' },
        { organization_id: OTHER_ORG, plan: 'on_demand' },
      ]);
    }),
    http.get(`${SUPABASE}/rest/v1/marketplaces_urls`, () =>
      HttpResponse.json(state().hosts.map((url) => ({ url }))),
    ),
    http.post(`${SUPABASE}/rest/v1/marketplaces_urls`, async ({ request }) => {
      await record(requests, request);
      const body = (await request.json()) as { url: string };
      state().hosts = [...state().hosts, body.url];
      return new HttpResponse(null, { status: 201 });
    }),
    http.delete(`${SUPABASE}/rest/v1/marketplaces_urls`, async ({ request }) => {
      await record(requests, request);
      const url = new URL(request.url).searchParams.get('url')?.replace(/^eq\./, '');
      state().hosts = state().hosts.filter((host) => host !== url);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

type Listing = ReturnType<typeof listingRow>;

/** What a member sees on the marketplace's host; tests change it and the handlers read it per request. */
export type MarketplaceState = {
  /** The member organization's plan on this marketplace (null: none chosen). */
  plan: 'tickets' | 'on_demand' | null;
  listings: Listing[];
  /** Lead ids the organization has bought. */
  bought: string[];
  /** The listing a deep link (?listing=…) opens; null: it is gone. */
  deepLinked: Listing | null;
  ownerId: string;
  credits: number;
  /** The total PostgREST counts (null: the listings given). */
  total: number | null;
};

export const marketplaceState = (): MarketplaceState => ({
  plan: 'tickets',
  listings: [listingRow()],
  bought: [],
  deepLinked: null,
  ownerId: 'someone-else',
  credits: 0,
  total: null,
});

/** «Leadtorget Vest» on its own host, for a member of ORG with 5 klipp: its listings and the buyer's facts. */
export function marketplaceHandlers(state: () => MarketplaceState, requests: Recorded[]) {
  return [
    ...membershipHandlers(() => 'member'),
    http.get(`${SUPABASE}/rest/v1/marketplaces_urls`, ({ request }) =>
      single(request, { marketplace_id: MARKETPLACE }),
    ),
    http.get(`${SUPABASE}/rest/v1/marketplaces`, ({ request }) =>
      single(request, { id: MARKETPLACE, name: 'Leadtorget Vest', owner_id: state().ownerId }),
    ),
    http.get(`${SUPABASE}/rest/v1/organizations_marketplaces_configs`, ({ request }) =>
      single(request, { plan: state().plan }),
    ),
    http.get(`${SUPABASE}/rest/v1/organizations_payments`, ({ request }) =>
      single(request, { tickets: 5, credits: state().credits }),
    ),
    // The lists the filters offer (the database holds listings to them).
    ...listingListHandlers(),
    http.get(`${SUPABASE}/rest/v1/leads_purchases`, () =>
      HttpResponse.json(state().bought.map((leadId) => ({ lead_id: leadId }))),
    ),
    http.get(`${SUPABASE}/rest/v1/advertised_leads`, async ({ request }) => {
      await record(requests, request);
      const url = new URL(request.url);
      if (url.searchParams.get('id')) {
        const deepLinked = state().deepLinked;
        if (!deepLinked) {
          return request.headers.get('Accept')?.includes('vnd.pgrst.object')
            ? HttpResponse.json({ code: 'PGRST116', message: 'no rows' }, { status: 406 })
            : HttpResponse.json([]);
        }
        return single(request, deepLinked);
      }
      const { listings, total } = state();
      return HttpResponse.json(listings, {
        headers: { 'Content-Range': `0-${Math.max(listings.length - 1, 0)}/${total ?? listings.length}` },
      });
    }),
  ];
}
