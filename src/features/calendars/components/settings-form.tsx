import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { TimeField } from '@/components/time-field';
import { useKeepFocus } from '@/lib/use-keep-focus';
import type { EditorCalendar } from '../api/get-calendar';
import { useUpdateCalendar } from '../api/update-calendar';
import { dstDaysInPeriod } from '../utils/templates';
import styles from './calendars.module.css';

/** The calendar's name, door time and door options (dates come from the template). */
export function SettingsForm({ calendar }: { calendar: EditorCalendar }) {
  const { t } = useTranslation('calendars');
  const [name, setName] = useState(calendar.name);
  const [doorTime, setDoorTime] = useState(calendar.door_time.slice(0, 5));
  const [lockPast, setLockPast] = useState(calendar.lock_past_doors);
  const [showPast, setShowPast] = useState(calendar.show_past_doors);
  const [nameError, setNameError] = useState<string | undefined>();
  const update = useUpdateCalendar(calendar.id, calendar.organization_id);
  const saveButton = useKeepFocus(update.isPending);
  const dst = dstDaysInPeriod(calendar.starts_on, calendar.ends_on, doorTime);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(t('create.errors.nameRequired'));
      return;
    }
    setNameError(undefined);
    update.mutate(
      { name: name.trim(), door_time: doorTime, lock_past_doors: lockPast, show_past_doors: showPast },
      { onSuccess: () => notify({ message: t('editor.saved'), tone: 'success' }) },
    );
  };

  return (
    <form className={styles.fieldset} onSubmit={submit} noValidate aria-labelledby="settings-title">
      <h3 id="settings-title">{t('settings.title')}</h3>
      <div className={layout.grid}>
        <Input
          label={t('settings.name')}
          value={name}
          maxLength={120}
          onChange={(event) => setName(event.target.value)}
          error={nameError}
        />
        <TimeField
          label={t('create.doorTime')}
          hint={t('create.doorTimeHint')}
          value={doorTime}
          onChange={setDoorTime}
        />
      </div>
      {dst.length > 0 ? (
        <p className={styles.warning} role="status">
          {t('create.dstWarning', { days: dst.join(', ') })}
        </p>
      ) : null}
      <label className={styles.checkbox}>
        <input type="checkbox" checked={lockPast} onChange={(event) => setLockPast(event.target.checked)} />
        <span>
          {t('settings.lockPastDoors')}
          <br />
          <small className={layout.muted}>{t('settings.lockPastDoorsHint')}</small>
        </span>
      </label>
      <label className={styles.checkbox}>
        <input type="checkbox" checked={showPast} onChange={(event) => setShowPast(event.target.checked)} />
        <span>
          {t('settings.showPastDoors')}
          <br />
          <small className={layout.muted}>{t('settings.showPastDoorsHint')}</small>
        </span>
      </label>
      <FormStatus error={update.error} />
      <div className={layout.actions}>
        <Button ref={saveButton} type="submit" variant="secondary" loading={update.isPending}>
          {t('editor.save')}
        </Button>
      </div>
    </form>
  );
}
