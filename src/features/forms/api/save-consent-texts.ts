import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignConsentTexts } from '@/components/campaign-texts-fields';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { formKeys } from './keys';

/** Saves the campaign's consent texts, trimmed, an empty one as none (a plain update, RLS). */
export function useSaveConsentTexts(formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ consent, marketing }: CampaignConsentTexts) => {
      unwrap(
        await supabase
          .from('campaigns')
          .update({ consent_text: consent.trim() || null, marketing_consent_text: marketing.trim() || null })
          .eq('id', formId)
          .select('id')
          .single(),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.form(formId) }),
  });
}
