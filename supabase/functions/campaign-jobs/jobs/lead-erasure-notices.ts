/**
 * Claims the notices that the person behind a purchased lead asked the seller for erasure and e-mails
 * each buying organization's owners and admins, one e-mail per address (GDPR art. 19).
 *
 * A notice is released for the next run only when none of its recipients got it: the duty is to tell
 * the organization, and once one of its owners or admins has the notice, sending it again would give
 * the others a second copy. An address that failed while another succeeded is logged and not retried.
 * A notice without any recipient (no owner or admin with an address) is released and counted failed:
 * it is sent as soon as the organization has someone to send it to. The notices given are marked sent;
 * should that fail, the claims lapse and a later run sends them again — a copy too many rather than a
 * notice lost.
 */
import { leadLink } from '../../_shared/lead-notifications.ts';
import { leadErasureEmail } from '../../_shared/lead-erasure-email.ts';
import { releaseLogged, settleEach, type Job, type JobDeps } from '../job.ts';

/** One run's share of the queue; the rest waits for the next run. */
export const BATCH = 100;

const NAME = 'lead-erasure-notices';

/**
 * The colour of the marketplace each lead was bought on: the notice is sent on its behalf. One read
 * for a run's notices; should it fail, they go out in Leadtorget's colour (the claims are taken, and a
 * plainer notice beats a late one).
 */
async function marketplaceColours(
  deps: JobDeps,
  notices: readonly { purchase_id: string }[],
): Promise<(purchaseId: string) => string | null> {
  const found = new Map<string, string | null>();
  if (notices.length > 0) {
    try {
      const rows = await deps.rpc('lead_purchase_marketplace_colours', {
        input_purchase_ids: notices.map((notice) => notice.purchase_id),
      });
      for (const row of rows) found.set(row.purchase_id, row.primary_color);
    } catch (error) {
      deps.log(
        `campaign-jobs ${NAME}: reading the marketplaces' colours failed, sending in Leadtorget's`,
        error,
      );
    }
  }
  return (purchaseId) => found.get(purchaseId) ?? null;
}

export const leadErasureNotices: Job = {
  name: NAME,
  async run(deps) {
    const notices = await deps.rpc('claim_lead_erasure_notices', { input_limit: BATCH });
    const colourOf = await marketplaceColours(deps, notices);
    const mails = notices.flatMap((notice) => {
      const content = leadErasureEmail({
        title: notice.title,
        buyerOrganizationName: notice.organization_name,
        marketplaceName: notice.marketplace_name,
        marketplaceColor: colourOf(notice.purchase_id),
        purchasedAt: new Date(notice.purchased_at),
        requestedAt: new Date(notice.requested_at),
        link: leadLink(deps.siteUrl, notice.lead_id),
      });
      return notice.recipients.map((to) => ({ notice, mail: { to, ...content, tags: ['lead-erasure'] } }));
    });
    const results = await settleEach(mails, ({ mail }) => deps.mailer.send(mail));

    const delivered = new Set<string>();
    let sent = 0;
    let failed = 0;
    for (const [index, result] of results.entries()) {
      if (result.status === 'fulfilled') {
        sent += 1;
        delivered.add(mails[index]!.notice.purchase_id);
      } else {
        failed += 1;
        deps.log(`campaign-jobs ${NAME}: an e-mail failed`, result.reason);
      }
    }
    if (delivered.size > 0) {
      await deps.rpc('mark_lead_erasure_notices_sent', { input_purchase_ids: [...delivered] });
    }
    let released = 0;
    for (const notice of notices) {
      if (delivered.has(notice.purchase_id)) continue;
      released += 1;
      if (notice.recipients.length === 0) {
        failed += 1;
        deps.log(`campaign-jobs ${NAME}: a buyer has no owner or admin address, released`);
      }
      await releaseLogged(deps, NAME, () =>
        deps.rpc('release_lead_erasure_notice', { input_purchase_id: notice.purchase_id }),
      );
    }
    return { sent, failed, released };
  },
};
