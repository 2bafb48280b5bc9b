import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LifetimeValueDashboardPage from '@/features/lifetime-value/routes/dashboard';
import { addDays, osloDateKey } from '@/lib/format';
import { parseCsv } from '@/lib/spreadsheet/csv';
import {
  CAMPAIGN_QUIZ,
  lastCall,
  lifetimeValueHandlers,
  newLifetimeValueState,
  reportAnswer,
  type LifetimeValueState,
} from '../../msw/handlers/lifetime-value';
import { setupMswServer } from '../../msw/server';
import { catchDownloads } from '../../support/catch-downloads';
import { ORG } from '../../support/ids';
import { readBlob } from '../../support/read-blob';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';

let state: LifetimeValueState = newLifetimeValueState();
setupMswServer(...lifetimeValueHandlers(() => state));

beforeAll(async () => {
  await prepareI18n('lifetime-value', 'revenue-errors');
});
beforeEach(() => {
  state = newLifetimeValueState();
  signIn();
  // jsdom draws nothing: the charts get no context, and their tables still hold the figures.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

const MARK = 'Få kunder – usikkert tall';
const renderPage = () => renderApp(LifetimeValueDashboardPage, { path: '/lifetimevalue' });
const sourcesTable = () => screen.getByRole('table', { name: 'Kundeverdi per kilde' });
/** The sources' rows have come. */
const sourcesShown = async () =>
  within(await screen.findByRole('table', { name: 'Kundeverdi per kilde' })).findByRole('cell', {
    name: 'Skjema',
  });
/** A table's rows as the text of each cell. */
const cellTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim()));

describe('the lifetime value screen', () => {
  it('asks for the last year, net, by default, and sends each filter as the report parameter', async () => {
    const user = userEvent.setup();
    renderPage();
    await sourcesShown();
    const today = osloDateKey(new Date());
    expect(lastCall(state, 'lifetime_value_report')).toEqual({
      input_organization_id: ORG,
      input_from: addDays(today, -364),
      input_to: today,
      input_include_vat: false,
      input_churn_days: 180,
    });

    await user.selectOptions(screen.getByLabelText('Kilde (første kontakt)'), 'Markedsplass');
    await user.selectOptions(await screen.findByLabelText('Kampanje'), 'Vårquiz');
    await user.selectOptions(screen.getByLabelText('Frafall etter'), '365 dager');
    await user.click(screen.getByRole('checkbox', { name: 'Inkl. mva.' }));
    await waitFor(() =>
      expect(lastCall(state, 'lifetime_value_report')).toMatchObject({
        input_source: 'marketplace',
        input_campaign_id: CAMPAIGN_QUIZ,
        input_include_vat: true,
        input_churn_days: 365,
      }),
    );
    expect(lastCall(state, 'lifetime_value_customers')).toMatchObject({
      input_source: 'marketplace',
      input_campaign_id: CAMPAIGN_QUIZ,
      input_include_vat: true,
      input_limit: 50,
      input_offset: 0,
    });
    expect(lastCall(state, 'lifetime_value_cohorts')).toMatchObject({ input_include_vat: true });
  });

  it('marks a thin source «Få kunder – usikkert tall» and keeps the order the database gives', async () => {
    renderPage();
    await sourcesShown();
    const rows = cellTexts(sourcesTable());
    expect(rows[1]?.[0]).toBe('Skjema');
    expect(rows[1]).not.toContain(MARK);
    expect(rows[2]?.[0]).toBe('Markedsplass');
    expect(rows[2]).toContain(MARK);
    // Enough customers in all: the key figures carry no mark.
    const figures = screen.getByRole('region', { name: 'Nøkkeltall' });
    expect(within(figures).queryByText(MARK)).toBeNull();
  });

  it('marks the key figures when the whole period rests on too few customers', async () => {
    const report = reportAnswer();
    state.report = { ...report, totals: { ...report.totals, customers: 7, small_sample: true } };
    renderPage();
    const figures = await screen.findByRole('region', { name: 'Nøkkeltall' });
    expect(within(figures).getByText(/Færre enn 20 kunder/)).toBeInTheDocument();
    expect(within(figures).getAllByText(MARK).length).toBeGreaterThan(3);
  });

  it('exports the tables exactly as the screen shows them', async () => {
    const user = userEvent.setup();
    const files = catchDownloads();
    renderPage();
    await sourcesShown();
    await screen.findByRole('link', { name: 'Kari Nordmann' });
    await user.click(screen.getByRole('button', { name: 'Eksporter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV-fil' }));
    expect(files).toHaveLength(1);
    const today = osloDateKey(new Date());
    expect(files[0]?.name).toBe(`kundeverdi-${addDays(today, -364)}-${today}.csv`);
    const lines = parseCsv((await readBlob(files[0]!.blob)).replace(/^\uFEFF/, ''), ';');
    const titleAt = lines.findIndex((line) => line[0] === 'Kundeverdi per kilde');
    const shown = cellTexts(sourcesTable());
    expect(lines.slice(titleAt + 1, titleAt + 1 + shown.length)).toEqual(shown);
    const customersAt = lines.findIndex((line) => line[0] === 'Kunder etter omsetning');
    const customers = cellTexts(screen.getByRole('table', { name: 'Kunder etter omsetning' }));
    // The screen's last column is the row's action, which the file leaves out.
    expect(lines.slice(customersAt + 1, customersAt + 3)).toEqual(customers.map((row) => row.slice(0, -1)));
    expect(lines).toContainEqual(['Beløp', 'Eks. mva.']);
  });
});

describe('importing revenue', () => {
  const csv = [
    'Dato;E-post;Telefon;Beløp inkl. mva;MVA',
    '01.03.2026;kari@example.no;;1 490,00;25',
    '31.02.2026;ola@example.no;;500;25',
    '02.03.2026;per@example.no;;gratis;25',
    '03.03.2026;;;250;25',
    '04.03.2026;;+47 912 34 567;990;13',
    '05.03.2026;;+47 912 34 567;990;',
  ].join('\n');

  it('shows each bad row with a Norwegian message, sends only the good ones and tells the result', async () => {
    const user = userEvent.setup();
    state.importResult = {
      import_id: 'imp-1',
      inserted: 2,
      matched: 1,
      created_leads: 1,
      rejected: [],
    };
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Importer omsetning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Importer omsetning' });
    await user.upload(
      within(dialog).getByLabelText('Velg CSV- eller Excel-fil'),
      new File([csv], 'salg.csv', { type: 'text/csv' }),
    );
    expect(await within(dialog).findByText('salg.csv: 6 rader.')).toBeInTheDocument();
    // The columns are guessed from the headers.
    expect(within(dialog).getByLabelText('Beløp inkl. mva.')).toHaveDisplayValue('Beløp inkl. mva');
    expect(within(dialog).getByLabelText('Mva-sats')).toHaveDisplayValue('MVA');
    expect(
      within(dialog).getByText('2 rader er klare til import. 4 rader har feil og blir ikke importert.'),
    ).toBeInTheDocument();
    const errors = within(dialog).getByText('Rader med feil (4)').closest('details') as HTMLElement;
    expect(within(errors).getByText(/^Rad 3: Datoen kan ikke leses/)).toBeInTheDocument();
    expect(within(errors).getByText(/^Rad 4: Beløpet må være et tall/)).toBeInTheDocument();
    expect(
      within(errors).getByText('Rad 5: Raden mangler kundens e-post eller telefon.'),
    ).toBeInTheDocument();
    expect(within(errors).getByText('Rad 6: Mva-satsen må være 0, 12, 15 eller 25 %.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Importer 2 rader' }));
    expect(
      await within(dialog).findByText('2 rader er importert: 1 koblet til leads dere har, 1 nye leads.'),
    ).toBeInTheDocument();
    expect(lastCall(state, 'import_revenue')).toEqual({
      input_organization_id: ORG,
      input_file_name: 'salg.csv',
      input_rows: [
        { occurred_on: '2026-03-01', email: 'kari@example.no', amount_ore: 149000, vat_rate: 25 },
        { occurred_on: '2026-03-05', phone: '+47 912 34 567', amount_ore: 99000, vat_rate: 25 },
      ],
    });
  });
});
