import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import FunnelListPage from '@/features/funnels/routes/funnel-list';
import { funnelsHandlers, newFunnelsState, type FunnelsState } from '../../msw/handlers/funnels';
import { setupMswServer } from '../../msw/server';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

let state: FunnelsState = newFunnelsState();
setupMswServer(...funnelsHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('funnels');
});
beforeEach(() => {
  state = newFunnelsState();
  signIn();
});

describe('/funnels', () => {
  it('lists the funnels with status in words and the last 30 days', async () => {
    renderApp(FunnelListPage, { path: '/funnels' });
    const row = (await screen.findByRole('link', { name: 'Vårkampanje' })).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Publisert')).toBeInTheDocument();
    expect(within(row).getByText('1 234')).toBeInTheDocument();
    expect(within(row).getByText(/17\s880,00/)).toBeInTheDocument();
  });

  it('says a funnel is a draft or archived', async () => {
    state.summaries = [
      { ...state.summaries[0], id: 'a', name: 'Utkastet', published_at: null },
      { ...state.summaries[0], id: 'b', name: 'Gammel', archived_at: '2026-11-02T10:00:00Z' },
    ];
    renderApp(FunnelListPage, { path: '/funnels' });
    expect(
      within((await screen.findByRole('link', { name: 'Utkastet' })).closest('tr')!).getByText('Utkast'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: 'Gammel' }).closest('tr')!).getByText('Arkivert'),
    ).toBeInTheDocument();
  });

  it('creates a funnel from the standard template and opens its editor; an empty name is refused', async () => {
    const user = userEvent.setup();
    renderApp(FunnelListPage, {
      path: '/funnels',
      routes: [{ path: '/funnels/edit/:id', element: <p>editor</p> }],
    });
    await user.click((await screen.findAllByRole('button', { name: 'Ny trakt' }))[0]!);
    await user.click(screen.getByRole('button', { name: 'Opprett trakt' }));
    expect(await screen.findByText('Skriv et navn på trakten.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Navn'), 'Julesalg');
    await user.click(screen.getByRole('button', { name: 'Opprett trakt' }));
    expect(await screen.findByText('editor')).toBeInTheDocument();
    expect(state.requests[0]?.body).toMatchObject({ input_name: 'Julesalg', input_template: 'standard' });
  });
});
