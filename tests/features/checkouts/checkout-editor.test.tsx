import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CheckoutAnalyticsPage from '@/features/checkouts/routes/checkout-analytics';
import {
  ALARM,
  checkoutEditorHandlers,
  EDITOR_CHECKOUT,
  newCheckoutEditorState,
  ROR,
  type CheckoutEditorState,
} from '../../msw/handlers/checkout-editor';
import { setupMswServer } from '../../msw/server';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

let state: CheckoutEditorState = newCheckoutEditorState();
setupMswServer(...checkoutEditorHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('checkouts', 'checkout-errors', 'campaign-errors');
});
beforeEach(() => {
  state = newCheckoutEditorState();
  signIn();
});

const open = (query = '') =>
  renderApp(CheckoutAnalyticsPage, {
    path: '/checkouts/:checkout_id',
    entry: `/checkouts/${EDITOR_CHECKOUT}${query}`,
  });
const preview = () => screen.findByTestId('checkout-preview');
const writes = (table: string, method?: string) =>
  state.requests.filter(
    (request) => request.url.pathname.endsWith(`/${table}`) && (!method || request.method === method),
  );
const saveButton = () => screen.getByRole('button', { name: 'Lagre endringer' });

describe('the checkout editor', () => {
  it('opens a draft on Oppsett, shows the heading typed in the preview at once and saves it to the campaign', async () => {
    const user = userEvent.setup();
    open();
    const heading = await screen.findByLabelText('Overskrift');
    await waitFor(() => expect(document.title).toBe('Oppsett av Rørsjekk hjemme · Leadtorget'));
    await within(await preview()).findByRole('heading', { level: 1, name: 'Rørsjekk hjemme' });
    await user.clear(heading);
    await user.type(heading, 'Rørsjekk før vinteren');
    expect(within(await preview()).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Rørsjekk før vinteren',
    );
    // The preview sells the draft's product, and pays nothing.
    expect(within(await preview()).getByText('Rørsjekk hjemme')).toBeInTheDocument();
    expect(within(await preview()).getByRole('button', { name: /Gå til betaling/ })).toBeDisabled();
    expect(screen.getByText('Du har endringer som ikke er lagret.')).toBeInTheDocument();
    await user.click(saveButton());
    await screen.findByText('Alle endringer er lagret.');
    expect(state.campaign.name).toBe('Rørsjekk før vinteren');
    // Only what changed is written.
    expect(writes('checkouts', 'PATCH')).toEqual([]);
    expect(writes('checkout_products')).toEqual([]);
  });

  it('shows the thank-you texts in the preview under «Etter kjøpet» and refuses an address that is not https', async () => {
    const user = userEvent.setup();
    open('?fane=oppsett&del=etter');
    const text = await screen.findByLabelText('Takketekst');
    await user.type(text, 'Vi ringer deg i morgen.');
    expect(within(await preview()).getByText('Vi ringer deg i morgen.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Send kjøperen til min egen side'));
    const address = screen.getByLabelText('Adresse til siden (https)');
    await user.type(address, 'http://fjordror.no/takk');
    await user.click(saveButton());
    // The field gets focus a frame later, once its section is open.
    await waitFor(() => expect(address).toHaveFocus());
    expect(address).toHaveAccessibleDescription(expect.stringContaining('begynner med https://'));
    expect(state.requests).toEqual([]);
  });

  it('keeps everything typed when the server refuses the save, and saves it on the next try', async () => {
    const user = userEvent.setup();
    state.refuse.checkouts = { code: '23514', message: 'new row violates check constraint' };
    open('?fane=oppsett&del=etter');
    const text = await screen.findByLabelText('Takketekst');
    await user.type(text, 'Takk skal du ha.');
    await user.click(saveButton());
    await screen.findByRole('alert');
    expect(text).toHaveValue('Takk skal du ha.');
    expect(screen.getByText('Du har endringer som ikke er lagret.')).toBeInTheDocument();
    state.refuse = {};
    await user.click(saveButton());
    await screen.findByText('Alle endringer er lagret.');
    expect(state.checkout.thank_you_text).toBe('Takk skal du ha.');
  });

  it('adds the order bump with a heading to start from, and writes the new row', async () => {
    const user = userEvent.setup();
    open('?fane=oppsett&del=produkter');
    await user.selectOptions(await screen.findByLabelText('Produkt'), ALARM);
    expect(screen.getByLabelText('Overskrift for tilbudet')).toHaveValue('Ja, legg til Vannlekkasjealarm');
    await user.click(saveButton());
    await screen.findByText('Alle endringer er lagret.');
    expect(state.products).toContainEqual(expect.objectContaining({ product_id: ALARM, role: 'bump' }));
    expect(state.checkout.bump_heading).toBe('Ja, legg til Vannlekkasjealarm');
    expect(within(await preview()).getByText('Ja, legg til Vannlekkasjealarm')).toBeInTheDocument();
  });

  it('blocks publishing without a main product, and publishes once one is saved', async () => {
    const user = userEvent.setup();
    state.products = [];
    open('?fane=oppsett&del=publisering');
    const publish = await screen.findByRole('button', { name: 'Publiser' });
    expect(publish).toBeDisabled();
    expect(publish).toHaveAccessibleDescription(
      'Kassen selger ingen produkter. Legg til et hovedprodukt under Produkter.',
    );
    await user.click(screen.getByRole('tab', { name: 'Produkter' }));
    await user.click(await screen.findByRole('button', { name: 'Legg til' }));
    await user.click(screen.getByRole('tab', { name: 'Publisering' }));
    expect(await screen.findByRole('button', { name: 'Publiser' })).toBeDisabled();
    expect(screen.getByText('Lagre endringene før du publiserer.')).toBeInTheDocument();
    await user.click(saveButton());
    await screen.findByText('Alle endringer er lagret.');
    expect(state.products).toEqual([expect.objectContaining({ product_id: ROR, role: 'main', position: 0 })]);
    await user.click(screen.getByRole('button', { name: 'Publiser' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publiser' }));
    await waitFor(() => expect(state.campaign.published_at).not.toBeNull());
  });

  it("shows the database's refusal when the checkout has no product left to publish", async () => {
    const user = userEvent.setup();
    open('?fane=oppsett&del=publisering');
    const publish = await screen.findByRole('button', { name: 'Publiser' });
    // Another tab removed the product meanwhile: the database says no.
    state.products = [];
    await user.click(publish);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publiser' }));
    expect(
      await screen.findByText(
        'En publisert kasse må selge minst ett produkt. Legg til et produkt, eller avpubliser kassen først.',
      ),
    ).toBeInTheDocument();
    expect(state.campaign.published_at).toBeNull();
  });

  it('does not let a published checkout lose its last product', async () => {
    const user = userEvent.setup();
    state.campaign.published_at = '2026-11-01T10:00:00Z';
    open('?fane=oppsett&del=produkter');
    await user.click(await screen.findByRole('button', { name: 'Fjern Rørsjekk hjemme fra kassen' }));
    expect(screen.getByText(/En publisert kasse må selge minst ett produkt/)).toBeInTheDocument();
    await user.click(saveButton());
    expect(state.requests).toEqual([]);
    expect(state.products).toEqual([
      { product_id: ROR, role: 'main', position: 0, quantity_editable: false },
    ]);
  });

  it('keeps the unsaved edits while another tab is open', async () => {
    const user = userEvent.setup();
    open();
    const heading = await screen.findByLabelText('Overskrift');
    await user.clear(heading);
    await user.type(heading, 'Ikke lagret ennå');
    await user.click(screen.getByRole('tab', { name: 'Ordrer' }));
    await screen.findByText('Ingen betalte ordrer ennå. Del lenken til kassen for å komme i gang.');
    await user.click(screen.getByRole('tab', { name: 'Oppsett' }));
    expect(await screen.findByLabelText('Overskrift')).toHaveValue('Ikke lagret ennå');
    expect(screen.getByText('Du har endringer som ikke er lagret.')).toBeInTheDocument();
  });

  it('opens a published checkout on its figures, each tab with its own title', async () => {
    state.campaign.published_at = '2026-11-01T10:00:00Z';
    open('?fane=ordrer');
    await waitFor(() => expect(document.title).toBe('Ordrer i Rørsjekk hjemme · Leadtorget'));
    expect(screen.getByRole('tab', { name: 'Ordrer', selected: true })).toBeInTheDocument();
  });
});
