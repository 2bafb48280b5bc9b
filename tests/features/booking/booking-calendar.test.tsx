import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { BookingSolutionSetup } from '@/features/booking/api/types';
import { CalendarSection } from '@/features/booking/components/calendar/calendar-section';
import { setupMswServer } from '../../msw/server';
import { ORG } from '../../support/ids';
import { prepareI18n, renderApp } from '../../support/render-app';
import { SUPABASE, signIn } from '../../support/session';

/*
 * The calendar's week of 19–25 October 2026: summer time ends on Sunday the 25th (a 25-hour day), so
 * the week is 7 days and 1 hour long, and 10:00 on Monday (08:00Z) and on Sunday (09:00Z) both sit at
 * 10:00 on the grid. The tests run in Los Angeles, whose own change is a week later.
 */

const SOLUTION = 'b7000000-0000-4000-8000-000000000001';
const KARI = 'b7000000-0000-4000-8000-0000000000d1';
const asked: string[] = [];

const booking = (id: string, start: string, end: string, name: string) => ({
  id,
  status: 'confirmed',
  during: `["${start}","${end}")`,
  service_id: 'b7000000-0000-4000-8000-0000000000c1',
  staff_id: KARI,
  answers: {},
  created_at: '2026-10-01T08:00:00+00:00',
  cancelled_at: null,
  rescheduled_at: null,
  booking_services: { name: 'Befaring' },
  booking_staff: { name: 'Kari Hansen' },
  participants: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.no`, phone: null },
});

setupMswServer(
  http.get(`${SUPABASE}/rest/v1/bookings`, ({ request }) => {
    const during = new URL(request.url).searchParams.get('during') ?? '';
    asked.push(during);
    return HttpResponse.json(
      during.includes('2026-10-18T22:00:00.000Z')
        ? [
            booking(
              'b7000000-0000-4000-8000-0000000000b1',
              '2026-10-19 08:00:00+00',
              '2026-10-19 09:00:00+00',
              'Ola Nordmann',
            ),
            booking(
              'b7000000-0000-4000-8000-0000000000b2',
              '2026-10-25 09:00:00+00',
              '2026-10-25 10:00:00+00',
              'Siri Søndag',
            ),
          ]
        : [],
    );
  }),
);

const solution: BookingSolutionSetup = {
  id: SOLUTION,
  organizationId: ORG,
  name: 'Bestill befaring',
  status: 'live',
  closedOnHolidays: true,
  reminderMinutes: [1440, 120],
  slotIntervalMinutes: 30,
  services: [],
  staff: [
    {
      id: KARI,
      solution_id: SOLUTION,
      organization_id: ORG,
      name: 'Kari Hansen',
      member_id: null,
      email: null,
      feed_token_sha256: null,
      position: 0,
      active: true,
      created_at: '2026-10-01T08:00:00Z',
      updated_at: '2026-10-01T08:00:00Z',
    },
  ],
  staffServices: [],
  availability: [1, 2, 3, 4, 5].map((weekday) => ({
    id: `b7000000-0000-4000-8000-00000000000${weekday}`,
    staff_id: KARI,
    solution_id: SOLUTION,
    organization_id: ORG,
    weekday,
    starts_at: '08:00:00',
    ends_at: '16:00:00',
  })),
  exceptions: [],
};

beforeAll(async () => {
  await prepareI18n('booking', 'booking-errors', 'campaign-errors');
});
beforeEach(() => {
  asked.length = 0;
  signIn();
});

const Calendar = () => <CalendarSection solution={solution} canManage today="2026-10-21" />;

describe('the calendar week', () => {
  it('runs Monday to Sunday over the end of summer time, each booking at its Oslo time', async () => {
    renderApp(Calendar);
    const grid = await screen.findByRole('region', { name: /^Kalender, Uke 43/ });
    const days = within(grid).getAllByRole('heading', { level: 3 });
    expect(days).toHaveLength(7);
    expect(days[0]).toHaveTextContent(/^man\.? 19\.10/);
    expect(days[6]).toHaveTextContent(/^søn\.? 25\.10/);
    // Monday 00:00 summer time to the next Monday 00:00 winter time: 169 hours.
    expect(asked[0]).toBe('ov.[2026-10-18T22:00:00.000Z,2026-10-25T23:00:00.000Z)');

    const monday = await within(grid).findByRole('button', { name: /Ola Nordmann/ });
    const sunday = within(grid).getByRole('button', { name: /Siri Søndag/ });
    expect(monday).toHaveTextContent('10:00–11:00');
    expect(sunday).toHaveTextContent('10:00–11:00');
    // Both at 10:00 of a grid from 08:00 to 16:00, Sunday's in the last column.
    expect(monday.closest('li')).toHaveStyle({ top: '25%' });
    expect(sunday.closest('li')).toHaveStyle({ top: '25%' });
    expect(within(days[6]!.parentElement!).getByRole('button')).toBe(sunday);
  });

  it('moves by week with the buttons and opens a booking from the keyboard', async () => {
    const user = userEvent.setup();
    renderApp(Calendar);
    const sunday = await screen.findByRole('button', { name: /Siri Søndag/ });
    sunday.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Siri Søndag' });
    expect(within(dialog).getByText('siri@example.no')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Neste uke' }));
    expect(await screen.findByRole('region', { name: /^Kalender, Uke 44/ })).toBeInTheDocument();
    expect(asked.at(-1)).toBe('ov.[2026-10-25T23:00:00.000Z,2026-11-01T23:00:00.000Z)');
    await user.click(screen.getByRole('button', { name: 'I dag' }));
    expect(await screen.findByRole('region', { name: /^Kalender, Uke 43/ })).toBeInTheDocument();
  });
});
