import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { organizationBrandKeys } from './keys';

/** An organization's brand colours (`#rrggbb`), each null when not set. */
export interface BrandColours {
  accent: string | null;
  background: string | null;
  text: string | null;
}

/** The brand colours, for the design editors' «Bruk organisasjonens farger». */
export const organizationBrandQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: organizationBrandKeys.brand(organizationId),
    queryFn: async (): Promise<BrandColours> => {
      const row = unwrap(
        await supabase
          .from('organizations')
          .select('brand_accent, brand_background, brand_text')
          .eq('id', organizationId)
          .maybeSingle(),
      );
      return {
        accent: row?.brand_accent ?? null,
        background: row?.brand_background ?? null,
        text: row?.brand_text ?? null,
      };
    },
  });

/** Brand colours with all three set: what an editor may take over. */
export type BrandColourSet = { [Key in keyof BrandColours]: string };

/** Whether every brand colour is set (an editor offers them only then). */
export const isCompleteBrand = (brand: BrandColours | undefined): brand is BrandColourSet =>
  Boolean(brand?.accent && brand.background && brand.text);
