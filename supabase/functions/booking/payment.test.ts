/**
 * A paid booking through the booking function with the local provider (its store in memory) and the
 * checkout orders in memory: `book` answers the card step and sends no e-mail; a paid card settles the
 * order once (its receipt e-mailed once) and only then the confirmation goes, once; a declined card
 * keeps the hold payable; a seller without an account that takes payments frees the slot; cancelling
 * a paid booking refunds it in full, once; so does the organization's cancel (owners and admins, the
 * caller's JWT), which a member meets refused and a retry never refunds twice. (The hold, its expiry and the trigger that confirms it are
 * the database's: supabase/tests/80-booking-payments.test.sql.)
 */
import assert from 'node:assert/strict';
import { FakeCheckoutOrders, SELLER_ORG } from '../_shared/checkout-orders-fake.ts';
import { localCardActions, localPaymentProvider, memoryLocalStore } from '../_shared/local-payments.ts';
import type { SellerAccount } from '../_shared/seller-accounts.ts';
import { errorCode, FakeMailer, post } from '../_shared/testing.ts';
import { type BookInput, type BookingDb, type BookingView, handleBooking } from './handler.ts';

const SOLUTION = 'b0000000-0000-4000-8000-000000000001';
const SERVICE = 'b0000000-0000-4000-8000-000000000002';
const KARI = 'b0000000-0000-4000-8000-0000000000a1';
const BOOKING = 'b0000000-0000-4000-8000-0000000000c1';
const TOKEN = 'a'.repeat(64);
const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123' });
const LOCAL_ACCOUNT: SellerAccount = {
  provider: 'local',
  id: 'acct_local_1',
  chargesEnabled: true,
  payoutsEnabled: true,
  detailsSubmitted: true,
  country: 'NO',
};

/** The database's side: the hold and its order, the booking's status following the order's (the trigger). */
class PaidDb implements BookingDb {
  booked: BookInput[] = [];
  cancelled = false;
  constructor(private orders: FakeCheckoutOrders) {}
  orderId = '';
  // The paid service asks no questions before booking.
  questions() {
    return Promise.resolve(null);
  }
  slotInputs() {
    return Promise.resolve({
      now: '2026-06-01T06:00:00+00:00',
      solution: { closed_on_holidays: true, slot_interval_minutes: 30 },
      service: {
        id: SERVICE,
        duration_minutes: 60,
        buffer_before_minutes: 0,
        buffer_after_minutes: 0,
        minimum_notice_minutes: 120,
        booking_window_days: 60,
        daily_limit: null,
        weekly_limit: null,
        seats: 1,
      },
      staff: [{ id: KARI, name: 'Kari', availability: [{ weekday: 2, start: '09:00', end: '11:00' }] }],
      exceptions: [],
      bookings: [],
    });
  }
  current(): BookingView {
    const order = this.orders.orders.get(this.orderId)!;
    const status = this.cancelled
      ? 'cancelled'
      : order.status === 'paid' || order.status === 'refunded'
        ? 'confirmed'
        : ['failed', 'canceled', 'expired'].includes(order.status)
          ? 'cancelled'
          : 'pending_payment';
    return {
      id: BOOKING,
      solution_id: SOLUTION,
      service_id: SERVICE,
      staff_id: KARI,
      status,
      start: '2026-06-02T08:00:00.000Z',
      end: '2026-06-02T09:00:00.000Z',
      changeable: status === 'confirmed',
      payment: {
        order_id: order.id,
        status: order.status,
        total_ore: order.total_ore,
        refunded_ore: order.refunded_ore,
      },
    };
  }
  refusal: string | null = null;
  book(input: BookInput) {
    if (this.refusal) return Promise.reject(new Error(this.refusal));
    this.booked.push(input);
    const order = this.orders.add({
      organization_id: SELLER_ORG,
      checkout_id: null,
      provider: input.provider,
    });
    this.orderId = order.id;
    return Promise.resolve({
      booking: this.current(),
      token: TOKEN,
      order: { ...order, expires_at: '2026-06-01T06:15:00Z' },
    });
  }
  view() {
    return Promise.resolve(this.current());
  }
  reschedule(): Promise<BookingView> {
    return Promise.reject(new Error('booking-invalid'));
  }
  cancel() {
    this.cancelled = true;
    return Promise.resolve(this.current());
  }
  // cancel_booking_by_organizer: the database decides who by the caller's JWT (owner or admin).
  cancelByOrganizer(jwt: string) {
    if (jwt !== 'owner-jwt') return Promise.reject(new Error('booking-not-allowed'));
    return this.cancel();
  }
}

function world(account: SellerAccount | null = LOCAL_ACCOUNT) {
  const store = memoryLocalStore();
  const provider = localPaymentProvider({ store, savedCard: () => Promise.resolve(null) });
  const actions = localCardActions(store);
  const orders = new FakeCheckoutOrders();
  const db = new PaidDb(orders);
  const mailer = new FakeMailer();
  const sent: string[] = [];
  const logged: string[] = [];
  // A refund the provider fails while this is set.
  const failRefunds = { on: false };
  const refunding = {
    ...provider,
    refundPayment: (input: Parameters<typeof provider.refundPayment>[0]) =>
      failRefunds.on ? Promise.reject(new Error('provider down')) : provider.refundPayment(input),
  };
  const deps = {
    db,
    authenticate: (request: Request) => {
      const jwt = request.headers.get('authorization')?.replace('Bearer ', '');
      return Promise.resolve(jwt ? { id: jwt, email: `${jwt}@example.no`, name: null, jwt } : null);
    },
    notices: {
      booked: () => (sent.push('booked'), Promise.resolve()),
      rescheduled: () => Promise.resolve(),
      cancelled: () => (sent.push('cancelled'), Promise.resolve()),
      // The claim's «once» is the database's; here each call is counted.
      paid: (_booking: BookingView, token: string) => (sent.push(`paid ${token.length}`), Promise.resolve()),
    },
    payments: {
      provider: refunding,
      sellerAccount: () => Promise.resolve(account),
      orders,
      mailer,
      siteUrl: 'https://app.test',
    },
    log: (message: string) => logged.push(message),
  };
  const call = (body: Record<string, unknown>) =>
    handleBooking(post('http://functions.test/booking', body, { 'x-forwarded-for': '203.0.113.80' }), deps);
  const book = () =>
    call({
      action: 'book',
      solutionId: SOLUTION,
      serviceId: SERVICE,
      start: '2026-06-02T08:00:00.000Z',
      email: 'kari@example.no',
      name: 'Kari Nordmann',
      consent: true,
      shownAt: '2026-06-01T05:59:00.000Z',
    });
  const organizerCancel = (jwt: string | null) =>
    handleBooking(
      post(
        'http://functions.test/booking',
        { action: 'organizer-cancel', bookingId: BOOKING },
        jwt ? { authorization: `Bearer ${jwt}` } : {},
      ),
      deps,
    );
  const paidBooking = async () => {
    const { payment } = await (await book()).json();
    await actions.confirmPayment(
      (await actions.intentBySecret(payment.clientSecret))!,
      card('4242424242424242'),
    );
    await call({ action: 'confirm', token: TOKEN });
  };
  return {
    db,
    orders,
    actions,
    mailer,
    sent,
    logged,
    call,
    book,
    store,
    organizerCancel,
    paidBooking,
    failRefunds,
  };
}

Deno.test(
  'book: a paid service answers the card step (local provider, amount) and sends nothing yet',
  async () => {
    const { db, orders, sent, book, store } = world();
    const response = await book();
    assert.equal(response.status, 201);
    const body = await response.json();
    assert.equal(body.booking.status, 'pending_payment');
    assert.equal(body.token, TOKEN);
    assert.equal(body.payment.provider, 'local');
    assert.equal(body.payment.totalOre, 149000);
    assert.equal(body.payment.stripeAccount, 'acct_local_1');
    assert.match(body.payment.clientSecret, /secret/);
    assert.equal(db.booked[0]!.provider, 'local');
    const intents = [...store.objects.values()].filter((object) => object.kind === 'payment_intent');
    assert.equal(intents.length, 1);
    assert.equal(
      intents[0]!.data.metadata && (intents[0]!.data.metadata as Record<string, string>).purpose,
      'checkout',
    );
    assert.equal(orders.orders.get(db.orderId)!.provider_payment_id, intents[0]!.id);
    assert.deepEqual(sent, [], 'no confirmation before the payment');
  },
);

Deno.test('confirm: a paid card settles once, the receipt and the confirmation go once', async () => {
  const { orders, actions, mailer, sent, book, call } = world();
  const { payment } = await (await book()).json();
  const intent = await actions.intentBySecret(payment.clientSecret);
  await actions.confirmPayment(intent!, card('4242424242424242'));
  const first = await (await call({ action: 'confirm', token: TOKEN })).json();
  assert.equal(first.status, 'succeeded');
  assert.equal(first.booking.status, 'confirmed');
  const again = await (await call({ action: 'confirm', token: TOKEN })).json();
  assert.equal(again.status, 'succeeded');
  assert.equal(orders.settlements, 1, 'settled once');
  assert.equal(
    mailer.sent.filter((mail) => mail.tags?.includes('checkout-order')).length,
    1,
    'one receipt e-mail',
  );
  assert.deepEqual(
    sent,
    ['paid 64', 'paid 64'],
    'the confirmation is asked for with the manage token (claimed once)',
  );
});

Deno.test('confirm: a declined card keeps the hold payable; another card pays it', async () => {
  const { orders, db, actions, book, call } = world();
  const { payment } = await (await book()).json();
  await actions.confirmPayment(
    (await actions.intentBySecret(payment.clientSecret))!,
    card('4000000000000002'),
  );
  const declined = await (await call({ action: 'confirm', token: TOKEN })).json();
  assert.deepEqual(declined, { status: 'failed', error: { code: 'card_declined' } });
  assert.equal(orders.orders.get(db.orderId)!.status, 'pending', 'not released: the slot stays held');
  assert.equal(orders.released.length, 0);
  await actions.confirmPayment(
    (await actions.intentBySecret(payment.clientSecret))!,
    card('4242424242424242'),
  );
  const paid = await (await call({ action: 'confirm', token: TOKEN })).json();
  assert.equal(paid.status, 'succeeded');
});

Deno.test('confirm: an order released meanwhile (expired) answers booking-payment-expired', async () => {
  const { orders, db, book, call } = world();
  await book();
  await orders.release(db.orderId, 'expired');
  const answer = await (await call({ action: 'confirm', token: TOKEN })).json();
  assert.deepEqual(answer, { status: 'failed', error: { code: 'booking-payment-expired' } });
});

Deno.test(
  "book: a seller that cannot take card payments is the database's 409 booking-payments-not-ready",
  async () => {
    const { db, book, store } = world();
    db.refusal = 'booking-payments-not-ready';
    const response = await book();
    assert.equal(response.status, 409);
    assert.equal(await errorCode(response), 'booking-payments-not-ready');
    assert.equal(store.objects.size, 0, 'no payment is made');
  },
);

Deno.test('cancel: a paid booking cancelled within the rules is refunded in full, once', async () => {
  const { orders, db, actions, mailer, sent, book, call } = world();
  const { payment } = await (await book()).json();
  await actions.confirmPayment(
    (await actions.intentBySecret(payment.clientSecret))!,
    card('4242424242424242'),
  );
  await call({ action: 'confirm', token: TOKEN });
  const response = await call({ action: 'cancel', token: TOKEN });
  assert.equal(response.status, 200);
  const body = await response.json();
  assert.equal(body.booking.status, 'cancelled');
  assert.equal(body.booking.payment.refunded_ore, 149000);
  const order = orders.orders.get(db.orderId)!;
  assert.equal(order.status, 'refunded');
  assert.equal(orders.refunds.size, 1);
  assert.equal(mailer.sent.filter((mail) => mail.tags?.includes('checkout-credit-note')).length, 1);
  assert.ok(sent.includes('cancelled'));
});

const creditNotes = (mailer: FakeMailer) =>
  mailer.sent.filter((mail) => mail.tags?.includes('checkout-credit-note')).length;

Deno.test('organizer-cancel: without a signed-in user it is 401 and nothing changes', async () => {
  const { db, orders, paidBooking, organizerCancel } = world();
  await paidBooking();
  const response = await organizerCancel(null);
  assert.equal(response.status, 401);
  assert.equal(await errorCode(response), 'unauthorized');
  assert.equal(db.cancelled, false);
  assert.equal(orders.refunds.size, 0);
});

Deno.test(
  'organizer-cancel: a member (not owner or admin) is refused; nothing refunded or sent',
  async () => {
    const { db, orders, sent, mailer, paidBooking, organizerCancel } = world();
    await paidBooking();
    const response = await organizerCancel('member-jwt');
    assert.equal(response.status, 403);
    assert.equal(await errorCode(response), 'booking-not-allowed');
    assert.equal(db.cancelled, false);
    assert.equal(orders.refunds.size, 0);
    assert.equal(creditNotes(mailer), 0);
    assert.ok(!sent.includes('cancelled'));
  },
);

Deno.test(
  'organizer-cancel: the owner cancels a paid booking; it is refunded in full and the customer told',
  async () => {
    const { db, orders, sent, mailer, paidBooking, organizerCancel } = world();
    await paidBooking();
    const response = await organizerCancel('owner-jwt');
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.equal(body.refund, 'refunded');
    assert.equal(body.booking.status, 'cancelled');
    assert.equal(body.booking.payment.refunded_ore, 149000);
    assert.equal(orders.orders.get(db.orderId)!.status, 'refunded');
    assert.deepEqual(
      [...orders.refunds.values()].map(({ amountOre, reason }) => [amountOre, reason]),
      [[149000, 'Avbestilt av bedriften']],
    );
    assert.equal(creditNotes(mailer), 1);
    assert.equal(sent.filter((notice) => notice === 'cancelled').length, 1);
  },
);

Deno.test('organizer-cancel: again is idempotent: no second refund or credit note', async () => {
  const { orders, mailer, paidBooking, organizerCancel } = world();
  await paidBooking();
  await organizerCancel('owner-jwt');
  const again = await (await organizerCancel('owner-jwt')).json();
  assert.equal(again.refund, 'none');
  assert.equal(again.booking.status, 'cancelled');
  assert.equal(orders.refunds.size, 1);
  assert.equal(creditNotes(mailer), 1);
});

Deno.test(
  'organizer-cancel: a refund that fails is said; the booking stays cancelled and a retry refunds once',
  async () => {
    const { db, orders, logged, paidBooking, organizerCancel, failRefunds } = world();
    await paidBooking();
    failRefunds.on = true;
    const failed = await (await organizerCancel('owner-jwt')).json();
    assert.equal(failed.refund, 'failed');
    assert.equal(failed.booking.status, 'cancelled');
    assert.equal(orders.orders.get(db.orderId)!.status, 'paid');
    assert.ok(logged.some((line) => line.includes('refund')));
    failRefunds.on = false;
    const retried = await (await organizerCancel('owner-jwt')).json();
    assert.equal(retried.refund, 'refunded');
    assert.equal(orders.refunds.size, 1);
  },
);
