import { osloLongDate, osloTime } from '@/lib/public/oslo-time';
import { useBookingTexts } from './booking-texts';
import { localTime } from './booking-time';

/** «fredag 5. desember 2026 kl. 10:00», with the visitor's own time when it differs from Oslo's. */
export function useWhen() {
  const { t, language } = useBookingTexts();
  return (moment: string) => {
    const time = osloTime(moment, language);
    const local = localTime(moment, language);
    const date = osloLongDate(moment, language);
    return t('when', { date, time: local ? t('time.local', { time, local }) : time });
  };
}
