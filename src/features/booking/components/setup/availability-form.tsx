import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { TimeField } from '@/components/time-field';
import { weekdayNames } from '@/lib/format';
import { useSaveAvailability, type SolutionRef } from '../../api/save-setup';
import type { BookingAvailability, BookingStaff } from '../../api/types';
import { newSpanKey, spanErrors, spansOf, weekOf, type WeekValues } from '../../utils/availability-form';
import styles from './setup.module.css';

/**
 * A staff member's week, Monday first: several spans a day in 24-hour time, added and removed here
 * and saved together (the spans as typed stay on a refusal).
 */
export function AvailabilityForm({
  solution,
  staff,
  availability,
  disabled,
}: {
  solution: SolutionRef;
  staff: BookingStaff;
  availability: readonly BookingAvailability[];
  disabled: boolean;
}) {
  const { t } = useTranslation('booking');
  const save = useSaveAvailability(solution);
  const [week, setWeek] = useState<WeekValues>(() => weekOf(availability, staff.id));
  const [checked, setChecked] = useState(false);
  const errors = checked ? spanErrors(week) : {};
  const names = weekdayNames('long');
  const setDay = (index: number, spans: WeekValues[number]) =>
    setWeek((previous) => previous.map((day, at) => (at === index ? spans : day)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(spanErrors(week)).length > 0) return;
    save.mutate(
      { staffId: staff.id, spans: spansOf(week) },
      {
        onSuccess: () =>
          notify({ message: t('setup.availability.saved', { name: staff.name }), tone: 'success' }),
      },
    );
  };

  return (
    <Form onSubmit={submit} aria-label={t('setup.availability.formLabel', { name: staff.name })}>
      <h4 className={styles.staffName}>{staff.name}</h4>
      <ul className={styles.week}>
        {week.map((day, index) => (
          <li key={names[index]} className={styles.day}>
            <span className={styles.dayName} id={`${staff.id}-day-${index}`}>
              {names[index]}
            </span>
            <div className={styles.spans}>
              {day.length === 0 ? (
                <span className={layout.muted}>{t('setup.availability.closed')}</span>
              ) : null}
              {day.map((span, at) => (
                <div key={span.key} className={styles.span}>
                  <TimeField
                    label={t('setup.availability.from', { day: names[index], number: at + 1 })}
                    hideLabel
                    value={span.startsAt}
                    disabled={disabled}
                    onChange={(value) =>
                      setDay(
                        index,
                        day.map((s) => (s.key === span.key ? { ...s, startsAt: value } : s)),
                      )
                    }
                  />
                  <span aria-hidden>–</span>
                  <TimeField
                    label={t('setup.availability.to', { day: names[index], number: at + 1 })}
                    hideLabel
                    value={span.endsAt}
                    disabled={disabled}
                    error={errors[span.key] ? t(`setup.availability.errors.${errors[span.key]!}`) : undefined}
                    onChange={(value) =>
                      setDay(
                        index,
                        day.map((s) => (s.key === span.key ? { ...s, endsAt: value } : s)),
                      )
                    }
                  />
                  {!disabled ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('setup.availability.remove', { day: names[index], number: at + 1 })}
                      onClick={() =>
                        setDay(
                          index,
                          day.filter((s) => s.key !== span.key),
                        )
                      }
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  ) : null}
                </div>
              ))}
              {!disabled ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    const last = day[day.length - 1];
                    setDay(index, [
                      ...day,
                      {
                        key: newSpanKey(),
                        startsAt: last ? last.endsAt : '08:00',
                        endsAt: last ? '' : '16:00',
                      },
                    ]);
                  }}
                >
                  <Plus aria-hidden /> {t('setup.availability.add', { day: names[index] })}
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <FormStatus error={save.error} />
      {!disabled ? (
        <div className={layout.actions}>
          <Button type="submit" loading={save.isPending}>
            {t('setup.availability.save', { name: staff.name })}
          </Button>
        </div>
      ) : null}
    </Form>
  );
}
