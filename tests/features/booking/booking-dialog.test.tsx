import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { BookingListItem } from '@/features/booking/api/types';
import { BookingDialog } from '@/features/booking/components/calendar/booking-dialog';
import { setupMswServer } from '../../msw/server';
import { prepareI18n, renderApp } from '../../support/render-app';
import { SUPABASE, signIn } from '../../support/session';

/*
 * The booking dialog's cancel: asked first («Avbestill og refunder 1 250 kr?» for a paid booking),
 * sent to the booking function as the signed-in owner (which refunds and e-mails), and its outcome
 * said in the dialog: refunded, or cancelled with a refund that failed (offered again).
 */

const SOLUTION = 'b8000000-0000-4000-8000-000000000001';
const BOOKING = 'b8000000-0000-4000-8000-0000000000b1';
const calls: { body: unknown; authorization: string | null }[] = [];
let refund: 'none' | 'refunded' | 'failed' = 'refunded';

const booking = (overrides: Partial<BookingListItem> = {}): BookingListItem => ({
  id: BOOKING,
  status: 'confirmed',
  start: '2026-12-08T09:00:00.000Z',
  end: '2026-12-08T10:00:00.000Z',
  serviceId: 'b8000000-0000-4000-8000-0000000000c1',
  serviceName: 'Service på varmepumpe',
  staffId: 'b8000000-0000-4000-8000-0000000000d1',
  staffName: 'Kari Hansen',
  personName: 'Ola Nordmann',
  personEmail: 'ola@example.no',
  personPhone: null,
  answers: {},
  answerList: [],
  createdAt: '2026-12-01T08:00:00Z',
  cancelledAt: null,
  rescheduledAt: null,
  orderStatus: 'paid',
  refundableOre: 125000,
  ...overrides,
});

setupMswServer(
  http.post(`${SUPABASE}/functions/v1/booking`, async ({ request }) => {
    calls.push({ body: await request.json(), authorization: request.headers.get('authorization') });
    return HttpResponse.json({ booking: { id: BOOKING, status: 'cancelled' }, refund });
  }),
);

beforeAll(async () => {
  await prepareI18n('booking', 'booking-errors', 'campaign-errors');
});
beforeEach(() => {
  calls.length = 0;
  refund = 'refunded';
  signIn();
});

const dialogOf = (shown: BookingListItem) =>
  function Screen() {
    return <BookingDialog solutionId={SOLUTION} booking={shown} canManage onClose={() => undefined} />;
  };

describe('cancelling a booking from its dialog', () => {
  it('asks to cancel and refund a paid booking, then says it is refunded and the customer told', async () => {
    const user = userEvent.setup();
    renderApp(dialogOf(booking()));
    const dialog = await screen.findByRole('dialog', { name: 'Ola Nordmann' });
    await user.click(within(dialog).getByRole('button', { name: 'Avbestill' }));

    const question = await screen.findByRole('dialog', { name: /^Avbestill og refunder 1\s250\skr\?$/ });
    expect(question).toHaveTextContent(/hele beløpet betales tilbake/);
    expect(calls).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: 'Avbestill og refunder' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      /^Timen til Ola Nordmann er avbestilt, 1\s250\skr er betalt tilbake, og kunden har fått e-post\.$/,
    );
    expect(calls.map((call) => call.body)).toEqual([{ action: 'organizer-cancel', bookingId: BOOKING }]);
    // As the signed-in owner: the function checks the caller's membership.
    expect(calls[0]?.authorization).toMatch(/^Bearer /);
    // The outcome stands in place of the actions, which were for the booking as it was.
    expect(within(dialog).queryByRole('button', { name: 'Avbestill' })).toBeNull();
  });

  it('sends nothing when the question is answered no', async () => {
    const user = userEvent.setup();
    renderApp(dialogOf(booking()));
    const dialog = await screen.findByRole('dialog', { name: 'Ola Nordmann' });
    await user.click(within(dialog).getByRole('button', { name: 'Avbestill' }));
    const question = await screen.findByRole('dialog', { name: /^Avbestill og refunder/ });
    await user.click(within(question).getByRole('button', { name: 'Avbryt' }));
    expect(screen.queryByRole('dialog', { name: /^Avbestill og refunder/ })).toBeNull();
    expect(calls).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Avbestill' })).toBeInTheDocument();
  });

  it('asks a plain cancel of a booking paid on site, and says the customer is told', async () => {
    const user = userEvent.setup();
    refund = 'none';
    renderApp(dialogOf(booking({ orderStatus: null, refundableOre: 0 })));
    const dialog = await screen.findByRole('dialog', { name: 'Ola Nordmann' });
    await user.click(within(dialog).getByRole('button', { name: 'Avbestill' }));
    const question = await screen.findByRole('dialog', { name: 'Avbestille timen til Ola Nordmann?' });
    expect(question).toHaveTextContent(/kunden får avbestillingen på e-post/);
    await user.click(within(question).getByRole('button', { name: 'Avbestill' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Timen til Ola Nordmann er avbestilt, og kunden har fått e-post.',
    );
  });

  it('says a refund that failed as an error, and a cancelled booking still owed offers the refund', async () => {
    const user = userEvent.setup();
    refund = 'failed';
    renderApp(dialogOf(booking()));
    const dialog = await screen.findByRole('dialog', { name: 'Ola Nordmann' });
    await user.click(within(dialog).getByRole('button', { name: 'Avbestill' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: /^Avbestill og refunder/ })).getByRole('button', {
        name: 'Avbestill og refunder',
      }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /tilbakebetalingen av 1\s250\skr feilet\. Prøv igjen om litt med «Refunder»\.$/,
    );
  });

  it('offers «Refunder» for a cancelled booking whose refund is still owed', async () => {
    renderApp(dialogOf(booking({ status: 'cancelled' })));
    const dialog = await screen.findByRole('dialog', { name: 'Ola Nordmann' });
    expect(within(dialog).getByRole('button', { name: /^Refunder 1\s250\skr$/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Avbestill' })).toBeNull();
  });
});
