import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import FunnelEditPage from '@/features/funnels/routes/funnel-edit';
import {
  FUNNEL,
  funnelsHandlers,
  newFunnelsState,
  PRODUCT,
  STEP,
  type FunnelsState,
} from '../../msw/handlers/funnels';
import { setupMswServer } from '../../msw/server';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

let state: FunnelsState = newFunnelsState();
setupMswServer(...funnelsHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('funnels', 'media');
});
beforeEach(() => {
  state = newFunnelsState();
  signIn();
});

const open = (query = '') =>
  renderApp(FunnelEditPage, { path: '/funnels/edit/:funnel_id', entry: `/funnels/edit/${FUNNEL}${query}` });

describe('/funnels/edit/:funnel_id', () => {
  it('draws the map as nested lists: the offer branches into «Ja» and «Nei»', async () => {
    open();
    const map = await screen.findByRole('region', { name: 'Kart over stiene' });
    const offer = within(map).getByText('Tilbud').closest('li');
    if (!offer) throw new Error('no offer item');
    const branches = within(offer)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.parentElement === offer);
    expect(branches.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Ja:.*Takk/),
      expect.stringMatching(/^Nei:.*Nedsalg.*Takk/),
    ]);
  });

  it('refuses to publish while an offer has no product, and names the step', async () => {
    open();
    const check = await screen.findByRole('region', { name: 'Før du publiserer' });
    expect(await within(check).findByText(/Tilbud: Tilbudet mangler produkt\./)).toBeInTheDocument();
    expect(within(check).getByRole('button', { name: 'Publiser trakten' })).toBeDisabled();
  });

  it('publishes when the check passes', async () => {
    state.steps = state.steps.map((step) =>
      step.id === STEP.upsell ? { ...step, product_id: PRODUCT } : step,
    );
    const user = userEvent.setup();
    open();
    const check = await screen.findByRole('region', { name: 'Før du publiserer' });
    await within(check).findByText('Trakten er klar til å publiseres.');
    await user.click(within(check).getByRole('button', { name: 'Publiser trakten' }));
    await waitFor(() => expect(state.requests.some((request) => request.method === 'PATCH')).toBe(true));
    const body = state.requests.find((request) => request.url.pathname.endsWith('/campaigns'))?.body as {
      published_at?: unknown;
    };
    expect(typeof body.published_at).toBe('string');
  });

  it('keeps a price it cannot read and says why; saves the offer in øre', async () => {
    const user = userEvent.setup();
    open(`?steg=${STEP.upsell}`);
    expect(await screen.findByRole('heading', { name: 'Tilbud (Tilbud)', level: 2 })).toBeInTheDocument();
    await user.selectOptions(
      screen.getByLabelText('Produkt'),
      await screen.findByRole('option', { name: 'Vannlekkasjealarm' }),
    );
    const price = screen.getByLabelText('Pris inkl. mva. (kr)');
    await user.type(price, '19,9,9');
    await user.click(screen.getByRole('button', { name: 'Lagre steget' }));
    expect(
      await screen.findByText('Skriv prisen i kroner, for eksempel 199 eller 199,50.'),
    ).toBeInTheDocument();
    expect(price).toHaveValue('19,9,9');
    expect(state.requests).toEqual([]);
    await user.clear(price);
    await user.type(price, '199,50');
    await user.click(screen.getByRole('button', { name: 'Lagre steget' }));
    await waitFor(() => expect(state.requests.length).toBeGreaterThan(0));
    expect(state.requests[0]?.body).toMatchObject({
      product_id: PRODUCT,
      price_ore: 19950,
      decline_step_id: STEP.downsell,
    });
  });

  it('refuses a page block left empty and shows it in the live preview when filled', async () => {
    const user = userEvent.setup();
    open(`?steg=${STEP.sales}`);
    await screen.findByRole('heading', { name: 'Salgsside (Salgsside)', level: 2 });
    await user.click(screen.getByRole('button', { name: 'Punktliste' }));
    await user.click(screen.getByRole('button', { name: 'Lagre steget' }));
    expect(await screen.findByText('Skriv minst ett punkt.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Punkter'), 'Gratis frakt');
    const preview = screen.getByRole('region', { name: 'Forhåndsvisning' });
    expect(within(preview).getByRole('listitem')).toHaveTextContent('Gratis frakt');
    expect(within(preview).getByRole('heading', { level: 2 })).toHaveTextContent('Overskriften som selger');
  });

  it('shows the figures per step and the A/B verdict of a split-tested step', async () => {
    const step = (overrides: Record<string, unknown>) => ({
      step_id: STEP.sales,
      name: 'Salgsside',
      type: 'sales',
      position: 1,
      views: 0,
      visitors: 0,
      optins: 0,
      clicks: 0,
      orders: 0,
      accepts: 0,
      declines: 0,
      revenue_ore: 0,
      variants: [{ label: 'A', views: 0, visitors: 0, conversions: 0 }],
      ...overrides,
    });
    state.figures = {
      steps: [
        step({
          views: 1400,
          visitors: 1200,
          clicks: 300,
          variants: [
            { label: 'A', views: 700, visitors: 600, conversions: 100 },
            { label: 'B', views: 700, visitors: 600, conversions: 200 },
          ],
        }),
        step({
          step_id: STEP.upsell,
          name: 'Tilbud',
          type: 'offer',
          position: 3,
          visitors: 50,
          accepts: 10,
          declines: 30,
          orders: 10,
          revenue_ore: 499000,
        }),
      ],
      revenue_ore: 499000,
      visitors: 1200,
      earnings_per_visitor_ore: 416,
    };
    open('?fane=tall');
    expect(
      await screen.findByText('Variant B er best, og forskjellen er ikke tilfeldig.'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Tall per steg' });
    const offer = within(table).getByText('Tilbud (Tilbud)').closest('tr');
    expect(offer).toHaveTextContent('25');
    expect(document.title).toBe('Tall – Vårkampanje · Leadtorget');
  });
});
