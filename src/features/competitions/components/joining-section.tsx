import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DateTimeField } from '@/components/date-time-field';
import { FormStatus } from '@/components/form-status';
import layout from '@/components/page.module.css';
import { formatDateTime } from '@/lib/format';
import type { EditorCompetition } from '../api/get-competition';
import { useSectionForm } from '../hooks/use-section-form';
import { halfway, joiningOf, joiningPatch, joiningSchema } from '../utils/window-forms';
import { NumberField } from './number-field';

/** When joining opens and when the teams lock (default halfway), and the team sizes. */
export function JoiningSection({ competition }: { competition: EditorCompetition }) {
  const { t } = useTranslation('competitions');
  const { values, set, message, submit, update, saveButton } = useSectionForm({
    competition,
    initial: joiningOf(competition),
    schema: joiningSchema(competition),
    toPatch: joiningPatch,
    order: ['opensAt', 'lockAt', 'teamMin', 'teamMax'],
    prefix: 'joining',
  });
  return (
    <form className={layout.form} onSubmit={submit} noValidate>
      <DateTimeField
        legend={t('joining.opensAt')}
        hint={t('joining.opensHint')}
        value={values.opensAt}
        onChange={(opensAt) => set('opensAt', opensAt)}
        error={message('opensAt')}
        max={competition.ends_on}
      />
      <DateTimeField
        legend={t('joining.lockAt')}
        hint={t('joining.lockHint', { halfway: formatDateTime(halfway(competition)) })}
        value={values.lockAt}
        onChange={(lockAt) => set('lockAt', lockAt)}
        error={message('lockAt')}
        max={competition.ends_on}
      />
      <div className={layout.grid}>
        <NumberField
          id="joining-teamMin"
          label={t('joining.teamMin')}
          value={values.teamMin}
          onChange={(value) => set('teamMin', value)}
          error={message('teamMin')}
        />
        <NumberField
          id="joining-teamMax"
          label={t('joining.teamMax')}
          value={values.teamMax}
          onChange={(value) => set('teamMax', value)}
          error={message('teamMax')}
        />
      </div>
      <FormStatus error={update.error} />
      <div className={layout.actions}>
        <Button ref={saveButton} type="submit" loading={update.isPending}>
          {t('editor.save')}
        </Button>
      </div>
    </form>
  );
}
