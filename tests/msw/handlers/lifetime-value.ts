import { http, HttpResponse } from 'msw';
import type { Cohorts } from '@/features/lifetime-value/api/get-cohorts';
import type { CustomerPage } from '@/features/lifetime-value/api/get-customers';
import type { MarketplaceReturn } from '@/features/lifetime-value/api/get-marketplace-return';
import type { LifetimeValueReport } from '@/features/lifetime-value/api/get-report';
import type { ImportResult, RevenueImport } from '@/features/lifetime-value/api/revenue-imports';
import { SUPABASE } from '../../support/session';
import { record, type Recorded } from '../rest';
import { membershipHandlers } from './account';

export const LEAD_KARI = 'ab000000-0000-4000-8000-000000000001';
export const CAMPAIGN_QUIZ = 'ab000000-0000-4000-8000-000000000101';

export const reportAnswer = (overrides: Partial<LifetimeValueReport> = {}): LifetimeValueReport => ({
  min_sample: 20,
  totals: {
    customers: 48,
    purchases: 90,
    revenue_ore: 9_600_000,
    arpa_ore: 200_000,
    ltv_ore: 200_000,
    ltv_low_ore: 160_000,
    ltv_high_ore: 240_000,
    purchase_frequency: 1.875,
    repeat_rate: 0.42,
    median_days_to_second: 37,
    churn_rate: 0.3,
    predicted_ltv_ore: 310_000,
    small_sample: false,
  },
  sources: [
    {
      source: 'form',
      customers: 40,
      revenue_ore: 7_000_000,
      ltv_ore: 175_000,
      ltv_low_ore: 140_000,
      ltv_high_ore: 210_000,
      repeat_rate: 0.4,
      small_sample: false,
    },
    {
      source: 'marketplace',
      customers: 8,
      revenue_ore: 2_600_000,
      ltv_ore: 325_000,
      ltv_low_ore: null,
      ltv_high_ore: null,
      repeat_rate: 0.5,
      small_sample: true,
    },
  ],
  campaigns: [
    {
      campaign_id: CAMPAIGN_QUIZ,
      name: 'Vårquiz',
      kind: 'form',
      customers: 25,
      revenue_ore: 5_000_000,
      ltv_ore: 200_000,
      ltv_low_ore: 150_000,
      ltv_high_ore: 250_000,
      small_sample: false,
    },
  ],
  ...overrides,
});

export const cohortsAnswer = (): Cohorts => ({
  min_sample: 20,
  cohorts: [
    {
      month: '2026-01',
      customers: 30,
      small_sample: false,
      cells: [
        { offset: 0, active: 30, revenue_ore: 3_000_000 },
        { offset: 1, active: 6, revenue_ore: 900_000 },
      ],
    },
    {
      month: '2026-02',
      customers: 4,
      small_sample: true,
      cells: [{ offset: 0, active: 4, revenue_ore: 400_000 }],
    },
  ],
});

export const customersAnswer = (): CustomerPage => ({
  total: 1,
  rows: [
    {
      lead_id: LEAD_KARI,
      name: 'Kari Nordmann',
      email: 'kari@example.no',
      phone: null,
      source: 'form',
      campaign_id: CAMPAIGN_QUIZ,
      campaign_name: 'Vårquiz',
      first_touch_at: '2026-01-02T10:00:00Z',
      first_purchase_on: '2026-01-05',
      last_purchase_on: '2026-03-01',
      purchases: 3,
      revenue_ore: 450_000,
    },
  ],
});

export const marketplaceAnswer = (): MarketplaceReturn => ({ min_sample: 20, rows: [] });

/** The lifetime value screen's backend: each report function's answer, and every call recorded. */
export type LifetimeValueState = {
  report: LifetimeValueReport;
  imports: RevenueImport[];
  importResult: ImportResult;
  requests: Recorded[];
};

export const newLifetimeValueState = (): LifetimeValueState => ({
  report: reportAnswer(),
  imports: [],
  importResult: { import_id: 'imp-1', inserted: 0, matched: 0, created_leads: 0, rejected: [] },
  requests: [],
});

export function lifetimeValueHandlers(state: () => LifetimeValueState) {
  const rpc = (name: string, answer: () => object) =>
    http.post(`${SUPABASE}/rest/v1/rpc/${name}`, async ({ request }) => {
      await record(state().requests, request);
      return HttpResponse.json(answer());
    });
  return [
    ...membershipHandlers(() => 'owner'),
    rpc('lifetime_value_report', () => state().report),
    rpc('lifetime_value_cohorts', cohortsAnswer),
    rpc('lifetime_value_customers', customersAnswer),
    rpc('lifetime_value_marketplace', marketplaceAnswer),
    rpc('revenue_imports_list', () => state().imports),
    rpc('import_revenue', () => state().importResult),
    http.get(`${SUPABASE}/rest/v1/campaigns`, () =>
      HttpResponse.json([{ id: CAMPAIGN_QUIZ, name: 'Vårquiz', kind: 'form' }]),
    ),
  ];
}

/** The parameters of the last call to a function. */
export const lastCall = (state: LifetimeValueState, name: string) =>
  state.requests.filter((request) => request.url.pathname.endsWith(`/rpc/${name}`)).at(-1)?.body as
    Record<string, unknown> | undefined;
