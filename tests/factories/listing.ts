import type { Tables } from '@/lib/database.types';
import { MARKETPLACE, OTHER_ORG } from '../support/ids';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

type ListingRow = Omit<
  Tables<'advertised_leads'>,
  'consent_confirmed_at' | 'consent_confirmed_by' | 'notified_at' | 'updated_at'
>;

/**
 * A listing as the marketplace reads it (its LISTING_COLUMNS): another organization's active
 * listing, bought once of three, that expires in ten days. Override what the test is about.
 */
export function listingRow(overrides: Partial<ListingRow> = {}): ListingRow {
  return {
    id: 'ad-1',
    lead_id: 'lead-1',
    organization_id: OTHER_ORG,
    marketplace_id: MARKETPLACE,
    title: 'Bad skal pusses opp',
    description: 'Totalrenovering av bad, ca. 6 m².',
    category: 'Rørlegger',
    area: 'Oslo',
    price_tickets: 2,
    price_credits: 0,
    price_ore: 49_900,
    max_buyers: 3,
    buyers_count: 1,
    earlier_buyers: 0,
    status: 'active',
    expires_at: inDays(10),
    created_at: hoursAgo(3),
    ...overrides,
  };
}
