import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import type { SellerAccountRow } from '@/features/payments/api/get-seller-account';
import type { Receipt } from '@/lib/receipts/types';
import { cardPayment, PAYMENT_ID, type CardPaymentRow } from '../../factories/card-payment';
import { ledgerEntry, type LedgerEntryRow } from '../../factories/ledger-entry';
import { receiptRow } from '../../factories/receipt';
import { MARKETPLACE } from '../../support/ids';
import { SUPABASE } from '../../support/session';
import { record, single, type Recorded } from '../rest';
import { membershipHandlers, receiptEmailWriteHandlers } from './account';

type Role = 'owner' | 'admin' | 'member';

export const LEADTORGET = 'c0000000-0000-4000-8000-000000000001';
export const PARTNER = 'c0000000-0000-4000-8000-000000000002';
export const LEAD_PAYMENT_ID = '88888888-8888-4888-8888-888888888888';
export const PURCHASE_ID = '77777777-7777-4777-8777-777777777777';

/** The marketplaces' on-demand prices, embedded with each pack (a pack's price per lead and saving). */
const LEADTORGET_PRICES = { default_price_ore: 9_900, default_price_tickets: 1, default_price_credits: 100 };
const PARTNER_PRICES = { default_price_ore: 14_900, default_price_tickets: 2, default_price_credits: 150 };

/** An edge function's answer as a test scripts it: status 0 is a lost answer (network error). */
export type FunctionAnswer = { status: number; body: unknown; delayMs?: number };

/** What the fake server holds for /payments; tests change it and the handlers read it per request. */
export type PaymentsState = {
  role: Role;
  balance: { tickets: number; credits: number };
  card: { payment_method_id: string | null; card_brand: string | null; card_last4: string | null };
  receiptEmails: string[];
  ledger: LedgerEntryRow[];
  cardPayments: CardPaymentRow[];
  /** Issued receipts (the lead's card payment has none: settled before receipts were numbered). */
  receipts: Receipt[];
  /** Answers of payments-pack, in order; the last one repeats. */
  packAnswers: FunctionAnswer[];
  localAnswers: FunctionAnswer[];
  /** The organization's seller_accounts row; null: not connected. */
  sellerAccount: SellerAccountRow | null;
  /** Answers of payments-connect, in order; the last one repeats. */
  connectAnswers: FunctionAnswer[];
};

/** Fjord Rør's payments: two marketplaces, a pack bought by card, leads bought with klipp and by card. */
export function paymentsState(): PaymentsState {
  return {
    role: 'owner',
    balance: { tickets: 22, credits: 500 },
    card: { payment_method_id: 'pm_card_visa', card_brand: 'visa', card_last4: '4242' },
    receiptEmails: ['regnskap@fjordror.no'],
    ledger: [
      ledgerEntry({
        id: 3,
        kind: 'tickets_purchase',
        tickets_delta: 25,
        amount_ore: 225_000,
        reference: `card_payment ${PAYMENT_ID}`,
        created_at: '2026-11-20T13:05:02Z',
      }),
      ledgerEntry({
        id: 2,
        tickets_delta: -3,
        reference: 'lead_purchase 11111111-2222-4333-8444-555555555555',
        created_at: '2026-11-19T08:00:00Z',
      }),
      ledgerEntry({
        id: 4,
        tickets_delta: 0,
        amount_ore: 14_900,
        reference: `lead_purchase ${PURCHASE_ID} card pi_local_lead`,
        created_at: '2026-11-21T18:30:00Z',
      }),
      ledgerEntry({
        id: 1,
        kind: 'adjustment',
        tickets_delta: 0,
        credits_delta: 500,
        reference: 'Demo: 500 kreditter',
        created_at: '2026-11-01T10:00:00Z',
      }),
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
    receipts: [receiptRow()],
    packAnswers: [],
    localAnswers: [],
    sellerAccount: null,
    connectAnswers: [],
  };
}

const IN_LIST = /^in\.\((.*)\)$/;

/** The ledger as PostgREST would answer the overview's request: kind, dates, order, range, count. */
function ledgerAnswer(state: PaymentsState, request: Request) {
  const url = new URL(request.url);
  let rows = [...state.ledger];
  const kind = IN_LIST.exec(url.searchParams.get('kind') ?? '');
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

/** The scripted answers of an edge function, in order (the last repeats); none scripted → a 500. */
async function scripted(answers: FunctionAnswer[], calls: number) {
  const answer = answers[Math.min(calls - 1, answers.length - 1)];
  if (!answer) return HttpResponse.json({ error: { code: 'unknown' } }, { status: 500 });
  if (answer.delayMs) await delay(answer.delayMs);
  if (answer.status === 0) return HttpResponse.error();
  return HttpResponse.json(answer.body as JsonBodyType, { status: answer.status });
}

const callsTo = (requests: Recorded[], path: string) =>
  requests.filter((item) => item.url.pathname.endsWith(path));
export const packCalls = (requests: Recorded[]) => callsTo(requests, '/functions/v1/payments-pack');
export const localCalls = (requests: Recorded[]) => callsTo(requests, '/functions/v1/payments-local');
export const connectCalls = (requests: Recorded[]) => callsTo(requests, '/functions/v1/payments-connect');
export const ledgerCalls = (requests: Recorded[]) =>
  callsTo(requests, '/rest/v1/organizations_payments_ledger');

/** /payments: balances, card, receipt e-mails, plans, packs, the ledger, payments-pack and payments-local. */
export function paymentsHandlers(state: () => PaymentsState, requests: Recorded[]) {
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
    ...receiptEmailWriteHandlers(state, requests),
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
      const ids = IN_LIST.exec(url.searchParams.get('id') ?? '')?.[1]?.split(',');
      const purchases = IN_LIST.exec(url.searchParams.get('lead_purchase_id') ?? '')?.[1]?.split(',');
      return HttpResponse.json(
        state().cardPayments.filter(
          (row) =>
            (ids?.includes(row.id) ?? false) || (purchases?.includes(row.lead_purchase_id ?? '') ?? false),
        ),
      );
    }),
    http.get(`${SUPABASE}/rest/v1/receipts`, ({ request }) => {
      const sourceId = new URL(request.url).searchParams.get('source_id')?.replace(/^eq\./, '');
      return HttpResponse.json(state().receipts.filter((row) => row.source_id === sourceId));
    }),
    http.post(`${SUPABASE}/functions/v1/payments-pack`, async ({ request }) => {
      await record(requests, request);
      return scripted(state().packAnswers, packCalls(requests).length);
    }),
    http.post(`${SUPABASE}/functions/v1/payments-local`, async ({ request }) => {
      await record(requests, request);
      return scripted(state().localAnswers, localCalls(requests).length);
    }),
    http.get(`${SUPABASE}/rest/v1/seller_accounts`, ({ request }) => {
      const row = state().sellerAccount;
      return row ? single(request, row) : HttpResponse.json([]);
    }),
    http.post(`${SUPABASE}/functions/v1/payments-connect`, async ({ request }) => {
      await record(requests, request);
      return scripted(state().connectAnswers, connectCalls(requests).length);
    }),
  ];
}

// -------------------------------------------------------------------------------------------------
// /payments/setup

type Body = Record<string, unknown>;

/** What the fake server holds for /payments/setup; tests change it and the handlers read it per request. */
export type PaymentSetupState = {
  role: Role;
  /** The saved card's columns of organizations_payments_config; null: none saved. */
  card: Body | null;
  /** Every payments-setup and payments-local call, in order. */
  calls: { fn: string; body: Body }[];
  /** What was upserted into organizations_marketplaces_configs. */
  upserts: Body[];
  needsPaymentSetup: boolean;
  /** payments-local's answer to a call. */
  local: (body: Body) => Response;
  /** payments-setup `complete`'s answer to its n-th call. */
  complete: (count: number) => Response;
};

const NO_CARD = {
  payment_method_id: null,
  card_brand: null,
  card_last4: null,
  card_exp_month: null,
  card_exp_year: null,
};

/** Fjordbygg AS on Leadtorget Vest, on demand without a card; confirmations and `complete` succeed. */
export function paymentSetupState(): PaymentSetupState {
  return {
    role: 'owner',
    card: null,
    calls: [],
    upserts: [],
    needsPaymentSetup: false,
    local: () => HttpResponse.json({ status: 'succeeded', clientSecret: 'seti_secret' }),
    complete: () =>
      HttpResponse.json({
        status: 'succeeded',
        card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
      }),
  };
}

const LISTING_TEASERS = [
  {
    id: 'listing-1',
    title: 'Varmepumpe til enebolig',
    category: 'Elektriker',
    area: 'Bergen',
    price_ore: 49_900,
    price_tickets: 1,
    price_credits: 0,
    max_buyers: 3,
    buyers_count: 1,
    created_at: '2026-11-20T10:00:00Z',
    open_count: 12,
  },
  {
    id: 'listing-2',
    title: 'Nytt sikringsskap',
    category: 'Elektriker',
    area: null,
    price_ore: 49_900,
    price_tickets: 1,
    price_credits: 0,
    max_buyers: 1,
    buyers_count: 0,
    created_at: '2026-11-19T10:00:00Z',
    open_count: 12,
  },
];

/** /payments/setup: the card, the plans with their packs and status, teasers, payments-setup and payments-local. */
export function paymentSetupHandlers(state: () => PaymentSetupState) {
  const callsOf = (action: string) => state().calls.filter((call) => call.body.action === action).length;
  return [
    ...membershipHandlers(() => state().role),
    http.get(`${SUPABASE}/rest/v1/organizations_payments_config`, ({ request }) =>
      single(request, state().card ?? NO_CARD),
    ),
    http.get(`${SUPABASE}/rest/v1/marketplaces_organizations`, () =>
      HttpResponse.json([
        {
          marketplace_id: MARKETPLACE,
          marketplace: {
            id: MARKETPLACE,
            name: 'Leadtorget Vest',
            default_price_ore: 49_900,
            default_price_tickets: 1,
          },
        },
      ]),
    ),
    http.get(`${SUPABASE}/rest/v1/organizations_marketplaces_configs`, () =>
      HttpResponse.json([{ marketplace_id: MARKETPLACE, plan: 'on_demand', tickets_per_month: null }]),
    ),
    http.get(`${SUPABASE}/rest/v1/marketplaces_ticket_packs`, () =>
      HttpResponse.json([
        { id: 'pack-10', marketplace_id: MARKETPLACE, tickets: 10, price_ore: 100_000 },
        { id: 'pack-25', marketplace_id: MARKETPLACE, tickets: 25, price_ore: 225_000 },
      ]),
    ),
    http.post(`${SUPABASE}/rest/v1/rpc/marketplace_payment_status`, ({ request }) =>
      single(request, { is_member: true, plan: 'on_demand', needs_payment_setup: state().needsPaymentSetup }),
    ),
    http.post(`${SUPABASE}/rest/v1/rpc/marketplace_listing_teasers`, () =>
      HttpResponse.json(LISTING_TEASERS),
    ),
    http.post(`${SUPABASE}/rest/v1/organizations_marketplaces_configs`, async ({ request }) => {
      state().upserts.push((await request.json()) as Body);
      return new HttpResponse(null, { status: 201 });
    }),
    http.post(`${SUPABASE}/functions/v1/payments-setup`, async ({ request }) => {
      const body = (await request.json()) as Body;
      state().calls.push({ fn: 'payments-setup', body });
      if (body.action === 'start') {
        const count = callsOf('start');
        return HttpResponse.json({
          provider: 'local',
          publishableKey: null,
          setupIntentId: `seti_${count}`,
          clientSecret: `seti_${count}_secret`,
        });
      }
      if (body.action === 'complete') return state().complete(callsOf('complete'));
      if (body.action === 'remove') return HttpResponse.json({ removed: true });
      return HttpResponse.json({ error: { code: 'invalid-input' } }, { status: 400 });
    }),
    http.post(`${SUPABASE}/functions/v1/payments-local`, async ({ request }) => {
      const body = (await request.json()) as Body;
      state().calls.push({ fn: 'payments-local', body });
      return state().local(body);
    }),
  ];
}
