import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { FormStatus } from '@/components/form-status';
import layout from '@/components/page.module.css';
import { Table, type TableColumn } from '@/components/table';
import { formatDateTime } from '@/lib/format';
import { useAddDoor } from '../api/add-door';
import type { CalendarEditorData, EditorDoor } from '../api/get-calendar';
import styles from './calendars.module.css';
import { DoorEditor } from './door-editor';
import { SettingsForm } from './settings-form';

/** Which of a door's parts are filled, in words (the list's «Innhold» column). */
function contentOf(door: EditorDoor, t: (key: 'doors.empty' | 'doors.hasQuiz' | 'doors.hasMedia') => string) {
  const parts = [
    door.title,
    door.media_id ? t('doors.hasMedia') : null,
    door.quiz_kind ? t('doors.hasQuiz') : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : t('doors.empty');
}

/**
 * The doors by day with their opening moment in Oslo; «Rediger» opens one door's form in place
 * (its day in the URL, so a reload or a shared link returns to it). Custom calendars add doors here.
 */
export function DoorsSection({ data }: { data: CalendarEditorData }) {
  const { t } = useTranslation('calendars');
  const [params, setParams] = useSearchParams();
  const { calendar, doors } = data;
  const editing = doors.find((door) => String(door.day_number) === params.get('door'));

  const openDoor = (day: number | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (day === null) next.delete('door');
        else next.set('door', String(day));
        return next;
      },
      { replace: false },
    );

  if (editing) {
    return (
      <DoorEditor
        key={editing.id}
        data={data}
        door={editing}
        onClose={() => {
          openDoor(null);
          requestAnimationFrame(() => document.getElementById(`door-edit-${editing.day_number}`)?.focus());
        }}
      />
    );
  }

  const columns: TableColumn<EditorDoor>[] = [
    { key: 'day', header: t('doors.day'), cell: (door) => door.day_number, align: 'end' },
    { key: 'opens', header: t('doors.opens'), cell: (door) => formatDateTime(door.opens_at) },
    {
      key: 'content',
      header: t('doors.content'),
      cell: (door) => contentOf(door, t),
      priority: 'secondary',
    },
    {
      key: 'edit',
      header: <span className="visually-hidden">{t('list.actions')}</span>,
      cell: (door) => (
        <Button
          id={`door-edit-${door.day_number}`}
          variant="secondary"
          size="sm"
          onClick={() => openDoor(door.day_number)}
          aria-label={t('doors.edit', { day: door.day_number })}
        >
          {t('list.edit')}
        </Button>
      ),
    },
  ];

  return (
    <div className={layout.form}>
      <SettingsForm calendar={calendar} />
      <Table
        caption={t('doors.caption')}
        columns={columns}
        rows={doors}
        rowKey={(door) => door.id}
        empty={<p>{t('doors.noDoors')}</p>}
      />
      {calendar.template === 'custom' ? <AddDoorForm data={data} /> : null}
    </div>
  );
}

function AddDoorForm({ data }: { data: CalendarEditorData }) {
  const { t } = useTranslation('calendars');
  const { calendar, doors } = data;
  const [date, setDate] = useState('');
  const add = useAddDoor(calendar.id, calendar.organization_id);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!date) return;
    const dayNumber = Math.max(0, ...doors.map((door) => door.day_number)) + 1;
    add.mutate({ opensOn: date, dayNumber }, { onSuccess: () => setDate('') });
  };
  return (
    <form className={styles.inline} onSubmit={submit}>
      <DateField
        label={t('doors.addDate')}
        value={date}
        min={calendar.starts_on}
        max={calendar.ends_on}
        onChange={setDate}
      />
      <Button type="submit" variant="secondary" loading={add.isPending}>
        {t('doors.add')}
      </Button>
      <FormStatus error={add.error} />
    </form>
  );
}
