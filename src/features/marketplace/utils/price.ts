import type { TFunction } from 'i18next';
import type { MarketplacePlan } from '@/lib/database.types';
import { formatMoney, formatNumber } from '@/lib/format';
import { withVat } from '@/lib/pricing';
import type { MarketplaceListing } from '../types';

/** How the organization pays on this marketplace: its plan (no plan = tickets, like buy_lead). */
export const paysWith = (plan: MarketplacePlan | null): 'tickets' | 'card' =>
  plan === 'on_demand' ? 'card' : 'tickets';

/** The listing's price in the organization's plan: «2 klipp» or «499,00 kr eks. mva» (prices are stored eks. mva). */
export function priceText(
  t: TFunction<'marketplace'>,
  listing: Pick<MarketplaceListing, 'price_tickets' | 'price_ore'>,
  plan: MarketplacePlan | null,
): string {
  if (paysWith(plan) === 'card') {
    return listing.price_ore === 0
      ? t('price.free')
      : t('price.exVat', { price: formatMoney(listing.price_ore) });
  }
  return listing.price_tickets === 0
    ? t('price.free')
    : t('price.tickets', {
        count: listing.price_tickets,
        value: formatNumber(listing.price_tickets),
      });
}

export const creditsText = (t: TFunction<'marketplace'>, credits: number) =>
  t('price.credits', { count: credits, value: formatNumber(credits) });

/** What the card is charged for a listing bought on demand: «623,75 kr inkl. mva». */
export const cardTotalText = (t: TFunction<'marketplace'>, priceOre: number) =>
  t('price.inclVat', { price: formatMoney(withVat(priceOre).totalOre) });
