import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import BookingPublicRoute from '@/features/booking/routes/booking-public';
import { setupMswServer } from '../../../../../tests/msw/server';
import { SUPABASE } from '../../../../../tests/support/session';
import type { PublicBookingSolution, SlotDay } from './booking-api';

// Run with TZ=America/Los_Angeles (as booking-page.test.tsx): a paid service through the local
// provider's card form, the booking function's `confirm` after the card.
const SOLUTION_ID = 'cc000000-0000-4000-8000-000000000001';
const SERVICE = 'cc000000-0000-4000-8000-000000000012';
const TOKEN = 'b'.repeat(64);

const solution: PublicBookingSolution = {
  id: SOLUTION_ID,
  name: 'Bestill befaring',
  organization_name: 'Fjord Rør AS',
  now: '2026-12-02T10:00:00Z',
  consent_text: 'Jeg godtar at Fjord Rør AS bruker opplysningene mine.',
  marketing_consent_text: null,
  design: null,
  online_payments: true,
  services: [
    {
      id: 'cc000000-0000-4000-8000-000000000011',
      name: 'Befaring',
      description: '',
      duration_minutes: 60,
      price_ore: null,
      payment: 'on_site',
      seats: 1,
    },
    {
      id: SERVICE,
      name: 'Service på varmepumpe',
      description: '',
      duration_minutes: 90,
      price_ore: 149000,
      payment: 'online',
      seats: 1,
    },
  ],
};

const december: SlotDay[] = [
  {
    date: '2026-12-07',
    slots: [{ start: '2026-12-07T09:00:00.000Z', end: '2026-12-07T10:30:00.000Z', seats_left: 1 }],
  },
];

const view = {
  id: 'b1',
  solution_id: SOLUTION_ID,
  solution_name: 'Bestill befaring',
  service_id: SERVICE,
  service_name: 'Service på varmepumpe',
  staff_id: 's1',
  staff_name: 'Per Olsen',
  status: 'pending_payment',
  start: '2026-12-07T09:00:00.000Z',
  end: '2026-12-07T10:30:00.000Z',
  changeable: false,
};

const payment = {
  provider: 'local',
  publishableKey: null,
  stripeAccount: 'acct_local_1',
  clientSecret: 'pi_local_1_secret_1',
  totalOre: 149000,
  expiresAt: '2026-12-02T10:15:00.000Z',
};

const calls: Record<string, unknown>[] = [];
let cardAnswer: () => Response;
let confirmAnswer: () => Response;

setupMswServer(
  http.post(`${SUPABASE}/rest/v1/rpc/booking_public`, () => HttpResponse.json(solution)),
  // The paid service asks no questions before booking.
  http.post(`${SUPABASE}/rest/v1/rpc/booking_service_questions`, () => HttpResponse.json(null)),
  http.post(`${SUPABASE}/functions/v1/booking`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    calls.push(body);
    if (body.action === 'slots') return HttpResponse.json({ staff: [], days: december });
    if (body.action === 'book')
      return HttpResponse.json({ booking: view, token: TOKEN, payment }, { status: 201 });
    if (body.action === 'confirm') return confirmAnswer();
    return HttpResponse.json({ error: { code: 'unknown' } }, { status: 500 });
  }),
  http.post(`${SUPABASE}/functions/v1/payments-local`, async ({ request }) => {
    calls.push({ local: (await request.json()) as Record<string, unknown> });
    return cardAnswer();
  }),
);

beforeEach(() => {
  calls.length = 0;
  sessionStorage.clear();
  localStorage.clear();
  cardAnswer = () => HttpResponse.json({ status: 'succeeded' });
  confirmAnswer = () =>
    HttpResponse.json({ status: 'succeeded', booking: { ...view, status: 'confirmed', changeable: true } });
  window.history.pushState({}, '', `/booking/${SOLUTION_ID}`);
});

async function toPay(user: ReturnType<typeof userEvent.setup>) {
  render(<BookingPublicRoute />);
  expect(
    await screen.findByText('1 490 kr inkl. mva., betales på nett', { exact: false }),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: /^Service på varmepumpe/ }));
  await user.click(await screen.findByRole('button', { name: 'mandag 7. desember 2026, 1 ledig tid' }));
  await user.click(await screen.findByRole('button', { name: '10:00 (01:00 hos deg)' }));
  await user.type(await screen.findByRole('textbox', { name: 'E-post' }), 'ola@example.no');
  await user.click(screen.getByRole('checkbox', { name: /Jeg godtar at Fjord Rør AS/ }));
  await user.click(screen.getByRole('button', { name: 'Bestill' }));
  expect(await screen.findByRole('heading', { name: 'Betal' })).toHaveFocus();
}

async function payWith(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Kortnummer' }), number);
  await user.type(screen.getByRole('textbox', { name: 'Utløpsdato (MM/ÅÅ)' }), '1230');
  await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
  await user.click(screen.getByRole('button', { name: /^Betal 1\s490\skr$/ }));
}

describe('/booking/:id with a service paid online', () => {
  it('asks for the card after the details, then confirms only once paid', async () => {
    const user = userEvent.setup();
    await toPay(user);
    expect(document.title).toBe('Betal – Bestill befaring');
    expect(screen.getByText('Steg 5 av 5')).toBeInTheDocument();
    expect(await screen.findByText(/^1\s490\skr inkl\. mva\.$/)).toBeInTheDocument();
    expect(screen.getByText('Tiden er holdt av til deg til kl. 11:15 mens du betaler.')).toBeInTheDocument();
    expect(calls.some((call) => call.action === 'confirm')).toBe(false);

    await payWith(user, '4242424242424242');

    expect(await screen.findByRole('heading', { name: 'Timen er bestilt' })).toHaveFocus();
    expect(
      screen.getByText('Betalt 1 490 kr inkl. mva. Kvitteringen er sendt til ola@example.no.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => 'local' in call)).toEqual({
      local: {
        action: 'confirmPayment',
        clientSecret: 'pi_local_1_secret_1',
        card: expect.objectContaining({ number: '4242424242424242' }) as unknown,
      },
    });
    expect(calls.filter((call) => call.action === 'confirm')).toEqual([{ action: 'confirm', token: TOKEN }]);
  });

  it('keeps the hold and the details after a declined card, and takes another', async () => {
    const user = userEvent.setup();
    await toPay(user);
    cardAnswer = () => HttpResponse.json({ error: { code: 'card_declined' } }, { status: 402 });
    confirmAnswer = () => HttpResponse.json({ status: 'failed', error: { code: 'card_declined' } });

    await payWith(user, '4000000000000002');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Betalingen gikk ikke gjennom. Prøv et annet kort – timen og opplysningene dine er tatt vare på.',
    );
    expect(screen.getByRole('heading', { name: 'Betal' })).toBeInTheDocument();
    expect(calls.filter((call) => call.action === 'book')).toHaveLength(1);

    cardAnswer = () => HttpResponse.json({ status: 'succeeded' });
    confirmAnswer = () =>
      HttpResponse.json({ status: 'succeeded', booking: { ...view, status: 'confirmed', changeable: true } });
    await payWith(user, '4242424242424242');
    expect(await screen.findByRole('heading', { name: 'Timen er bestilt' })).toBeInTheDocument();
  });

  it('goes back to the times with the reason when the hold ran out', async () => {
    const user = userEvent.setup();
    await toPay(user);
    confirmAnswer = () => HttpResponse.json({ status: 'failed', error: { code: 'booking-payment-expired' } });
    await payWith(user, '4242424242424242');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Velg tid' })).toBeInTheDocument());
    expect(screen.getByRole('alert')).toHaveTextContent('Opplysningene dine er tatt vare på.');
  });
});
