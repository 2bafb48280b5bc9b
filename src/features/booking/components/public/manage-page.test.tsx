import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import BookingPublicRoute from '@/features/booking/routes/booking-public';
import { setupMswServer } from '../../../../../tests/msw/server';
import { SUPABASE } from '../../../../../tests/support/session';
import type { BookingView } from './booking-api';
import en from './locales/en.json';
import nb from './locales/nb.json';

const SOLUTION_ID = 'cc000000-0000-4000-8000-000000000001';
const TOKEN = 'b'.repeat(64);

const booked: BookingView = {
  id: 'b1',
  solution_id: SOLUTION_ID,
  solution_name: 'Bestill befaring',
  service_id: 'cc000000-0000-4000-8000-000000000011',
  service_name: 'Befaring',
  staff_name: 'Kari Hansen',
  status: 'confirmed',
  start: '2026-12-07T09:00:00.000Z',
  end: '2026-12-07T10:00:00.000Z',
  changeable: true,
};

const calls: Record<string, unknown>[] = [];
let current = booked;
let refusal: string | null = null;

setupMswServer(
  http.post(`${SUPABASE}/functions/v1/booking`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    calls.push(body);
    if (body.action === 'slots')
      return HttpResponse.json({
        staff: [],
        days: [
          {
            date: '2026-12-09',
            slots: [{ start: '2026-12-09T12:00:00.000Z', end: '2026-12-09T13:00:00.000Z', seats_left: 1 }],
          },
        ],
      });
    if (refusal && body.action !== 'view')
      return HttpResponse.json({ error: { code: refusal } }, { status: 409 });
    if (body.action === 'reschedule') current = { ...current, start: String(body.start) };
    if (body.action === 'cancel') current = { ...current, status: 'cancelled', changeable: false };
    return HttpResponse.json({ booking: current });
  }),
);

beforeEach(() => {
  calls.length = 0;
  current = booked;
  refusal = null;
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-02T10:00:00Z') });
  window.history.pushState({}, '', `/booking/endre?token=${TOKEN}`);
});

afterEach(() => vi.useRealTimers());

describe('/booking/endre?token=…', () => {
  it('shows the booking and moves it to a new time', async () => {
    const user = userEvent.setup();
    render(<BookingPublicRoute />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Din bestilling' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Din bestilling – Bestill befaring'));
    expect(calls[0]).toEqual({ action: 'view', token: TOKEN });
    expect(screen.getByText('Bekreftet')).toBeInTheDocument();
    expect(screen.getByText('Kari Hansen')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Endre tid' }));
    expect(await screen.findByRole('heading', { name: 'Velg ny tid' })).toHaveFocus();
    expect(calls.at(-1)).toMatchObject({ action: 'slots', serviceId: booked.service_id, from: '2026-12-02' });
    await user.click(await screen.findByRole('button', { name: /^onsdag 9\. desember 2026/ }));
    await user.click(screen.getByRole('button', { name: '13:00 (04:00 hos deg)' }));
    await user.click(
      screen.getByRole('button', {
        name: 'Flytt timen til onsdag 9. desember 2026 kl. 13:00 (04:00 hos deg)',
      }),
    );

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Timen er flyttet til onsdag 9. desember 2026 kl. 13:00 (04:00 hos deg).',
    );
    expect(calls.at(-1)).toEqual({ action: 'reschedule', token: TOKEN, start: '2026-12-09T12:00:00.000Z' });
    expect(screen.getByRole('heading', { name: 'Befaring' })).toHaveFocus();
  });

  it('cancels after the visitor confirms, and offers a new booking', async () => {
    const user = userEvent.setup();
    render(<BookingPublicRoute />);
    await user.click(await screen.findByRole('button', { name: 'Avbestill' }));
    expect(
      await screen.findByRole('heading', {
        name: 'Vil du avbestille Befaring mandag 7. desember 2026 kl. 10:00 (01:00 hos deg)?',
      }),
    ).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Nei, behold timen' }));
    expect(calls.some((call) => call.action === 'cancel')).toBe(false);

    await user.click(await screen.findByRole('button', { name: 'Avbestill' }));
    await user.click(screen.getByRole('button', { name: 'Ja, avbestill' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Bestillingen er avbestilt.');
    expect(screen.getByText('Avbestilt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Endre tid' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Bestill en ny time' })).toHaveAttribute(
      'href',
      `/booking/${SOLUTION_ID}`,
    );
  });

  it('says it is too late when the notice has begun, and shows the booking as it is', async () => {
    refusal = 'booking-too-late';
    const user = userEvent.setup();
    render(<BookingPublicRoute />);
    await user.click(await screen.findByRole('button', { name: 'Avbestill' }));
    current = { ...booked, changeable: false };
    await user.click(screen.getByRole('button', { name: 'Ja, avbestill' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Det er for sent å endre eller avbestille denne timen. Ta kontakt direkte.',
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Endre tid' })).toBeNull());
    expect(
      screen.getByText('Det er for sent å endre eller avbestille denne timen her. Ta kontakt direkte.'),
    ).toBeInTheDocument();
  });

  it('says a link without a token is not valid', async () => {
    window.history.pushState({}, '', '/booking/endre');
    render(<BookingPublicRoute />);
    expect(
      await screen.findByRole('heading', { level: 1, name: /Vi fant ikke bestillingen/ }),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('the booking pages’ texts', () => {
  const keysOf = (json: object, prefix = ''): string[] =>
    Object.entries(json).flatMap(([key, value]) =>
      typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value as object, `${prefix}${key}.`),
    );
  it('has every Norwegian key in English', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(nb).sort());
  });
});
