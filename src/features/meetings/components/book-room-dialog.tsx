import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DateTimeField } from '@/components/date-time-field';
import { Dialog } from '@/components/dialog';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { TimeField } from '@/components/time-field';
import { osloInstant } from '@/lib/oslo-wall-clock';
import { useBookRoom } from '../api/book-room';
import type { MeetingRoom } from '../api/get-rooms';
import styles from './meetings.module.css';

type BookRoomDialogProps = {
  room: MeetingRoom;
  /** The start the dialog offers, Oslo wall clock `yyyy-mm-ddTHH:mm`. */
  start: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Books the room directly; the database refuses a closed, taken or too small room in Norwegian. */
export function BookRoomDialog({ room, start: initialStart, open, onOpenChange }: BookRoomDialogProps) {
  const { t } = useTranslation('meetings');
  const book = useBookRoom(room.id);
  const [title, setTitle] = useState('');
  const [start, setStart] = useState(initialStart);
  const [end, setEnd] = useState(() => {
    const [, time = '09:00'] = initialStart.split('T');
    const hour = Math.min(Number(time.slice(0, 2)) + 1, 23);
    return `${String(hour).padStart(2, '0')}:${time.slice(3, 5)}`;
  });
  const [attendees, setAttendees] = useState('2');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const count = Number(attendees);
    if (title.trim() === '') found.title = t('book.errors.title');
    if (!start) found.start = t('book.errors.start');
    if (!end) found.end = t('book.errors.end');
    if (!Number.isInteger(count) || count < 1) found.attendees = t('book.errors.attendees');
    else if (count > room.capacity) found.attendees = t('book.errors.tooMany', { count: room.capacity });
    const startsAt = start ? osloInstant(start) : null;
    const endsAt = start && end ? osloInstant(`${start.slice(0, 10)}T${end}`) : null;
    if (startsAt && endsAt && endsAt <= startsAt) found.end = t('book.errors.endBeforeStart');
    else if (startsAt && startsAt.getTime() < Date.now() - 60_000) found.start = t('book.errors.passed');
    setErrors(found);
    if (Object.keys(found).length > 0 || !startsAt || !endsAt) return;
    book.mutate(
      { title: title.trim(), startsAt, endsAt, attendees: count },
      {
        onSuccess: () => {
          notify({ message: t('book.booked', { name: room.name }), tone: 'success' });
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('book.title', { name: room.name })}>
      <Form onSubmit={submit} aria-label={t('book.title', { name: room.name })}>
        <Input
          label={t('book.what')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.title}
          autoComplete="off"
        />
        <DateTimeField legend={t('book.start')} value={start} onChange={setStart} error={errors.start} />
        <div className={styles.row}>
          <TimeField label={t('book.end')} value={end} onChange={setEnd} error={errors.end} />
          <Input
            label={t('book.attendees')}
            hint={t('book.attendeesHint', { count: room.capacity })}
            inputMode="numeric"
            value={attendees}
            onChange={(event) => setAttendees(event.target.value)}
            error={errors.attendees}
          />
        </div>
        <FormStatus error={book.error} />
        <div className={layout.actions}>
          <Button type="submit" loading={book.isPending}>
            {t('book.submit')}
          </Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('book.cancel')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
