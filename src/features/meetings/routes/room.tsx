import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Button } from '@/components/button';
import { ButtonLink } from '@/components/button-link';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { SkeletonText } from '@/components/skeleton';
import { SectionTabs } from '@/components/tabs';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { addDays, formatDate, osloDateKey } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useSectionParam } from '@/lib/use-section-param';
import { useCancelRoomBooking, useCheckInRoomBooking } from '../api/book-room';
import { roomBookingsQueryOptions } from '../api/get-room-bookings';
import { roomQueryOptions } from '../api/get-rooms';
import { BookRoomDialog } from '../components/book-room-dialog';
import styles from '../components/meetings.module.css';
import { RoomWeek } from '../components/room-week';
import { meetingPaths } from '../utils/meeting-paths';
import { isoWeekday, openingHoursOf, osloRange, weekStart } from '../utils/room-hours';

const VIEWS = ['week', 'day'] as const;

/** /meeting/:roomId: the room's week or day with its bookings; book, check in, cancel. */
export default function MeetingsRoomPage() {
  const { t } = useTranslation('meetings');
  const { roomId = '' } = useParams();
  const membership = useCurrentOrganization();
  const manager = membership?.role === 'owner' || membership?.role === 'admin';
  const userId = useSession()?.user.id ?? '';
  const [now] = useState(() => new Date());
  const [view, setView] = useSectionParam(VIEWS, [], { name: 'view' });
  const [day, setDay] = useState(() => osloDateKey(now));
  const from = view === 'week' ? weekStart(day) : day;
  const days = view === 'week' ? 7 : 1;
  const range = osloRange(from, days);
  const room = useQuery(roomQueryOptions(roomId));
  const bookings = useQuery(roomBookingsQueryOptions(roomId, range.from, range.to));
  const checkIn = useCheckInRoomBooking();
  const cancel = useCancelRoomBooking();
  const [booking, setBooking] = useState<string | null>(null);
  const hours = openingHoursOf(room.data?.opening_hours ?? {});

  if (room.error) return <FormStatus error={room.error} />;
  if (!room.data) return <SkeletonText />;

  const openBooking = (dateKey: string) => {
    const opens = hours[isoWeekday(dateKey)]?.opens ?? '09:00';
    setBooking(`${dateKey}T${dateKey === osloDateKey(now) && opens < '09:00' ? '09:00' : opens}`);
  };
  const body = (
    <div className={layout.form}>
      <div className={layout.actions}>
        <Button variant="secondary" size="sm" onClick={() => setDay(addDays(day, -days))}>
          <ChevronLeft size={16} aria-hidden="true" />
          {t(view === 'week' ? 'roomPage.previousWeek' : 'roomPage.previousDay')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setDay(osloDateKey(new Date()))}>
          {t('roomPage.today')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setDay(addDays(day, days))}>
          {t(view === 'week' ? 'roomPage.nextWeek' : 'roomPage.nextDay')}
          <ChevronRight size={16} aria-hidden="true" />
        </Button>
      </div>
      <p aria-live="polite">
        {view === 'week'
          ? t('roomPage.showingWeek', {
              from: formatDate(`${from}T12:00:00Z`),
              to: formatDate(`${addDays(from, 6)}T12:00:00Z`),
            })
          : t('roomPage.showingDay', { date: formatDate(`${from}T12:00:00Z`) })}
      </p>
      <FormStatus error={bookings.error ?? checkIn.error ?? cancel.error} />
      <RoomWeek
        from={from}
        days={days}
        hours={hours}
        bookings={bookings.data ?? []}
        now={now}
        userId={userId}
        manager={manager}
        onBook={openBooking}
        onCheckIn={(chosen) =>
          checkIn.mutate(chosen.id, {
            onSuccess: () => notify({ message: t('week.checkedInNote'), tone: 'success' }),
          })
        }
        onCancel={(chosen) =>
          cancel.mutate(chosen.id, {
            onSuccess: () => notify({ message: t('week.cancelled'), tone: 'success' }),
          })
        }
      />
    </div>
  );

  return (
    <div className={layout.page}>
      <p>
        <Link to={meetingPaths.planner}>{t('roomPage.back')}</Link>
      </p>
      <div className={layout.header}>
        <h1>{room.data.name}</h1>
        <div className={layout.actions}>
          <ButtonLink to={meetingPaths.summary(roomId)} variant="secondary">
            <FileText size={16} aria-hidden="true" />
            {t('planner.summaries')}
          </ButtonLink>
          {room.data.active ? (
            <Button onClick={() => openBooking(day < osloDateKey(now) ? osloDateKey(now) : day)}>
              {t('roomPage.book')}
            </Button>
          ) : null}
        </div>
      </div>
      <ul className={styles.facts}>
        <li>{t('room.capacity', { count: room.data.capacity })}</li>
        {room.data.location ? <li>{room.data.location}</li> : null}
        <li>{room.data.equipment.length > 0 ? room.data.equipment.join(', ') : t('room.noEquipment')}</li>
        <li>{t('roomPage.checkInRule', { count: room.data.check_in_minutes })}</li>
      </ul>
      <SectionTabs
        label={t('roomPage.views')}
        sections={VIEWS}
        value={view}
        onValueChange={setView}
        labelOf={(section) => t(`roomPage.${section}`)}
        render={() => body}
      />
      {booking ? (
        <BookRoomDialog
          room={room.data}
          start={booking}
          open
          onOpenChange={(open) => !open && setBooking(null)}
        />
      ) : null}
    </div>
  );
}
