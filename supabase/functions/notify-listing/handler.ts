/**
 * POST /functions/v1/notify-listing `{ advertisedLeadId }` with the caller's JWT (docs/lead-marketplace.md
 * «New-listing notifications»). The app calls it after advertising a lead.
 *
 * Order: method → caller (401) → JSON → input (400) → the listing as the CALLER reads it (RLS; not
 * visible → 404 not-found) → the caller is a member of the listing's organization (`is_organization_member`
 * with the caller's JWT; else 403 forbidden: a buyer who can see a listing does not announce it) → ONE
 * `claim_listing_notification` with the service role (sets notified_at once; already claimed, paused or
 * expired → null → 200 `{ sent: 0 }`) → one e-mail per distinct recipient address; failed e-mails are
 * logged and not counted → 200 `{ sent: n }`.
 */
import type { Caller } from '../_shared/auth.ts';
import { z } from '../_shared/deps.ts';
import { errorResponse, json, withCaller, type Log } from '../_shared/http.ts';
import type { Mail, Mailer } from '../_shared/mailer.ts';
import { uuidSchema } from '../_shared/validation.ts';
import { newListingEmail } from './email.ts';

/** The listing as the caller may read it (RLS). */
export interface VisibleListing {
  id: string;
  organization_id: string;
}

/** claim_listing_notification's result (20261122101200_listing_notifications.sql). */
export interface ListingClaim {
  advertised_lead_id: string;
  lead_id: string;
  marketplace_id: string;
  marketplace_name: string | null;
  organization_id: string;
  title: string;
  category: string | null;
  area: string | null;
  price_tickets: number;
  price_credits: number;
  price_ore: number;
  max_buyers: number;
  expires_at: string;
  recipients: { email: string }[];
}

export interface NotifyListingDb {
  /** The listing with the caller's JWT (null when missing or not visible to the caller). */
  listing(caller: Caller, advertisedLeadId: string): Promise<VisibleListing | null>;
  /** `is_organization_member` with the caller's JWT. */
  isMember(caller: Caller, organizationId: string): Promise<boolean>;
  /** Service role: `claim_listing_notification` (null: nothing to send). */
  claim(advertisedLeadId: string): Promise<ListingClaim | null>;
  /** Service role: the marketplace's colour from its branding (`marketplaceColour`), or null. */
  marketplaceColor(marketplaceId: string): Promise<string | null>;
}

export interface NotifyListingDeps {
  /** The user of the request's JWT, or null (401). */
  authenticate(request: Request): Promise<Caller | null>;
  db: NotifyListingDb;
  mailer: Mailer;
  /** Base of the deep link (the app). */
  siteUrl: string;
  log?: Log;
}

const inputSchema = z.object({ advertisedLeadId: uuidSchema });

/** `${siteUrl}/leads/marketplace/{marketplaceId}?lead={leadId}&ad={advertisedLeadId}` (paths.leadsMarketplace). */
export function listingLink(
  siteUrl: string,
  marketplaceId: string,
  leadId: string,
  advertisedLeadId: string,
) {
  const query = new URLSearchParams({ lead: leadId, ad: advertisedLeadId });
  return `${siteUrl.replace(/\/+$/, '')}/leads/marketplace/${encodeURIComponent(marketplaceId)}?${query.toString()}`;
}

/** Lower-cased, trimmed, each address once, in the claim's order. */
export function distinctRecipients(recipients: readonly { email: string }[]): string[] {
  const seen = new Set<string>();
  for (const recipient of recipients) {
    const email = recipient.email.trim().toLowerCase();
    if (email) seen.add(email);
  }
  return [...seen];
}

export function handleNotifyListing(request: Request, deps: NotifyListingDeps): Promise<Response> {
  return withCaller(request, deps, 'notify-listing', inputSchema, async (caller, input, log) => {
    const { advertisedLeadId } = input;

    const listing = await deps.db.listing(caller, advertisedLeadId);
    if (!listing) return errorResponse(404, 'not-found');
    if (!(await deps.db.isMember(caller, listing.organization_id))) return errorResponse(403, 'forbidden');

    const claim = await deps.db.claim(advertisedLeadId);
    if (!claim) return json(200, { sent: 0 });

    // Sent on the marketplace's behalf, in its colour; should the read fail, in Leadtorget's: the
    // listing is claimed, and a plainer e-mail beats none.
    const marketplaceColor = await deps.db.marketplaceColor(claim.marketplace_id).catch((error: unknown) => {
      log(`notify-listing: reading the marketplace's colour failed, sending in Leadtorget's`, error);
      return null;
    });
    const link = listingLink(deps.siteUrl, claim.marketplace_id, claim.lead_id, claim.advertised_lead_id);
    const content = newListingEmail({
      title: claim.title,
      category: claim.category,
      area: claim.area,
      marketplaceName: claim.marketplace_name ?? 'Leadtorget',
      marketplaceColor,
      priceTickets: claim.price_tickets,
      priceCredits: claim.price_credits,
      priceOre: claim.price_ore,
      link,
    });
    const mails: Mail[] = distinctRecipients(claim.recipients).map((to) => ({
      to,
      ...content,
      tags: ['new-listing'],
    }));
    const results = await Promise.allSettled(mails.map((mail) => deps.mailer.send(mail)));
    const failed = results.filter((result) => result.status === 'rejected');
    if (failed.length > 0) {
      log(
        `notify-listing: ${failed.length} of ${mails.length} e-mails for ${advertisedLeadId} failed`,
        (failed[0] as PromiseRejectedResult).reason,
      );
    }
    return json(200, { sent: mails.length - failed.length });
  });
}
