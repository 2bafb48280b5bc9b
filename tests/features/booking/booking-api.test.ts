/**
 * The booking screens' reads (src/features/booking/api): what each asks PostgREST for and how the rows
 * become the screens' items — a solution's status from its campaign, a booking's range as instants,
 * the person and names from the embedded rows.
 */
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { bookingSolutionsQueryOptions, solutionStatus } from '@/features/booking/api/get-booking-solutions';
import { bookingsQueryOptions, rangeBounds } from '@/features/booking/api/get-bookings';
import { setupMswServer } from '../../msw/server';
import { SUPABASE, signIn } from '../../support/session';

const ORGANIZATION = 'b7000000-0000-4000-8000-000000000001';
const SOLUTION = 'b7000000-0000-4000-8000-000000000002';
const requests: URL[] = [];
const bodies: unknown[] = [];

setupMswServer(
  http.post(`${SUPABASE}/rest/v1/rpc/booking_solution_summaries`, async ({ request }) => {
    requests.push(new URL(request.url));
    bodies.push(await request.json());
    return HttpResponse.json([
      {
        solution_id: SOLUTION,
        name: 'Befaring',
        status: 'live',
        created_at: '2026-11-20T10:00:00+00:00',
        upcoming: 3,
        booked_minutes: 120,
        available_minutes: 2400,
        no_shows: 1,
      },
    ]);
  }),
  http.get(`${SUPABASE}/rest/v1/bookings`, ({ request }) => {
    requests.push(new URL(request.url));
    return HttpResponse.json([
      {
        id: 'b7000000-0000-4000-8000-0000000000b1',
        status: 'no_show',
        during: '["2026-12-01 09:00:00+00","2026-12-01 10:00:00+00")',
        service_id: 'b7000000-0000-4000-8000-0000000000c1',
        staff_id: 'b7000000-0000-4000-8000-0000000000d1',
        answers: { adresse: 'Strandkaien 1' },
        created_at: '2026-11-25T08:00:00+00:00',
        cancelled_at: null,
        rescheduled_at: null,
        booking_services: { name: 'Befaring' },
        booking_staff: { name: 'Kari' },
        participants: { name: 'Ola Nordmann', email: 'ola@example.no', phone: '+4791234567' },
      },
    ]);
  }),
);

beforeEach(() => {
  requests.length = 0;
  bodies.length = 0;
  signIn();
});

describe('booking api', () => {
  it("lists the organization's solutions with their figures in one request", async () => {
    const items = await new QueryClient().fetchQuery(bookingSolutionsQueryOptions(ORGANIZATION));
    expect(items).toEqual([
      {
        id: SOLUTION,
        name: 'Befaring',
        status: 'live',
        createdAt: '2026-11-20T10:00:00+00:00',
        upcoming: 3,
        bookedMinutes: 120,
        availableMinutes: 2400,
        noShows: 1,
      },
    ]);
    expect(bodies).toEqual([{ input_organization_id: ORGANIZATION }]);
  });

  it('reads the bookings overlapping the period, with the range as instants and the person', async () => {
    const from = '2026-11-30T23:00:00.000Z';
    const to = '2026-12-07T23:00:00.000Z';
    const [booking] = await new QueryClient().fetchQuery(bookingsQueryOptions(SOLUTION, from, to));
    expect(booking).toMatchObject({
      status: 'no_show',
      start: '2026-12-01T09:00:00.000Z',
      end: '2026-12-01T10:00:00.000Z',
      serviceName: 'Befaring',
      staffName: 'Kari',
      personName: 'Ola Nordmann',
      personEmail: 'ola@example.no',
      answers: { adresse: 'Strandkaien 1' },
    });
    expect(requests[0]?.searchParams.get('during')).toBe(`ov.[${from},${to})`);
  });

  it('reads a range with offsets and fractions of a second', () => {
    expect(rangeBounds('["2026-03-29 03:30:00.5+02","2026-03-29 04:30:00+02")')).toEqual({
      start: '2026-03-29T01:30:00.500Z',
      end: '2026-03-29T02:30:00.000Z',
    });
  });

  it('names a status: archived wins, then published', () => {
    expect(solutionStatus('2026-11-01T00:00:00Z', '2026-10-01T00:00:00Z')).toBe('archived');
    expect(solutionStatus(null, null)).toBe('draft');
  });
});
