import { toAppError } from '../../errors';
import { supabase } from '../../supabase';

/** Stores the organization the user works in, so the next visit opens it again. */
export async function storeLastOrganization(userId: string, organizationId: string) {
  const { error } = await supabase
    .from('users_configs')
    .upsert({ id: userId, last_organization_selected_id: organizationId });
  if (error && error.code !== 'PGRST116') throw toAppError(error);
}
