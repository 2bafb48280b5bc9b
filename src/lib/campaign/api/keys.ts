import { keyRoots } from '../../api/key-roots';

/** The campaign engine's query keys, per campaign of any kind: its prizes and its draws. */
export const campaignKeys = {
  all: keyRoots.campaigns,
  campaign: (campaignId: string) => [...campaignKeys.all, campaignId] as const,
  prizes: (campaignId: string) => [...campaignKeys.campaign(campaignId), 'prizes'] as const,
  draws: (campaignId: string) => [...campaignKeys.campaign(campaignId), 'draws'] as const,
};
