import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResultsSection } from '@/features/popups/components/results/results-section';
import { POPUP, POPUP_VARIANT_A, POPUP_VARIANT_B, popupResultRow } from '../../factories/popup';
import { newPopupListState, popupListHandlers, type PopupListState } from '../../msw/handlers/popup-list';
import { setupMswServer } from '../../msw/server';
import { readBlob } from '../../support/read-blob';
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

const TWO = [
  { id: POPUP_VARIANT_A, label: 'A' },
  { id: POPUP_VARIANT_B, label: 'B' },
];
const b = (overrides: Parameters<typeof popupResultRow>[0]) =>
  popupResultRow({ variant_id: POPUP_VARIANT_B, label: 'B', ...overrides });

describe('ResultsSection', () => {
  it('shows the totals, the tables and a winner the test supports', async () => {
    // A 5 % of 1000, B 8 % of 1000: p 0.0065, both past the minimum sample.
    state.results = [
      popupResultRow({ views: 600, closes: 300, conversions: 30 }),
      popupResultRow({
        device: 'desktop',
        source: '',
        page: '/kontakt',
        views: 400,
        closes: 100,
        conversions: 20,
      }),
      b({ views: 1000, closes: 200, conversions: 80 }),
    ];
    renderApp(() => <ResultsSection popupId={POPUP} variants={TWO} />);
    const figures = await screen.findByLabelText('Nøkkeltall');
    expect(within(figures).getByText('2 000')).toBeInTheDocument();
    // 130 of 2000.
    expect(within(figures).getByText('6,5 %')).toBeInTheDocument();
    expect(screen.getByText('Vinner:')).toBeInTheDocument();
    expect(screen.getByText(/Variant B konverterer best/)).toBeInTheDocument();
    const variants = screen.getByRole('table', { name: 'A/B-test' });
    const leader = within(variants).getByText('B (leder)').closest('tr');
    if (!leader) throw new Error('no leader row');
    expect(within(leader).getByText('8,0 %')).toBeInTheDocument();
    // Wilson 95 % of 80/1000: 6,47 % – 9,85 %.
    expect(within(leader).getByText('6,5 % – 9,8 %')).toBeInTheDocument();
    const a = within(variants).getByText('A').closest('tr');
    if (!a) throw new Error('no row A');
    expect(within(a).getByText('−37,5 %')).toBeInTheDocument();
    expect(within(a).getByText('0,007')).toBeInTheDocument();
    const devices = screen.getByRole('table', { name: 'Per enhet' });
    expect(within(devices).getByText('Mobil')).toBeInTheDocument();
    expect(within(devices).getByText('Datamaskin og nettbrett')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Per kilde' })).getByText('Direkte')).toBeInTheDocument();
    const query = state.requests.find((request) => request.url.pathname.endsWith('popup_results'))?.body as {
      input_from: string;
      input_to: string;
    };
    // The last 30 days, both ends included.
    expect((Date.parse(query.input_to) - Date.parse(query.input_from)) / 86_400_000).toBe(29);
  });

  it('says it is too early, and how many views are missing, with a small sample', async () => {
    // A 30/400, B 9/400: p 0.00057, but B has 9 conversions: ⌈10 / 0.0225⌉ − 400 = 45 more views.
    state.results = [popupResultRow({ views: 400, conversions: 30 }), b({ views: 400, conversions: 9 })];
    renderApp(() => <ResultsSection popupId={POPUP} variants={TWO} />);
    expect(await screen.findByText('For tidlig å si.')).toBeInTheDocument();
    expect(screen.getByText(/omtrent 45 visninger til/)).toBeInTheDocument();
    expect(screen.queryByText('Vinner:')).not.toBeInTheDocument();
  });

  it('gives no verdict for one variant', async () => {
    state.results = [popupResultRow({ views: 1000, conversions: 50 })];
    renderApp(() => <ResultsSection popupId={POPUP} variants={TWO.slice(0, 1)} />);
    expect(await screen.findByRole('table', { name: 'A/B-test' })).toBeInTheDocument();
    expect(screen.queryByText('For tidlig å si.')).not.toBeInTheDocument();
    expect(screen.queryByText('Vinner:')).not.toBeInTheDocument();
  });

  it('exports the rows as CSV', async () => {
    const user = userEvent.setup();
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:csv';
      }),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    state.results = [popupResultRow(), b({ source: '', views: 10, closes: 2, conversions: 1 })];
    renderApp(() => <ResultsSection popupId={POPUP} variants={TWO} />);
    await user.click(await screen.findByRole('button', { name: 'Last ned CSV' }));
    await waitFor(() => expect(created).toHaveLength(1));
    const lines = (await readBlob(created[0]!)).replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toEqual([
      'Dag;Variant;Side;Enhet;Kilde;Visninger;Lukket;Påmeldinger',
      '2027-02-21;A;/bad;mobile;google;120;40;4',
      '2027-02-21;B;/bad;mobile;;10;2;1',
    ]);
  });
});
