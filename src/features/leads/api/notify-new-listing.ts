import { supabase } from '@/lib/supabase';

/**
 * Asks `notify-listing` to e-mail the marketplace's other members about a new listing (their
 * send-to-email settings with new_lead decide; docs/lead-marketplace.md «New-listing notifications»).
 * Called whenever a listing becomes active (advertised active, or resumed): the server claims each
 * listing once (`claim_listing_notification`), so a listing announced before answers `{ sent: 0 }`.
 * Fire and forget: it never blocks or fails the advertise; failures show in the console in dev only.
 */
export function notifyNewListing(advertisedLeadId: string): void {
  const report = (error: unknown) => {
    if (import.meta.env.DEV) console.error('notify-listing failed', error);
  };
  supabase.functions
    .invoke<{ sent: number }>('notify-listing', { body: { advertisedLeadId } })
    .then(({ error }) => {
      if (error) report(error);
    })
    .catch(report);
}
