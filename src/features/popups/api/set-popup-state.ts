import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { popupKeys } from './keys';

function useInvalidatePopup(popupId: string, organizationId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: popupKeys.popup(popupId), exact: true }),
      queryClient.invalidateQueries({ queryKey: popupKeys.lists(organizationId) }),
    ]);
}

/**
 * Publishes (a moment) or unpublishes (null) the popup's campaign. The database refuses a publication
 * without a consent text or with weights that do not sum to 100 (`popup-weights-invalid`).
 */
export function usePublishPopup(popupId: string, organizationId: string) {
  const invalidate = useInvalidatePopup(popupId, organizationId);
  return useMutation({
    mutationFn: async (publishedAt: string | null) => {
      unwrap(
        await supabase
          .from('campaigns')
          .update({ published_at: publishedAt })
          .eq('id', popupId)
          .select('id')
          .single(),
      );
    },
    onSuccess: invalidate,
  });
}

/** Pauses (now) or resumes (null) a popup: paused, it is not shown; published and figures stay. */
export function usePausePopup(popupId: string, organizationId: string) {
  const invalidate = useInvalidatePopup(popupId, organizationId);
  return useMutation({
    mutationFn: async (pausedAt: string | null) => {
      unwrap(
        await supabase.from('popups').update({ paused_at: pausedAt }).eq('id', popupId).select('id').single(),
      );
    },
    onSuccess: invalidate,
  });
}
