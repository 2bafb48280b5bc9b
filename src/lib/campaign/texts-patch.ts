import type { CampaignTexts } from '@/components/campaign-texts-fields';

/** The consent, marketing and rules texts as a campaign row stores them: trimmed, an empty one as none. */
export function campaignTextsPatch({ consent, marketing, rules }: CampaignTexts) {
  return {
    consent_text: consent.trim() || null,
    marketing_consent_text: marketing.trim() || null,
    rules_text: rules.trim() || null,
  };
}
