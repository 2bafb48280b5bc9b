import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { MarketplaceIntro } from '../types';
import { onboardingKeys } from './keys';

// marketplace_intro answers jsonb: the generated types say only `Json`, so the shape is checked here.
const introSchema = z.object({
  id: z.string(),
  name: z.string(),
  branding: z.record(z.string(), z.unknown()).nullish(),
  default_price_ore: z.number(),
  default_price_tickets: z.number().optional(),
  packs: z.array(z.object({ id: z.string(), tickets: z.number(), price_ore: z.number() })),
});

/** A marketplace by id, or this host's (`host`); null when there is none. Readable before sign-in. */
export const marketplaceIntroQueryOptions = (by: { marketplaceId: string } | { host: string }) =>
  queryOptions({
    queryKey: onboardingKeys.intro(by),
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
