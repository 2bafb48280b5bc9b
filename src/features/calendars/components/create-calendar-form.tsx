import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import layout from '@/components/page.module.css';
import { TimeField } from '@/components/time-field';
import { formatDate, osloDateKey } from '@/lib/format';
import { createCalendarSchema, useCreateCalendar, type CreateCalendarInput } from '../api/create-calendar';
import {
  CALENDAR_TEMPLATES,
  adventYear,
  daysBetween,
  dstDaysInPeriod,
  isAdvent,
  isCalendarTemplate,
  periodOf,
} from '../utils/templates';
import styles from './calendars.module.css';

type Field = 'name' | 'startsOn' | 'endsOn' | 'doorTime';
type Errors = Partial<Record<Field, string>>;
type ErrorKey =
  | 'nameRequired'
  | 'nameTooLong'
  | 'timeInvalid'
  | 'startRequired'
  | 'endRequired'
  | 'endBeforeStart'
  | 'periodTooLong'
  | 'weeklyEnd';

const ERROR_KEYS: readonly ErrorKey[] = [
  'nameRequired',
  'nameTooLong',
  'timeInvalid',
  'startRequired',
  'endRequired',
  'endBeforeStart',
  'periodTooLong',
  'weeklyEnd',
];
const isErrorKey = (value: string): value is ErrorKey => (ERROR_KEYS as readonly string[]).includes(value);
const isField = (value: unknown): value is Field =>
  value === 'name' || value === 'startsOn' || value === 'endsOn' || value === 'doorTime';

const dateText = (key: string) => formatDate(`${key}T12:00:00Z`);

/**
 * Name, template, period and door time of a new calendar: the period follows from the template
 * (advent needs only the year), the door count and dates are shown before saving, and a door time in
 * the hour that moves on a DST day is warned about. Saved as a draft, then on to the editor.
 */
export function CreateCalendarForm({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('calendars');
  const navigate = useNavigate();
  const today = osloDateKey(new Date());
  const [values, setValues] = useState<CreateCalendarInput>({
    name: '',
    template: 'advent-24',
    year: adventYear(today),
    startsOn: '',
    endsOn: '',
    doorTime: '08:00',
  });
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateCalendar(organizationId);
  const set = <K extends keyof CreateCalendarInput>(key: K, value: CreateCalendarInput[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));

  const period = periodOf(values.template, values);
  const days = period ? daysBetween(period.startsOn, period.endsOn) : -1;
  const doorCount = days < 0 ? 0 : values.template === 'weekly' ? Math.floor(days / 7) + 1 : days + 1;
  const dst = period ? dstDaysInPeriod(period.startsOn, period.endsOn, values.doorTime) : [];
  const advent = isAdvent(values.template);
  const needsEnd = ['daily', 'weekly', 'custom'].includes(values.template);
  const thisYear = Number(today.slice(0, 4));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = createCalendarSchema.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isField(field) && !next[field] && isErrorKey(issue.message)) {
          next[field] = t(`create.errors.${issue.message}`);
        }
      }
      setErrors(next);
      const first = (['name', 'startsOn', 'endsOn', 'doorTime'] as const).find((field) => next[field]);
      if (first) document.getElementById(`calendar-${first}`)?.focus();
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (id) => void navigate(`/calendar/${id}/edit`),
    });
  }

  return (
    <form className={layout.form} onSubmit={submit} noValidate>
      <Input
        id="calendar-name"
        label={t('create.name')}
        hint={t('create.nameHint')}
        value={values.name}
        onChange={(event) => set('name', event.target.value)}
        error={errors.name}
        maxLength={120}
        required
        autoComplete="off"
      />
      <NativeSelect
        label={t('create.template')}
        value={values.template}
        onChange={(event) => {
          if (isCalendarTemplate(event.target.value)) set('template', event.target.value);
        }}
        options={CALENDAR_TEMPLATES.map((template) => ({
          value: template,
          label: t(`templates.${template}`),
        }))}
      />
      {advent ? (
        <NativeSelect
          label={t('create.year')}
          value={String(values.year)}
          onChange={(event) => set('year', Number(event.target.value))}
          options={[thisYear, thisYear + 1].map((year) => ({ value: String(year), label: String(year) }))}
        />
      ) : (
        <div className={layout.grid}>
          <DateField
            id="calendar-startsOn"
            label={t('create.startsOn')}
            value={values.startsOn}
            onChange={(startsOn) => set('startsOn', startsOn)}
            error={errors.startsOn}
            required
          />
          {needsEnd ? (
            <DateField
              id="calendar-endsOn"
              label={t('create.endsOn')}
              value={values.endsOn}
              min={values.startsOn || undefined}
              onChange={(endsOn) => set('endsOn', endsOn)}
              error={errors.endsOn}
              required
            />
          ) : null}
        </div>
      )}
      <TimeField
        id="calendar-doorTime"
        label={t('create.doorTime')}
        hint={t('create.doorTimeHint')}
        value={values.doorTime}
        onChange={(doorTime) => set('doorTime', doorTime)}
        error={errors.doorTime}
        required
      />
      {dst.length > 0 ? (
        <p className={styles.warning} role="status">
          {t('create.dstWarning', { days: dst.map(dateText).join(', ') })}
        </p>
      ) : null}
      {period && days >= 0 && values.template !== 'custom' ? (
        <p className={layout.muted} aria-live="polite">
          {t('create.periodSummary', {
            count: doorCount,
            from: dateText(period.startsOn),
            to: dateText(period.endsOn),
          })}
        </p>
      ) : null}
      <FormStatus error={create.error} />
      <div className={layout.actions}>
        <Button type="submit" loading={create.isPending}>
          {t('create.submit')}
        </Button>
      </div>
    </form>
  );
}
