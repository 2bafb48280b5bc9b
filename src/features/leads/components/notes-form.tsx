import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { Textarea } from '@/components/textarea';
import { useUpdateLeadNotes } from '../api/update-lead-notes';
import type { NotesTarget } from '../types';
import styles from './leads.module.css';

/** Both notes columns allow this many characters (leads.notes, purchased_leads_notes.notes). */
const MAX_NOTES = 10_000;

/** The notes of a lead: the owner organization's on its lead, or a buyer's own on what it bought. */
export function NotesForm({ notes: initial, target }: { notes: string | null; target: NotesTarget }) {
  const { t } = useTranslation('leads');
  const [notes, setNotes] = useState(initial ?? '');
  const [tooLong, setTooLong] = useState(false);
  const mutation = useUpdateLeadNotes(target, () =>
    notify({ message: t('info.notesSaved'), tone: 'success' }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (notes.length > MAX_NOTES) {
      setTooLong(true);
      return;
    }
    setTooLong(false);
    mutation.mutate(notes);
  }

  return (
    <form className={`${layout.section} ${styles.section} ${layout.form}`} onSubmit={submit} noValidate>
      <Textarea
        label={<strong>{t('info.notes')}</strong>}
        name="notes"
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        error={tooLong ? t('info.notesTooLong') : undefined}
      />
      <FormStatus error={mutation.error} />
      <div className={layout.actions}>
        <Button type="submit" loading={mutation.isPending}>
          {t('info.notesSave')}
        </Button>
      </div>
    </form>
  );
}
