import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import BookingPublicRoute from '@/features/booking/routes/booking-public';
import { setupMswServer } from '../../../../../tests/msw/server';
import { SUPABASE } from '../../../../../tests/support/session';
import type { PublicBookingSolution, SlotDay } from './booking-api';

// Run with TZ=America/Los_Angeles: the visitor's clock is 9 hours behind Oslo's in December.
const SOLUTION_ID = 'cc000000-0000-4000-8000-000000000001';
const BEFARING = 'cc000000-0000-4000-8000-000000000011';
const TOKEN = 'a'.repeat(64);

const solution: PublicBookingSolution = {
  id: SOLUTION_ID,
  name: 'Bestill befaring',
  organization_name: 'Fjord Rør AS',
  now: '2026-12-02T10:00:00Z',
  consent_text: 'Jeg godtar at Fjord Rør AS bruker opplysningene mine.',
  marketing_consent_text: null,
  design: null,
  services: [
    {
      id: BEFARING,
      name: 'Befaring',
      description: 'Vi ser på jobben.',
      duration_minutes: 60,
      price_ore: null,
      payment: 'on_site',
      seats: 1,
    },
    {
      id: 'cc000000-0000-4000-8000-000000000012',
      name: 'Service på varmepumpe',
      description: '',
      duration_minutes: 90,
      price_ore: 149000,
      payment: 'on_site',
      seats: 1,
    },
  ],
};

// The function answers every day of the range; a closed one has no slots.
const december: SlotDay[] = [
  { date: '2026-12-06', slots: [] },
  {
    date: '2026-12-07',
    slots: [
      { start: '2026-12-07T09:00:00.000Z', end: '2026-12-07T10:00:00.000Z', seats_left: 1 },
      { start: '2026-12-07T10:00:00.000Z', end: '2026-12-07T11:00:00.000Z', seats_left: 1 },
    ],
  },
];

const view = {
  id: 'b1',
  solution_id: SOLUTION_ID,
  solution_name: 'Bestill befaring',
  service_id: BEFARING,
  service_name: 'Befaring',
  staff_id: 's1',
  staff_name: 'Kari Hansen',
  status: 'confirmed',
  start: '2026-12-07T09:00:00.000Z',
  end: '2026-12-07T10:00:00.000Z',
  changeable: true,
};

// What booking_service_questions answers for the service (null: it asks nothing).
let questions: Record<string, unknown> | null = null;
const calls: Record<string, unknown>[] = [];
let bookAnswer: () => Response = () => HttpResponse.json({ booking: view, token: TOKEN }, { status: 201 });

const server = setupMswServer(
  http.post(`${SUPABASE}/rest/v1/rpc/booking_public`, () => HttpResponse.json(solution)),
  http.post(`${SUPABASE}/rest/v1/rpc/booking_service_questions`, () => HttpResponse.json(questions)),
  http.post(`${SUPABASE}/functions/v1/booking`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    calls.push(body);
    if (body.action === 'slots') return HttpResponse.json({ staff: [], days: december });
    if (body.action === 'book') return bookAnswer();
    return HttpResponse.json({ error: { code: 'unknown' } }, { status: 500 });
  }),
);

beforeEach(() => {
  calls.length = 0;
  questions = null;
  sessionStorage.clear();
  bookAnswer = () => HttpResponse.json({ booking: view, token: TOKEN }, { status: 201 });
  window.history.pushState({}, '', `/booking/${SOLUTION_ID}`);
});

async function toDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^Befaring/ }));
  await user.click(await screen.findByRole('button', { name: 'mandag 7. desember 2026, 2 ledige tider' }));
  await user.click(await screen.findByRole('button', { name: '10:00 (01:00 hos deg)' }));
  await screen.findByRole('heading', { name: 'Dine opplysninger' });
}

describe('/booking/:id', () => {
  it('books a service: day, time, details and consent, each step named and focused', async () => {
    const user = userEvent.setup();
    render(<BookingPublicRoute />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestill befaring' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Velg tjeneste – Bestill befaring'));
    expect(screen.getByText('1 490 kr inkl. mva., betales på stedet', { exact: false })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Befaring/ }));
    expect(await screen.findByRole('heading', { name: 'Velg dag' })).toHaveFocus();
    expect(document.title).toBe('Velg dag – Bestill befaring');
    expect(screen.getByText('desember 2026')).toBeInTheDocument();
    expect(calls[0]).toEqual({
      action: 'slots',
      solutionId: SOLUTION_ID,
      serviceId: BEFARING,
      from: '2026-12-02',
      to: '2026-12-31',
    });
    // A day without free times is no button.
    expect(screen.queryByRole('button', { name: /6\. desember/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /8\. desember/ })).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'mandag 7. desember 2026, 2 ledige tider' }));
    expect(await screen.findByRole('heading', { name: 'Velg tid' })).toHaveFocus();
    expect(screen.getByText('Tidene er norsk tid. I parentes står tiden der du er.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '10:00 (01:00 hos deg)' }));

    expect(await screen.findByRole('heading', { name: 'Dine opplysninger' })).toHaveFocus();
    expect(document.title).toBe('Dine opplysninger – Bestill befaring');
    await user.click(screen.getByRole('button', { name: 'Bestill' }));
    expect(screen.getByRole('textbox', { name: 'E-post' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'E-post' })).toHaveAccessibleDescription(
      'Skriv e-postadressen din.',
    );
    expect(calls.some((call) => call.action === 'book')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'E-post' }), 'ola@example.no');
    await user.type(screen.getByRole('textbox', { name: 'Navn (valgfritt)' }), 'Ola Nordmann');
    await user.click(screen.getByRole('checkbox', { name: /Jeg godtar at Fjord Rør AS/ }));
    await user.click(screen.getByRole('button', { name: 'Bestill' }));

    expect(await screen.findByRole('heading', { name: 'Timen er bestilt' })).toHaveFocus();
    expect(document.title).toBe('Bestilt – Bestill befaring');
    expect(calls.find((call) => call.action === 'book')).toMatchObject({
      solutionId: SOLUTION_ID,
      serviceId: BEFARING,
      start: '2026-12-07T09:00:00.000Z',
      email: 'ola@example.no',
      name: 'Ola Nordmann',
      phone: null,
      consent: true,
      marketingConsent: false,
      honeypot: null,
      answers: {},
    });
    expect(String(calls.find((call) => call.action === 'book')?.shownAt)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(screen.getByText('Kari Hansen')).toBeInTheDocument();
    expect(screen.getByText('mandag 7. desember 2026 kl. 10:00 (01:00 hos deg)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Endre eller avbestille' })).toHaveAttribute(
      'href',
      `/booking/endre?token=${TOKEN}`,
    );
  });

  it('sends a visitor whose time was taken back to the times with what they typed kept', async () => {
    bookAnswer = () => HttpResponse.json({ error: { code: 'booking-slot-taken' } }, { status: 409 });
    const user = userEvent.setup();
    render(<BookingPublicRoute />);
    await toDetails(user);
    await user.type(screen.getByRole('textbox', { name: 'E-post' }), 'ola@example.no');
    await user.type(screen.getByRole('textbox', { name: 'Telefon (valgfritt)' }), '91234567');
    await user.click(screen.getByRole('checkbox', { name: /Jeg godtar/ }));
    await user.click(screen.getByRole('button', { name: 'Bestill' }));

    expect(await screen.findByRole('heading', { name: 'Velg tid' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Noen andre bestilte denne tiden akkurat nå. Velg en annen tid. Opplysningene dine er tatt vare på.',
    );
    // The slots are read again for the month.
    await waitFor(() => expect(calls.filter((call) => call.action === 'slots')).toHaveLength(2));

    bookAnswer = () => HttpResponse.json({ booking: view, token: TOKEN }, { status: 201 });
    await user.click(screen.getByRole('button', { name: '11:00 (02:00 hos deg)' }));
    expect(screen.getByRole('textbox', { name: 'E-post' })).toHaveValue('ola@example.no');
    expect(screen.getByRole('textbox', { name: 'Telefon (valgfritt)' })).toHaveValue('91234567');
    expect(screen.getByRole('checkbox', { name: /Jeg godtar/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Bestill' }));
    await screen.findByRole('heading', { name: 'Timen er bestilt' });
    expect(calls.filter((call) => call.action === 'book').at(-1)).toMatchObject({
      start: '2026-12-07T10:00:00.000Z',
      phone: '91234567',
    });
  });

  it("asks the service's questions, says a wrong answer at its field and keeps what was typed", async () => {
    questions = {
      form_id: 'f1',
      version_id: 'v1',
      definition: {
        version: 1,
        pages: [
          {
            id: 'p1',
            blocks: [
              {
                kind: 'single_choice',
                id: 'b_hva',
                key: 'hva',
                label: 'Hva gjelder det?',
                required: true,
                options: [
                  { id: 'o_bad', label: 'Bad' },
                  { id: 'o_kjokken', label: 'Kjøkken' },
                ],
              },
              { kind: 'number', id: 'b_areal', key: 'areal', label: 'Kvadratmeter for {hva}', max: 500 },
            ],
          },
        ],
        rules: [],
        endings: [{ id: 'e_takk', title: 'Takk' }],
        defaultEnding: 'e_takk',
      },
    };
    const user = userEvent.setup();
    render(<BookingPublicRoute />);
    await toDetails(user);
    const what = await screen.findByRole('group', { name: /Hva gjelder det\?/ });
    await user.type(screen.getByRole('textbox', { name: 'E-post' }), 'ola@example.no');
    await user.click(screen.getByRole('checkbox', { name: /Jeg godtar/ }));
    await user.click(screen.getByRole('button', { name: 'Bestill' }));

    // The browser's check with the forms engine: the required question, nothing sent.
    await waitFor(() => expect(within(what).getByRole('radio', { name: 'Bad' })).toHaveFocus());
    expect(what).toHaveAccessibleDescription('Dette må fylles ut.');
    expect(calls.some((call) => call.action === 'book')).toBe(false);

    await user.click(within(what).getByRole('radio', { name: 'Bad' }));
    // The label pipes the answer, as on the form's own page.
    await user.type(screen.getByRole('textbox', { name: 'Kvadratmeter for Bad' }), '900');
    await user.click(screen.getByRole('button', { name: 'Bestill' }));
    const area = screen.getByRole('textbox', { name: 'Kvadratmeter for Bad' });
    await waitFor(() => expect(area).toHaveAccessibleDescription('Svaret kan være høyst 500.'));
    // The field takes the focus on the next frame, once the errors are shown.
    await waitFor(() => expect(area).toHaveFocus());
    await user.clear(area);
    await user.type(area, '40');
    // The function's check refuses at the field; everything typed stays.
    bookAnswer = () =>
      HttpResponse.json(
        {
          error: {
            code: 'booking-answers-invalid',
            errors: [{ blockId: 'b_areal', code: 'out_of_range', max: '30' }],
          },
        },
        { status: 400 },
      );
    await user.click(screen.getByRole('button', { name: 'Bestill' }));
    await waitFor(() => expect(area).toHaveAccessibleDescription('Svaret kan være høyst 30.'));
    await waitFor(() => expect(area).toHaveFocus());
    expect(area).toHaveValue('40');
    expect(screen.getByRole('textbox', { name: 'E-post' })).toHaveValue('ola@example.no');
    expect(calls.find((call) => call.action === 'book')).toMatchObject({
      answers: { b_hva: { choices: ['o_bad'] }, b_areal: '40' },
    });
  });

  it('goes back a step with what was chosen kept', async () => {
    const user = userEvent.setup();
    render(<BookingPublicRoute />);
    await toDetails(user);
    const chosen = screen.getByRole('list');
    expect(within(chosen).getByText('mandag 7. desember 2026 kl. 10:00 (01:00 hos deg)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bytt tid' }));
    expect(await screen.findByRole('heading', { name: 'Velg tid' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Bytt tjeneste' }));
    expect(await screen.findByRole('heading', { name: 'Velg tjeneste' })).toHaveFocus();
  });

  it('says a page that is not published is not found', async () => {
    server.use(
      http.post(`${SUPABASE}/rest/v1/rpc/booking_public`, () =>
        HttpResponse.json({ message: 'booking-not-found' }, { status: 404 }),
      ),
    );
    render(<BookingPublicRoute />);
    expect(
      await screen.findByRole('heading', { level: 1, name: /Vi fant ikke bestillingen eller bookingsiden/ }),
    ).toBeInTheDocument();
  });
});
