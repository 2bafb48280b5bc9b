import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ResultRow } from '@/features/forms/components/results/results-data';
import { ResultsSection } from '@/features/forms/components/results/results-section';
import type { FormDefinition } from '@/lib/forms/engine';
import { setupMswServer } from '../../msw/server';
import { readBlob } from '../../support/read-blob';
import { prepareI18n } from '../../support/render-app';
import { signIn, SUPABASE } from '../../support/session';

const FORM = 'cf000000-0000-4000-8000-000000000001';
const ORGANIZATION = '22222222-2222-4222-8222-222222222222';

const definition = (
  subject: string,
  extra: FormDefinition['pages'][number]['blocks'] = [],
): FormDefinition => ({
  version: 1,
  pages: [
    {
      id: 'p_1',
      blocks: [
        {
          kind: 'single_choice',
          id: 'b_emne',
          key: 'emne',
          label: subject,
          options: [
            { id: 'o_bad', label: 'Bad' },
            { id: 'o_kjokken', label: 'Kjøkken' },
          ],
        },
        { kind: 'nps', id: 'b_nps', key: 'nps', label: 'Hvor sannsynlig er det at du anbefaler oss?' },
      ],
    },
    {
      id: 'p_2',
      blocks: [{ kind: 'long_text', id: 'b_melding', key: 'melding', label: 'Melding' }, ...extra],
    },
  ],
  rules: [],
  endings: [{ id: 'e_takk', title: 'Takk' }],
  defaultEnding: 'e_takk',
});

const versions = [
  { id: 'v2', version: 2, definition: definition('Hva gjelder henvendelsen?') },
  { id: 'v1', version: 1, definition: definition('Hva gjelder det?') },
];

const row = (
  id: string,
  version: number,
  at: string,
  answers: ResultRow['answers'],
  extra: Partial<ResultRow> = {},
) => ({
  response_id: id,
  version,
  submitted_at: at,
  started_at: null,
  duration_ms: 60_000,
  score: null,
  ending_id: 'e_takk',
  answers,
  hidden: {},
  name: null,
  email: null,
  phone: null,
  marketing_consent: false,
  quota_options: [],
  ...extra,
});

// Oldest first, as form_export_rows returns them.
let rows = [
  row(
    'r1',
    1,
    '2026-11-01T09:00:00Z',
    { b_emne: { choices: ['o_bad'] }, b_nps: 10, b_melding: 'Lekker under vasken' },
    { duration_ms: 30_000, name: 'Ola Nordmann' },
  ),
  row('r2', 2, '2026-11-10T09:00:00Z', { b_emne: { choices: ['o_bad'] }, b_nps: 9 }, { duration_ms: 90_000 }),
  row(
    'r3',
    2,
    '2026-11-20T09:00:00Z',
    { b_emne: { choices: ['o_kjokken'] }, b_nps: 3, b_melding: 'Ny benk' },
    { duration_ms: 120_000, name: 'Kari Nordmann' },
  ),
];
const dropoff = {
  started: 4,
  completed: 3,
  pages: { p_1: 4, p_2: 3 },
  blocks: { b_emne: 4, b_nps: 4, b_melding: 3 },
};

setupMswServer(
  http.get(`${SUPABASE}/rest/v1/forms_versions`, () => HttpResponse.json(versions)),
  http.post(`${SUPABASE}/rest/v1/rpc/form_export_rows`, () => HttpResponse.json(rows)),
  http.post(`${SUPABASE}/rest/v1/rpc/form_dropoff`, () => HttpResponse.json(dropoff)),
);

beforeAll(async () => {
  await prepareI18n('forms-results');
});
beforeEach(() => {
  signIn();
  // jsdom draws nothing: the chart gets no context, and its table still holds the figures.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ResultsSection formId={FORM} organizationId={ORGANIZATION} />
    </QueryClientProvider>,
  );
}

describe('ResultsSection', () => {
  it('shows the key figures: responses, completion and median time', async () => {
    renderSection();
    const figures = await screen.findByLabelText('Nøkkeltall');
    expect(within(figures).getByText('3')).toBeInTheDocument();
    expect(within(figures).getByText('75 %')).toBeInTheDocument();
    expect(within(figures).getByText('1 min 30 s')).toBeInTheDocument();
  });

  it('lists the responses newest first and opens one with its own version’s labels', async () => {
    const user = userEvent.setup();
    renderSection();
    const table = await screen.findByRole('table', { name: 'Svar på skjemaet, nyeste først' });
    const opens = within(table).getAllByRole('button', { name: /^Se svaret fra/ });
    expect(opens.map((button) => button.textContent?.slice(0, 10))).toEqual([
      '20.11.2026',
      '10.11.2026',
      '01.11.2026',
    ]);
    await user.click(opens[2]!);
    const detail = await screen.findByRole('region', { name: /^Svar fra 01\.11\.2026/ });
    expect(within(detail).getByText('Hva gjelder det?')).toBeInTheDocument();
    expect(within(detail).getByText('Bad')).toBeInTheDocument();
    expect(within(detail).getByText('Lekker under vasken')).toBeInTheDocument();
    expect(within(detail).getByRole('heading', { name: /^Svar fra/ })).toHaveFocus();
    await user.click(within(detail).getByRole('button', { name: 'Lukk svaret' }));
    expect(screen.queryByRole('region', { name: /^Svar fra/ })).not.toBeInTheDocument();
    expect(opens[2]).toHaveFocus();
  });

  it('filters by search, version and dates, and says when the dates are the wrong way round', async () => {
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText('3 svar', { selector: '[role=status]' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Søk i svarene' }), 'kari');
    expect(screen.getByText('1 svar', { selector: '[role=status]' })).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Søk i svarene' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Versjon' }), '1');
    expect(screen.getByText('1 svar', { selector: '[role=status]' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Versjon' }), '');
    await user.type(screen.getByRole('textbox', { name: 'Fra dato' }), '15.11.2026');
    await user.tab();
    expect(screen.getByText('1 svar', { selector: '[role=status]' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Til dato' }), '01.11.2026');
    await user.tab();
    expect(screen.getByText('Til-datoen kan ikke være før fra-datoen.')).toBeInTheDocument();
  });

  it('sums up each question with counts, shares, the NPS score and the latest texts', async () => {
    renderSection();
    const choice = await screen.findByRole('table', { name: 'Svar på «Hva gjelder henvendelsen?»' });
    const bad = within(choice).getByRole('row', { name: /Bad/ });
    expect(within(bad).getByText('2')).toBeInTheDocument();
    expect(within(bad).getByText('67 %')).toBeInTheDocument();
    // Promoters 2 of 3, detractors 1 of 3: 33.
    expect(screen.getByText(/NPS: 33/)).toBeInTheDocument();
    expect(screen.getByText('Ny benk')).toBeInTheDocument();
  });

  it('shows the drop-off per page and per question in the definition’s order', async () => {
    renderSection();
    const pages = await screen.findByRole('table', { name: 'Per side' });
    const lines = within(pages)
      .getAllByRole('row')
      .slice(1)
      .map((line) => line.textContent);
    expect(lines[0]).toContain('4');
    expect(lines[0]).toContain('100 %');
    expect(lines[1]).toContain('75 %');
    const blocks = screen.getByRole('table', { name: 'Per spørsmål' });
    expect(within(blocks).getByRole('row', { name: /Melding/ })).toHaveTextContent('75 %');
  });

  it('exports the filtered responses as CSV with every version’s questions by their labels', async () => {
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
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Last ned CSV' }));
    await waitFor(() => expect(created).toHaveLength(1));
    const lines = (await readBlob(created[0]!)).replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Sendt;Versjon;Tid brukt (sekunder);Poeng;Hva gjelder henvendelsen?;Hvor sannsynlig er det at du anbefaler oss?;Melding',
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toContain(';1;30;;Bad;10;Lekker under vasken');
  });

  it('says so when there are no responses yet', async () => {
    const saved = rows;
    rows = [];
    renderSection();
    expect(await screen.findByText('Ingen svar ennå')).toBeInTheDocument();
    rows = saved;
  });
});
