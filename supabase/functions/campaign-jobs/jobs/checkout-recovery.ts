/**
 * Claims the recovery e-mails due at `now` (default: the database's clock) — 15 minutes, 6 hours and
 * 24 hours after a buyer gave an e-mail, asked for a reminder and did not pay — and sends each with a
 * one-click unsubscribe (the link to the page that asks, and the RFC 8058 headers). A purchase, an
 * unsubscribe or a withdrawal of marketing stops the sequence in the claim itself.
 */
import { publicLink, publicPaths } from '../../_shared/public-paths.ts';
import { oneClickUnsubscribeUrl, unsubscribeHeaders } from '../../_shared/unsubscribe.ts';
import { recoveryEmail } from '../checkout-email.ts';
import { sendAll, type Job } from '../job.ts';
import { campaignSenders } from '../senders.ts';

/** One run's share of the queue; the rest waits for the next run. */
export const BATCH = 200;

const paths = publicPaths('checkout');

function checkoutLink(siteUrl: string, checkoutId: string, couponCode: string | null): string {
  const link = publicLink(siteUrl, paths.campaign(checkoutId));
  return couponCode ? `${link}?${new URLSearchParams({ rabatt: couponCode }).toString()}` : link;
}

export const checkoutRecovery: Job = {
  name: 'checkout-recovery',
  async run(deps, input) {
    const claims = await deps.rpc('claim_checkout_recoveries', {
      ...(input.now ? { input_now: input.now } : {}),
      input_limit: BATCH,
    });
    const senderOf = await campaignSenders(deps, 'checkout-recovery', claims, (claim) => claim.checkout_id);
    return sendAll(
      deps,
      'checkout-recovery',
      claims,
      (claim) => ({
        to: claim.email,
        ...recoveryEmail({
          checkoutName: claim.checkout_name,
          sender: senderOf(claim),
          name: claim.name,
          step: claim.step as 1 | 2 | 3,
          coupon: claim.coupon_code
            ? {
                code: claim.coupon_code,
                percentOff: claim.coupon_percent_off,
                amountOffOre: claim.coupon_amount_off_ore,
                expiresAt: claim.coupon_expires_at ? new Date(claim.coupon_expires_at) : null,
              }
            : null,
          checkoutLink: checkoutLink(deps.siteUrl, claim.checkout_id, claim.coupon_code),
          unsubscribeLink: publicLink(deps.siteUrl, paths.unsubscribe(claim.checkout_id, claim.token)),
        }),
        headers: unsubscribeHeaders(
          oneClickUnsubscribeUrl(deps.functionsUrl, 'checkout', claim.checkout_id, claim.token),
        ),
        tags: ['checkout-recovery'],
      }),
      (claim) =>
        deps.rpc('release_checkout_recovery', { input_session_id: claim.session_id, input_step: claim.step }),
    );
  },
};
