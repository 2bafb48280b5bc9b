import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { clearNotifications, getNotifications } from '@/components/notification-store';
import LeadListPage from '@/features/leads/routes/lead-list';
import { buildCsv, csvField } from '@/lib/csv';
import { leadRow } from '../../factories/lead';
import { leadListHandlers, leadListState } from '../../msw/handlers/leads';
import { record, single, type Recorded } from '../../msw/rest';
import { setupMswServer } from '../../msw/server';
import { ORG } from '../../support/ids';
import { prepareI18n, renderApp } from '../../support/render-app';
import { SUPABASE, signIn } from '../../support/session';

const requests: Recorded[] = [];
let state = leadListState();

const server = setupMswServer(...leadListHandlers(() => state, requests));

beforeAll(async () => {
  await prepareI18n('leads');
});
beforeEach(() => {
  requests.length = 0;
  state = leadListState();
  clearNotifications();
  signIn();
});

const leadGets = () => requests.filter((request) => request.method === 'GET');
/** The page requests (the count request asks for no rows). */
const pageGets = () => leadGets().filter((request) => request.url.searchParams.get('limit') !== '0');
const lastGet = () => pageGets().at(-1)!;
const countGets = () => leadGets().filter((request) => request.url.searchParams.get('limit') === '0');

describe('/leads list', () => {
  it('shows the organization’s leads with an estimated count, links to the importer and lead info', async () => {
    renderApp(LeadListPage, { path: '/leads', entry: '/leads' });
    const table = await screen.findByRole('table', { name: 'Leads i Fjordbygg AS' });
    expect(await within(table).findByRole('link', { name: 'Ola Nordmann' })).toHaveAttribute(
      'href',
      '/leads/lead/lead-1',
    );
    expect(screen.getByText('2 leads')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Importer leads' })).toHaveAttribute('href', '/leads/importer');
    const get = lastGet();
    expect(get.url.searchParams.get('organization_id')).toBe(`eq.${ORG}`);
    expect(get.url.searchParams.get('order')).toBe('created_at.desc,id.desc');
    // one row more than the page: whether there is a next page, without counting
    expect(get.url.searchParams.get('limit')).toBe('51');
    expect(get.headers.get('Prefer') ?? '').not.toContain('count=');
    // the estimated total is its own request, with the same filter and no rows
    const count = countGets().at(-1)!;
    expect(count.headers.get('Prefer')).toContain('count=estimated');
    expect(count.url.searchParams.get('organization_id')).toBe(`eq.${ORG}`);
    expect(count.url.searchParams.get('select')).toBe('id');
    expect(screen.getByRole('columnheader', { name: /Opprettet/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('says «ca.» above the exact-count limit', async () => {
    state.total = 123_456;
    renderApp(LeadListPage, { path: '/leads', entry: '/leads' });
    expect(await screen.findByText('ca. 123 456 leads')).toBeVisible();
    // two rows came back: no next page, however large the estimate
    expect(screen.getByRole('button', { name: 'Neste side' })).toBeDisabled();
  });

  it('pages with a cursor in the URL: «Neste» after the last row, «Forrige» before the first', async () => {
    state.total = 123_456;
    const many = Array.from({ length: 51 }, (_, i) =>
      leadRow({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        name: `Kunde ${i}`,
        created_at: `2026-11-20T09:${String(59 - i).padStart(2, '0')}:00.123456+00:00`,
      }),
    );
    state.firstPage = () => many;
    const { router } = renderApp(LeadListPage, { path: '/leads', entry: '/leads?status=new' });
    await screen.findByRole('link', { name: 'Kunde 0' });
    expect(screen.queryByRole('link', { name: 'Kunde 50' })).not.toBeInTheDocument();
    expect(screen.getByText('ca. 123 456 leads')).toBeVisible();
    const counts = countGets().length;

    await userEvent.click(screen.getByRole('button', { name: 'Neste side' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('status')).toBe('new');
    expect(params.get('after')).toMatch(/^[A-Za-z0-9_-]+$/);
    // the page after row 49 (09:10:00.123456, to the microsecond): its ties by id, and the rows past it
    await waitFor(() => expect(pageGets().length).toBeGreaterThanOrEqual(3));
    const [ties, past] = pageGets().slice(-2);
    expect(ties!.url.searchParams.getAll('created_at')).toEqual(['eq.2026-11-20T09:10:00.123456+00:00']);
    expect(ties!.url.searchParams.get('id')).toBe('lt.00000000-0000-4000-8000-000000000049');
    expect(ties!.url.searchParams.get('order')).toBe('id.desc');
    expect(past!.url.searchParams.getAll('created_at')).toEqual(['lt.2026-11-20T09:10:00.123456+00:00']);
    expect(past!.url.searchParams.get('order')).toBe('created_at.desc,id.desc');
    expect(past!.url.searchParams.get('status')).toBe('eq.new');
    expect(await screen.findByText('Side 2')).toBeVisible();
    // paging does not count again
    expect(countGets()).toHaveLength(counts);
    expect(screen.getByText('ca. 123 456 leads')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Forrige side' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=new'));
    expect(await screen.findByRole('link', { name: 'Kunde 0' })).toBeVisible();
  });

  it('reads a cursor from a link, goes back with «before», and ignores a cursor of another sort', async () => {
    const FIRST = '00000000-0000-4000-8000-000000000007';
    server.use(
      http.get(`${SUPABASE}/rest/v1/leads`, async ({ request }) => {
        await record(requests, request);
        const params = new URL(request.url).searchParams;
        // no rows for the count and for the ties (…=eq.<cursor value>) requests
        const none = params.get('limit') === '0' || params.get('created_at')?.startsWith('eq.') === true;
        return HttpResponse.json(
          none ? [] : [leadRow({ id: FIRST, created_at: '2026-11-18T07:00:00.5+00:00' })],
          {
            headers: { 'Content-Range': none ? '*/400' : '0-0/*' },
          },
        );
      }),
    );
    const after = btoa(
      JSON.stringify([
        'created_at',
        'desc',
        '2026-11-19T08:00:00+00:00',
        '00000000-0000-4000-8000-000000000002',
      ]),
    ).replace(/=+$/, '');
    const { router } = renderApp(LeadListPage, { path: '/leads', entry: `/leads?page=3&after=${after}` });
    await screen.findByRole('link', { name: 'Ola Nordmann' });
    const past = pageGets().find((get) => get.url.searchParams.get('created_at')?.startsWith('lt.'))!;
    expect(past.url.searchParams.get('created_at')).toBe('lt.2026-11-19T08:00:00+00:00');
    expect(past.url.searchParams.get('offset')).toBeNull();
    expect(screen.getByText('Side 3')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Forrige side' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    const before = new URLSearchParams(router.state.location.search).get('before')!;
    expect(JSON.parse(atob(before))).toEqual(['created_at', 'desc', '2026-11-18T07:00:00.5+00:00', FIRST]);
    // backwards from the first row of page 3: ascending, then turned around
    await waitFor(() =>
      expect(
        pageGets().some((get) => get.url.searchParams.get('created_at') === 'gt.2026-11-18T07:00:00.5+00:00'),
      ),
    );

    // a cursor of another sort is ignored: page 3 by offset
    await router.navigate(`/leads?page=3&sort=name&after=${after}`);
    await waitFor(() => expect(lastGet().url.searchParams.get('offset')).toBe('100'));
    expect(lastGet().url.searchParams.get('order')).toBe('name.desc.nullslast,id.desc');

    // by offset on a column without nulls: the index's own order (desc = nulls first), no sort
    await router.navigate('/leads?page=4');
    await waitFor(() => expect(lastGet().url.searchParams.get('offset')).toBe('150'));
    expect(lastGet().url.searchParams.get('order')).toBe('created_at.desc,id.desc');
  });

  it('puts the filters into the query string and the PostgREST request', async () => {
    const { router } = renderApp(LeadListPage, { path: '/leads', entry: '/leads' });
    await screen.findByRole('link', { name: 'Ola Nordmann' });
    await userEvent.type(screen.getByRole('searchbox', { name: /Søk/ }), 'ola (as)');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Kontaktet');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kilde' }), 'Import');
    await userEvent.type(screen.getByLabelText('Område'), 'Oslo');
    await userEvent.type(screen.getByLabelText('Fra dato'), '01.11.2026');
    await userEvent.type(screen.getByLabelText('Til dato'), '30.11.2026');
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
    renderApp(LeadListPage, { path: '/leads', entry: '/leads?q=912%2034%20567' });
    await waitFor(() => expect(leadGets().length).toBeGreaterThan(0));
    expect(lastGet().url.searchParams.get('or')).toBe(
      '(name.ilike.*912 34 567*,email.ilike.*912 34 567*,phone.ilike.*91234567*,company.ilike.*912 34 567*)',
    );
  });

  it('reads the filters from a shared link and refuses an inverted date range', async () => {
    const { router } = renderApp(LeadListPage, {
      path: '/leads',
      entry: '/leads?status=won&sort=name&dir=asc&page=2',
    });
    await waitFor(() => expect(leadGets().length).toBeGreaterThan(0));
    const url = lastGet().url.searchParams;
    expect(url.get('status')).toBe('eq.won');
    // a link to page 2 without a cursor: offset paging, in the keyset's order
    expect(url.get('order')).toBe('name.asc.nullslast,id.asc');
    expect(url.get('offset')).toBe('50');
    expect(url.get('limit')).toBe('51');
    expect(await screen.findByRole('combobox', { name: 'Status' })).toHaveValue('won');
    expect(screen.getByRole('columnheader', { name: /Navn/ })).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.type(screen.getByLabelText('Fra dato'), '10.11.2026');
    await userEvent.type(screen.getByLabelText('Til dato'), '01.11.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Bruk filtre' }));
    expect(screen.getByLabelText('Til dato')).toHaveAccessibleDescription(
      '«Fra dato» må være før «Til dato».',
    );
    expect(screen.getByLabelText('Fra dato')).toHaveValue('10.11.2026');
    expect(router.state.location.search).not.toContain('from=');
  });

  it('sorts on the server from the column headers', async () => {
    const { router } = renderApp(LeadListPage, { path: '/leads', entry: '/leads' });
    await screen.findByRole('link', { name: 'Ola Nordmann' });
    await userEvent.click(screen.getByRole('button', { name: /Firma/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=company&dir=asc'));
    // the companies first (index order), then the leads without one
    await waitFor(() =>
      expect(pageGets().some((get) => get.url.searchParams.get('order') === 'company.asc,id.asc')),
    );
    const values = pageGets().find((get) => get.url.searchParams.get('order') === 'company.asc,id.asc')!;
    expect(values.url.searchParams.get('company')).toBe('not.is.null');
    await waitFor(() => expect(lastGet().url.searchParams.get('company')).toBe('is.null'));
    expect(lastGet().url.searchParams.get('order')).toBe('id.asc');
    expect(screen.getByRole('columnheader', { name: /Firma/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('shows bought leads as purchased: the buyer’s own status and notes, never the seller’s record', async () => {
    const { router } = renderApp(LeadListPage, { path: '/leads', entry: '/leads' });
    await screen.findByRole('link', { name: 'Ola Nordmann' });
    server.use(
      http.get(`${SUPABASE}/rest/v1/purchased_leads`, async ({ request }) => {
        await record(requests, request);
        const row = {
          ...leadRow({ id: 'lead-9', name: 'Kjøpt Kunde', source: 'marketplace', status: 'contacted' }),
          organization_id: ORG,
          purchase_id: 'purchase-9',
          notes: 'Vår egen oppfølging',
          created_at: '2026-11-22T10:00:00Z',
        };
        return HttpResponse.json([row], { headers: { 'Content-Range': '0-0/1' } });
      }),
      http.post(`${SUPABASE}/rest/v1/purchased_leads_notes`, async ({ request }) => {
        await record(requests, request);
        return single(request, { purchase_id: 'purchase-9' });
      }),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Kjøpte leads' }));
    await waitFor(() => expect(router.state.location.search).toBe('?scope=bought'));
    const table = await screen.findByRole('table', { name: 'Kjøpte leads i Fjordbygg AS' });
    expect(await within(table).findByText('Vår egen oppfølging')).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: /Kjøpt/ })).toBeVisible();
    const get = requests.find(
      (request) =>
        request.url.pathname.endsWith('/purchased_leads') && request.url.searchParams.get('limit') !== '0',
    )!;
    const url = get.url.searchParams;
    expect(url.get('organization_id')).toBe(`eq.${ORG}`);
    // Only what a purchase contains: no consent, no seller columns.
    expect(url.get('select')).toContain('purchase_id');
    expect(url.get('select')).not.toContain('consent');

    // The status is the buyer's own: saved on the purchase, not on the seller's lead.
    const select = within(table).getByRole('combobox', { name: 'Status for Kjøpt Kunde' });
    expect(select).toHaveValue('contacted');
    await userEvent.selectOptions(select, 'Vunnet');
    await waitFor(() =>
      expect(getNotifications().map((item) => item.message)).toContain('Status endret til «Vunnet».'),
    );
    const upsert = requests.find((request) => request.method === 'POST')!;
    expect(upsert.url.searchParams.get('on_conflict')).toBe('purchase_id');
    expect(upsert.headers.get('Prefer')).toContain('resolution=merge-duplicates');
    expect(upsert.body).toEqual({ purchase_id: 'purchase-9', organization_id: ORG, status: 'won' });
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it('marks a bought lead whose person asked for erasure, with the date', async () => {
    renderApp(LeadListPage, { path: '/leads', entry: '/leads?scope=bought' });
    server.use(
      http.get(`${SUPABASE}/rest/v1/purchased_leads`, async ({ request }) => {
        await record(requests, request);
        const bought = (id: string, name: string, erasure: string | null) => ({
          ...leadRow({ id, name, source: 'marketplace' }),
          organization_id: ORG,
          purchase_id: `purchase-${id}`,
          erasure_requested_at: erasure,
        });
        return HttpResponse.json(
          [bought('lead-8', 'Slettet Kunde', '2026-12-03T23:30:00Z'), bought('lead-9', 'Vanlig Kunde', null)],
          { headers: { 'Content-Range': '0-1/2' } },
        );
      }),
    );
    const table = await screen.findByRole('table', { name: 'Kjøpte leads i Fjordbygg AS' });
    const erased = (await within(table).findByRole('link', { name: 'Slettet Kunde' })).closest('tr')!;
    // The Oslo date: 00:30 on 4 December there, though still the 3rd in UTC.
    expect(within(erased).getByText('Ba om sletting 04.12.2026')).toBeVisible();
    const other = within(table).getByRole('link', { name: 'Vanlig Kunde' }).closest('tr')!;
    expect(within(other).queryByText(/Ba om sletting/)).toBeNull();
    const get = requests.find((request) => request.url.pathname.endsWith('/purchased_leads'))!;
    expect(get.url.searchParams.get('select')).toContain('erasure_requested_at');
  });

  it('changes the status inline with one PATCH', async () => {
    renderApp(LeadListPage, { path: '/leads', entry: '/leads' });
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
    const { blobs, click } = catchDownloads();
    renderApp(LeadListPage, { path: '/leads', entry: '/leads?status=contacted' });
    await screen.findByRole('link', { name: 'Ola Nordmann' });
    const before = leadGets().length;
    await userEvent.click(screen.getByRole('button', { name: 'Eksporter til CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(click).toHaveBeenCalledOnce();
    const exportGets = leadGets().slice(before);
    expect(exportGets[0]!.url.searchParams.get('status')).toBe('eq.contacted');
    expect(exportGets[0]!.url.searchParams.get('limit')).toBe('1001');
    expect(exportGets[0]!.headers.get('Prefer') ?? '').not.toContain('count=');

    const bytes = await bytesOf(blobs[0]!);
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

  it('exports bought leads with the date their person asked for erasure', async () => {
    const { blobs, click } = catchDownloads();
    server.use(
      http.get(`${SUPABASE}/rest/v1/purchased_leads`, () =>
        HttpResponse.json([
          {
            ...leadRow({ id: 'lead-8', name: 'Slettet Kunde', source: 'marketplace' }),
            purchase_id: 'purchase-8',
            created_at: '2026-11-20T09:30:00Z',
            erasure_requested_at: '2026-12-03T23:30:00Z',
          },
        ]),
      ),
    );
    renderApp(LeadListPage, { path: '/leads', entry: '/leads?scope=bought' });
    await screen.findByRole('link', { name: 'Slettet Kunde' });
    await userEvent.click(screen.getByRole('button', { name: 'Eksporter til CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const lines = new TextDecoder().decode(await bytesOf(blobs[0]!)).split('\r\n');
    expect(lines[0]!.endsWith(';Notater;Kjøpt;Ba om sletting')).toBe(true);
    expect(lines[1]!.endsWith(';20.11.2026 10:30;04.12.2026')).toBe(true);
    click.mockRestore();
  });
});

/** Downloads the page starts: their blobs, and the link click (restore it after the test). */
function catchDownloads() {
  const blobs: Blob[] = [];
  const createObjectURL = vi.fn((blob: Blob) => {
    expect(blob.type).toBe('text/csv;charset=utf-8');
    blobs.push(blob);
    return 'blob:leads';
  });
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return { blobs, click };
}

function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });
}

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
