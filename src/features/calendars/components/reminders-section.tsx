import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { TimeField } from '@/components/time-field';
import { useKeepFocus } from '@/lib/use-keep-focus';
import type { EditorCalendar } from '../api/get-calendar';
import { useUpdateCalendar } from '../api/update-calendar';
import styles from './calendars.module.css';

/** Whether the public form offers daily reminders, and when they go out (Oslo). */
export function RemindersSection({ calendar }: { calendar: EditorCalendar }) {
  const { t } = useTranslation('calendars');
  const [enabled, setEnabled] = useState(calendar.reminders_enabled);
  const [time, setTime] = useState(calendar.reminder_time.slice(0, 5));
  const update = useUpdateCalendar(calendar.id, calendar.organization_id);
  const saveButton = useKeepFocus(update.isPending);
  const doorTime = calendar.door_time.slice(0, 5);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(
      { reminders_enabled: enabled, reminder_time: time },
      { onSuccess: () => notify({ message: t('editor.saved'), tone: 'success' }) },
    );
  };

  return (
    <form className={layout.form} onSubmit={submit}>
      <p className={layout.muted}>{t('reminders.intro')}</p>
      <label className={styles.checkbox}>
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        {t('reminders.enabled')}
      </label>
      <TimeField
        label={t('reminders.time')}
        hint={t('reminders.timeHint')}
        value={time}
        disabled={!enabled}
        onChange={setTime}
      />
      {enabled && time < doorTime ? (
        <p className={styles.warning} role="status">
          {t('reminders.beforeDoor', { door: doorTime })}
        </p>
      ) : null}
      <FormStatus error={update.error} />
      <div className={layout.actions}>
        <Button ref={saveButton} type="submit" loading={update.isPending}>
          {t('reminders.save')}
        </Button>
      </div>
    </form>
  );
}
