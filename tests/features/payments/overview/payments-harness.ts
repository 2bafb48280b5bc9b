import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { initI18n, loadNamespaces } from '@/lib/i18n';
import { membershipHandlers } from '../../../msw/handlers/account';
import { record, single, type Recorded } from '../../../msw/rest';
import { ORG } from '../../../support/ids';
import { SUPABASE } from '../../../support/session';

export { ORG, SUPABASE, type Recorded };
/** The marketplaces' on-demand prices, embedded with each pack (a pack's price per lead and saving). */
const LEADTORGET_PRICES = { default_price_ore: 9_900, default_price_tickets: 1, default_price_credits: 100 };
const PARTNER_PRICES = { default_price_ore: 14_900, default_price_tickets: 2, default_price_credits: 150 };

export const LEADTORGET = 'c0000000-0000-4000-8000-000000000001';
export const PARTNER = 'c0000000-0000-4000-8000-000000000002';
export const PAYMENT_ID = '99999999-9999-4999-8999-999999999999';
export const LEAD_PAYMENT_ID = '88888888-8888-4888-8888-888888888888';
export const PURCHASE_ID = '77777777-7777-4777-8777-777777777777';

export async function preparePaymentsI18n() {
  await initI18n(undefined, 'nb');
  await loadNamespaces('payments');
}

export type LedgerRow = {
  id: number;
  kind: string;
  tickets_delta: number;
  credits_delta: number;
  amount_ore: number;
  reference: string | null;
  created_at: string;
};

export type CardPaymentRow = Record<string, unknown> & { id: string; lead_purchase_id: string | null };

/** What the fake server holds; tests change it and the handlers read it per request. */
export type State = {
  role: 'owner' | 'admin' | 'member';
  balance: { tickets: number; credits: number };
  card: { payment_method_id: string | null; card_brand: string | null; card_last4: string | null };
  receiptEmails: string[];
  ledger: LedgerRow[];
  cardPayments: CardPaymentRow[];
  /** Answers of payments-pack, in order; the last one repeats. */
  packAnswers: { status: number; body: unknown; delayMs?: number }[];
  localAnswers: { status: number; body: unknown }[];
};

export function cardPayment(overrides: Partial<CardPaymentRow> = {}): CardPaymentRow {
  return {
    id: PAYMENT_ID,
    purpose: 'tickets_pack',
    lead_purchase_id: null,
    tickets: 25,
    credits: 0,
    amount_ore: 225_000,
    refunded_ore: 0,
    currency: 'nok',
    description: '25 klipp – Leadtorget',
    status: 'succeeded',
    card_brand: 'visa',
    card_last4: '4242',
    provider_payment_id: 'pi_local_abc123',
    created_at: '2026-11-20T13:05:00Z',
    settled_at: '2026-11-20T13:05:02Z',
    ...overrides,
  };
}

export function initialState(): State {
  return {
    role: 'owner',
    balance: { tickets: 22, credits: 500 },
    card: { payment_method_id: 'pm_card_visa', card_brand: 'visa', card_last4: '4242' },
    receiptEmails: ['regnskap@fjordror.no'],
    ledger: [
      {
        id: 3,
        kind: 'tickets_purchase',
        tickets_delta: 25,
        credits_delta: 0,
        amount_ore: 225_000,
        reference: `card_payment ${PAYMENT_ID}`,
        created_at: '2026-11-20T13:05:02Z',
      },
      {
        id: 2,
        kind: 'lead_purchase',
        tickets_delta: -3,
        credits_delta: 0,
        amount_ore: 0,
        reference: 'lead_purchase 11111111-2222-4333-8444-555555555555',
        created_at: '2026-11-19T08:00:00Z',
      },
      {
        id: 4,
        kind: 'lead_purchase',
        tickets_delta: 0,
        credits_delta: 0,
        amount_ore: 14_900,
        reference: `lead_purchase ${PURCHASE_ID} card pi_local_lead`,
        created_at: '2026-11-21T18:30:00Z',
      },
      {
        id: 1,
        kind: 'adjustment',
        tickets_delta: 0,
        credits_delta: 500,
        amount_ore: 0,
        reference: 'Demo: 500 kreditter',
        created_at: '2026-11-01T10:00:00Z',
      },
    ],
    cardPayments: [
      cardPayment(),
      cardPayment({
        id: LEAD_PAYMENT_ID,
        purpose: 'lead',
        lead_purchase_id: PURCHASE_ID,
        tickets: 0,
        amount_ore: 14_900,
        description: 'Lead: Nytt bad i Bergen – Leadtorget',
        card_brand: 'mastercard',
        card_last4: '4444',
        provider_payment_id: 'pi_local_lead',
        created_at: '2026-11-21T18:30:00Z',
        settled_at: '2026-11-21T18:30:01Z',
      }),
    ],
    packAnswers: [],
    localAnswers: [],
  };
}

const KINDS_IN = /^in\.\((.*)\)$/;

/** The ledger as PostgREST would answer the overview's request: kind, dates, order, range, count. */
function ledgerAnswer(state: State, request: Request) {
  const url = new URL(request.url);
  let rows = [...state.ledger];
  const kind = KINDS_IN.exec(url.searchParams.get('kind') ?? '');
  if (kind?.[1]) {
    const kinds = kind[1].split(',');
    rows = rows.filter((row) => kinds.includes(row.kind));
  }
  for (const value of url.searchParams.getAll('created_at')) {
    const [op, ...rest] = value.split('.');
    const at = rest.join('.');
    rows = rows.filter((row) => (op === 'gte' ? row.created_at >= at : row.created_at < at));
  }
  rows.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id));
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? 1000);
  const page = rows.slice(offset, offset + limit);
  return HttpResponse.json(page, {
    headers: {
      'Content-Range': `${page.length ? `${offset}-${offset + page.length - 1}` : '*'}/${rows.length}`,
    },
  });
}

export function handlers(state: () => State, requests: Recorded[]) {
  return [
    ...membershipHandlers(() => state().role),
    http.get(`${SUPABASE}/rest/v1/organizations_payments`, ({ request }) => single(request, state().balance)),
    http.get(`${SUPABASE}/rest/v1/organizations_payments_config`, ({ request }) =>
      single(request, {
        ...state().card,
        card_exp_month: 12,
        card_exp_year: 2030,
        receipt_emails: state().receiptEmails,
      }),
    ),
    http.patch(`${SUPABASE}/rest/v1/organizations_payments_config`, async ({ request }) => {
      await record(requests, request);
      state().receiptEmails = (requests.at(-1)!.body as { receipt_emails: string[] }).receipt_emails;
      return single(request, { id: ORG });
    }),
    http.post(`${SUPABASE}/rest/v1/rpc/organizations_payments_email_insert`, async ({ request }) => {
      await record(requests, request);
      const { input_email } = requests.at(-1)!.body as { input_email: string };
      if (state().receiptEmails.includes(input_email)) {
        return HttpResponse.json(
          { code: '23505', message: 'receipt-email-exists', details: null, hint: null },
          { status: 409 },
        );
      }
      state().receiptEmails = [...state().receiptEmails, input_email];
      return HttpResponse.json(state().receiptEmails);
    }),
    http.get(`${SUPABASE}/rest/v1/organizations`, ({ request }) =>
      single(request, { name: 'Fjord Rør AS', organization_number: '915226485' }),
    ),
    http.get(`${SUPABASE}/rest/v1/marketplaces_organizations`, () =>
      HttpResponse.json([
        { marketplace_id: LEADTORGET, marketplace: { name: 'Leadtorget' } },
        { marketplace_id: PARTNER, marketplace: { name: 'Partnerportalen' } },
      ]),
    ),
    http.get(`${SUPABASE}/rest/v1/organizations_marketplaces_configs`, () =>
      HttpResponse.json([
        { marketplace_id: LEADTORGET, plan: 'tickets', tickets_per_month: 25 },
        { marketplace_id: PARTNER, plan: 'on_demand', tickets_per_month: null },
      ]),
    ),
    http.get(`${SUPABASE}/rest/v1/marketplaces_ticket_packs`, () =>
      HttpResponse.json([
        {
          id: 'tp-10',
          marketplace_id: LEADTORGET,
          tickets: 10,
          price_ore: 89_000,
          sort_order: 1,
          marketplace: LEADTORGET_PRICES,
        },
        {
          id: 'tp-25',
          marketplace_id: LEADTORGET,
          tickets: 25,
          price_ore: 200_000,
          sort_order: 2,
          marketplace: LEADTORGET_PRICES,
        },
        {
          id: 'tp-5',
          marketplace_id: PARTNER,
          tickets: 5,
          price_ore: 36_000,
          sort_order: 1,
          marketplace: PARTNER_PRICES,
        },
      ]),
    ),
    http.get(`${SUPABASE}/rest/v1/marketplaces_credit_packs`, () =>
      HttpResponse.json([
        {
          id: 'cp-100',
          marketplace_id: LEADTORGET,
          credits: 100,
          price_ore: 9_500,
          sort_order: 1,
          marketplace: LEADTORGET_PRICES,
        },
      ]),
    ),
    http.get(`${SUPABASE}/rest/v1/organizations_payments_ledger`, async ({ request }) => {
      await record(requests, request);
      return ledgerAnswer(state(), request);
    }),
    http.get(`${SUPABASE}/rest/v1/card_payments`, ({ request }) => {
      const url = new URL(request.url);
      const ids = KINDS_IN.exec(url.searchParams.get('id') ?? '')?.[1]?.split(',');
      const purchases = KINDS_IN.exec(url.searchParams.get('lead_purchase_id') ?? '')?.[1]?.split(',');
      return HttpResponse.json(
        state().cardPayments.filter(
          (row) =>
            (ids?.includes(row.id) ?? false) || (purchases?.includes(row.lead_purchase_id ?? '') ?? false),
        ),
      );
    }),
    http.post(`${SUPABASE}/functions/v1/payments-pack`, async ({ request }) => {
      await record(requests, request);
      const calls = requests.filter((item) => item.url.pathname.endsWith('/payments-pack')).length;
      const answers = state().packAnswers;
      const answer = answers[Math.min(calls - 1, answers.length - 1)];
      if (!answer) return HttpResponse.json({ error: { code: 'unknown' } }, { status: 500 });
      if (answer.delayMs) await delay(answer.delayMs);
      if (answer.status === 0) return HttpResponse.error();
      return HttpResponse.json(answer.body as JsonBodyType, { status: answer.status });
    }),
    http.post(`${SUPABASE}/functions/v1/payments-local`, async ({ request }) => {
      await record(requests, request);
      const calls = requests.filter((item) => item.url.pathname.endsWith('/payments-local')).length;
      const answers = state().localAnswers;
      const answer = answers[Math.min(calls - 1, answers.length - 1)];
      if (!answer) return HttpResponse.json({ error: { code: 'unknown' } }, { status: 500 });
      return HttpResponse.json(answer.body as JsonBodyType, { status: answer.status });
    }),
  ];
}

export const packCalls = (requests: Recorded[]) =>
  requests.filter((item) => item.url.pathname.endsWith('/functions/v1/payments-pack'));
export const localCalls = (requests: Recorded[]) =>
  requests.filter((item) => item.url.pathname.endsWith('/functions/v1/payments-local'));
export const ledgerCalls = (requests: Recorded[]) =>
  requests.filter((item) => item.url.pathname.endsWith('/rest/v1/organizations_payments_ledger'));
