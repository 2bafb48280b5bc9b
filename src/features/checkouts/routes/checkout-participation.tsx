import { CampaignParticipationPage } from '@/components/public/campaign-participation-page';
import { participationMessages } from '@/lib/public/participation-texts';
import type { PublicLanguage } from '@/lib/public/public-texts';
import {
  checkoutParticipationMessages,
  useCheckoutParticipationTexts,
} from '../components/participation/participation-texts';

/** The page's texts for its registry entry (one import for the page and its texts). */
// eslint-disable-next-line react-refresh/only-export-components -- a public page has no fast refresh
export const pageMessages = (language: PublicLanguage) =>
  participationMessages(language, checkoutParticipationMessages(language));

const checkoutHref = (checkoutId: string) => `/kasse/${encodeURIComponent(checkoutId)}`;

/**
 * `/kasse/participation?id=…&token=…`: the buyer's own page from the link in a checkout's e-mails —
 * what the seller holds about them, their consents and reminders (a recovery e-mail's unsubscribe asks
 * here first), export and erasure — under the checkout's name.
 */
export default function CheckoutParticipationPage() {
  const { t } = useCheckoutParticipationTexts();
  return <CampaignParticipationPage t={t} campaignHref={checkoutHref} backKey="participation.toCheckout" />;
}
