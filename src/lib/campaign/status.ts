/** A campaign's computed status (calendar_status, competition_status). */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'live', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The status the database gave, or draft for what it does not say (another organization's draft). */
export const campaignStatusOf = (value: string | null): CampaignStatus =>
  CAMPAIGN_STATUSES.find((status) => status === value) ?? 'draft';
