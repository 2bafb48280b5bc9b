import { CampaignParticipationPage } from '@/components/public/campaign-participation-page';
import { participationMessages } from '@/lib/public/participation-texts';
import type { PublicLanguage } from '@/lib/public/public-texts';
import {
  bookingParticipationMessages,
  useBookingParticipationTexts,
} from '../components/participation/participation-texts';

/**
 * The page's texts for its registry entry: the engine's under the page's own. Through this module, so
 * the public entry lists one import for the page and its texts (each import costs every public page).
 */
// eslint-disable-next-line react-refresh/only-export-components -- a public page has no fast refresh
export const pageMessages = (language: PublicLanguage) =>
  participationMessages(language, bookingParticipationMessages(language));

const bookingHref = (solutionId: string) => `/booking/${encodeURIComponent(solutionId)}`;

/**
 * `/booking/participation?id=…&token=…`: the booker's own page from the link in a booking's e-mails —
 * their bookings (service, time, status, payment, answers) and everything else the organization holds
 * about them, with export and erasure — under the booking page's name.
 */
export default function BookingParticipationPage() {
  const { t } = useBookingParticipationTexts();
  return <CampaignParticipationPage t={t} campaignHref={bookingHref} backKey="participation.toBooking" />;
}
