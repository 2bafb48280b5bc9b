import { keyRoots } from '@/lib/api/key-roots';
import type { LeadFilters } from '../types';
import type { ListFilters } from './fetch-lead-page';

/** The lead screens (/leads, /leads/lead/{id}, /leads/settings): reads keyed by organization or lead. */
export const leadKeys = {
  all: keyRoots.leads,
  lists: (organizationId: string) => [...keyRoots.leads, organizationId, 'list'] as const,
  list: (organizationId: string, filters: LeadFilters) =>
    [...leadKeys.lists(organizationId), filters] as const,
  /** One count per filter: paging does not count again. */
  count: (organizationId: string, view: ListFilters) =>
    [...leadKeys.lists(organizationId), 'count', view] as const,
  lead: (leadId: string) => [...keyRoots.leads, 'lead', leadId] as const,
  /** The lead as one organization sees it (its own record, or what it bought). */
  leadFor: (leadId: string, organizationId: string) => [...leadKeys.lead(leadId), organizationId] as const,
  listings: (leadId: string) => [...leadKeys.lead(leadId), 'listings'] as const,
  purchases: (leadId: string) => [...leadKeys.lead(leadId), 'purchases'] as const,
  events: (leadId: string) => [...leadKeys.lead(leadId), 'events'] as const,
  supply: (leadId: string) => [...leadKeys.lead(leadId), 'supply'] as const,
  marketplaces: (organizationId: string) => [...keyRoots.leads, organizationId, 'marketplaces'] as const,
  config: (organizationId: string) => [...keyRoots.leads, organizationId, 'config'] as const,
};
