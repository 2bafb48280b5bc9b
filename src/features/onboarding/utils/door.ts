import { paths } from '@/lib/paths';
import type { Door } from '../types';

/**
 * The public door of this host's marketplace (`marketplace_door`), read as a visitor. Hand-written
 * checks rather than zod, and plain fetch rather than supabase-js (api/get-door.ts): the door is
 * served by the lean public entry (src/app/start-public.tsx), where those two would cost ~50 KiB gzip
 * of its 90 KiB budget (scripts/budget.mjs).
 */

/** The door could not be read (an error answer or not an object). */
export class DoorUnavailableError extends Error {}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export function parseDoor(data: unknown): Door {
  if (!isObject(data)) throw new DoorUnavailableError('marketplace_door answered without an object');
  const marketplace = data.marketplace;
  if (!isObject(marketplace)) {
    return {
      kind: 'none',
      elsewhere: list(data.elsewhere).flatMap((item) => {
        const name = text(item.name);
        const host = text(item.host);
        return name && host ? [{ name, host }] : [];
      }),
    };
  }
  return {
    kind: 'marketplace',
    marketplace: {
      name: text(marketplace.name) ?? '',
      tagline: text(marketplace.tagline),
      primaryColor: text(marketplace.primary_color),
      defaultPriceTickets: count(marketplace.default_price_tickets),
      defaultPriceOre: count(marketplace.default_price_ore),
      packs: list(marketplace.packs).map((pack) => ({
        tickets: count(pack.tickets),
        priceOre: count(pack.price_ore),
      })),
    },
    teasers: list(data.teasers).map((teaser) => ({
      title: text(teaser.title) ?? '',
      category: text(teaser.category),
      area: text(teaser.area),
      priceTickets: count(teaser.price_tickets),
      priceOre: count(teaser.price_ore),
      maxBuyers: Math.max(1, count(teaser.max_buyers)),
      buyersCount: count(teaser.buyers_count),
    })),
  };
}

/** The door of another host on the same scheme and port (the dev server's 5173 included). */
export function doorUrlAt(host: string, here: Location | URL = window.location): string {
  const url = new URL(here.href);
  url.hostname = host;
  url.pathname = paths.joinMarketplace;
  url.search = '';
  url.hash = '';
  return url.href;
}
