import { keyRoots } from '../../api/key-roots';

/** The campaign engine's query keys, per campaign of any kind: its prizes and its draws, and the organizer its rules name. */
export const campaignKeys = {
  all: keyRoots.campaigns,
  campaign: (campaignId: string) => [...campaignKeys.all, campaignId] as const,
  prizes: (campaignId: string) => [...campaignKeys.campaign(campaignId), 'prizes'] as const,
  draws: (campaignId: string) => [...campaignKeys.campaign(campaignId), 'draws'] as const,
  organizer: (organizationId: string) => [...campaignKeys.all, 'organizer', organizationId] as const,
};
