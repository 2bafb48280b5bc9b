import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '../../errors';
import { supabase } from '../../supabase';
import { present } from '../types';
import { mediaKeys } from './keys';

/** Where an item is used (calendars, competitions, popups, forms add a row each). */
export function mediaUsagesQueryOptions(mediaId: string) {
  return queryOptions({
    queryKey: mediaKeys.usages(mediaId),
    queryFn: async () =>
      present(
        unwrap(
          await supabase
            .from('media_usages')
            .select('kind, label, ref_id')
            .eq('media_id', mediaId)
            .order('created_at', { ascending: true }),
        ),
      ),
  });
}
