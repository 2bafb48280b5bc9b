import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { popupKeys } from './keys';

export interface PopupResultRow {
  /** Oslo day, `yyyy-mm-dd`. */
  day: string;
  variantId: string;
  label: string;
  /** The page's path, '' when unknown. */
  page: string;
  device: string;
  /** utm_source or the referring host, '' when direct. */
  source: string;
  views: number;
  closes: number;
  conversions: number;
}

/** One popup's counters from `from` to `to` (Oslo days, both included), per day, variant, page, device, source. */
export const popupResultsQueryOptions = (popupId: string, from: string, to: string) =>
  queryOptions({
    queryKey: popupKeys.results(popupId, from, to),
    queryFn: async (): Promise<PopupResultRow[]> => {
      const rows =
        unwrap(
          await supabase.rpc('popup_results', { input_popup_id: popupId, input_from: from, input_to: to }),
        ) ?? [];
      return rows.map((row) => ({
        day: row.day,
        variantId: row.variant_id,
        label: row.label,
        page: row.page,
        device: row.device,
        source: row.source,
        views: Number(row.views),
        closes: Number(row.closes),
        conversions: Number(row.conversions),
      }));
    },
  });
