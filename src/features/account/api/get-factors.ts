import type { Factor } from '@supabase/auth-js';
import { queryOptions } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { accountSettingsKeys } from './keys';

/** The user's second factors, verified or not (an unfinished enrolment stays unverified). */
export const factorsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: accountSettingsKeys.factors(userId),
    queryFn: async (): Promise<Factor[]> => {
      const { data, error } = await supabase.auth.mfa.listFactors();
      if (error) throw toAppError(error);
      return data.all;
    },
  });
