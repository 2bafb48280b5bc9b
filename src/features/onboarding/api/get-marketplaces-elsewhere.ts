import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { parseDoor } from '../utils/door';
import { onboardingKeys } from './keys';

/**
 * For a host without a marketplace of its own (the competition host): the marketplaces that have a
 * host, so a join page there points somewhere instead of ending at «Fant ingen markedsplass».
 */
export const marketplacesElsewhereQueryOptions = (host: string) =>
  queryOptions({
    queryKey: onboardingKeys.elsewhere(host),
    queryFn: async () => {
      const door = parseDoor(unwrap(await supabase.rpc('marketplace_door', { input_host: host })));
      return door.kind === 'none' ? door.elsewhere : [];
    },
  });
