import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import BookingListPage from '@/features/booking/routes/booking-list';
import { membershipHandlers } from '../../msw/handlers/account';
import { record, single, type Recorded } from '../../msw/rest';
import { setupMswServer } from '../../msw/server';
import { ORG } from '../../support/ids';
import { prepareI18n, renderApp } from '../../support/render-app';
import { SUPABASE, signIn } from '../../support/session';

const NEW_ID = 'b7000000-0000-4000-8000-0000000000ee';
const requests: Recorded[] = [];

setupMswServer(
  ...membershipHandlers(() => 'owner'),
  http.post(`${SUPABASE}/rest/v1/rpc/booking_solution_summaries`, () =>
    HttpResponse.json([
      {
        solution_id: 'b7000000-0000-4000-8000-000000000001',
        name: 'Bestill befaring',
        status: 'live',
        created_at: '2026-11-20T10:00:00Z',
        upcoming: 3,
        booked_minutes: 120,
        available_minutes: 2400,
        no_shows: 2,
      },
      {
        solution_id: 'b7000000-0000-4000-8000-000000000002',
        name: 'Tom side',
        status: 'draft',
        created_at: '2026-11-21T10:00:00Z',
        upcoming: 0,
        booked_minutes: 0,
        available_minutes: 0,
        no_shows: 0,
      },
    ]),
  ),
  http.get(`${SUPABASE}/rest/v1/profiles`, ({ request }) =>
    single(request, { id: '11111111-1111-4111-8111-111111111111', name: 'Kari Nordmann', img: null }),
  ),
  http.post(`${SUPABASE}/rest/v1/rpc/create_booking_solution_from_template`, async ({ request }) => {
    await record(requests, request);
    return HttpResponse.json(NEW_ID);
  }),
);

beforeAll(async () => {
  await prepareI18n('booking', 'booking-errors', 'campaign-errors');
});
beforeEach(() => {
  requests.length = 0;
  signIn();
});

describe('/booking-solutions', () => {
  it("lists the solutions with status in words, upcoming bookings, this week's utilisation and no-shows", async () => {
    renderApp(BookingListPage, { path: '/booking-solutions' });
    const row = (await screen.findByRole('link', { name: 'Bestill befaring' })).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Publisert')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('5 % av 40 t')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    const empty = screen.getByRole('link', { name: 'Tom side' }).closest('tr');
    if (!empty) throw new Error('no row');
    expect(within(empty).getByText('Utkast')).toBeInTheDocument();
    expect(within(empty).getByText('Ingen arbeidstid')).toBeInTheDocument();
  });

  it('creates from a template, named after it and staffed by the user, and opens its set-up', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(BookingListPage, {
      path: '/booking-solutions',
      routes: [{ path: '/booking-solutions/:id', element: <p>dashboard</p> }],
    });
    await user.click((await screen.findAllByRole('button', { name: 'Ny bookingside' }))[0]!);
    await user.selectOptions(screen.getByLabelText('Mal'), 'Konsultasjon');
    expect(screen.getByLabelText('Navn')).toHaveValue('Bestill konsultasjon');
    expect(await screen.findByDisplayValue('Kari Nordmann')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Navn'));
    await user.click(screen.getByRole('button', { name: 'Lag bookingsiden' }));
    expect(await screen.findByText('Skriv et navn på bookingsiden.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.type(screen.getByLabelText('Navn'), 'Legetimer');
    await user.click(screen.getByRole('button', { name: 'Lag bookingsiden' }));
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({
      input_organization_id: ORG,
      input_name: 'Legetimer',
      input_template: 'konsultasjon',
      input_staff_name: 'Kari Nordmann',
    });
    expect(router.state.location.search).toBe('?fane=oppsett');
  });
});
