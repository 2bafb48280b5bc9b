import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import editor from '@/components/editor.module.css';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { TimeField } from '@/components/time-field';
import { formatDate } from '@/lib/format';
import { useAddException, type SolutionRef } from '../../api/save-setup';
import type { BookingStaff } from '../../api/types';

type Errors = Partial<Record<'date' | 'hours' | 'note', string>>;

/** «Nytt avvik»: a date closed, or open with other hours, for one staff member or the whole solution. */
export function ExceptionForm({
  solution,
  staff,
}: {
  solution: SolutionRef;
  staff: readonly BookingStaff[];
}) {
  const { t } = useTranslation('booking');
  const add = useAddException(solution);
  const [onDate, setOnDate] = useState('');
  const [staffId, setStaffId] = useState('');
  const [closed, setClosed] = useState(true);
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (onDate === '') found.date = t('setup.exceptions.errors.date');
    if (!closed && (startsAt === '' || endsAt === '' || startsAt >= endsAt))
      found.hours = t('setup.exceptions.errors.hours');
    if (note.length > 200) found.note = t('setup.exceptions.errors.note');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    add.mutate(
      {
        staffId: staffId || null,
        onDate,
        startsAt: closed ? null : startsAt,
        endsAt: closed ? null : endsAt,
        note: note.trim(),
      },
      {
        onSuccess: () => {
          notify({
            message: t('setup.exceptions.added', { date: formatDate(`${onDate}T12:00:00Z`) }),
            tone: 'success',
          });
          setOnDate('');
          setNote('');
        },
      },
    );
  };

  return (
    <Form onSubmit={submit} aria-label={t('setup.exceptions.formLabel')}>
      <div className={layout.grid}>
        <DateField
          label={t('setup.exceptions.date')}
          value={onDate}
          onChange={setOnDate}
          error={errors.date}
        />
        <NativeSelect
          label={t('setup.exceptions.who')}
          value={staffId}
          onChange={(event) => setStaffId(event.target.value)}
          options={[
            { value: '', label: t('setup.exceptions.everyone') },
            ...staff.map((member) => ({ value: member.id, label: member.name })),
          ]}
        />
      </div>
      <fieldset className={editor.fieldset}>
        <legend>{t('setup.exceptions.kind')}</legend>
        <label className={editor.checkbox}>
          <input type="radio" name="exception-kind" checked={closed} onChange={() => setClosed(true)} />
          <span>{t('setup.exceptions.closed')}</span>
        </label>
        <label className={editor.checkbox}>
          <input type="radio" name="exception-kind" checked={!closed} onChange={() => setClosed(false)} />
          <span>{t('setup.exceptions.otherHours')}</span>
        </label>
        {!closed ? (
          <div className={layout.grid}>
            <TimeField label={t('setup.exceptions.from')} value={startsAt} onChange={setStartsAt} />
            <TimeField
              label={t('setup.exceptions.to')}
              value={endsAt}
              onChange={setEndsAt}
              error={errors.hours}
            />
          </div>
        ) : null}
      </fieldset>
      <Input
        label={t('setup.exceptions.note')}
        hint={t('setup.exceptions.noteHint')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={errors.note}
        autoComplete="off"
      />
      <FormStatus error={add.error} />
      <div className={layout.actions}>
        <Button type="submit" loading={add.isPending}>
          {t('setup.exceptions.add')}
        </Button>
      </div>
    </Form>
  );
}
