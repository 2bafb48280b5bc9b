import type { Frequency, PopupType, Targeting, Trigger } from '@/popup-snippet/rules/types';
import type { PopupDesign, PopupVariantRow } from '../../api/get-popup';

/**
 * What a new popup starts from: its settings, variant A's content (and discount code) and the
 * campaign's design and consent texts, in the shape `create_popup_from` writes in one transaction.
 */
export interface PopupTemplate {
  type: PopupType;
  priority: number;
  triggers: Trigger[];
  targeting: Targeting;
  frequency: Frequency;
  content: PopupVariantRow['content'];
  discount_code: string | null;
  design: PopupDesign;
  consent_text: string;
  marketing_consent_text: string;
}

/** Every template's frequency: not again for 30 days after a close, once a session at most. */
export const FREQUENCY: Frequency = { after_close_days: 30, once_per_session: true };

export const DESIGN: PopupDesign = { accent: '#0b5cad', background: '#ffffff', text: '#1a1a1a', radius: 12 };

/**
 * The campaign's consent texts in the organization's name: sending is agreeing to the first (the
 * snippet shows it beside the button), the second is an unticked box for marketing.
 */
export const consentTexts = (organization: string) => ({
  consent_text: `Jeg godtar at ${organization} lagrer e-postadressen min for å sende meg det jeg ba om.`,
  marketing_consent_text: `Ja takk, send meg tips og tilbud fra ${organization} på e-post.`,
});
