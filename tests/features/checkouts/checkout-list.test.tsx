import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CheckoutListPage from '@/features/checkouts/routes/checkout-list';
import {
  checkoutBuilderHandlers,
  newCheckoutBuilderState,
  PRODUCT,
  type CheckoutBuilderState,
} from '../../msw/handlers/checkout-builder';
import { setupMswServer } from '../../msw/server';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

let state: CheckoutBuilderState = newCheckoutBuilderState();
setupMswServer(...checkoutBuilderHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('checkouts', 'checkout-errors');
});
beforeEach(() => {
  state = newCheckoutBuilderState();
  signIn();
});

describe('/checkouts', () => {
  it('lists the checkouts with status in words, figures and revenue', async () => {
    renderApp(CheckoutListPage, { path: '/checkouts' });
    const row = (await screen.findByRole('link', { name: 'Rørsjekk hjemme' })).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Publisert')).toBeInTheDocument();
    expect(within(row).getByText('1 234')).toBeInTheDocument();
    expect(within(row).getByText(/17\s880,00/)).toBeInTheDocument();
  });

  it('creates a checkout with a product and refuses an empty name', async () => {
    const user = userEvent.setup();
    renderApp(CheckoutListPage, {
      path: '/checkouts',
      routes: [{ path: '/checkouts/:id', element: <p>figures</p> }],
    });
    await user.click((await screen.findAllByRole('button', { name: 'Ny kasse' }))[0]!);
    await user.click(screen.getByRole('button', { name: 'Lag kassen' }));
    expect(await screen.findByText('Skriv et navn på kassen.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Navn'), 'Vårservice');
    await user.selectOptions(
      screen.getByLabelText('Produkt'),
      await screen.findByRole('option', { name: 'Rørsjekk' }),
    );
    await user.click(screen.getByRole('button', { name: 'Lag kassen' }));
    expect(await screen.findByText('figures')).toBeInTheDocument();
    expect(state.requests[0]?.body).toMatchObject({ input_name: 'Vårservice', input_product_id: PRODUCT });
  });
});
