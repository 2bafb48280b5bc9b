import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { LEAD_EVENTS } from '../constants';
import type { LeadEvent, LeadsConfig } from '../types';
import { leadKeys } from './keys';

export const EMPTY_CONFIG: LeadsConfig = {
  sendToEmail: false,
  recipients: [],
  events: [...LEAD_EVENTS],
  defaultPriceTickets: null,
  defaultPriceCredits: null,
  defaultPriceOre: null,
};

export const leadsConfigQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: leadKeys.config(organizationId),
    queryFn: async (): Promise<LeadsConfig> => {
      const row = unwrap(
        await supabase
          .from('organizations_leads_config')
          .select(
            'send_to_email, recipients, events, default_price_tickets, default_price_credits, default_price_ore',
          )
          .eq('id', organizationId)
          .maybeSingle(),
      );
      if (!row) return EMPTY_CONFIG;
      return {
        sendToEmail: row.send_to_email,
        recipients: row.recipients,
        events: row.events.filter((event): event is LeadEvent =>
          (LEAD_EVENTS as readonly string[]).includes(event),
        ),
        defaultPriceTickets: row.default_price_tickets,
        defaultPriceCredits: row.default_price_credits,
        defaultPriceOre: row.default_price_ore,
      };
    },
  });
