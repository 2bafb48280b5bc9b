import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { FeedLink } from '@/features/booking/components/setup/feed-link';
import { ReminderTimes } from '@/features/booking/components/setup/reminder-times';
import { ServiceDialog } from '@/features/booking/components/setup/service-dialog';
import { StaffDialog } from '@/features/booking/components/setup/staff-dialog';
import { record, single, type Recorded } from '../../msw/rest';
import { setupMswServer } from '../../msw/server';
import { ORG } from '../../support/ids';
import { prepareI18n, renderApp } from '../../support/render-app';
import { SUPABASE, signIn } from '../../support/session';

const SOLUTION = 'b7000000-0000-4000-8000-000000000001';
const ref = { solutionId: SOLUTION, organizationId: ORG };
const requests: Recorded[] = [];
let sellerAccount: { charges_enabled: boolean } | null = null;

const server = setupMswServer(
  http.post(`${SUPABASE}/rest/v1/booking_services`, async ({ request }) => {
    await record(requests, request);
    return single(request, { id: 'b7000000-0000-4000-8000-0000000000c1' });
  }),
  http.post(`${SUPABASE}/rest/v1/rpc/organization_members_list`, () => HttpResponse.json([])),
  http.post(`${SUPABASE}/rest/v1/rpc/form_summaries`, () => HttpResponse.json([])),
  http.get(`${SUPABASE}/rest/v1/seller_accounts`, () => HttpResponse.json(sellerAccount)),
  http.patch(`${SUPABASE}/rest/v1/booking_solutions`, async ({ request }) => {
    await record(requests, request);
    return single(request, { id: SOLUTION });
  }),
  http.post(`${SUPABASE}/rest/v1/rpc/issue_booking_feed_token`, async ({ request }) => {
    await record(requests, request);
    return HttpResponse.json('f'.repeat(64));
  }),
);

beforeAll(async () => {
  await prepareI18n('booking', 'booking-errors', 'campaign-errors');
});
beforeEach(() => {
  requests.length = 0;
  sellerAccount = null;
  signIn();
});

const NewService = () => <ServiceDialog solution={ref} service={null} open onOpenChange={vi.fn()} />;

describe('the set-up forms', () => {
  it('says in Norwegian what is wrong with a service and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderApp(NewService);
    await user.type(await screen.findByLabelText('Varighet (min)'), '{Backspace}{Backspace}4');
    await user.type(screen.getByLabelText('Pris (kr)'), 'gratis');
    await user.clear(screen.getByLabelText('Varsel (timer)'));
    await user.type(screen.getByLabelText('Høyst per dag'), '0');
    await user.click(screen.getByRole('button', { name: 'Legg til tjenesten' }));

    expect(await screen.findByText('Skriv et navn på tjenesten.')).toBeInTheDocument();
    expect(screen.getByText('Skriv en varighet fra 5 til 720 minutter.')).toBeInTheDocument();
    expect(screen.getByText('Skriv prisen i kroner, f.eks. 1490 eller 1 490,50.')).toBeInTheDocument();
    expect(screen.getByText('Skriv et helt antall timer fra 0 til 2160 (90 dager).')).toBeInTheDocument();
    expect(screen.getByText('Skriv et tall fra 1 til 1000, eller la feltet stå tomt.')).toBeInTheDocument();
    expect(screen.getByLabelText('Pris (kr)')).toHaveValue('gratis');
    expect(screen.getByLabelText('Varighet (min)')).toHaveValue('4');
    expect(requests).toHaveLength(0);
    // Paying online waits for a seller account that takes cards: shown, disabled, with the reason.
    expect(screen.getByRole('radio', { name: 'Betales på nett' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Betales på nett' })).toHaveAccessibleDescription(
      'Betaling på nett krever at bedriften kan ta imot kort. Koble til betalingskontoen under Betalinger først.',
    );
  });

  it('offers payment online when the seller account takes cards, and asks for a price', async () => {
    sellerAccount = { charges_enabled: true };
    const user = userEvent.setup();
    renderApp(NewService);
    await user.type(await screen.findByLabelText('Navn'), 'Service på varmepumpe');
    const online = await screen.findByRole('radio', { name: 'Betales på nett' });
    await vi.waitFor(() => expect(online).toBeEnabled());
    expect(screen.queryByRole('link', { name: 'Gå til Betalinger' })).toBeNull();
    await user.click(online);
    await user.click(screen.getByRole('button', { name: 'Legg til tjenesten' }));
    expect(
      await screen.findByText('Skriv en pris over 0 kr når kunden skal betale på nett.'),
    ).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    await user.type(screen.getByLabelText('Pris (kr)'), '1 490');
    await user.click(screen.getByRole('button', { name: 'Legg til tjenesten' }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toMatchObject({ price_ore: 149000, payment: 'online' });
  });

  it('explains a disabled «Betales på nett» and links to where payments are set up', async () => {
    renderApp(NewService);
    expect(await screen.findByRole('link', { name: 'Gå til Betalinger' })).toHaveAttribute(
      'href',
      '/payments',
    );
    expect(screen.getByRole('radio', { name: 'Betales på nett' })).toBeDisabled();
  });

  it('writes a valid service with the notice in minutes and the price in øre', async () => {
    const user = userEvent.setup();
    renderApp(NewService);
    await user.type(await screen.findByLabelText('Navn'), 'Service på varmepumpe');
    await user.clear(screen.getByLabelText('Varighet (min)'));
    await user.type(screen.getByLabelText('Varighet (min)'), '90');
    await user.type(screen.getByLabelText('Pris (kr)'), '1 490');
    await user.clear(screen.getByLabelText('Varsel (timer)'));
    await user.type(screen.getByLabelText('Varsel (timer)'), '48');
    await user.click(screen.getByRole('button', { name: 'Legg til tjenesten' }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toMatchObject({
      name: 'Service på varmepumpe',
      duration_minutes: 90,
      price_ore: 149000,
      payment: 'on_site',
      minimum_notice_minutes: 2880,
      daily_limit: null,
      solution_id: SOLUTION,
      organization_id: ORG,
    });
  });

  it("puts the database's refusal on its field", async () => {
    server.use(
      http.post(`${SUPABASE}/rest/v1/booking_services`, () =>
        HttpResponse.json(
          {
            code: '23514',
            message:
              'new row for relation "booking_services" violates check constraint "booking_services_seats_check"',
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp(NewService);
    await user.type(await screen.findByLabelText('Navn'), 'Kurs');
    await user.click(screen.getByRole('button', { name: 'Legg til tjenesten' }));
    expect(
      await screen.findByText('Verdien ble ikke godtatt. Sjekk feltet og prøv igjen.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Plasser')).toHaveAccessibleDescription(/Verdien ble ikke godtatt/);
    expect(screen.getByLabelText('Navn')).toHaveValue('Kurs');
  });

  it("refuses a staff member's address that is no e-mail address", async () => {
    const user = userEvent.setup();
    renderApp(() => <StaffDialog solution={ref} services={[]} staff={null} open onOpenChange={vi.fn()} />);
    await user.type(await screen.findByLabelText('E-post for varsler'), 'kari@');
    await user.click(screen.getByRole('button', { name: 'Legg til ressursen' }));
    expect(await screen.findByText('Skriv et navn på ressursen.')).toBeInTheDocument();
    expect(
      screen.getByText('Skriv en gyldig e-postadresse, f.eks. navn@firma.no, eller la feltet stå tomt.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('E-post for varsler')).toHaveValue('kari@');
  });

  it('adds a reminder time, saves the list latest first, and says what is wrong without losing the number', async () => {
    const user = userEvent.setup();
    renderApp(() => <ReminderTimes solution={ref} minutes={[1440, 120]} disabled={false} />);
    const list = await screen.findByRole('list', { name: 'Påminnelser som sendes' });
    expect(list).toHaveTextContent('24 timer før');
    expect(list).toHaveTextContent('2 timer før');

    await user.type(screen.getByLabelText('Ny påminnelse'), '10');
    await user.selectOptions(screen.getByLabelText('Enhet'), 'minutter før');
    await user.click(screen.getByRole('button', { name: 'Legg til påminnelse' }));
    expect(
      await screen.findByText('En påminnelse må være fra 15 minutter til 14 dager før timen.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Ny påminnelse')).toHaveValue('10');
    expect(requests).toHaveLength(0);

    await user.clear(screen.getByLabelText('Ny påminnelse'));
    await user.type(screen.getByLabelText('Ny påminnelse'), '3');
    await user.selectOptions(screen.getByLabelText('Enhet'), 'dager før');
    await user.click(screen.getByRole('button', { name: 'Legg til påminnelse' }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({ reminder_minutes: [4320, 1440, 120] });
    expect(requests[0]?.url.searchParams.get('id')).toBe(`eq.${SOLUTION}`);
  });

  it('removes a reminder time by its own button', async () => {
    const user = userEvent.setup();
    renderApp(() => <ReminderTimes solution={ref} minutes={[1440, 120]} disabled={false} />);
    await user.click(await screen.findByRole('button', { name: 'Fjern påminnelsen 2 timer før' }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({ reminder_minutes: [1440] });
  });

  it("issues a staff member's private calendar link once, warned that it ends the old one", async () => {
    const user = userEvent.setup();
    const STAFF = 'b7000000-0000-4000-8000-0000000000d1';
    renderApp(() => <FeedLink staffId={STAFF} />);
    const issue = await screen.findByRole('button', { name: 'Lag ny kalenderlenke' });
    expect(issue).toHaveAccessibleDescription(/En ny lenke gjør den gamle ugyldig/);
    await user.click(issue);
    const link = await screen.findByLabelText('Lenke');
    expect(link).toHaveValue(`${SUPABASE}/functions/v1/booking-feed?token=${'f'.repeat(64)}`);
    expect(screen.getByLabelText<HTMLInputElement>('Lenke for kalenderapp (webcal)').value).toMatch(
      /^webcal:\/\/.+\/functions\/v1\/booking-feed\?token=f{64}$/,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Lenken vises bare nå.');
    expect(requests.map((request) => request.body)).toEqual([{ input_staff_id: STAFF }]);
  });
});
