/**
 * Who sends a calendar's e-mails, as its participants see it: the organization's name and contact
 * address, and the calendar's own colour. One read for a run's claims; should it fail, the e-mails go
 * out anyway under the organization's name in Leadtorget's colours: the claims are already taken, and
 * a plainer e-mail beats none.
 */
import type { CalendarSender } from './email.ts';
import type { JobDeps } from './job.ts';

interface Claim {
  calendar_id: string;
  organization_name: string;
}

export async function calendarSenders(
  deps: JobDeps,
  job: string,
  claims: readonly Claim[],
): Promise<(claim: Claim) => CalendarSender> {
  const ids = [...new Set(claims.map((claim) => claim.calendar_id))];
  const found = new Map<string, CalendarSender>();
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
    found.get(claim.calendar_id) ?? {
      organizationName: claim.organization_name,
      color: null,
      contactEmail: null,
    };
}
