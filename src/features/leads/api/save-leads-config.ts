import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { LeadsConfig } from '../types';
import { leadKeys } from './keys';

async function saveLeadsConfig(input: { organizationId: string; config: LeadsConfig }) {
  const { config } = input;
  unwrap(
    await supabase
      .from('organizations_leads_config')
      .upsert(
        {
          id: input.organizationId,
          send_to_email: config.sendToEmail,
          recipients: config.recipients,
          events: config.events,
          default_price_tickets: config.defaultPriceTickets,
          default_price_credits: config.defaultPriceCredits,
          default_price_ore: config.defaultPriceOre,
        },
        { onConflict: 'id' },
      )
      .select('id')
      .single(),
  );
}

/** Saves the organization's lead settings and reads them again. */
export function useSaveLeadsConfig(organizationId: string, onSaved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLeadsConfig,
    onSuccess: async () => {
      onSaved?.();
      await queryClient.invalidateQueries({ queryKey: leadKeys.config(organizationId) });
    },
  });
}
