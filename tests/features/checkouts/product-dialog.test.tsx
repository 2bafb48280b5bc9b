import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CheckoutListPage from '@/features/checkouts/routes/checkout-list';
import {
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
  await prepareI18n('checkouts', 'checkout-errors', 'media');
});
beforeEach(() => {
  state = newCheckoutCatalogState();
  signIn();
});

const openProducts = () =>
  renderApp(CheckoutListPage, { path: '/checkouts', entry: '/checkouts?fane=produkter' });

async function openNewProduct(user: ReturnType<typeof userEvent.setup>) {
  openProducts();
  await screen.findByText('Rørsjekk hjemme');
  await user.click(screen.getByRole('button', { name: 'Nytt produkt' }));
  return screen.findByRole('dialog', { name: 'Nytt produkt' });
}

describe('/checkouts?fane=produkter', () => {
  it('lists the products with the price a consumer pays, the rate, the stock and the status in words', async () => {
    state.products.push({
      ...state.products[0],
      id: 'cf000000-0000-4000-8000-0000000000a2',
      name: 'Vannlekkasjealarm',
      price_ore: 59950,
      stock: 0,
    });
    openProducts();
    const row = (await screen.findByText('Rørsjekk hjemme')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText(/^1\s490 kr inkl\. mva$/)).toBeInTheDocument();
    expect(within(row).getByText('25 %')).toBeInTheDocument();
    expect(within(row).getByText('Ubegrenset')).toBeInTheDocument();
    expect(within(row).getByText('Til salgs')).toBeInTheDocument();
    const soldOut = screen.getByText('Vannlekkasjealarm').closest('tr');
    if (!soldOut) throw new Error('no row');
    expect(within(soldOut).getByText(/^599,50 kr inkl\. mva$/)).toBeInTheDocument();
    expect(within(soldOut).getByText('Utsolgt')).toBeInTheDocument();
  });

  it('says what is wrong with each field and sends nothing', async () => {
    const user = userEvent.setup();
    const dialog = await openNewProduct(user);
    await user.type(within(dialog).getByLabelText('Pris i kroner, inkl. mva'), '12,345');
    await user.clear(within(dialog).getByLabelText('Høyst per bestilling'));
    await user.type(within(dialog).getByLabelText('Høyst per bestilling'), '0');
    await user.type(within(dialog).getByLabelText('Antall på lager'), '-2');
    await user.click(within(dialog).getByRole('button', { name: 'Lag produktet' }));
    expect(await within(dialog).findByText('Skriv et navn på produktet.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Skriv prisen som et beløp i kroner, for eksempel 499 eller 1 299,50.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Skriv et helt tall fra 1 til 1000.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Skriv antallet som et helt tall/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Navn')).toHaveFocus();
    expect(state.writes).toHaveLength(0);
  });

  it('reads a Norwegian price, shows it live with its MVA, and writes it in øre', async () => {
    const user = userEvent.setup();
    const dialog = await openNewProduct(user);
    await user.type(within(dialog).getByLabelText('Navn'), 'Servicepakke');
    await user.type(within(dialog).getByLabelText('Pris i kroner, inkl. mva'), '1 299,50');
    await user.selectOptions(within(dialog).getByLabelText('MVA-sats'), '15 % – næringsmidler');
    const price = within(dialog).getByLabelText('Prisen kunden ser');
    expect(within(price).getByText(/^1\s299,50 kr inkl\. mva$/)).toBeInTheDocument();
    // 129 950 × 15 / 115 = 16 950 øre of MVA; the rest is eks. mva.
    expect(within(price).getByText('Herav mva (15 %)')).toBeInTheDocument();
    expect(within(price).getByText(/^169,50 kr$/)).toBeInTheDocument();
    expect(within(price).getByText(/^1\s130 kr$/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Lag produktet' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(state.writes[0]?.body).toMatchObject({
      name: 'Servicepakke',
      price_ore: 129950,
      vat_rate: 15,
      stock: null,
      max_per_order: 10,
    });
  });

  it('keeps everything typed when the server refuses, and says why', async () => {
    const user = userEvent.setup();
    state.refuse = { status: 403, body: { code: '42501', message: 'permission denied' } };
    const dialog = await openNewProduct(user);
    await user.type(within(dialog).getByLabelText('Navn'), 'Servicepakke');
    await user.type(within(dialog).getByLabelText('Beskrivelse'), 'Full gjennomgang');
    await user.type(within(dialog).getByLabelText('Pris i kroner, inkl. mva'), '499');
    await user.type(within(dialog).getByLabelText('Antall på lager'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Lag produktet' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Du har ikke tilgang/);
    expect(within(dialog).getByLabelText('Navn')).toHaveValue('Servicepakke');
    expect(within(dialog).getByLabelText('Beskrivelse')).toHaveValue('Full gjennomgang');
    expect(within(dialog).getByLabelText('Pris i kroner, inkl. mva')).toHaveValue('499');
    expect(within(dialog).getByLabelText('Antall på lager')).toHaveValue('12');
    await user.click(within(dialog).getByRole('button', { name: 'Lag produktet' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(state.writes).toHaveLength(2);
  });

  it('changes only what was changed: the stock is not sent unless it was edited', async () => {
    const user = userEvent.setup();
    openProducts();
    await user.click(await screen.findByRole('button', { name: 'Handlinger for Rørsjekk hjemme' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rediger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rediger «Rørsjekk hjemme»' });
    expect(within(dialog).getByLabelText('Pris i kroner, inkl. mva')).toHaveValue('1490');
    await user.clear(within(dialog).getByLabelText('Pris i kroner, inkl. mva'));
    await user.type(within(dialog).getByLabelText('Pris i kroner, inkl. mva'), '1 590');
    await user.click(within(dialog).getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(state.writes[0]?.method).toBe('PATCH');
    expect(state.writes[0]?.body).toEqual({ price_ore: 159000 });
  });
});
