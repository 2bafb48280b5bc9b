import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import LeadsImporterPage from '@/features/lead-import/routes/importer';
import { loadNamespaces } from '@/lib/i18n';
import { leadImportHandlers, leadImportState, type ImportCall } from '../../msw/handlers/lead-import';
import { setupMswServer } from '../../msw/server';
import { ORG } from '../../support/ids';
import { prepareI18n, renderApp } from '../../support/render-app';
import { signIn } from '../../support/session';
import { bool, number, text, xlsxBytes } from './xlsx-fixture';

const calls: ImportCall[] = [];
let state = leadImportState();

setupMswServer(...leadImportHandlers(() => state, calls));

/** Windows-1252 bytes, as Norwegian Excel saves "CSV (semikolondelt)". */
const cp1252 = (text: string) => Uint8Array.from([...text].map((char) => char.charCodeAt(0)));

const FILE = [
  'Navn;E-post;Mobil;Postnr;Info',
  'Åse Ærlig;ase@example.no;912 34 567;150;Ring etter 16',
  'Bjørn Feil;bjorn@example.no;123;0150;',
  'Kari Finnes;finnes@example.no;;5003;',
  'Per Server;per@example.no;41234567;0150;',
  'Åse Igjen;ASE@example.no;;;',
].join('\r\n');

beforeAll(async () => {
  await prepareI18n('account', 'organizations');
  await loadNamespaces('leads');
});
beforeEach(() => {
  calls.length = 0;
  state = leadImportState();
  signIn();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function upload(bytes: Uint8Array<ArrayBuffer>, name = 'leads.csv') {
  const user = userEvent.setup();
  renderApp(LeadsImporterPage, { path: '/leads/importer' });
  const input = await screen.findByLabelText('Velg CSV- eller Excel-fil');
  await user.upload(input, new File([bytes], name, { type: name.endsWith('.csv') ? 'text/csv' : '' }));
  return user;
}

describe('/leads/importer', () => {
  it('uploads, maps, validates, imports and reports every rejected row', async () => {
    const user = await upload(cp1252(FILE));

    expect(await screen.findByText('leads.csv: 5 rader, semikolondelt, Windows-1252.')).toBeVisible();
    // the preview, æøå intact
    const preview = screen.getByRole('table', { name: 'De første 5 radene i filen' });
    expect(within(preview).getByText('Åse Ærlig')).toBeVisible();
    // guesses from the headers
    expect(screen.getByLabelText('Felt for kolonnen «Navn»')).toHaveValue('name');
    expect(screen.getByLabelText('Felt for kolonnen «E-post»')).toHaveValue('email');
    expect(screen.getByLabelText('Felt for kolonnen «Mobil»')).toHaveValue('phone');
    expect(screen.getByLabelText('Felt for kolonnen «Postnr»')).toHaveValue('postal_code');
    expect(screen.getByLabelText('Felt for kolonnen «Info»')).toHaveValue('');
    await user.selectOptions(screen.getByLabelText('Felt for kolonnen «Info»'), 'notes');

    await user.click(screen.getByRole('button', { name: 'Kontroller radene' }));
    expect(
      await screen.findByText('2 rader er klare til import. 3 rader blir ikke importert.'),
    ).toBeVisible();
    const existing = calls.find((call) => call.name === 'import_leads_existing');
    expect(existing?.body).toEqual({
      input_organization_id: ORG,
      input_emails: ['ase@example.no', 'finnes@example.no', 'per@example.no'],
      input_phones: ['+4791234567', '+4741234567'],
    });
    const review = screen.getByRole('table', { name: 'Rader som ikke blir importert' });
    const rows = within(review).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 2)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['3', 'Ugyldig telefonnummer (8 siffer som begynner på 2–9, eventuelt med +47)'],
      ['4', 'Finnes allerede blant leadsene deres'],
      ['6', 'Samme e-post eller telefon som en tidligere rad i filen'],
    ]);

    // the import waits until the progress bar has been seen
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const respond = state.importResponse;
    state.importResponse = async () => {
      await gate;
      return respond();
    };
    await user.click(screen.getByRole('button', { name: 'Importer 2 leads' }));
    const progress = await screen.findByRole('progressbar', { name: 'Fremdrift' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('Importerer … 0 %')).toBeVisible();
    release();

    expect(await screen.findByRole('heading', { name: 'Importen er ferdig' })).toBeVisible();
    expect(screen.getByText('1 leads er importert. 4 rader ble ikke importert.')).toBeVisible();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    // one call with every valid row, normalised
    const imports = calls.filter((call) => call.name === 'import_leads');
    expect(imports).toHaveLength(1);
    expect(imports[0]?.body).toEqual({
      input_organization_id: ORG,
      input_rows: [
        {
          name: 'Åse Ærlig',
          email: 'ase@example.no',
          phone: '+4791234567',
          postal_code: '0150',
          notes: 'Ring etter 16',
          consent: false,
        },
        {
          name: 'Per Server',
          email: 'per@example.no',
          phone: '+4741234567',
          postal_code: '0150',
          consent: false,
        },
      ],
    });

    // the report has the server's rejection too, and downloads as CSV
    const report = screen.getByRole('table', { name: 'Rader som ikke blir importert' });
    expect(within(report).getByText('5')).toBeVisible();
    let blob: Blob | undefined;
    // Spies, so restoreMocks puts the real ones back for the files after this one in the same jsdom.
    vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
      blob = object as Blob;
      return 'blob:report';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Last ned rapport over avviste rader (CSV)' }));
    expect(click).toHaveBeenCalledTimes(1);
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(blob!);
    });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.split('\r\n')).toEqual([
      '\uFEFFRad;Årsak;Navn;E-post;Mobil;Postnr;Info',
      '3;Ugyldig telefonnummer (8 siffer som begynner på 2–9, eventuelt med +47);Bjørn Feil;bjorn@example.no;123;0150;',
      '4;Finnes allerede blant leadsene deres;Kari Finnes;finnes@example.no;;5003;',
      '5;Finnes allerede blant leadsene deres;Per Server;per@example.no;41234567;0150;',
      '6;Samme e-post eller telefon som en tidligere rad i filen;Åse Igjen;ASE@example.no;;;',
      '',
    ]);

    // the mapping is remembered for the organization
    expect(
      JSON.parse(localStorage.getItem(`leadtorget.leads-importer.mapping.${ORG}`) ?? '{}'),
    ).toMatchObject({
      info: 'notes',
      mobil: 'phone',
    });
  });

  it('sends a large import in parts under one import id, finished by one import_leads call', async () => {
    state.importResponse = () => HttpResponse.json({ inserted: 4500, rejected: [] });
    const lines = ['Navn,E-post'];
    for (let index = 0; index < 4500; index++) lines.push(`Person ${index},p${index}@example.no`);
    const user = await upload(new TextEncoder().encode(lines.join('\n')));
    await user.click(await screen.findByRole('button', { name: 'Kontroller radene' }));
    await user.click(await screen.findByRole('button', { name: 'Importer 4500 leads' }));
    expect(await screen.findByText('4500 leads er importert. 0 rader ble ikke importert.')).toBeVisible();

    expect(calls.filter((call) => call.name === 'import_leads_existing')).toHaveLength(5);
    const stages = calls.filter((call) => call.name === 'import_leads_stage');
    expect(stages.map((call) => [call.body.input_part, (call.body.input_rows as unknown[]).length])).toEqual([
      [1, 2000],
      [2, 2000],
    ]);
    const finish = calls.filter((call) => call.name === 'import_leads');
    expect(finish).toHaveLength(1);
    expect((finish[0]?.body.input_rows as unknown[]).length).toBe(500);
    expect(finish[0]?.body.input_import_id).toBe(stages[0]?.body.input_import_id);
    expect(stages[1]?.body.input_import_id).toBe(stages[0]?.body.input_import_id);
  });

  it('says nothing was imported when the import fails', async () => {
    state.importResponse = () =>
      HttpResponse.json({ code: '54000', message: 'import-too-many-rows' }, { status: 400 });
    const user = await upload(new TextEncoder().encode('navn,telefon\nOla,91234567\n'));
    await user.click(await screen.findByRole('button', { name: 'Kontroller radene' }));
    await user.click(await screen.findByRole('button', { name: 'Importer 1 leads' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Importen ble avbrutt, og ingen leads ble importert. Du kan importere høyst 10 000 rader om gangen. Del opp filen.',
    );
  });

  it('asks for a name and a contact column before checking', async () => {
    const user = await upload(new TextEncoder().encode('Hvem,Info\nOla,x\n'));
    await user.click(await screen.findByRole('button', { name: 'Kontroller radene' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Velg en kolonne for Navn (eller Fornavn og Etternavn).',
    );
    await user.selectOptions(screen.getByLabelText('Felt for kolonnen «Hvem»'), 'name');
    await user.click(screen.getByRole('button', { name: 'Kontroller radene' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Velg en kolonne for E-post eller Telefon.');
    await user.selectOptions(screen.getByLabelText('Felt for kolonnen «Info»'), 'phone');
    await user.click(screen.getByRole('button', { name: 'Kontroller radene' }));
    expect(
      await screen.findByText('0 rader er klare til import. 1 rader blir ikke importert.'),
    ).toBeVisible();
    expect(screen.getByText('Ingen rader kan importeres. Rett filen og prøv igjen.')).toBeVisible();
    expect(calls.filter((call) => call.name === 'import_leads')).toHaveLength(0);
  });

  it('takes a dropped file, UTF-8 with BOM and tabs', async () => {
    renderApp(LeadsImporterPage, { path: '/leads/importer' });
    const hint = await screen.findByText('Slipp CSV- eller Excel-filen her, eller velg den:');
    const bytes = new TextEncoder().encode(
      '\uFEFFFornavn\tEtternavn\tTlf\nØystein\tÅsheim\t+47 22 12 34 56\n',
    );
    const dropped = new File([bytes], 'fra-crm.tsv', { type: 'text/tab-separated-values' });
    fireEvent.drop(hint.parentElement!, { dataTransfer: { files: [dropped] } });
    expect(await screen.findByText('fra-crm.tsv: 1 rader, tabulatordelt, UTF-8 med BOM.')).toBeVisible();
    expect(screen.getByLabelText('Felt for kolonnen «Fornavn»')).toHaveValue('first_name');
    expect(screen.getByLabelText('Felt for kolonnen «Etternavn»')).toHaveValue('last_name');
    expect(screen.getByLabelText('Felt for kolonnen «Tlf»')).toHaveValue('phone');
    expect(screen.getByRole('cell', { name: 'Øystein' })).toBeVisible();
  });

  it('imports an Excel workbook through the same mapping, validation, duplicates and report', async () => {
    const bytes = await xlsxBytes([
      [text('Navn'), text('E-post'), text('Mobil'), text('Postnr'), text('Samtykke'), text('Info')],
      [text('Åse Ærlig'), text('ase@example.no'), number(91234567), number(150), bool(true), text('Ring')],
      [text('Bjørn Feil'), text('bjorn@example.no'), number(123), number(150), null, null],
      [null, null, null, null, null, null],
      [text('Kari Finnes'), text('finnes@example.no'), null, number(5003), null, null],
      [text('Åse Igjen'), text('ASE@example.no'), null, null, null, null],
    ]);
    const user = await upload(bytes, 'leads.xlsx');

    expect(await screen.findByText('leads.xlsx: 4 rader fra det første arket i Excel-filen.')).toBeVisible();
    const preview = screen.getByRole('table', { name: 'De første 4 radene i filen' });
    expect(within(preview).getByText('Åse Ærlig')).toBeVisible();
    expect(within(preview).getByText('91234567')).toBeVisible();
    expect(screen.getByLabelText('Felt for kolonnen «Mobil»')).toHaveValue('phone');
    expect(screen.getByLabelText('Felt for kolonnen «Samtykke»')).toHaveValue('consent');

    await user.click(screen.getByRole('button', { name: 'Kontroller radene' }));
    expect(
      await screen.findByText('1 rader er klare til import. 3 rader blir ikke importert.'),
    ).toBeVisible();
    const review = screen.getByRole('table', { name: 'Rader som ikke blir importert' });
    expect(
      within(review)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent),
    ).toEqual(['3', '5', '6']);

    await user.click(screen.getByRole('button', { name: 'Importer 1 leads' }));
    expect(await screen.findByRole('heading', { name: 'Importen er ferdig' })).toBeVisible();
    expect(calls.find((call) => call.name === 'import_leads')?.body).toEqual({
      input_organization_id: ORG,
      input_rows: [
        {
          name: 'Åse Ærlig',
          email: 'ase@example.no',
          phone: '+4791234567',
          postal_code: '0150',
          consent: true,
        },
      ],
    });
  });

  it('says so when an .xlsx file cannot be read', async () => {
    await upload(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), 'leads.xlsx');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Vi klarte ikke å lese filen. Sjekk at det er en CSV-fil eller en Excel-arbeidsbok (.xlsx).',
    );
    expect(screen.queryByRole('button', { name: 'Kontroller radene' })).not.toBeInTheDocument();
  });

  it('asks for .xlsx or CSV when given an old .xls or another spreadsheet format', async () => {
    await upload(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]), 'leads.xls');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dette regnearkformatet kan ikke leses. Lagre filen som Excel-arbeidsbok (.xlsx) eller CSV',
    );
    expect(screen.queryByRole('button', { name: 'Kontroller radene' })).not.toBeInTheDocument();
  });

  it('names the supported formats next to the file input', async () => {
    renderApp(LeadsImporterPage, { path: '/leads/importer' });
    const input = await screen.findByLabelText('Velg CSV- eller Excel-fil');
    expect(input).toHaveAccessibleDescription(/Støttede formater: Excel-arbeidsbok \(\.xlsx/);
    expect(input).toHaveAccessibleDescription(/CSV/);
    expect(input.getAttribute('accept')).toContain('.xlsx');
    expect(screen.queryByText(/Lagre som → CSV/)).not.toBeInTheDocument();
  });
});
