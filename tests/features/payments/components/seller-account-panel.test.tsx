import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PaymentsOverviewPage from '@/features/payments/routes/overview';
import { leavePage } from '@/features/payments/utils/leave-page';
import {
  connectCalls,
  paymentsHandlers,
  paymentsState,
  type PaymentsState,
} from '../../../msw/handlers/payments';
import type { Recorded } from '../../../msw/rest';
import { setupMswServer } from '../../../msw/server';
import { ORG } from '../../../support/ids';
import { prepareI18n, renderApp } from '../../../support/render-app';
import { signIn } from '../../../support/session';

// Stripe's registration is another site: the test sees where the panel sends the browser.
vi.mock('@/features/payments/utils/leave-page', () => ({ leavePage: vi.fn() }));

let state: PaymentsState = paymentsState();
const requests: Recorded[] = [];
setupMswServer(...paymentsHandlers(() => state, requests));

beforeAll(() => prepareI18n('payments'));
beforeEach(() => {
  state = paymentsState();
  requests.length = 0;
  vi.mocked(leavePage).mockClear();
  signIn();
});

const ACCOUNT = 'acct_1FjordRor';
const row = (fields: Partial<NonNullable<PaymentsState['sellerAccount']>> = {}) => ({
  provider: 'stripe',
  account_id: ACCOUNT,
  charges_enabled: false,
  payouts_enabled: false,
  details_submitted: false,
  ...fields,
});
const answer = (fields: Record<string, unknown>) => ({
  provider: 'stripe',
  accountId: ACCOUNT,
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
  country: 'NO',
  ...fields,
});

async function panel(entry = '/payments') {
  const view = renderApp(PaymentsOverviewPage, { path: '/payments', entry });
  const region = await screen.findByRole('region', { name: 'Motta betaling i kassene' });
  await waitFor(() => expect(region).not.toHaveAttribute('aria-busy', 'true'));
  return { region, view };
}

describe('«Motta betaling i kassene» on /payments', () => {
  it('not connected: says so in words, and «Koble til Stripe» sends the owner to Stripe’s link', async () => {
    state.connectAnswers = [
      {
        status: 200,
        body: { url: 'https://connect.stripe.com/setup/s/acct_1FjordRor/abc', account: answer({}) },
      },
    ];
    const { region } = await panel();
    expect(within(region).getByText('Ikke koblet til')).toBeVisible();
    expect(within(region).getByText(/kan ikke ta imot kortbetaling før dere har koblet til/)).toBeVisible();

    await userEvent.setup().click(within(region).getByRole('button', { name: 'Koble til Stripe' }));
    await waitFor(() =>
      expect(leavePage).toHaveBeenCalledWith('https://connect.stripe.com/setup/s/acct_1FjordRor/abc'),
    );
    expect(connectCalls(requests).map((call) => call.body)).toEqual([
      { action: 'start', organizationId: ORG },
    ]);
  });

  it('waiting for details: «Fortsett registreringen» asks for a fresh link', async () => {
    state.sellerAccount = row({ details_submitted: false });
    state.connectAnswers = [
      { status: 200, body: { url: 'https://connect.stripe.com/setup/s/fresh', account: answer({}) } },
    ];
    const { region } = await panel();
    expect(within(region).getByText('Venter på opplysninger')).toBeVisible();
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Fortsett registreringen' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('https://connect.stripe.com/setup/s/fresh'));
  });

  it('back from Stripe: refreshes once, shows the new status and drops the marker from the address', async () => {
    state.sellerAccount = row();
    state.connectAnswers = [
      {
        status: 200,
        body: { account: answer({ chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true }) },
      },
    ];
    const { region, view } = await panel('/payments?tilkobling=ferdig');
    expect(
      await within(region).findByText('Status hentet fra Stripe: Klar til å motta betaling.'),
    ).toBeVisible();
    expect(within(region).getByText('Klar til å motta betaling')).toBeVisible();
    expect(within(region).queryByRole('button', { name: 'Koble til Stripe' })).toBeNull();
    expect(connectCalls(requests).map((call) => call.body)).toEqual([
      { action: 'refresh', organizationId: ORG },
    ]);
    expect(view.router.state.location.search).toBe('');
    expect(within(region).getByRole('heading', { name: 'Motta betaling i kassene' })).toHaveFocus();
  });

  it('an expired link: says how to go on', async () => {
    state.sellerAccount = row();
    state.connectAnswers = [{ status: 200, body: { account: answer({}) } }];
    const { region } = await panel('/payments?tilkobling=fornye');
    expect(await within(region).findByText(/Lenken til Stripe var utløpt/)).toBeVisible();
    expect(within(region).getByRole('button', { name: 'Fortsett registreringen' })).toBeVisible();
  });

  it('the local test account is labelled as one', async () => {
    state.sellerAccount = row({
      provider: 'local',
      account_id: 'acct_local_1',
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    });
    const { region } = await panel();
    expect(within(region).getByText('Klar til å motta betaling')).toBeVisible();
    expect(within(region).getByText('Testkonto (lokal)')).toBeVisible();
  });

  it('a member reads the status but has no buttons', async () => {
    state.role = 'member';
    const { region } = await panel();
    expect(within(region).getByText('Ikke koblet til')).toBeVisible();
    expect(within(region).queryByRole('button')).toBeNull();
    expect(
      within(region).getByText('Bare eiere og administratorer kan koble til Stripe-kontoen.'),
    ).toBeVisible();
  });

  it('a refusal is explained and nothing leaves the page', async () => {
    state.connectAnswers = [{ status: 500, body: { error: { code: 'payments-not-configured' } } }];
    const { region } = await panel();
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Koble til Stripe' }));
    expect(await within(region).findByRole('alert')).toBeVisible();
    expect(leavePage).not.toHaveBeenCalled();
  });
});
