import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { answerConfirm, getCurrentConfirm } from '@/components/dialog-store';
import PaymentsSetupPage from '@/features/payments/routes/setup';
import { FIELD_OF_CODE } from '@/features/payments/utils/card-error-code';
import { CARD_ERROR_CODES } from '@/lib/errors';
import { saveReturnTo } from '@/lib/return-to';
import memberNbJson from '@/locales/nb/member.json';
import {
  paymentSetupHandlers,
  paymentSetupState,
  type PaymentSetupState,
} from '../../../msw/handlers/payments';
import { setupMswServer } from '../../../msw/server';
import { MARKETPLACE, ORG } from '../../../support/ids';
import { prepareI18n, renderApp } from '../../../support/render-app';
import { signIn } from '../../../support/session';

let state: PaymentSetupState = paymentSetupState();
setupMswServer(...paymentSetupHandlers(() => state));

beforeAll(() => prepareI18n('payments'));
beforeEach(() => {
  state = paymentSetupState();
  signIn();
});
afterEach(() => {
  const pending = getCurrentConfirm();
  if (pending) answerConfirm(pending.id, false);
});

function Elsewhere() {
  const location = useLocation();
  return <p>elsewhere: {`${location.pathname}${location.search}`}</p>;
}

function renderSetup() {
  const { router } = renderApp(PaymentsSetupPage, {
    path: '/payments/setup',
    routes: [{ path: '*', element: <Elsewhere /> }],
  });
  return { user: userEvent.setup(), router };
}

async function typeCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByLabelText('Kortnummer'), number);
  await user.type(screen.getByLabelText('Utløpsdato (MM/ÅÅ)'), '1234');
  await user.type(screen.getByLabelText('CVC'), '123');
}

const saveButton = () => screen.getByRole('button', { name: 'Lagre kort' });
/**
 * The card codes only the server answers with: not a field's (the form shows those on the field), and
 * not the two with tests of their own (a declined card keeps what was typed; a refused 3-D Secure step).
 */
const SERVER_DECLINES = CARD_ERROR_CODES.filter(
  (code) => !FIELD_OF_CODE[code] && code !== 'card_declined' && code !== 'authentication_required',
);

const actions = () => state.calls.map((call) => `${call.fn} ${String(call.body.action)}`);

describe('/payments/setup', () => {
  it('saves a card and goes back to where the guard sent the user from', async () => {
    saveReturnTo('/leads/marketplace/abc?lead=1&ad=2');
    const { user } = renderSetup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Betalingsoppsett' })).toBeVisible();
    expect(await screen.findByText('Ingen kort er lagret.')).toBeVisible();
    expect(await screen.findByText('Testmodus')).toBeVisible();
    await typeCard(user, '4242424242424242');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    expect(await screen.findByText('elsewhere: /leads/marketplace/abc?lead=1&ad=2')).toBeVisible();
    expect(actions()).toEqual([
      'payments-setup start',
      'payments-local confirmSetup',
      'payments-setup complete',
    ]);
    expect(state.calls[0]?.body).toEqual({ action: 'start', organizationId: ORG });
    expect(state.calls[1]?.body).toEqual({
      action: 'confirmSetup',
      clientSecret: 'seti_1_secret',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    expect(state.calls[2]?.body).toEqual({
      action: 'complete',
      organizationId: ORG,
      setupIntentId: 'seti_1',
    });
  });

  it('goes to /payments when nothing was remembered', async () => {
    const { user } = renderSetup();
    await typeCard(user, '4242424242424242');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    expect(await screen.findByText('elsewhere: /payments')).toBeVisible();
  });

  it('shows a declined card’s message, saves nothing and keeps what was typed', async () => {
    state.local = () => HttpResponse.json({ status: 'failed', error: { code: 'card_declined' } });
    const { user } = renderSetup();
    await typeCard(user, '4000000000000002');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Kortet ble ikke lagret. ${memberNbJson.errors.card_declined}`);
    expect(screen.getByLabelText('Kortnummer')).toHaveValue('4000 0000 0000 0002');
    expect(screen.getByLabelText('CVC')).toHaveValue('123');
    expect(actions()).not.toContain('payments-setup complete');
    // A new SetupIntent for the next try (a declined one is not confirmed again).
    await waitFor(() =>
      expect(actions().filter((action) => action === 'payments-setup start')).toHaveLength(2),
    );
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.clear(screen.getByLabelText('Kortnummer'));
    await user.type(screen.getByLabelText('Kortnummer'), '4242424242424242');
    state.local = () => HttpResponse.json({ status: 'succeeded', clientSecret: 'seti_2_secret' });
    await user.click(saveButton());
    expect(await screen.findByText('elsewhere: /payments')).toBeVisible();
    expect(state.calls.at(-2)?.body).toMatchObject({ action: 'confirmSetup', clientSecret: 'seti_2_secret' });
  });

  it.each(SERVER_DECLINES)(
    'shows the catalogue message for %s from payments-setup complete',
    async (code) => {
      // A decline is an answer (200 failed), not an error status.
      state.complete = () => HttpResponse.json({ status: 'failed', error: { code } });
      const { user } = renderSetup();
      await typeCard(user, '4242424242424242');
      await waitFor(() => expect(saveButton()).toBeEnabled());
      await user.click(saveButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(
        `Kortet ble ikke lagret. ${memberNbJson.errors[code]}`,
      );
      expect(screen.getByLabelText('Kortnummer')).toHaveValue('4242 4242 4242 4242');
    },
  );

  it('shows a field code the server refused on its field (4000 0000 0000 0127 → invalid_cvc)', async () => {
    state.local = () => HttpResponse.json({ status: 'failed', error: { code: 'invalid_cvc' } });
    const { user } = renderSetup();
    await typeCard(user, '4000000000000127');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    const cvc = screen.getByLabelText('CVC');
    await waitFor(() => expect(cvc).toHaveFocus());
    expect(cvc).toHaveAttribute('aria-invalid', 'true');
    expect(cvc).toHaveAccessibleDescription(memberNbJson.errors.invalid_cvc);
  });

  it('refuses an incomplete card in the browser: nothing reaches payments-local', async () => {
    const { user } = renderSetup();
    await user.type(await screen.findByLabelText('Kortnummer'), '4242 4242');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    const number = screen.getByLabelText('Kortnummer');
    await waitFor(() => expect(number).toHaveFocus());
    expect(number).toHaveAccessibleDescription(memberNbJson.errors.incomplete_number);
    expect(actions()).not.toContain('payments-local confirmSetup');
  });

  it('runs the test 3-D Secure step when the card needs it', async () => {
    state.local = (body) =>
      HttpResponse.json({
        status: body.action === 'authenticate' ? 'succeeded' : 'requires_action',
        clientSecret: 's',
      });
    const { user } = renderSetup();
    await typeCard(user, '4000002760003184');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Bekreft kortet (testmodus)' });
    await user.click(within(dialog).getByRole('button', { name: 'Godkjenn' }));
    expect(await screen.findByText('elsewhere: /payments')).toBeVisible();
    expect(actions()).toEqual([
      'payments-setup start',
      'payments-local confirmSetup',
      'payments-local authenticate',
      'payments-setup complete',
    ]);
  });

  it('confirms again when complete answers requires_action, and «Avvis» shows its message', async () => {
    state.complete = () => HttpResponse.json({ status: 'requires_action', clientSecret: 'seti_1_secret' });
    state.local = (body) =>
      body.action === 'authenticate'
        ? HttpResponse.json({ status: 'failed', error: { code: 'authentication_required' } })
        : HttpResponse.json({ status: 'succeeded', clientSecret: 's' });
    const { user } = renderSetup();
    await typeCard(user, '4000002500003155');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await user.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Bekreft kortet (testmodus)' });
    await user.click(within(dialog).getByRole('button', { name: 'Avvis' }));
    // Saving a card is not a payment: the message speaks of the card.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Kortet ble ikke lagret. Banken godkjente ikke kortet fordi bekreftelsen (3-D Secure) ble avvist.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent(/betaling/i);
    expect(state.calls.find((call) => call.body.action === 'authenticate')?.body).toEqual({
      action: 'authenticate',
      clientSecret: 'seti_1_secret',
      approve: false,
    });
  });

  it('shows the saved card, changes it with «Bytt kort» and removes it after a confirmation', async () => {
    state.card = {
      payment_method_id: 'pm_local_4242_a',
      card_brand: 'visa',
      card_last4: '4242',
      card_exp_month: 3,
      card_exp_year: 2030,
    };
    const { user } = renderSetup();
    expect(await screen.findByText('Visa som slutter på 4242, utløper 03/2030')).toBeVisible();
    expect(screen.queryByLabelText('Kortnummer')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bytt kort' }));
    expect(await screen.findByLabelText('Kortnummer')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Avbryt' }));
    expect(screen.queryByLabelText('Kortnummer')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Fjern kort' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Fjerne kortet?' });
    expect(confirmation).toHaveTextContent('Visa som slutter på 4242 fjernes.');
    state.card = null;
    await user.click(within(confirmation).getByRole('button', { name: 'Fjern kort' }));
    expect(await screen.findByText('Ingen kort er lagret.')).toBeVisible();
    expect(state.calls.find((call) => call.body.action === 'remove')?.body).toEqual({
      action: 'remove',
      organizationId: ORG,
    });
  });

  it('shows members the card read-only, with a note', async () => {
    state.role = 'member';
    state.card = {
      payment_method_id: 'pm_local_4444_b',
      card_brand: 'mastercard',
      card_last4: '4444',
      card_exp_month: 6,
      card_exp_year: 2029,
    };
    renderSetup();
    expect(await screen.findByText('Mastercard som slutter på 4444, utløper 06/2029')).toBeVisible();
    expect(screen.getByText(/Bare eiere og administratorer av Fjordbygg AS/)).toBeVisible();
    expect(await screen.findByText('Etter behov')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Bytt kort' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fjern kort' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Lagre/ })).not.toBeInTheDocument();
    expect(state.calls).toEqual([]);
  });

  it('says why when the plan cannot buy yet, what happens next, and what is for sale', async () => {
    state.needsPaymentSetup = true;
    renderSetup();
    const why = await screen.findByRole('region', { name: 'Legg inn kort for å kjøpe leads' });
    expect(why).toHaveTextContent(
      'Fjordbygg AS betaler for leads på Leadtorget Vest med kort ved kjøp, og har ikke lagret noe kort ennå.',
    );
    expect(why).toHaveTextContent('Kortet belastes ikke nå – bare når dere kjøper et lead.');
    const teasers = await within(why).findByRole('region', { name: 'Til salgs på Leadtorget Vest nå' });
    expect(await within(teasers).findByText(/12 leads til salgs/)).toBeVisible();
    const items = within(teasers).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Varmepumpe til enebolig');
    expect(items[0]).toHaveTextContent('Elektriker · Bergen');
    expect(items[0]).toHaveTextContent('1 av 3 kjøpere');
    expect(items[1]).toHaveTextContent('eksklusivt, én kjøper');
  });

  it('says nothing of a paywall when the plan can buy', async () => {
    renderSetup();
    await screen.findByRole('group', { name: 'Leadtorget Vest' });
    expect(screen.queryByRole('region', { name: 'Legg inn kort for å kjøpe leads' })).not.toBeInTheDocument();
  });

  it('offers packs eks. mva with the saving per lead, not a monthly subscription', async () => {
    const { user } = renderSetup();
    const plan = await screen.findByRole('group', { name: 'Leadtorget Vest' });
    await user.click(within(plan).getByRole('radio', { name: 'Klippekort' }));
    expect(within(plan).getByText(/Ingen fast månedspris/)).toBeVisible();
    expect(within(plan).getByRole('option', { name: /^10 klipp/ })).toHaveTextContent(
      /^10 klipp – 1\s000,00\skr eks\. mva \(100,00\skr per lead, spar 79 %\)$/,
    );
  });

  it('changes the plan on a marketplace', async () => {
    const { user } = renderSetup();
    const plan = await screen.findByRole('group', { name: 'Leadtorget Vest' });
    expect(within(plan).getByRole('radio', { name: 'Etter behov' })).toBeChecked();
    await user.click(within(plan).getByRole('radio', { name: 'Klippekort' }));
    await user.selectOptions(within(plan).getByLabelText('Pakke'), '25');
    await user.click(within(plan).getByRole('button', { name: 'Lagre plan for Leadtorget Vest' }));
    await waitFor(() =>
      expect(state.upserts).toEqual([
        { organization_id: ORG, marketplace_id: MARKETPLACE, plan: 'tickets', tickets_per_month: 25 },
      ]),
    );
  });
});
