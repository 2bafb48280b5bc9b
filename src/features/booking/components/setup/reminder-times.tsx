import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { type SolutionRef, useSaveReminders } from '../../api/save-setup';
import {
  addReminder,
  type ReminderError,
  reminderParts,
  type ReminderUnit,
} from '../../utils/reminder-times';
import styles from './setup.module.css';

const UNITS: readonly ReminderUnit[] = ['hours', 'minutes', 'days'];

/**
 * «Påminnelser»: the solution's reminder times as chips («24 timer før»), each removable, and a new
 * one added by number and unit. Each change is saved at once; a wrong one is said at the field and
 * what was typed stays.
 */
export function ReminderTimes({
  solution,
  minutes,
  disabled,
}: {
  solution: SolutionRef;
  minutes: readonly number[];
  disabled: boolean;
}) {
  const { t } = useTranslation('booking');
  const save = useSaveReminders(solution);
  const [typed, setTyped] = useState('');
  const [unit, setUnit] = useState<ReminderUnit>('hours');
  const [error, setError] = useState<ReminderError | null>(null);
  const when = (value: number) => {
    const parts = reminderParts(value);
    return t(`setup.reminders.${parts.unit}`, { count: parts.count });
  };
  const store = (next: number[], onSaved?: () => void) =>
    save.mutate(next, {
      onSuccess: () => {
        notify({ message: t('setup.reminders.saved'), tone: 'success' });
        onSaved?.();
      },
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const added = addReminder(minutes, typed, unit);
    if ('error' in added) {
      setError(added.error);
      return;
    }
    setError(null);
    store(added.minutes, () => setTyped(''));
  };

  return (
    <div className={styles.reminders}>
      <p className={layout.muted}>{t('setup.reminders.intro')}</p>
      {minutes.length === 0 ? (
        <p>{t('setup.reminders.none')}</p>
      ) : (
        <ul className={styles.chips} aria-label={t('setup.reminders.listLabel')}>
          {minutes.map((value) => (
            <li key={value} className={styles.chip}>
              <span>{when(value)}</span>
              {disabled ? null : (
                <button
                  type="button"
                  className={styles.chipRemove}
                  aria-label={t('setup.reminders.remove', { when: when(value) })}
                  disabled={save.isPending}
                  onClick={() => store(minutes.filter((other) => other !== value))}
                >
                  <X aria-hidden size={16} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {disabled ? null : (
        <form className={styles.reminderForm} onSubmit={submit} noValidate>
          <Input
            label={t('setup.reminders.count')}
            value={typed}
            inputMode="numeric"
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
            error={error ? t(`setup.reminders.errors.${error}`) : undefined}
          />
          <NativeSelect
            label={t('setup.reminders.unit')}
            value={unit}
            onChange={(event) => setUnit(event.target.value as ReminderUnit)}
            options={UNITS.map((value) => ({ value, label: t(`setup.reminders.units.${value}`) }))}
          />
          <Button type="submit" variant="secondary" loading={save.isPending}>
            {t('setup.reminders.add')}
          </Button>
        </form>
      )}
      <FormStatus error={save.error} />
    </div>
  );
}
