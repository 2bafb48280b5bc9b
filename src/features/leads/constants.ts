import { Constants } from '@/lib/database.types';
import { LIST_SORT_KEYS } from './api/fetch-lead-page';

/** A lead's pipeline steps and where it came from: the database's own lists (lead_status, lead_source). */
export const LEAD_STATUSES = Constants.public.Enums.lead_status;
export const LEAD_SOURCES = Constants.public.Enums.lead_source;
export const SORT_KEYS = LIST_SORT_KEYS;

export const PAGE_SIZE = 50;
/** Above this the count is the planner's estimate and is shown as «ca.». */
export const EXACT_COUNT_LIMIT = 1000;
export const EXPORT_PAGE_SIZE = 1000;
export const EXPORT_MAX_ROWS = 100_000;

/** The lead e-mails an organization can subscribe to (organizations_leads_config.events). */
export const LEAD_EVENTS = ['new_lead', 'lead_bought', 'listing_sold'] as const;
export const MAX_RECIPIENTS = 20;
