import { CampaignParticipationPage } from '@/components/public/campaign-participation-page';
import { useBookingParticipationTexts } from '../components/participation/participation-texts';

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
