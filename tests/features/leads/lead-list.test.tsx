import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { clearNotifications, getNotifications } from '@/components/notification-store';
import { buildCsv, csvField } from '@/features/leads/api';
import LeadListPage from '@/features/leads/routes/lead-list';
import { setSession } from '@/lib/session';
import { signIn } from '../account/render-screen';
import {
  leadRow,
  membershipHandlers,
  ORG,
  OTHER_ORG,
  prepareLeadsI18n,
  record,
  renderAt,
  single,
  SUPABASE,
  type Recorded,
} from './leads-harness';

const requests: Recorded[] = [];
let total = 2;

const rows = () => [
  leadRow(),
  leadRow({
    id: 'lead-2',
    name: 'Kari "Kjapp" Hansen; jr',
    email: 'kari@example.no',
    phone: null,
    company: null,
    status: 'contacted',
    source: 'import',
    notes: 'Ring etter kl. 16\nhelst tirsdag',
    created_at: '2026-11-19T08:00:00Z',
  }),
];

const server = setupServer(
  ...membershipHandlers(() => 'owner'),
  http.get(`${SUPABASE}/rest/v1/leads`, async ({ request }) => {
    await record(requests, request);
    const url = new URL(request.url);
    const offset = Number(request.headers.get('Range')?.split('-')[0] ?? url.searchParams.get('offset') ?? 0);
    const page = offset > 0 ? [] : rows();
    return HttpResponse.json(page, {
      headers: { 'Content-Range': page.length ? `0-${page.length - 1}/${total}` : `*/${total}` },
    });
  }),
  http.patch(`${SUPABASE}/rest/v1/leads`, async ({ request }) => {
    await record(requests, request);
    return single(request, { id: 'lead-1' });
  }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await prepareLeadsI18n();
});
afterAll(() => server.close());
beforeEach(() => {
  requests.length = 0;
  total = 2;
  clearNotifications();
  signIn();
});
afterEach(() => {
  server.resetHandlers();
  setSession(null);
});

const leadGets = () => requests.filter((request) => request.method === 'GET');
const lastGet = () => leadGets().at(-1)!;

describe('/leads list', () => {
  it('shows the organization’s leads with an estimated count, links to the importer and lead info', async () => {
    renderAt(LeadListPage, '/leads', '/leads');
    const table = await screen.findByRole('table', { name: 'Leads i Fjordbygg AS' });
    expect(await within(table).findByRole('link', { name: 'Ola Nordmann' })).toHaveAttribute(
      'href',
      '/leads/lead/lead-1',
    );
    expect(screen.getByText('2 leads')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Importer leads' })).toHaveAttribute('href', '/leads/importer');
    const get = lastGet();
    expect(get.url.searchParams.get('organization_id')).toBe(`eq.${ORG}`);
    expect(get.url.searchParams.get('order')).toBe('created_at.desc.nullslast,id.desc');
    expect(get.headers.get('Prefer')).toContain('count=estimated');
    expect(get.url.searchParams.get('limit')).toBe('50');
    expect(screen.getByRole('columnheader', { name: /Opprettet/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('says «ca.» above the exact-count limit', async () => {
    total = 123_456;
    renderAt(LeadListPage, '/leads', '/leads');
    expect(await screen.findByText('ca. 123 456 leads')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Neste side' })).toBeEnabled();
  });

  it('puts the filters into the query string and the PostgREST request', async () => {
    const { router } = renderAt(LeadListPage, '/leads', '/leads');
    await screen.findByRole('link', { name: 'Ola Nordmann' });
    await userEvent.type(screen.getByRole('searchbox', { name: /Søk/ }), 'ola (as)');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Kontaktet');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kilde' }), 'Import');
    await userEvent.type(screen.getByLabelText('Område'), 'Oslo');
    await userEvent.type(screen.getByLabelText('Fra dato'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('Til dato'), '2026-11-30');
    await userEvent.click(screen.getByRole('button', { name: 'Bruk filtre' }));

    await waitFor(() => expect(router.state.location.search).toContain('status=contacted'));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      q: 'ola (as)',
      status: 'contacted',
      source: 'import',
      area: 'Oslo',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    await waitFor(() => expect(lastGet().url.searchParams.get('status')).toBe('eq.contacted'));
    const url = lastGet().url.searchParams;
    expect(url.get('source')).toBe('eq.import');
    expect(url.get('area')).toBe('ilike.Oslo');
    // Oslo midnight in winter is 23:00 UTC the day before, whatever the test machine's zone.
    expect(url.getAll('created_at')).toEqual(['gte.2026-10-31T23:00:00.000Z', 'lt.2026-11-30T23:00:00.000Z']);
    // PostgREST's or=(…) syntax characters are stripped from the search term.
    expect(url.get('or')).toBe(
      '(name.ilike.*ola as*,email.ilike.*ola as*,phone.ilike.*ola as*,company.ilike.*ola as*)',
    );
  });

  it('searches phone numbers without their spaces', async () => {
    renderAt(LeadListPage, '/leads', '/leads?q=912%2034%20567');
    await waitFor(() => expect(leadGets().length).toBeGreaterThan(0));
    expect(lastGet().url.searchParams.get('or')).toBe(
      '(name.ilike.*912 34 567*,email.ilike.*912 34 567*,phone.ilike.*91234567*,company.ilike.*912 34 567*)',
    );
  });

  it('reads the filters from a shared link and refuses an inverted date range', async () => {
    const { router } = renderAt(LeadListPage, '/leads', '/leads?status=won&sort=name&dir=asc&page=2');
    await waitFor(() => expect(leadGets().length).toBeGreaterThan(0));
    const url = lastGet().url.searchParams;
    expect(url.get('status')).toBe('eq.won');
    expect(url.get('order')).toBe('name.asc.nullslast,id.desc');
    expect(url.get('offset')).toBe('50');
    expect(await screen.findByRole('combobox', { name: 'Status' })).toHaveValue('won');
    expect(screen.getByRole('columnheader', { name: /Navn/ })).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.type(screen.getByLabelText('Fra dato'), '2026-11-10');
    await userEvent.type(screen.getByLabelText('Til dato'), '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Bruk filtre' }));
    expect(screen.getByLabelText('Til dato')).toHaveAccessibleDescription(
      '«Fra dato» må være før «Til dato».',
    );
    expect(screen.getByLabelText('Fra dato')).toHaveValue('2026-11-10');
    expect(router.state.location.search).not.toContain('from=');
  });

  it('sorts on the server from the column headers', async () => {
    const { router } = renderAt(LeadListPage, '/leads', '/leads');
    await screen.findByRole('link', { name: 'Ola Nordmann' });
    await userEvent.click(screen.getByRole('button', { name: /Firma/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=company&dir=asc'));
    await waitFor(() =>
      expect(lastGet().url.searchParams.get('order')).toBe('company.asc.nullslast,id.desc'),
    );
    expect(screen.getByRole('columnheader', { name: /Firma/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('shows bought leads through the purchases of the organization', async () => {
    const { router } = renderAt(LeadListPage, '/leads', '/leads');
    await screen.findByRole('link', { name: 'Ola Nordmann' });
    server.use(
      http.get(`${SUPABASE}/rest/v1/leads`, async ({ request }) => {
        await record(requests, request);
        return HttpResponse.json(
          [leadRow({ id: 'lead-9', organization_id: OTHER_ORG, name: 'Kjøpt Kunde' })],
          {
            headers: { 'Content-Range': '0-0/1' },
          },
        );
      }),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Kjøpte leads' }));
    await waitFor(() => expect(router.state.location.search).toBe('?scope=bought'));
    const table = await screen.findByRole('table', { name: 'Kjøpte leads i Fjordbygg AS' });
    expect(await within(table).findByText('Kjøpt')).toBeVisible();
    const url = lastGet().url.searchParams;
    expect(url.get('select')).toContain('leads_purchases!inner(organization_id)');
    expect(url.get('leads_purchases.organization_id')).toBe(`eq.${ORG}`);
    expect(url.get('leads_purchases.state')).toBe('eq.completed');
    expect(url.get('organization_id')).toBeNull();
    // A bought lead's pipeline is the seller's: no status control.
    expect(within(table).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('changes the status inline with one PATCH', async () => {
    renderAt(LeadListPage, '/leads', '/leads');
    const select = await screen.findByRole('combobox', { name: 'Status for Ola Nordmann' });
    expect(select).toHaveValue('new');
    await userEvent.selectOptions(select, 'Vunnet');
    await waitFor(() =>
      expect(getNotifications().map((item) => item.message)).toContain('Status endret til «Vunnet».'),
    );
    const patch = requests.find((request) => request.method === 'PATCH')!;
    expect(patch.url.searchParams.get('id')).toBe('eq.lead-1');
    expect(patch.body).toEqual({ status: 'won' });
  });

  it('exports the current filter to CSV with a BOM, «;» and proper quoting', async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      expect(blob.type).toBe('text/csv;charset=utf-8');
      blobs.push(blob);
      return 'blob:leads';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    renderAt(LeadListPage, '/leads', '/leads?status=contacted');
    await screen.findByRole('link', { name: 'Ola Nordmann' });
    const before = leadGets().length;
    await userEvent.click(screen.getByRole('button', { name: 'Eksporter til CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(click).toHaveBeenCalledOnce();
    const exportGets = leadGets().slice(before);
    expect(exportGets[0]!.url.searchParams.get('status')).toBe('eq.contacted');
    expect(exportGets[0]!.url.searchParams.get('limit')).toBe('1000');
    expect(exportGets[0]!.headers.get('Prefer') ?? '').not.toContain('count=');

    const bytes = await new Promise<Uint8Array>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.onerror = () => reject(reader.error ?? new Error('read failed'));
      reader.readAsArrayBuffer(blobs[0]!);
    });
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Navn;E-post;Telefon;Firma;Postnummer;Sted;Kategori;Område;Kilde;Status;Notater;Opprettet',
    );
    expect(lines[1]).toBe(
      'Ola Nordmann;ola@example.no;+47 912 34 567;Ola AS;0150;Oslo;Rørlegger;Oslo;Skjema;Ny;;20.11.2026 10:30',
    );
    expect(text).toContain(
      '"Kari ""Kjapp"" Hansen; jr";kari@example.no;;;0150;Oslo;Rørlegger;Oslo;Import;Kontaktet;"Ring etter kl. 16\nhelst tirsdag";19.11.2026 09:00',
    );
    expect(getNotifications().map((item) => item.message)).toContain('2 leads eksportert.');
    click.mockRestore();
  });
});

describe('CSV fields', () => {
  it('quotes what needs quoting and keeps formulas as text', () => {
    expect(csvField('vanlig')).toBe('vanlig');
    expect(csvField(null)).toBe('');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('si "hei"')).toBe('"si ""hei"""');
    expect(csvField(' kant')).toBe('" kant"');
    expect(csvField('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('+47 912 34 567')).toBe('+47 912 34 567');
    expect(csvField('-HYPERLINK')).toBe("'-HYPERLINK");
    expect(buildCsv(['a', 'b'], [['1', null]])).toBe('\uFEFFa;b\r\n1;\r\n');
  });
});
