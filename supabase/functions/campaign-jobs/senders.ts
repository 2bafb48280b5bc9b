/**
 * Who sends a campaign's e-mails, as its participants see it: the organization's name and contact
 * address, and the campaign's own colour. One read for a run's claims; should it fail, the e-mails go
 * out anyway under the organization's name in Leadtorget's colours: the claims are already taken, and
 * a plainer e-mail beats none.
 */
import type { CampaignSender } from './email.ts';
import type { JobDeps } from './job.ts';

interface Claim {
  organization_name: string;
}

/** `campaignOf` names a claim's campaign (its calendar_id, competition_id, …). */
export async function campaignSenders<Of extends Claim>(
  deps: JobDeps,
  job: string,
  claims: readonly Of[],
  campaignOf: (claim: Of) => string,
): Promise<(claim: Of) => CampaignSender> {
  const ids = [...new Set(claims.map(campaignOf))];
  const found = new Map<string, CampaignSender>();
  if (ids.length > 0) {
    try {
      for (const row of await deps.rpc('campaign_email_senders', { input_campaign_ids: ids })) {
        found.set(row.campaign_id, {
          organizationName: row.organization_name,
          color: row.primary_color,
          contactEmail: row.contact_email,
        });
      }
    } catch (error) {
      deps.log(`campaign-jobs ${job}: reading the senders failed, sending in Leadtorget's colours`, error);
    }
  }
  return (claim) =>
    found.get(campaignOf(claim)) ?? {
      organizationName: claim.organization_name,
      color: null,
      contactEmail: null,
    };
}
