/** booking on the edge runtime: the real dependencies, then Deno.serve (see handler.ts). */
import { bearerToken, callerFromJwt } from '../_shared/auth.ts';
import { parseTrustedProxies } from '../_shared/client-ip.ts';
import type { Json } from '../../../src/lib/database.types.ts';
import { supabaseCheckoutOrderDb } from '../_shared/checkout-orders.ts';
import { rpcOf } from '../_shared/database.ts';
import { consoleLog } from '../_shared/http.ts';
import { mailerFromEnv } from '../_shared/mailer.ts';
import { paymentsFromEnv } from '../_shared/payment-providers.ts';
import { sellerAccountOf } from '../_shared/seller-accounts.ts';
import { callerClient, serviceClient, siteUrlFromEnv, supabaseEnv } from '../_shared/supabase.ts';
import { type Booked, type BookingDb, type BookingView, handleBooking } from './handler.ts';
import { bookingNotices } from './notices.ts';

const config = supabaseEnv(Deno.env);
const service = serviceClient(config);
const rpc = rpcOf(service);
const mailer = mailerFromEnv(Deno.env);
const siteUrl = siteUrlFromEnv(Deno.env);

// The database answers jsonb; its shape is private.booking_view's (docs/booking.md).
const view = (answer: unknown) => answer as BookingView;

const db: BookingDb = {
  slotInputs: (solutionId, serviceId, from, to, clientIp) =>
    rpc('booking_slot_inputs', {
      input_solution_id: solutionId,
      input_service_id: serviceId,
      input_from: from,
      input_to: to,
      input_client_ip: clientIp,
    }),
  questions: (solutionId, serviceId) =>
    rpc('booking_service_questions', { input_solution_id: solutionId, input_service_id: serviceId }),
  async book(input) {
    const answer = await rpc('book_booking', {
      input_solution_id: input.solutionId,
      input_service_id: input.serviceId,
      input_staff_id: input.staffId,
      input_starts_at: input.start,
      input_client_ip: input.clientIp,
      input_form_shown_at: input.shownAt,
      input_honeypot: input.honeypot ?? '',
      input_email: input.email,
      input_name: input.name ?? '',
      input_phone: input.phone ?? undefined,
      input_consent: input.consent,
      input_marketing_consent: input.marketingConsent,
      // Plain JSON: readBody parsed it from the request.
      input_answers: input.answers as Json,
      input_provider: input.provider ?? undefined,
    });
    return answer as unknown as Booked;
  },
  view: async (token, clientIp) =>
    view(await rpc('booking_by_token', { input_token: token, input_client_ip: clientIp })),
  reschedule: async (token, start, staffId, clientIp) =>
    view(
      await rpc('reschedule_booking', {
        input_token: token,
        input_starts_at: start,
        input_staff_id: staffId,
        input_client_ip: clientIp,
      }),
    ),
  cancel: async (token, clientIp) =>
    view(await rpc('cancel_booking', { input_token: token, input_client_ip: clientIp })),
  // As the caller, so the database checks their membership.
  cancelByOrganizer: async (jwt, bookingId) =>
    view(
      await rpcOf(callerClient(config, jwt))('cancel_booking_by_organizer', { input_booking_id: bookingId }),
    ),
};

const notices = bookingNotices({
  notice: (bookingId) => rpc('booking_notice', { input_booking_id: bookingId }),
  claimCancellation: (bookingId) => rpc('claim_booking_cancellations', { input_booking_id: bookingId }),
  releaseCancellation: (bookingId) => rpc('release_booking_cancellation', { input_booking_id: bookingId }),
  claimConfirmation: (bookingId) => rpc('claim_booking_confirmations', { input_booking_id: bookingId }),
  releaseConfirmation: (bookingId) => rpc('release_booking_confirmation', { input_booking_id: bookingId }),
  participationToken: (bookingId) => rpc('booking_participation_token', { input_booking_id: bookingId }),
  mailer,
  siteUrl,
});

// A paid booking's order is an order like a checkout's: the same settle, receipt and refund paths.
const payments = {
  provider: paymentsFromEnv(Deno.env, service),
  sellerAccount: (organizationId: string) => sellerAccountOf(service, organizationId),
  orders: supabaseCheckoutOrderDb(service),
  mailer,
  siteUrl,
};

Deno.serve((request) =>
  handleBooking(request, {
    db,
    notices,
    payments,
    async authenticate(request) {
      const jwt = bearerToken(request);
      return jwt ? await callerFromJwt(service, jwt) : null;
    },
    trustedProxies: parseTrustedProxies(Deno.env.get('TRUSTED_PROXIES')),
    log: consoleLog,
  }),
);
