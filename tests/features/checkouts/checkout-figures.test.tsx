import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FiguresView } from '@/features/checkouts/components/figures/figures-view';
import { OrdersSection } from '@/features/checkouts/components/orders/orders-section';
import { receiptRow } from '../../factories/receipt';
import {
  checkoutFiguresHandlers,
  newCheckoutFiguresState,
  type CheckoutFiguresState,
} from '../../msw/handlers/checkout-figures';
import { setupMswServer } from '../../msw/server';
import { catchDownloads } from '../../support/catch-downloads';
import { readBlob } from '../../support/read-blob';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

const CHECKOUT = 'c0000000-0000-4000-8000-000000000001';
const counts = { visits: 0, visitors: 0, started: 0, orders: 0, gross_ore: 0 };

let state: CheckoutFiguresState = newCheckoutFiguresState();
setupMswServer(...checkoutFiguresHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('checkouts', 'receipts', 'checkout-errors', 'campaign-errors');
});
beforeEach(() => {
  state = newCheckoutFiguresState();
  signIn();
});

const order = (overrides: Record<string, unknown> = {}) => ({
  id: 'o0000000-0000-4000-8000-000000000001',
  number: 1001,
  status: 'paid',
  buyer: { name: 'Kari Nordmann' },
  answers: {},
  subtotal_ore: 59800,
  discount_ore: 0,
  total_ore: 59800,
  refunded_ore: 0,
  card_brand: 'visa',
  card_last4: '4242',
  provider: 'local',
  source: 'facebook',
  created_at: '2026-06-10T10:04:00Z',
  paid_at: '2026-06-10T10:05:00Z',
  coupon: null,
  participant: { email: 'kari@example.no', name: 'Kari Nordmann' },
  lines: [
    {
      description: 'Rørkurs',
      quantity: 1,
      unit_price_ore: 49900,
      vat_rate: 25,
      discount_ore: 0,
      is_bump: false,
    },
    {
      description: 'Matpakke',
      quantity: 1,
      unit_price_ore: 9900,
      vat_rate: 15,
      discount_ore: 0,
      is_bump: true,
    },
  ],
  refunds: [],
  ...overrides,
});

describe('the checkout figures', () => {
  it('shows the counts and the rates derived from them, per source too, for the last 30 days', async () => {
    state.figures = {
      totals: {
        visits: 260,
        visitors: 200,
        started: 40,
        orders: 10,
        gross_ore: 549000,
        bump_orders: 3,
        refunds: 1,
        refunded_ore: 49900,
      },
      days: [{ day: '2026-06-10', ...counts, visitors: 200, orders: 10, gross_ore: 549000 }],
      sources: [
        { source: 'facebook', visits: 200, visitors: 150, started: 30, orders: 9, gross_ore: 500000 },
        { source: null, visits: 60, visitors: 50, started: 10, orders: 1, gross_ore: 49000 },
      ],
    };
    renderApp(() => <FiguresView checkoutId={CHECKOUT} />);
    const figures = await screen.findByLabelText('Tall for perioden');
    const value = (term: string) =>
      within(figures).getByText(term).closest('div')?.querySelector('dd')?.textContent;
    expect(value('Unike besøkende')).toBe('200');
    expect(value('Konvertering')).toBe('5,0 %');
    expect(value('Omsetning')).toMatch(/^4\s991,00\s*kr$/);
    expect(value('Snittordre')).toMatch(/^549,00\s*kr$/);
    expect(value('Tok tilleggstilbudet')).toBe('30,0 %');
    expect(value('Inntjening per besøkende')).toMatch(/^24,96\s*kr$/);
    const sources = screen.getByRole('table', { name: 'Tall per kilde' });
    expect(within(sources).getByText('Direkte / ukjent')).toBeInTheDocument();
    const facebook = within(sources).getByText('facebook').closest('tr');
    expect(within(facebook!).getByText('6,0 %')).toBeInTheDocument();
    const query = state.requests.find((request) => request.url.pathname.endsWith('checkout_figures'))
      ?.body as {
      input_from: string;
      input_to: string;
    };
    expect((Date.parse(query.input_to) - Date.parse(query.input_from)) / 86_400_000).toBe(29);
  });
});

describe('the orders', () => {
  it('lists paid orders, opens one with MVA per rate and refunds part of it after asking', async () => {
    state.receipts = [
      receiptRow({ number: 12, source_kind: 'order', source_id: 'o0000000-0000-4000-8000-000000000001' }),
    ];
    state.orders = [
      order(),
      order({ id: 'o0000000-0000-4000-8000-000000000002', number: 1002, status: 'expired' }),
    ];
    const user = userEvent.setup();
    renderApp(() => <OrdersSection checkoutId={CHECKOUT} checkoutName="Rørkurs" canRefund />);
    await user.click(await screen.findByRole('button', { name: 'Vis ordre 1001' }));
    expect(screen.queryByRole('button', { name: 'Vis ordre 1002' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Ordre 1001' });
    // 499 kr at 25 % holds 99,80; 99 kr at 15 % holds 12,91.
    expect(within(dialog).getByText('Herav mva 25 %').closest('tr')).toHaveTextContent(/99,80/);
    expect(within(dialog).getByText('Herav mva 15 %').closest('tr')).toHaveTextContent(/12,91/);
    const amount = within(dialog).getByLabelText('Beløp å refundere (kr)');
    expect(amount).toHaveValue('598');
    await user.clear(amount);
    await user.type(amount, '700');
    await user.click(within(dialog).getByRole('button', { name: /^Refunder/ }));
    expect(within(dialog).getByText(/Skriv et beløp mellom 0,01 og 598,00/)).toBeInTheDocument();
    expect(amount).toHaveValue('700');
    await user.clear(amount);
    await user.type(amount, '99,50');
    await user.click(within(dialog).getByRole('button', { name: /^Refunder 99,50/ }));
    const ask = await screen.findByRole('dialog', { name: 'Refunder' });
    expect(ask).toHaveTextContent(/Visa •••• 4242/);
    await user.click(within(ask).getByRole('button', { name: /^Refunder 99,50/ }));
    // The order is read again: the refund shows on it and what is left to refund shrinks.
    expect(await within(dialog).findByText('Refundert')).toBeInTheDocument();
    expect(within(dialog).getByText(/Opptil 498,50/)).toBeInTheDocument();
    // Its credit note joins the receipt among the order's documents.
    expect(await within(dialog).findByText('Kreditnota nr. 13: −99,50 kr')).toBeInTheDocument();
    const call = state.requests.find((request) => request.url.pathname.endsWith('checkout-orders'));
    expect(call?.body).toMatchObject({
      action: 'refund',
      orderId: 'o0000000-0000-4000-8000-000000000001',
      amountOre: 9950,
      reason: null,
    });
    expect((call?.body as { requestId: string }).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("lists the order's receipt and downloads it as PDF", async () => {
    state.orders = [order()];
    state.receipts = [
      receiptRow({
        number: 12,
        source_kind: 'order',
        source_id: 'o0000000-0000-4000-8000-000000000001',
        seller_name: 'Fjord Rør AS',
        total_ore: 59800,
      }),
    ];
    const files = catchDownloads();
    const user = userEvent.setup();
    renderApp(() => <OrdersSection checkoutId={CHECKOUT} checkoutName="Rørkurs" canRefund />);
    await user.click(await screen.findByRole('button', { name: 'Vis ordre 1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ordre 1001' });
    const documents = await within(dialog).findByRole('region', { name: 'Bilag' });
    expect(within(documents).getByText('Kvittering nr. 12: 598,00 kr')).toBeInTheDocument();
    await user.click(within(documents).getByRole('button', { name: 'Last ned PDF kvittering nr. 12' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.name).toBe('kvittering-12.pdf');
    const pdf = await readBlob(files[0]!.blob);
    expect(pdf).toContain('(Kvittering nr. 12)');
    expect(pdf).toContain('(Ordrenummer)');
  });

  it('says so when no receipt was issued for an order', async () => {
    state.orders = [order()];
    const user = userEvent.setup();
    renderApp(() => <OrdersSection checkoutId={CHECKOUT} checkoutName="Rørkurs" canRefund />);
    await user.click(await screen.findByRole('button', { name: 'Vis ordre 1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ordre 1001' });
    expect(
      await within(dialog).findByText('Ingen kvittering er utstedt for denne ordren.'),
    ).toBeInTheDocument();
  });

  it('shows every attempt on request and downloads the CSV of the rows shown', async () => {
    state.orders = [
      order(),
      order({ id: 'o0000000-0000-4000-8000-000000000002', number: 1002, status: 'expired' }),
    ];
    const user = userEvent.setup();
    const created: Blob[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:orders';
    });
    renderApp(() => <OrdersSection checkoutId={CHECKOUT} checkoutName="Rørkurs" canRefund={false} />);
    await screen.findByRole('button', { name: 'Vis ordre 1001' });
    await user.selectOptions(screen.getByLabelText('Vis'), 'Alle forsøk');
    expect(screen.getByRole('button', { name: 'Vis ordre 1002' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last ned ordrer (CSV)' }));
    const text = await readBlob(created[0]!);
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(3);
    expect(text).toContain('1002;');
    createObjectURL.mockRestore();
  });

  it('says an order no payment provider took cannot be refunded here', async () => {
    state.orders = [order({ provider: null })];
    const user = userEvent.setup();
    renderApp(() => <OrdersSection checkoutId={CHECKOUT} checkoutName="Rørkurs" canRefund />);
    await user.click(await screen.findByRole('button', { name: 'Vis ordre 1001' }));
    expect(await screen.findByText(/kan ikke refunderes her/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Beløp å refundere (kr)')).not.toBeInTheDocument();
  });

  it('tells a member that only owners and admins refund', async () => {
    state.role = 'member';
    state.orders = [order()];
    const user = userEvent.setup();
    renderApp(() => <OrdersSection checkoutId={CHECKOUT} checkoutName="Rørkurs" canRefund={false} />);
    await user.click(await screen.findByRole('button', { name: 'Vis ordre 1001' }));
    expect(await screen.findByText('Bare eiere og administratorer kan refundere.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Beløp å refundere (kr)')).not.toBeInTheDocument();
  });
});
