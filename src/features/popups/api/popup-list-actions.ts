import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Json } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { PopupTemplate } from '../utils/templates';
import { popupKeys } from './keys';

/** The list and the popup's own data after a change of one popup. */
function useInvalidate(organizationId: string) {
  const queryClient = useQueryClient();
  return (popupId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: popupKeys.lists(organizationId) }),
      popupId ? queryClient.invalidateQueries({ queryKey: popupKeys.popup(popupId) }) : undefined,
    ]);
}

/**
 * A new draft popup from a template, in one transaction (create_popup_from: the popup, variant A,
 * the campaign's texts and design), so a failure leaves nothing half-made; answers its id.
 */
export function useCreatePopup(organizationId: string) {
  const invalidate = useInvalidate(organizationId);
  return useMutation({
    mutationFn: async ({ name, template }: { name: string; template: PopupTemplate }) =>
      unwrap(
        await supabase.rpc('create_popup_from', {
          input_organization_id: organizationId,
          input_name: name,
          input_template: template as unknown as Json,
        }),
      ),
    onSuccess: () => invalidate(),
  });
}

/** A draft copy «<name> (kopi)» with the texts, settings, variants and sites; answers its id. */
export function useDuplicatePopup(organizationId: string) {
  const invalidate = useInvalidate(organizationId);
  return useMutation({
    mutationFn: async (popupId: string) =>
      unwrap(await supabase.rpc('duplicate_popup', { input_popup_id: popupId })),
    onSuccess: () => invalidate(),
  });
}

/** Pauses a popup (the snippet stops showing it; published and figures unchanged) or resumes it. */
export function usePausePopup(organizationId: string) {
  const invalidate = useInvalidate(organizationId);
  return useMutation({
    mutationFn: async ({ popupId, paused }: { popupId: string; paused: boolean }) => {
      unwrap(
        await supabase
          .from('popups')
          .update({ paused_at: paused ? new Date().toISOString() : null })
          .eq('id', popupId)
          .select('id')
          .single(),
      );
    },
    onSuccess: (_data, { popupId }) => invalidate(popupId),
  });
}

/** Archives a popup: never shown again, the figures stay. */
export function useArchivePopup(organizationId: string) {
  const invalidate = useInvalidate(organizationId);
  return useMutation({
    mutationFn: async (popupId: string) => {
      unwrap(
        await supabase
          .from('popups')
          .update({ archived_at: new Date().toISOString() })
          .eq('id', popupId)
          .select('id')
          .single(),
      );
    },
    onSuccess: (_data, popupId) => invalidate(popupId),
  });
}
