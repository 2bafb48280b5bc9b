import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Invitation } from '../types';
import { organizationKeys } from './keys';

/** The invitations not yet accepted nor expired, newest first. */
export const invitationsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.invitations(organizationId),
    queryFn: async (): Promise<Invitation[]> =>
      unwrap(
        await supabase
          .from('organizations_invitations')
          .select('id, email, role, expires_at')
          .eq('organization_id', organizationId)
          .is('accepted_at', null)
          .gt('expires_at', new Date().toISOString())
          .order('created_at', { ascending: false }),
      ) ?? [],
  });
