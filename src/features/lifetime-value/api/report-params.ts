import type { Enums } from '@/lib/database.types';

export type LeadSource = Enums<'lead_source'>;

/** The churn windows the screen offers, in days (the database takes 7–1825). */
export const CHURN_WINDOWS = [90, 180, 365] as const;

/** What every report takes: the organization, the Oslo days (both included) and the first touch. */
export type ReportFilters = {
  organizationId: string;
  from: string;
  to: string;
  source: LeadSource | null;
  campaignId: string | null;
  includeVat: boolean;
};

/** The report functions' common parameters (null leaves a filter out). */
export const commonParams = (filters: ReportFilters) => ({
  input_organization_id: filters.organizationId,
  input_from: filters.from,
  input_to: filters.to,
  input_source: filters.source ?? undefined,
  input_campaign_id: filters.campaignId ?? undefined,
  input_include_vat: filters.includeVat,
});
