import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { TimeField } from '@/components/time-field';
import { weekdayNames } from '@/lib/format';
import type { MeetingRoom } from '../api/get-rooms';
import { useSaveRoom } from '../api/save-room';
import { openingHoursOf, WEEKDAYS, type OpeningHours, type Weekday } from '../utils/room-hours';
import styles from './meetings.module.css';

type RoomDialogProps = {
  organizationId: string;
  /** The room to change; null adds one. */
  room: MeetingRoom | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type Hours = Record<Weekday, { open: boolean; opens: string; closes: string }>;

const hoursDraft = (hours: OpeningHours): Hours =>
  Object.fromEntries(
    WEEKDAYS.map((day) => {
      const span = hours[day];
      return [day, { open: Boolean(span), opens: span?.opens ?? '08:00', closes: span?.closes ?? '17:00' }];
    }),
  ) as Hours;

const DEFAULT_HOURS: OpeningHours = Object.fromEntries(
  WEEKDAYS.slice(0, 5).map((day) => [day, { opens: '08:00', closes: '17:00' }]),
);

/** An owner's or admin's room: capacity, equipment, location, opening hours per weekday, check-in minutes. */
export function RoomDialog({ organizationId, room, open, onOpenChange }: RoomDialogProps) {
  const { t } = useTranslation('meetings');
  const save = useSaveRoom(organizationId);
  const [name, setName] = useState(room?.name ?? '');
  const [capacity, setCapacity] = useState(String(room?.capacity ?? 6));
  const [equipment, setEquipment] = useState(room?.equipment.join(', ') ?? '');
  const [location, setLocation] = useState(room?.location ?? '');
  const [checkIn, setCheckIn] = useState(String(room?.check_in_minutes ?? 10));
  const [active, setActive] = useState(room?.active ?? true);
  const [hours, setHours] = useState(() =>
    hoursDraft(room ? openingHoursOf(room.opening_hours) : DEFAULT_HOURS),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const days = weekdayNames('long');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const seats = Number(capacity);
    const minutes = Number(checkIn);
    if (name.trim() === '' || name.trim().length > 100) found.name = t('roomForm.errors.name');
    if (!Number.isInteger(seats) || seats < 1 || seats > 500) found.capacity = t('roomForm.errors.capacity');
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 120)
      found.checkIn = t('roomForm.errors.checkIn');
    for (const day of WEEKDAYS) {
      const span = hours[day];
      if (span.open && (!span.opens || !span.closes || span.opens >= span.closes))
        found[`day${day}`] = t('roomForm.errors.hours');
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const openingHours = Object.fromEntries(
      WEEKDAYS.filter((day) => hours[day].open).map((day) => [
        day,
        { opens: hours[day].opens, closes: hours[day].closes === '00:00' ? '24:00' : hours[day].closes },
      ]),
    );
    save.mutate(
      {
        id: room?.id,
        room: {
          name: name.trim(),
          capacity: seats,
          equipment: equipment
            .split(',')
            .map((thing) => thing.trim())
            .filter(Boolean),
          location: location.trim() || null,
          opening_hours: openingHours,
          check_in_minutes: minutes,
          active,
        },
      },
      {
        onSuccess: () => {
          notify({ message: t('roomForm.saved'), tone: 'success' });
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={room ? t('roomForm.editTitle', { name: room.name }) : t('roomForm.newTitle')}
      wide
    >
      <Form
        onSubmit={submit}
        aria-label={room ? t('roomForm.editTitle', { name: room.name }) : t('roomForm.newTitle')}
      >
        <Input
          label={t('roomForm.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
        />
        <div className={styles.row}>
          <Input
            label={t('roomForm.capacity')}
            inputMode="numeric"
            value={capacity}
            onChange={(event) => setCapacity(event.target.value)}
            error={errors.capacity}
          />
          <Input
            label={t('roomForm.checkIn')}
            hint={t('roomForm.checkInHint')}
            inputMode="numeric"
            value={checkIn}
            onChange={(event) => setCheckIn(event.target.value)}
            error={errors.checkIn}
          />
        </div>
        <Input
          label={t('roomForm.equipment')}
          hint={t('roomForm.equipmentHint')}
          value={equipment}
          onChange={(event) => setEquipment(event.target.value)}
        />
        <Input
          label={t('roomForm.location')}
          value={location}
          onChange={(event) => setLocation(event.target.value)}
        />
        <label className={styles.checkbox}>
          <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
          {t('roomForm.active')}
        </label>
        <fieldset className={styles.fieldset}>
          <legend>{t('roomForm.hours')}</legend>
          {WEEKDAYS.map((day, index) => {
            const span = hours[day];
            const set = (patch: Partial<Hours[Weekday]>) =>
              setHours((current) => ({ ...current, [day]: { ...span, ...patch } }));
            return (
              <div key={day} className={styles.row}>
                <label className={styles.checkbox}>
                  <input
                    type="checkbox"
                    checked={span.open}
                    onChange={(event) => set({ open: event.target.checked })}
                  />
                  {t('roomForm.openOn', { day: days[index] })}
                </label>
                {span.open ? (
                  <>
                    <TimeField
                      label={t('roomForm.opens', { day: days[index] })}
                      value={span.opens}
                      onChange={(opens) => set({ opens })}
                      error={errors[`day${day}`]}
                    />
                    <TimeField
                      label={t('roomForm.closes', { day: days[index] })}
                      value={span.closes}
                      onChange={(closes) => set({ closes })}
                    />
                  </>
                ) : null}
              </div>
            );
          })}
        </fieldset>
        <FormStatus error={save.error} />
        <div className={layout.actions}>
          <Button type="submit" loading={save.isPending}>
            {t('roomForm.save')}
          </Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('roomForm.cancel')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
