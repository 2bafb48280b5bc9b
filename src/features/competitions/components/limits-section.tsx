import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DateTimeField } from '@/components/date-time-field';
import { FormStatus } from '@/components/form-status';
import layout from '@/components/page.module.css';
import type { EditorCompetition } from '../api/get-competition';
import { useSectionForm } from '../hooks/use-section-form';
import { limitsOf, limitsPatch, limitsSchema } from '../utils/window-forms';
import { NumberField } from './number-field';

/** The anti-cheat limits per entry and per day, and the scoreboard's freeze before the end. */
export function LimitsSection({ competition }: { competition: EditorCompetition }) {
  const { t } = useTranslation('competitions');
  const { values, set, message, submit, update, saveButton } = useSectionForm({
    competition,
    initial: limitsOf(competition),
    schema: limitsSchema(competition),
    toPatch: limitsPatch,
    order: ['perEntry', 'perDay', 'freezeAt'],
    prefix: 'limits',
  });
  return (
    <form className={layout.form} onSubmit={submit} noValidate>
      <p className={layout.muted}>{t('limits.intro')}</p>
      <div className={layout.grid}>
        <NumberField
          id="limits-perEntry"
          label={t('limits.perEntry', { unit: competition.unit })}
          value={values.perEntry}
          onChange={(value) => set('perEntry', value)}
          error={message('perEntry')}
          decimals
        />
        <NumberField
          id="limits-perDay"
          label={t('limits.perDay', { unit: competition.unit })}
          value={values.perDay}
          onChange={(value) => set('perDay', value)}
          error={message('perDay')}
          decimals
        />
      </div>
      <DateTimeField
        legend={t('details.freezeAt')}
        hint={t('details.freezeHint')}
        value={values.freezeAt}
        onChange={(freezeAt) => set('freezeAt', freezeAt)}
        error={message('freezeAt')}
        min={competition.starts_on}
        max={competition.ends_on}
      />
      <FormStatus error={update.error} />
      <div className={layout.actions}>
        <Button ref={saveButton} type="submit" loading={update.isPending}>
          {t('editor.save')}
        </Button>
      </div>
    </form>
  );
}
