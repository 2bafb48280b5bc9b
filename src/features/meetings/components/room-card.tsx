import { CalendarDays, FileText, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { ButtonLink } from '@/components/button-link';
import { Card } from '@/components/card';
import layout from '@/components/page.module.css';
import { formatTime, osloDateKey } from '@/lib/format';
import type { RoomBooking } from '../api/get-room-bookings';
import type { MeetingRoom } from '../api/get-rooms';
import { meetingPaths } from '../utils/meeting-paths';
import { isOpenAt, isoWeekday, openingHoursOf } from '../utils/room-hours';
import styles from './meetings.module.css';

type RoomCardProps = {
  room: MeetingRoom;
  /** The room's live bookings today. */
  today: readonly RoomBooking[];
  now: Date;
  onEdit?: () => void;
};

/** A room on the planner: what it holds and has, where it is, and whether it is free today. */
export function RoomCard({ room, today, now, onEdit }: RoomCardProps) {
  const { t } = useTranslation('meetings');
  const openingHours = openingHoursOf(room.opening_hours);
  const hours = openingHours[isoWeekday(osloDateKey(now))];
  const busyNow = today.some(
    (booking) => new Date(booking.starts_at) <= now && now < new Date(booking.ends_at),
  );
  return (
    <Card
      title={room.name}
      titleAs="h3"
      actions={
        onEdit ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={onEdit}
            aria-label={t('planner.editRoom', { name: room.name })}
          >
            <Pencil size={16} aria-hidden="true" />
          </Button>
        ) : null
      }
    >
      <ul className={styles.facts}>
        <li>{t('room.capacity', { count: room.capacity })}</li>
        {room.location ? <li>{room.location}</li> : null}
        <li>{room.equipment.length > 0 ? room.equipment.join(', ') : t('room.noEquipment')}</li>
        <li>
          {hours ? t('room.openToday', { opens: hours.opens, closes: hours.closes }) : t('room.closedToday')}
        </li>
      </ul>
      <p>
        {!room.active ? (
          <Badge>{t('room.inactive')}</Badge>
        ) : !isOpenAt(openingHours, now) ? (
          <Badge>{t('room.closedNow')}</Badge>
        ) : busyNow ? (
          <Badge tone="warning">{t('room.busyNow')}</Badge>
        ) : (
          <Badge tone="success">{t('room.freeNow')}</Badge>
        )}
      </p>
      {today.length > 0 ? (
        <ul className={styles.facts} aria-label={t('room.todayBusy', { name: room.name })}>
          {today.map((booking) => (
            <li key={booking.id}>
              {t('room.busySpan', { start: formatTime(booking.starts_at), end: formatTime(booking.ends_at) })}
            </li>
          ))}
        </ul>
      ) : (
        <p className={layout.muted}>{t('room.freeAllDay')}</p>
      )}
      <div className={layout.actions}>
        <ButtonLink to={meetingPaths.room(room.id)} variant="secondary" size="sm">
          <CalendarDays size={16} aria-hidden="true" />
          {t('planner.openRoom', { name: room.name })}
        </ButtonLink>
        <ButtonLink to={meetingPaths.summary(room.id)} variant="ghost" size="sm">
          <FileText size={16} aria-hidden="true" />
          {t('planner.summaries')}
        </ButtonLink>
      </div>
    </Card>
  );
}
