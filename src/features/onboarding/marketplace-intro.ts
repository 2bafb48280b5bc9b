import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { parseDoor } from './door';

/** Public: readable before sign-in, so not under the account keys (cleared on sign-out either way). */
const marketplaceIntroKey = (key: string) => ['marketplace-intro', key] as const;
const marketplacesElsewhereKey = (host: string) => ['marketplace-intro', 'elsewhere', host] as const;

/** A ticket pack a marketplace offers (price in øre). */
export type TicketPack = { id: string; tickets: number; priceOre: number };

/** The public face of a marketplace (`marketplace_intro`): what the join and plans pages show. */
export type MarketplaceIntro = {
  id: string;
  name: string;
  tagline: string | null;
  defaultPriceOre: number;
  /** What a lead costs in klipp by default (a pack's price per lead). */
  defaultPriceTickets: number;
  packs: TicketPack[];
};

const introSchema = z.object({
  id: z.string(),
  name: z.string(),
  branding: z.record(z.string(), z.unknown()).nullish(),
  default_price_ore: z.number(),
  default_price_tickets: z.number().optional(),
  packs: z.array(z.object({ id: z.string(), tickets: z.number(), price_ore: z.number() })),
});

/** A marketplace by id, or this host's (`host`); null when there is none. Readable before sign-in. */
export const marketplaceIntroQuery = (by: { marketplaceId: string } | { host: string }) =>
  queryOptions({
    queryKey: marketplaceIntroKey('marketplaceId' in by ? `id:${by.marketplaceId}` : `host:${by.host}`),
    queryFn: async (): Promise<MarketplaceIntro | null> => {
      const data = unwrap(
        await supabase.rpc(
          'marketplace_intro',
          'marketplaceId' in by ? { input_marketplace_id: by.marketplaceId } : { input_host: by.host },
        ),
      );
      if (data === null) return null;
      const intro = introSchema.parse(data);
      const tagline = intro.branding?.tagline;
      return {
        id: intro.id,
        name: intro.name,
        tagline: typeof tagline === 'string' ? tagline : null,
        defaultPriceOre: intro.default_price_ore,
        defaultPriceTickets: intro.default_price_tickets ?? 0,
        packs: intro.packs.map((pack) => ({ id: pack.id, tickets: pack.tickets, priceOre: pack.price_ore })),
      };
    },
  });

/**
 * For a host without a marketplace of its own (the competition host): the marketplaces that have a
 * host, so a join page there points somewhere instead of ending at «Fant ingen markedsplass».
 */
export const marketplacesElsewhereQuery = (host: string) =>
  queryOptions({
    queryKey: marketplacesElsewhereKey(host),
    queryFn: async () => {
      const door = parseDoor(unwrap(await supabase.rpc('marketplace_door', { input_host: host })));
      return door.kind === 'none' ? door.elsewhere : [];
    },
  });
