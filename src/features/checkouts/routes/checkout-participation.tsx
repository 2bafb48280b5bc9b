import { CampaignParticipationPage } from '@/components/public/campaign-participation-page';
import { useCheckoutParticipationTexts } from '../components/participation/participation-texts';

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
