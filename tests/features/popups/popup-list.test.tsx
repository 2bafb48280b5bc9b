import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PopupListPage from '@/features/popups/routes/popup-list';
import { POPUP_TEMPLATE_IDS, POPUP_TEMPLATES } from '@/features/popups/utils/templates';
import { POPUP, popupSummaryRow } from '../../factories/popup';
import {
  COPY_POPUP,
  NEW_POPUP,
  newPopupListState,
  popupListHandlers,
  type PopupListState,
} from '../../msw/handlers/popup-list';
import { setupMswServer } from '../../msw/server';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

let state: PopupListState = newPopupListState();
setupMswServer(...popupListHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('popups', 'popup-errors', 'campaign-errors');
});
beforeEach(() => {
  state = newPopupListState();
  signIn();
});

const PAUSED = 'ce000000-0000-4000-8000-0000000000ab';
const editRoute = { path: '/popups/edit/:id', element: <p>editor</p> };
const bodyOf = (state: PopupListState, path: string) =>
  state.requests.find((request) => request.url.pathname.endsWith(path))?.body;
const rowOf = async (name: string) => {
  const row = (await screen.findByRole('link', { name })).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('/popups', () => {
  it('lists the popups with status, type, figures, rate and sites', async () => {
    state.summaries = [
      popupSummaryRow({ views: 1234, conversions: 152, rate: 152 / 1234 }),
      popupSummaryRow({
        popup_id: PAUSED,
        name: 'Stripe',
        type: 'bar_top',
        status: 'paused',
        views: 0,
        conversions: 0,
        rate: null,
        sites: [],
      }),
    ];
    renderApp(PopupListPage, { path: '/popups' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Popups' })).toBeInTheDocument();
    const row = await rowOf('Nyhetsbrev');
    expect(within(row).getByRole('link')).toHaveAttribute('href', `/popups/edit/${POPUP}`);
    expect(within(row).getByText('Aktiv')).toBeInTheDocument();
    expect(within(row).getByText('Modal')).toBeInTheDocument();
    expect(within(row).getByText('1 234')).toBeInTheDocument();
    // 152 / 1234 = 12,317… %.
    expect(within(row).getByText('12,3 %')).toBeInTheDocument();
    expect(within(row).getByText('fjordbygg.no')).toBeInTheDocument();
    const paused = await rowOf('Stripe');
    expect(within(paused).getByText('Pauset')).toBeInTheDocument();
    expect(within(paused).getByText('Stripe øverst')).toBeInTheDocument();
    expect(within(paused).getByText('–')).toBeInTheDocument();
    expect(within(paused).getByText('Ingen nettsted')).toBeInTheDocument();
  });

  it('shows the empty state with a way to start', async () => {
    state.summaries = [];
    renderApp(PopupListPage, { path: '/popups' });
    expect(await screen.findByRole('heading', { name: 'Ingen popups ennå' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Ny popup' })).toHaveLength(2);
  });

  it('pauses an active popup and resumes a paused one', async () => {
    const user = userEvent.setup();
    state.summaries = [
      popupSummaryRow(),
      popupSummaryRow({ popup_id: PAUSED, name: 'Stripe', status: 'paused' }),
    ];
    renderApp(PopupListPage, { path: '/popups' });
    await user.click(await screen.findByRole('button', { name: 'Handlinger for Nyhetsbrev' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sett på pause' }));
    await waitFor(() =>
      expect(state.requests.filter((request) => request.method === 'PATCH')).toHaveLength(1),
    );
    const pause = state.requests.find((request) => request.method === 'PATCH');
    expect(pause?.url.searchParams.get('id')).toBe(`eq.${POPUP}`);
    expect((pause?.body as { paused_at: string | null }).paused_at).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Handlinger for Stripe' }));
    await user.click(screen.getByRole('menuitem', { name: 'Start igjen' }));
    await waitFor(() =>
      expect(state.requests.filter((request) => request.method === 'PATCH')).toHaveLength(2),
    );
    const resume = state.requests.filter((request) => request.method === 'PATCH')[1];
    expect(resume?.url.searchParams.get('id')).toBe(`eq.${PAUSED}`);
    expect(resume?.body).toEqual({ paused_at: null });
  });

  it('duplicates a popup and opens the copy', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(PopupListPage, { path: '/popups', routes: [editRoute] });
    await user.click(await screen.findByRole('button', { name: 'Handlinger for Nyhetsbrev' }));
    await user.click(screen.getByRole('menuitem', { name: 'Dupliser' }));
    await screen.findByText('editor');
    expect(router.state.location.pathname).toBe(`/popups/edit/${COPY_POPUP}`);
    expect(bodyOf(state, 'duplicate_popup')).toEqual({ input_popup_id: POPUP });
  });

  it('archives after confirmation', async () => {
    const user = userEvent.setup();
    renderApp(PopupListPage, { path: '/popups' });
    await user.click(await screen.findByRole('button', { name: 'Handlinger for Nyhetsbrev' }));
    await user.click(screen.getByRole('menuitem', { name: 'Arkiver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arkivere «Nyhetsbrev»?' });
    expect(state.requests).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Arkiver' }));
    await waitFor(() =>
      expect((bodyOf(state, 'popups') as { archived_at?: string } | undefined)?.archived_at).toBeTruthy(),
    );
  });

  it('shows the sites panel with the tag', async () => {
    renderApp(PopupListPage, { path: '/popups' });
    const panel = (await screen.findByRole('heading', { name: 'Nettsteder' })).closest('section');
    if (!panel) throw new Error('no panel');
    expect(
      await within(panel).findByText(/data-site="ce000000-0000-4000-8000-0000000000d2"/),
    ).toBeInTheDocument();
  });
});

describe('create from a template', () => {
  // What each template promises in its sentence, checked on what it creates.
  const promises: Record<string, (template: ReturnType<(typeof POPUP_TEMPLATES)['tom']>) => void> = {
    nyhetsbrev: (template) => {
      expect(template.type).toBe('modal');
      expect(template.triggers).toEqual([{ kind: 'delay', seconds: 8 }, { kind: 'exit_intent' }]);
    },
    rabattkode: (template) => {
      expect(template.type).toBe('slide_in');
      expect(template.triggers).toEqual([{ kind: 'scroll', percent: 40 }]);
      expect(template.discount_code).toBeTruthy();
    },
    exitTilbud: (template) => {
      expect(template.type).toBe('modal');
      expect(template.triggers).toEqual([{ kind: 'exit_intent' }]);
    },
    leadMagnet: (template) => expect(template.content.success_heading).toBe('Guiden er på vei'),
    kunngjoringsstripe: (template) => {
      expect(template.type).toBe('bar_top');
      expect(template.triggers).toEqual([{ kind: 'delay', seconds: 0 }]);
    },
    tom: (template) => expect(template.content.heading).toBe(''),
  };

  it.each([
    ['nyhetsbrev', 'Nyhetsbrev'],
    ['rabattkode', 'Rabattkode'],
    ['exitTilbud', 'Exit-tilbud'],
    ['leadMagnet', 'Gratis guide'],
    ['kunngjoringsstripe', 'Kunngjøringsstripe'],
    ['tom', 'Tom popup'],
  ] as const)('%s creates what it says and opens the editor', async (id, name) => {
    const user = userEvent.setup();
    const { router } = renderApp(PopupListPage, { path: '/popups', routes: [editRoute] });
    await user.click((await screen.findAllByRole('button', { name: 'Ny popup' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Ny popup' });
    await user.click(within(dialog).getByRole('radio', { name }));
    expect(within(dialog).getByLabelText('Navn på popupen')).toHaveValue(name);
    await user.click(within(dialog).getByRole('button', { name: 'Lag popup' }));
    await screen.findByText('editor');
    expect(router.state.location.pathname).toBe(`/popups/edit/${NEW_POPUP}`);
    const body = bodyOf(state, 'create_popup_from') as { input_name: string; input_template: never };
    expect(body.input_name).toBe(name);
    expect(body.input_template).toEqual(POPUP_TEMPLATES[id]('Fjordbygg AS'));
    promises[id]?.(body.input_template);
    // Every template names the organization in the consent the visitor gives.
    expect(POPUP_TEMPLATES[id]('Fjordbygg AS').consent_text).toContain('Fjordbygg AS');
  });

  it('covers every template', () =>
    expect(Object.keys(promises).sort()).toEqual([...POPUP_TEMPLATE_IDS].sort()));

  it('keeps a typed name and asks for one when it is empty', async () => {
    const user = userEvent.setup();
    renderApp(PopupListPage, { path: '/popups' });
    await user.click((await screen.findAllByRole('button', { name: 'Ny popup' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Ny popup' });
    const field = within(dialog).getByLabelText('Navn på popupen');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Lag popup' }));
    expect(await within(dialog).findByText('Gi popupen et navn.')).toBeInTheDocument();
    await user.type(field, 'Julesalg');
    await user.click(within(dialog).getByRole('radio', { name: 'Rabattkode' }));
    expect(field).toHaveValue('Julesalg');
    expect(state.requests).toEqual([]);
  });

  it('says why the database refused and stays open', async () => {
    const user = userEvent.setup();
    state.refuse.create_popup_from = 'popup-invalid';
    renderApp(PopupListPage, { path: '/popups' });
    await user.click((await screen.findAllByRole('button', { name: 'Ny popup' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Ny popup' });
    await user.click(within(dialog).getByRole('button', { name: 'Lag popup' }));
    expect(
      await within(dialog).findByText('Popupen kunne ikke lagres: noe i innstillingene er ugyldig.'),
    ).toBeInTheDocument();
  });
});
