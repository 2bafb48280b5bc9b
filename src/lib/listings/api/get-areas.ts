import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '../../errors';
import { supabase } from '../../supabase';
import { listKeys } from './keys';

/** «Hele landet» and the counties, in their own order. */
export const areasQueryOptions = () =>
  queryOptions({
    queryKey: listKeys.areas(),
    queryFn: async (): Promise<string[]> =>
      (unwrap(await supabase.from('areas').select('name').order('position')) ?? []).map((row) => row.name),
    staleTime: Number.POSITIVE_INFINITY,
  });
