import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CheckoutListPage from '@/features/checkouts/routes/checkout-list';
import {
  CATALOG_CHECKOUT,
  catalogCouponRow,
  checkoutCatalogHandlers,
  newCheckoutCatalogState,
  type CheckoutCatalogState,
} from '../../msw/handlers/checkout-catalog';
import { setupMswServer } from '../../msw/server';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

let state: CheckoutCatalogState = newCheckoutCatalogState();
setupMswServer(...checkoutCatalogHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('checkouts', 'checkout-errors');
});
beforeEach(() => {
  state = newCheckoutCatalogState();
  signIn();
});

const openCoupons = () =>
  renderApp(CheckoutListPage, { path: '/checkouts', entry: '/checkouts?fane=rabattkoder' });

async function openNewCoupon(user: ReturnType<typeof userEvent.setup>) {
  openCoupons();
  await screen.findByText('VELKOMMEN10');
  await user.click(screen.getByRole('button', { name: 'Ny rabattkode' }));
  return screen.findByRole('dialog', { name: 'Ny rabattkode' });
}

describe('/checkouts?fane=rabattkoder', () => {
  it('lists the codes with discount, checkout, uses and status in words', async () => {
    state.coupons.push(
      catalogCouponRow({
        id: 'cf000000-0000-4000-8000-0000000000c2',
        code: 'KOMTILBAKE',
        percent_off: null,
        amount_off_ore: 15000,
        checkout_id: CATALOG_CHECKOUT,
        max_uses: 3,
        uses: 3,
      }),
      catalogCouponRow({
        id: 'cf000000-0000-4000-8000-0000000000c3',
        code: 'SOMMER',
        expires_at: '2020-06-30T21:59:00Z',
      }),
    );
    openCoupons();
    const row = (await screen.findByText('VELKOMMEN10')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('10 %')).toBeInTheDocument();
    expect(within(row).getByText('Alle kasser')).toBeInTheDocument();
    expect(within(row).getByText('3 av 50')).toBeInTheDocument();
    expect(within(row).getByText('Aktiv')).toBeInTheDocument();
    const usedUp = screen.getByText('KOMTILBAKE').closest('tr');
    if (!usedUp) throw new Error('no row');
    expect(within(usedUp).getByText(/^150 kr$/)).toBeInTheDocument();
    expect(await within(usedUp).findByText('Rørsjekk hjemme')).toBeInTheDocument();
    expect(within(usedUp).getByText('Brukt opp')).toBeInTheDocument();
    const expired = screen.getByText('SOMMER').closest('tr');
    if (!expired) throw new Error('no row');
    // Oslo time: 23:59 on 30 June (summer time), whatever the machine's zone.
    expect(within(expired).getByText('30.06.2020, 23:59')).toBeInTheDocument();
    expect(within(expired).getByText('Utløpt')).toBeInTheDocument();
  });

  it('upper-cases the code as it is typed and explains the rules of a code', async () => {
    const user = userEvent.setup();
    const dialog = await openNewCoupon(user);
    const code = within(dialog).getByLabelText('Kode');
    await user.type(code, 'vår-25');
    expect(code).toHaveValue('VÅR-25');
    await user.click(within(dialog).getByRole('button', { name: 'Lag koden' }));
    expect(await within(dialog).findByText(/Koden må ha 2–40 tegn/)).toBeInTheDocument();
    expect(within(dialog).getByText('Skriv et helt tall fra 1 til 100.')).toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(state.writes).toHaveLength(0);
  });

  it('shows a code the organization already has on the field, keeping what was typed', async () => {
    const user = userEvent.setup();
    state.refuse = {
      status: 409,
      body: { code: '23505', message: 'duplicate key value violates unique constraint "coupons_code_key"' },
    };
    const dialog = await openNewCoupon(user);
    await user.type(within(dialog).getByLabelText('Kode'), 'velkommen10');
    await user.click(within(dialog).getByLabelText('Beløp i kroner'));
    await user.type(within(dialog).getByLabelText('Kroner av'), '99,50');
    await user.selectOptions(within(dialog).getByLabelText('Gjelder for'), 'Rørsjekk hjemme');
    await user.type(within(dialog).getByLabelText('Høyst antall bruk'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Lag koden' }));
    const code = within(dialog).getByLabelText('Kode');
    expect(await within(dialog).findByText('Koden finnes allerede.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue('VELKOMMEN10');
    expect(within(dialog).getByLabelText('Kroner av')).toHaveValue('99,50');
    expect(within(dialog).getByLabelText('Høyst antall bruk')).toHaveValue('20');
    expect(state.writes[0]?.body).toMatchObject({
      code: 'VELKOMMEN10',
      percent_off: null,
      amount_off_ore: 9950,
      checkout_id: CATALOG_CHECKOUT,
      max_uses: 20,
      expires_at: null,
    });

    await user.clear(code);
    await user.type(code, 'velkommen20');
    expect(within(dialog).queryByText('Koden finnes allerede.')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Lag koden' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(state.writes[1]?.body).toMatchObject({ code: 'VELKOMMEN20', amount_off_ore: 9950 });
  });

  it('refuses a limit below the uses a code already has', async () => {
    const user = userEvent.setup();
    openCoupons();
    await user.click(await screen.findByRole('button', { name: 'Handlinger for VELKOMMEN10' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rediger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rediger VELKOMMEN10' });
    const limit = within(dialog).getByLabelText('Høyst antall bruk');
    await user.clear(limit);
    await user.type(limit, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Lagre' }));
    expect(
      await within(dialog).findByText('Koden er allerede brukt 3 ganger, så grensen kan ikke være lavere.'),
    ).toBeInTheDocument();
    expect(state.writes).toHaveLength(0);
  });
});
