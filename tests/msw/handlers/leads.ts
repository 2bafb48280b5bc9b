import { http, HttpResponse } from 'msw';
import type { Database, Tables } from '@/lib/database.types';
import { leadRow } from '../../factories/lead';
import { listingRow } from '../../factories/listing';
import { MARKETPLACE, ORG, OTHER_ORG } from '../../support/ids';
import { SUPABASE } from '../../support/session';
import { record, single, type Recorded } from '../rest';
import { membershipHandlers, receiptEmailWriteHandlers } from './account';
import { listingListHandlers } from './listings';

type Role = 'owner' | 'admin' | 'member';

/** What /leads/settings reads and writes; tests change it and the handlers read it per request. */
export type LeadsSettingsState = { role: Role; receiptEmails: string[] };

export const leadsSettingsState = (): LeadsSettingsState => ({
  role: 'owner',
  receiptEmails: ['regnskap@fjordbygg.no'],
});

/** Fjordbygg's lead settings (notifications and default prices) and its receipt addresses. */
export function leadsSettingsHandlers(state: () => LeadsSettingsState, requests: Recorded[]) {
  return [
    ...membershipHandlers(() => state().role),
    http.get(`${SUPABASE}/rest/v1/organizations_leads_config`, ({ request }) =>
      single(request, {
        send_to_email: true,
        recipients: ['salg@fjordbygg.no'],
        events: ['new_lead', 'listing_sold'],
        default_price_tickets: 2,
        default_price_credits: null,
        default_price_ore: 15_000,
      }),
    ),
    http.post(`${SUPABASE}/rest/v1/organizations_leads_config`, async ({ request }) => {
      await record(requests, request);
      return single(request, { id: ORG });
    }),
    http.get(`${SUPABASE}/rest/v1/organizations_payments_config`, ({ request }) =>
      single(request, { receipt_emails: state().receiptEmails }),
    ),
    ...receiptEmailWriteHandlers(state, requests),
  ];
}

/** What the /leads list answers: the estimated total, and the rows of the first page. */
export type LeadListState = {
  total: number;
  /** Rows of the first page; a full page (51 rows asked for) means there is a next one. */
  firstPage: () => Tables<'leads'>[];
};

/** Two leads of Fjordbygg: one new from a form, one contacted from an import (with CSV-hard values). */
const twoLeads = () => [
  leadRow(),
  leadRow({
    id: 'lead-2',
    name: 'Kari "Kjapp" Hansen; jr',
    email: 'kari@example.no',
    phone: null,
    company: null,
    status: 'contacted',
    source: 'import',
    notes: 'Ring etter kl. 16\nhelst tirsdag',
    created_at: '2026-11-19T08:00:00Z',
  }),
];

export const leadListState = (): LeadListState => ({ total: 2, firstPage: twoLeads });

/**
 * The list's reads and a status change. Only the first page has rows: the count request (no rows),
 * later pages, cursors and null segments find none.
 */
export function leadListHandlers(state: () => LeadListState, requests: Recorded[]) {
  return [
    ...membershipHandlers(() => 'owner'),
    http.get(`${SUPABASE}/rest/v1/leads`, async ({ request }) => {
      await record(requests, request);
      const url = new URL(request.url);
      const offset = Number(
        request.headers.get('Range')?.split('-')[0] ?? url.searchParams.get('offset') ?? 0,
      );
      const values = [...url.searchParams.values()];
      const empty =
        url.searchParams.get('limit') === '0' ||
        offset > 0 ||
        values.some((value) => value === 'is.null' || /^(lt|gt|eq)\.20\d\d-/.test(value));
      const page = empty ? [] : state().firstPage();
      const counted = request.headers.get('Prefer')?.includes('count=') ?? false;
      return HttpResponse.json(page, {
        headers: {
          'Content-Range': `${page.length ? `0-${page.length - 1}` : '*'}/${counted ? state().total : '*'}`,
        },
      });
    }),
    http.patch(`${SUPABASE}/rest/v1/leads`, async ({ request }) => {
      await record(requests, request);
      return single(request, { id: 'lead-1' });
    }),
  ];
}

/** A listing of the lead as the lead page reads it (with its marketplace's name). */
export const leadListing = (overrides: Parameters<typeof listingRow>[0] = {}) => ({
  ...listingRow({ description: null, created_at: '2026-11-21T10:00:00Z', ...overrides }),
  marketplace: { name: 'Leadtorget' },
});

/** A purchased_leads row: what Fjordbygg bought of another organization's lead. */
export const purchasedLead = {
  id: 'lead-1',
  organization_id: ORG,
  purchase_id: 'purchase-1',
  marketplace_name: 'Leadtorget',
  name: 'Ola Nordmann',
  email: 'ola@example.no',
  phone: '+47 912 34 567',
  company: 'Ola AS',
  postal_code: '0150',
  city: 'Oslo',
  title: 'Bad skal pusses opp',
  description: 'Totalrenovering, ca. 6 m²',
  category: 'Rørlegger',
  area: 'Oslo',
  paid_with: 'tickets',
  price_tickets: 2,
  price_credits: 0,
  amount_ore: 0,
  created_at: '2026-11-21T12:00:00Z',
  status: 'contacted',
  notes: 'Våre notater',
  erasure_requested_at: null,
};

/** lead_supply's row; promised and remaining are null while nothing is promised (the generated type says number). */
type Supply = Omit<
  Database['public']['Functions']['lead_supply']['Returns'][number],
  'promised' | 'remaining'
> & {
  promised: number | null;
  remaining: number | null;
};

/** lead_supply's row: nothing promised yet unless a test says otherwise. */
export const FREE_SUPPLY: Supply = { sold: 0, promised: null, remaining: null, sold_exclusively: false };

/** What the lead page reads; tests change it and the handlers read it per request. */
export type LeadInfoState = {
  role: Role;
  lead: Tables<'leads'>;
  listings: ReturnType<typeof leadListing>[];
  supply: Supply;
};

export const leadInfoState = (): LeadInfoState => ({
  role: 'owner',
  lead: leadRow({ source: 'import' }),
  listings: [leadListing()],
  supply: FREE_SUPPLY,
});

/**
 * A lead of Fjordbygg's with one listing on Leadtorget, one purchase and two history entries; the
 * advertise form's prices and lists; writes recorded in `requests`, notify-listing calls apart in
 * `notifyCalls`.
 */
export function leadInfoHandlers(state: () => LeadInfoState, requests: Recorded[], notifyCalls: Recorded[]) {
  return [
    ...membershipHandlers(() => state().role),
    http.get(`${SUPABASE}/rest/v1/leads`, ({ request }) => single(request, state().lead)),
    http.get(`${SUPABASE}/rest/v1/advertised_leads`, () => HttpResponse.json(state().listings)),
    http.post(`${SUPABASE}/rest/v1/rpc/lead_supply`, ({ request }) => single(request, state().supply)),
    http.get(`${SUPABASE}/rest/v1/leads_purchases`, () =>
      HttpResponse.json([
        { id: 'p-1', organization_id: OTHER_ORG, paid_with: 'tickets', created_at: '2026-11-21T12:00:00Z' },
      ]),
    ),
    http.get(`${SUPABASE}/rest/v1/leads_events`, () =>
      HttpResponse.json([
        {
          id: 'ev-2',
          kind: 'note_changed',
          from_status: null,
          to_status: null,
          created_at: '2026-11-21T15:00:00Z',
        },
        {
          id: 'ev-1',
          kind: 'status_changed',
          from_status: 'new',
          to_status: 'contacted',
          created_at: '2026-11-21T14:00:00Z',
        },
      ]),
    ),
    http.get(`${SUPABASE}/rest/v1/marketplaces_organizations`, () =>
      HttpResponse.json([
        {
          marketplace: {
            id: MARKETPLACE,
            name: 'Leadtorget',
            default_price_tickets: 1,
            default_price_credits: 0,
            default_price_ore: 0,
          },
        },
      ]),
    ),
    // The lists the advertise form offers (the database holds listings to them).
    ...listingListHandlers(['Elektriker', 'Rørlegger']),
    http.get(`${SUPABASE}/rest/v1/organizations_leads_config`, ({ request }) =>
      request.headers.get('Accept')?.includes('vnd.pgrst.object')
        ? HttpResponse.json({ code: 'PGRST116', message: 'no rows' }, { status: 406 })
        : HttpResponse.json([]),
    ),
    http.post(`${SUPABASE}/rest/v1/advertised_leads`, async ({ request }) => {
      await record(requests, request);
      return single(request, { id: 'ad-2' });
    }),
    http.patch(`${SUPABASE}/rest/v1/advertised_leads`, async ({ request }) => {
      await record(requests, request);
      return single(request, { id: 'ad-1' });
    }),
    http.patch(`${SUPABASE}/rest/v1/leads`, async ({ request }) => {
      await record(requests, request);
      return single(request, { id: 'lead-1' });
    }),
    http.post(`${SUPABASE}/functions/v1/notify-listing`, async ({ request }) => {
      await record(notifyCalls, request);
      return HttpResponse.json({ sent: 2 });
    }),
  ];
}
