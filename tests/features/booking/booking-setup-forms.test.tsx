import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
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
  http.get(`${SUPABASE}/rest/v1/seller_accounts`, () => HttpResponse.json(sellerAccount)),
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
});
