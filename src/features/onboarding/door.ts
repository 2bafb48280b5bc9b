import { env } from '@/lib/env';
import { paths } from '@/lib/paths';

/**
 * The public door of this host's marketplace (`marketplace_door`), read as a visitor. Plain fetch and
 * hand-written checks rather than supabase-js and zod: the door is served by the lean public entry,
 * where those two would cost ~50 KiB gzip of a 90 KiB budget (ARCHITECTURE §10–11).
 */

export type DoorPack = { tickets: number; priceOre: number };

/** An open listing as a visitor sees it: never a description, the seller or contact details. */
export type DoorTeaser = {
  title: string;
  category: string | null;
  area: string | null;
  priceTickets: number;
  priceOre: number;
  maxBuyers: number;
  buyersCount: number;
};

export type DoorMarketplace = {
  name: string;
  tagline: string | null;
  /** A #rrggbb colour, checked by the database. */
  primaryColor: string | null;
  defaultPriceTickets: number;
  defaultPriceOre: number;
  packs: DoorPack[];
};

export type Door =
  | { kind: 'marketplace'; marketplace: DoorMarketplace; teasers: DoorTeaser[] }
  /** No marketplace at this host: the ones that have a host, to point the visitor there. */
  | { kind: 'none'; elsewhere: { name: string; host: string }[] };

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

/** One RPC call with the publishable anon key, as PostgREST expects it. */
export async function fetchDoor(host: string, fetcher: typeof fetch = fetch): Promise<Door> {
  const response = await fetcher(`${env.VITE_SUPABASE_URL}/rest/v1/rpc/marketplace_door`, {
    method: 'POST',
    headers: {
      apikey: env.VITE_SUPABASE_ANON_KEY,
      Authorization: `Bearer ${env.VITE_SUPABASE_ANON_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ input_host: host }),
  });
  if (!response.ok) throw new DoorUnavailableError(`marketplace_door answered ${response.status}`);
  return parseDoor(await response.json());
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
