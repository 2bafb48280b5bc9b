import type { Database, Tables } from '@/lib/database.types';
import { ORG } from '../support/ids';

type Functions = Database['public']['Functions'];
// The type generator types every column a table function returns as non-null; these may be null.
type PopupSummary = Omit<Functions['popup_summaries']['Returns'][number], 'rate'> & { rate: number | null };
type PopupResult = Functions['popup_results']['Returns'][number];

export const POPUP_SITE = 'ce000000-0000-4000-8000-0000000000d1';
export const POPUP_SITE_KEY = 'ce000000-0000-4000-8000-0000000000d2';
export const POPUP = 'ce000000-0000-4000-8000-0000000000aa';
export const POPUP_VARIANT_A = 'ce000000-0000-4000-8000-0000000000a1';
export const POPUP_VARIANT_B = 'ce000000-0000-4000-8000-0000000000b1';

/** Fjordbygg AS's site fjordbygg.no, as the popup_sites table answers it. */
export function popupSiteRow(overrides: Partial<Tables<'popup_sites'>> = {}): Tables<'popup_sites'> {
  return {
    id: POPUP_SITE,
    organization_id: ORG,
    domain: 'fjordbygg.no',
    include_subdomains: true,
    site_key: POPUP_SITE_KEY,
    max_per_session: 1,
    max_per_day: 2,
    created_at: '2027-02-20T10:00:00Z',
    updated_at: '2027-02-20T10:00:00Z',
    ...overrides,
  };
}

/** «Nyhetsbrev» of Fjordbygg AS: a modal after 8 seconds, active, as the popups table answers it. */
export function popupRow(overrides: Partial<Tables<'popups'>> = {}): Tables<'popups'> {
  return {
    id: POPUP,
    organization_id: ORG,
    kind: 'popup',
    type: 'modal',
    priority: 10,
    triggers: [{ kind: 'delay', seconds: 8 }],
    targeting: {},
    frequency: { after_close_days: 30, once_per_session: true },
    paused_at: null,
    archived_at: null,
    created_at: '2027-02-20T10:00:00Z',
    updated_at: '2027-02-20T10:00:00Z',
    popup_status: 'active',
    ...overrides,
  };
}

/** Variant A of POPUP (weight 50, an e-mail field, the code FJORD10) unless the overrides say otherwise. */
export function popupVariantRow(overrides: Partial<Tables<'popup_variants'>> = {}): Tables<'popup_variants'> {
  return {
    id: POPUP_VARIANT_A,
    popup_id: POPUP,
    organization_id: ORG,
    label: 'A',
    weight: 50,
    content: {
      heading: 'Få 10 % på første service',
      text: 'Meld deg på nyhetsbrevet vårt.',
      field: 'email',
      form_id: null,
      button: 'Send meg rabattkoden',
      success_heading: 'Takk!',
      success_text: 'Rabattkoden din:',
    },
    image_media_id: null,
    discount_code: 'FJORD10',
    created_at: '2027-02-20T10:00:00Z',
    updated_at: '2027-02-20T10:00:00Z',
    ...overrides,
  };
}

/** A line of popup_summaries: POPUP with 1 200 views and 36 conversions on fjordbygg.no. */
export function popupSummaryRow(overrides: Partial<PopupSummary> = {}): PopupSummary {
  return {
    popup_id: POPUP,
    name: 'Nyhetsbrev',
    type: 'modal',
    status: 'active',
    views: 1200,
    conversions: 36,
    rate: 0.03,
    sites: ['fjordbygg.no'],
    created_at: '2027-02-20T10:00:00Z',
    ...overrides,
  };
}

/** A line of popup_results: variant A's counters on one day, page, device and source. */
export function popupResultRow(overrides: Partial<PopupResult> = {}): PopupResult {
  return {
    day: '2027-02-21',
    variant_id: POPUP_VARIANT_A,
    label: 'A',
    page: '/bad',
    device: 'mobile',
    source: 'google',
    views: 120,
    closes: 40,
    conversions: 4,
    ...overrides,
  };
}
