import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerConfirm, getCurrentConfirm } from '@/components/dialog-store';
import { clearNotifications, getNotifications } from '@/components/notification-store';
import PaymentsOverviewPage from '@/features/payments/routes/overview';
import { formatMoney as formatMoneyRaw } from '@/lib/format';
import errorsNb from '@/locales/nb/errors.json';
import memberNbJson from '@/locales/nb/member.json';
import { PAYMENT_ID } from '../../../factories/card-payment';
import { ledgerEntry } from '../../../factories/ledger-entry';
import {
  ledgerCalls,
  localCalls,
  packCalls,
  paymentsHandlers,
  paymentsState,
  type PaymentsState,
} from '../../../msw/handlers/payments';
import type { Recorded } from '../../../msw/rest';
import { setupMswServer } from '../../../msw/server';
import { ORG } from '../../../support/ids';
import { prepareI18n, renderApp } from '../../../support/render-app';
import { signIn } from '../../../support/session';

let state: PaymentsState = paymentsState();
const requests: Recorded[] = [];
setupMswServer(...paymentsHandlers(() => state, requests));

beforeAll(() => prepareI18n('payments'));
beforeEach(() => {
  state = paymentsState();
  requests.length = 0;
  clearNotifications();
  signIn();
});
afterEach(() => {
  // A confirmation left open by a failed test must not cover the next one.
  for (let open = getCurrentConfirm(); open; open = getCurrentConfirm()) answerConfirm(open.id, false);
});

/** formatMoney with plain spaces, as Testing Library normalizes the page's text. */
const formatMoney = (ore: number) => formatMoneyRaw(ore).replace(/\s/g, ' ');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const notifications = () => getNotifications().map((item) => item.message);

async function open(entry = '/payments') {
  const view = renderApp(PaymentsOverviewPage, { path: '/payments', entry });
  await screen.findByRole('heading', { level: 1, name: 'Betaling' });
  return view;
}

const balance = async () => {
  const region = await screen.findByRole('region', { name: 'Saldo' });
  await within(region).findByText('Klipp');
  return region;
};

/** The ledger's tab, as a link to it opens it. */
const LEDGER = '/payments?vis=transaksjoner';

/** The ledger once its rows are in (while they load, the same table shows placeholders, busy). */
async function ledgerTable() {
  const name = 'Transaksjoner, nyeste først';
  await waitFor(() => expect(screen.getByRole('table', { name })).not.toHaveAttribute('aria-busy'));
  return screen.getByRole('table', { name });
}

/** Opens the buy dialog of a pack inside the marketplace's group. */
async function openBuy(name: string, marketplace = 'Leadtorget') {
  const user = userEvent.setup();
  const group = await screen.findByRole('region', { name: marketplace });
  await user.click(await within(group).findByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name });
  return { user, dialog };
}

describe('/payments overview', () => {
  it('shows the balances, the saved card, the plans and the packs', async () => {
    await open();
    const region = await balance();
    expect(within(region).getByText('22')).toBeVisible();
    expect(within(region).getByText('500')).toBeVisible();

    const card = await screen.findByRole('region', { name: 'Lagret kort' });
    expect(await within(card).findByText('Visa som slutter på 4242')).toBeVisible();
    expect(within(card).getByText('Utløper 12/30')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Bytt kort' })).toHaveAttribute('href', '/payments/setup');

    const plans = screen.getByRole('region', { name: 'Planer' });
    expect(await within(plans).findByText('Klippekort (pakke med 25 klipp)')).toBeVisible();
    expect(within(plans).getByText('Etter behov (kort per lead)')).toBeVisible();
    expect(within(plans).getByRole('link', { name: 'Endre plan' })).toHaveAttribute(
      'href',
      '/payments/setup',
    );

    const leadtorget = await screen.findByRole('region', { name: 'Leadtorget' });
    expect(within(leadtorget).getByRole('button', { name: 'Kjøp 25 klipp' })).toBeVisible();
    expect(within(leadtorget).getByRole('button', { name: 'Kjøp 100 kreditter' })).toBeVisible();
    // Prices eks. mva, with what a lead costs from the pack and the saving on on demand (99 kr).
    expect(within(leadtorget).getByText(`${formatMoney(200_000)} eks. mva`)).toBeVisible();
    expect(
      within(leadtorget).getByText(`${formatMoney(8_000)} per lead – spar 19 % mot etter behov`),
    ).toBeVisible();
    const partner = screen.getByRole('region', { name: 'Partnerportalen' });
    expect(within(partner).getByRole('button', { name: 'Kjøp 5 klipp' })).toBeVisible();
  });

  it('lists the ledger newest first with signed deltas, amounts and the card lead', async () => {
    await open(LEDGER);
    const table = await ledgerTable();
    const rows = await within(table).findAllByRole('row');
    // header + 4 rows, newest first: card lead (21.11), pack (20.11), ticket lead (19.11), adjustment (01.11)
    expect(rows).toHaveLength(5);
    expect(rows[1]).toHaveTextContent('21.11.2026, 19:30');
    expect(rows[1]).toHaveTextContent('Kjøp av lead med kort');
    expect(rows[1]).toHaveTextContent(formatMoney(14_900));
    expect(rows[2]).toHaveTextContent('20.11.2026, 14:05');
    expect(rows[2]).toHaveTextContent('25 klipp – Leadtorget');
    expect(rows[2]).toHaveTextContent('+25');
    expect(rows[3]).toHaveTextContent('Kjøp av lead');
    expect(rows[3]).toHaveTextContent('−3');
    expect(rows[4]).toHaveTextContent('Justering');
    expect(rows[4]).toHaveTextContent('+500');
    // Receipts only where a card paid.
    expect(within(rows[1]!).getByRole('button', { name: /^Kvittering/ })).toBeVisible();
    expect(within(rows[2]!).getByRole('button', { name: /^Kvittering/ })).toBeVisible();
    expect(within(rows[3]!).queryByRole('button')).not.toBeInTheDocument();
    const request = ledgerCalls(requests)[0]!;
    expect(request.url.searchParams.get('organization_id')).toBe(`eq.${ORG}`);
    expect(request.url.searchParams.get('order')).toBe('created_at.desc,id.desc');
    expect(request.url.searchParams.get('offset')).toBe('0');
    expect(request.url.searchParams.get('limit')).toBe('20');
  });

  it('filters the ledger by kind and by an Oslo date range, in the URL', async () => {
    const { router } = await open(LEDGER);
    const user = userEvent.setup();
    await ledgerTable();

    await user.selectOptions(screen.getByLabelText('Type'), 'Kjøp av pakker');
    await waitFor(() =>
      expect(ledgerCalls(requests).at(-1)!.url.searchParams.get('kind')).toBe(
        'in.(tickets_purchase,credits_purchase)',
      ),
    );
    const table = await ledgerTable();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(router.state.location.search).toBe('?vis=transaksjoner&kind=packs');

    await user.selectOptions(screen.getByLabelText('Type'), 'Refusjoner');
    expect(await within(table).findByText('Ingen transaksjoner passer filtrene.')).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Type'), 'Alle');
    await user.type(screen.getByLabelText('Fra dato'), '20.11.2026');
    await user.type(screen.getByLabelText('Til dato'), '20.11.2026');
    await waitFor(() =>
      expect(ledgerCalls(requests).at(-1)!.url.searchParams.getAll('created_at')).toEqual([
        'gte.2026-11-19T23:00:00.000Z',
        'lt.2026-11-20T23:00:00.000Z',
      ]),
    );
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('25 klipp – Leadtorget')).toBeVisible();

    // A range that ends before it starts is refused in Norwegian; nothing is fetched for it.
    await user.clear(screen.getByLabelText('Til dato'));
    // From 20.11 on: the card lead (21.11) and the pack (20.11).
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const calls = ledgerCalls(requests).length;
    await user.type(screen.getByLabelText('Til dato'), '01.11.2026');
    expect(screen.getByLabelText('Til dato')).toHaveAccessibleDescription(
      'Til-datoen kan ikke være før fra-datoen.',
    );
    expect(ledgerCalls(requests)).toHaveLength(calls);
  });

  it('pages through the ledger 20 rows at a time', async () => {
    state.ledger = Array.from({ length: 45 }, (_, index) =>
      ledgerEntry({
        id: index + 1,
        kind: 'lead_purchase',
        tickets_delta: -1,
        credits_delta: 0,
        amount_ore: 0,
        reference: null,
        created_at: new Date(Date.UTC(2026, 9, 1) + index * 3_600_000).toISOString(),
      }),
    );
    await open(LEDGER);
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Sider med transaksjoner' });
    expect(within(nav).getByText('Viser 1–20 av 45')).toBeVisible();
    expect(within(nav).getByRole('button', { name: 'Forrige' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Neste' }));
    await waitFor(() => expect(within(nav).getByText('Viser 21–40 av 45')).toBeVisible());
    expect(ledgerCalls(requests).at(-1)!.url.searchParams.get('offset')).toBe('20');
    await user.click(within(nav).getByRole('button', { name: 'Neste' }));
    await waitFor(() => expect(within(nav).getByText('Viser 41–45 av 45')).toBeVisible());
    expect(within(nav).getByRole('button', { name: 'Neste' })).toBeDisabled();
    expect(within(nav).getByText('Side 3 av 3')).toBeVisible();
  });

  /** The receipt of the ledger's pack payment (issued: number 7). */
  async function openPackReceipt() {
    await open(LEDGER);
    const user = userEvent.setup();
    const table = await ledgerTable();
    await user.click(
      await within(table).findByRole('button', {
        name: 'Kvittering for 25 klipp – Leadtorget, 20.11.2026, 14:05',
      }),
    );
    return { user, dialog: await screen.findByRole('dialog', { name: 'Kvittering nr. 7' }) };
  }

  it('opens the numbered receipt: seller with «Org.nr. … MVA», buyer, MVA per rate, the card; prints', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user, dialog } = await openPackReceipt();
    expect(within(dialog).getByText('Leadtorget AS')).toBeVisible();
    expect(within(dialog).getByText('Org.nr. 923 609 016 MVA')).toBeVisible();
    expect(within(dialog).getByText('Foretaksregisteret')).toBeVisible();
    expect(within(dialog).getByText('Fjord Rør AS')).toBeVisible();
    expect(within(dialog).getByText('Org.nr. 915 226 485')).toBeVisible();
    expect(within(dialog).getByText('20.11.2026, 14:05')).toBeVisible();
    expect(within(dialog).getByText('25 klipp – Leadtorget')).toBeVisible();
    expect(within(dialog).getByText('MVA 25 %')).toBeVisible();
    // 2 250 kr incl. 25 % VAT: 1 800 kr + 450 kr.
    expect(within(dialog).getAllByText(formatMoney(45_000))).toHaveLength(2);
    expect(within(dialog).getByText(formatMoney(225_000))).toBeVisible();
    expect(within(dialog).getByText('Visa •••• 4242')).toBeVisible();
    expect(within(dialog).getByText(PAYMENT_ID)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Skriv ut' }));
    expect(print).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Lukk kvitteringen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    print.mockRestore();
  });

  it('downloads the receipt as a PDF', async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:receipt';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, dialog } = await openPackReceipt();
    await user.click(within(dialog).getByRole('button', { name: 'Last ned PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('kvittering-7.pdf');
    // jsdom's Blob has no arrayBuffer(); FileReader reads it.
    const buffer = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blobs[0]!);
    });
    const bytes = new Uint8Array(buffer);
    expect(String.fromCharCode(...bytes.subarray(0, 5))).toBe('%PDF-');
    click.mockRestore();
    vi.unstubAllGlobals();
  });

  it('opens the receipt of a lead paid by card (joined by its purchase)', async () => {
    await open(LEDGER);
    const user = userEvent.setup();
    const table = await ledgerTable();
    await user.click(
      await within(table).findByRole('button', { name: /^Kvittering for Kjøp av lead med kort/ }),
    );
    // Settled before receipts were numbered: the payment's own amounts, and a note saying so.
    const dialog = await screen.findByRole('dialog', { name: 'Kvittering' });
    expect(await within(dialog).findByText(/har ingen nummerert kvittering/)).toBeVisible();
    expect(within(dialog).getByText('Lead: Nytt bad i Bergen – Leadtorget')).toBeVisible();
    expect(within(dialog).getByText('Mastercard •••• 4444')).toBeVisible();
    expect(within(dialog).getByText(formatMoney(2_980))).toBeVisible(); // 149 kr: 29,80 kr VAT
  });

  describe('buying a pack', () => {
    it('pays with the saved card, then refreshes the balance and the ledger', async () => {
      state.packAnswers = [
        {
          status: 200,
          body: { status: 'succeeded', paymentId: 'pay-1', balance: { tickets: 47, credits: 500 } },
        },
      ];
      const { router } = await open(LEDGER);
      await ledgerTable();
      await userEvent.setup().click(screen.getByRole('tab', { name: 'Oversikt' }));
      expect(router.state.location.search).toBe('');
      await balance();
      const { user, dialog } = await openBuy('Kjøp 25 klipp');
      // 2 000 kr eks. mva + 500 kr MVA: 2 500 kr to pay, shown before «Betal».
      expect(within(dialog).getByText(formatMoney(200_000))).toBeVisible();
      expect(within(dialog).getByText(formatMoney(50_000))).toBeVisible();
      expect(within(dialog).getByText(formatMoney(250_000))).toBeVisible();
      expect(
        within(dialog).getByRole('radio', { name: 'Lagret kort: Visa som slutter på 4242' }),
      ).toBeChecked();
      const ledgerBefore = ledgerCalls(requests).length;

      state.balance = { tickets: 47, credits: 500 };
      await user.click(within(dialog).getByRole('button', { name: 'Betal' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(notifications()).toContain('Betalingen er godkjent. 25 klipp er lagt til saldoen.');
      const call = packCalls(requests)[0]!;
      expect(call.body).toEqual({
        action: 'buy',
        organizationId: ORG,
        kind: 'tickets',
        packId: 'tp-25',
        requestId: expect.stringMatching(UUID) as string,
        card: 'saved',
      });
      expect(await within(screen.getByRole('region', { name: 'Saldo' })).findByText('47')).toBeVisible();
      // The ledger bought from is stale: opening its tab reads it again.
      await user.click(screen.getByRole('tab', { name: 'Transaksjoner' }));
      expect(router.state.location.search).toBe('?vis=transaksjoner');
      await ledgerTable();
      await waitFor(() => expect(ledgerCalls(requests).length).toBeGreaterThan(ledgerBefore));
    });

    it('shows a decline (answered 200 failed) in Norwegian, changes nothing and starts a new attempt next time', async () => {
      state.packAnswers = [
        { status: 200, body: { status: 'failed', paymentId: 'pay-x', error: { code: 'card_declined' } } },
      ];
      await open();
      await balance();
      const { user, dialog } = await openBuy('Kjøp 25 klipp');
      const ledgerBefore = ledgerCalls(requests).length;
      await user.click(within(dialog).getByRole('button', { name: 'Betal' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent(memberNbJson.errors.card_declined);
      // The page behind the modal dialog is hidden from the accessibility tree, not gone.
      expect(
        within(screen.getByRole('region', { name: 'Saldo', hidden: true })).getByText('22'),
      ).toBeVisible();
      expect(ledgerCalls(requests)).toHaveLength(ledgerBefore);
      expect(notifications()).toEqual([]);

      await user.click(within(dialog).getByRole('button', { name: 'Betal' }));
      await waitFor(() => expect(packCalls(requests)).toHaveLength(2));
      const [first, second] = packCalls(requests).map(
        (call) => (call.body as { requestId: string }).requestId,
      );
      expect(second).not.toBe(first);
    });

    it('shows every card code from the catalogue', async () => {
      state.packAnswers = [
        { status: 200, body: { status: 'failed', error: { code: 'insufficient_funds' } } },
      ];
      await open();
      const { user, dialog } = await openBuy('Kjøp 100 kreditter');
      await user.click(within(dialog).getByRole('button', { name: 'Betal' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        memberNbJson.errors.insufficient_funds,
      );
      expect(packCalls(requests)[0]!.body).toMatchObject({ kind: 'credits', packId: 'cp-100' });
    });

    it('runs 3-D Secure when the bank asks, then confirms', async () => {
      state.packAnswers = [
        {
          status: 200,
          body: {
            status: 'requires_action',
            paymentId: 'pay-3ds',
            clientSecret: 'pi_local_3ds_secret_local',
            provider: 'local',
            publishableKey: null,
          },
        },
        {
          status: 200,
          body: { status: 'succeeded', paymentId: 'pay-3ds', balance: { tickets: 47, credits: 500 } },
        },
      ];
      state.localAnswers = [
        { status: 200, body: { status: 'succeeded', clientSecret: 'pi_local_3ds_secret_local' } },
      ];
      await open();
      const { user, dialog } = await openBuy('Kjøp 25 klipp');
      await user.click(within(dialog).getByRole('button', { name: 'Betal' }));

      const bank = await screen.findByRole('dialog', { name: 'Bekreft betalingen (testmodus)' });
      expect(packCalls(requests)).toHaveLength(1);
      await user.click(within(bank).getByRole('button', { name: 'Godkjenn' }));

      await waitFor(() =>
        expect(notifications()).toContain('Betalingen er godkjent. 25 klipp er lagt til saldoen.'),
      );
      expect(localCalls(requests)[0]!.body).toEqual({
        action: 'authenticate',
        clientSecret: 'pi_local_3ds_secret_local',
        approve: true,
      });
      expect(packCalls(requests)[1]!.body).toEqual({
        action: 'confirm',
        organizationId: ORG,
        paymentId: 'pay-3ds',
      });
    });

    it('declining 3-D Secure shows authentication_required and never confirms', async () => {
      state.packAnswers = [
        {
          status: 200,
          body: {
            status: 'requires_action',
            paymentId: 'pay-3ds',
            clientSecret: 'pi_local_3ds_secret_local',
            provider: 'local',
            publishableKey: null,
          },
        },
      ];
      state.localAnswers = [
        { status: 200, body: { status: 'failed', error: { code: 'authentication_required' } } },
      ];
      await open();
      const { user, dialog } = await openBuy('Kjøp 25 klipp');
      await user.click(within(dialog).getByRole('button', { name: 'Betal' }));
      const bank = await screen.findByRole('dialog', { name: 'Bekreft betalingen (testmodus)' });
      await user.click(within(bank).getByRole('button', { name: 'Avvis' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        memberNbJson.errors.authentication_required,
      );
      expect(localCalls(requests)[0]!.body).toMatchObject({ approve: false });
      expect(packCalls(requests)).toHaveLength(1);
    });

    it('a double click buys once', async () => {
      state.packAnswers = [{ status: 200, body: { status: 'succeeded', paymentId: 'pay-1' }, delayMs: 100 }];
      await open();
      const { user, dialog } = await openBuy('Kjøp 25 klipp');
      await user.dblClick(within(dialog).getByRole('button', { name: 'Betal' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(packCalls(requests)).toHaveLength(1);
    });

    it('a retry after a lost answer reuses the same requestId', async () => {
      state.packAnswers = [
        { status: 0, body: null },
        { status: 200, body: { status: 'succeeded', paymentId: 'pay-1' } },
      ];
      await open();
      const { user, dialog } = await openBuy('Kjøp 25 klipp');
      await user.click(within(dialog).getByRole('button', { name: 'Betal' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(errorsNb.network);
      await user.click(within(dialog).getByRole('button', { name: 'Betal' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const [first, second] = packCalls(requests).map(
        (call) => (call.body as { requestId: string }).requestId,
      );
      expect(first).toMatch(UUID);
      expect(second).toBe(first);
    });

    it('pays with a new card through the card fields and can save it', async () => {
      state.packAnswers = [
        {
          status: 200,
          body: {
            status: 'requires_confirmation',
            paymentId: 'pay-new',
            clientSecret: 'pi_local_new_secret_local',
            provider: 'local',
            publishableKey: null,
          },
        },
        { status: 200, body: { status: 'succeeded', paymentId: 'pay-new' } },
      ];
      state.localAnswers = [
        { status: 200, body: { status: 'succeeded', clientSecret: 'pi_local_new_secret_local' } },
      ];
      await open();
      const { user, dialog } = await openBuy('Kjøp 100 kreditter');
      await user.click(within(dialog).getByRole('radio', { name: 'Nytt kort' }));
      await user.click(within(dialog).getByRole('checkbox', { name: 'Lagre kortet for senere kjøp' }));
      await user.click(within(dialog).getByRole('button', { name: 'Gå videre' }));

      const number = await within(dialog).findByLabelText('Kortnummer');
      await waitFor(() => expect(number).toHaveFocus());
      expect(packCalls(requests)[0]!.body).toMatchObject({
        action: 'buy',
        card: 'new',
        saveCard: true,
        kind: 'credits',
      });
      await user.type(number, '4242424242424242');
      await user.type(within(dialog).getByLabelText('Utløpsdato (MM/ÅÅ)'), '1234');
      await user.type(within(dialog).getByLabelText('CVC'), '123');
      await user.click(within(dialog).getByRole('button', { name: 'Betal' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(localCalls(requests)[0]!.body).toMatchObject({
        action: 'confirmPayment',
        clientSecret: 'pi_local_new_secret_local',
        saveCard: true,
      });
      expect(packCalls(requests)[1]!.body).toEqual({
        action: 'confirm',
        organizationId: ORG,
        paymentId: 'pay-new',
      });
      expect(notifications()).toContain('Betalingen er godkjent. 100 kreditter er lagt til saldoen.');
    });

    it('a new card that is declined shows its message and keeps the card fields', async () => {
      state.packAnswers = [
        {
          status: 200,
          body: {
            status: 'requires_confirmation',
            paymentId: 'pay-new',
            clientSecret: 'pi_local_new_secret_local',
            provider: 'local',
            publishableKey: null,
          },
        },
      ];
      state.localAnswers = [{ status: 200, body: { status: 'failed', error: { code: 'card_declined' } } }];
      state.card = { payment_method_id: null, card_brand: null, card_last4: null };
      await open();
      const { user, dialog } = await openBuy('Kjøp 25 klipp');
      expect(within(dialog).getByText('Organisasjonen har ikke noe lagret kort.')).toBeVisible();
      await user.click(within(dialog).getByRole('button', { name: 'Gå videre' }));
      const number = await within(dialog).findByLabelText('Kortnummer');
      await user.type(number, '4000000000000002');
      await user.type(within(dialog).getByLabelText('Utløpsdato (MM/ÅÅ)'), '1234');
      await user.type(within(dialog).getByLabelText('CVC'), '123');
      await user.click(within(dialog).getByRole('button', { name: 'Betal' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(memberNbJson.errors.card_declined);
      expect(number).toHaveValue('4000 0000 0000 0002');
      expect(packCalls(requests)).toHaveLength(1); // never confirmed
    });
  });

  it('shows a member everything read-only', async () => {
    state.role = 'member';
    await open();
    expect(
      await screen.findByText(
        'Bare eiere og administratorer kan kjøpe pakker og endre kort eller plan. Du kan se alt her.',
      ),
    ).toBeVisible();
    await screen.findByRole('region', { name: 'Leadtorget' });
    expect(screen.queryByRole('button', { name: /^Kjøp/ })).not.toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'Lagret kort' })).findByText(
        'Visa som slutter på 4242',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Bytt kort' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Kvitteringer' }));
    expect(screen.queryByLabelText('Ny kvitteringsadresse')).not.toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Kvitteringsadresser' })).toBeVisible();
  });

  it('adds receipt e-mails through the RPC and removes them', async () => {
    await open('/payments?vis=kvitteringer');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Kvitteringsadresser' });
    expect(within(table).getByText('regnskap@fjordror.no')).toBeVisible();
    const input = screen.getByLabelText('Ny kvitteringsadresse');
    await user.type(input, 'Faktura@Fjordror.no');
    await user.click(screen.getByRole('button', { name: 'Legg til' }));
    expect(await within(table).findByText('faktura@fjordror.no')).toBeVisible();
    const rpc = requests.find((item) =>
      item.url.pathname.endsWith('/rpc/organizations_payments_email_insert'),
    );
    expect(rpc?.body).toEqual({ input_organization_id: ORG, input_email: 'faktura@fjordror.no' });

    await user.type(input, 'regnskap@fjordror.no');
    await user.click(screen.getByRole('button', { name: 'Legg til' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription('Adressen står allerede på listen.'));

    await user.click(within(table).getByRole('button', { name: 'Fjern regnskap@fjordror.no' }));
    await waitFor(() => expect(within(table).queryByText('regnskap@fjordror.no')).not.toBeInTheDocument());
    expect(requests.at(-1)!.body).toEqual({ receipt_emails: ['faktura@fjordror.no'] });
  });
});
