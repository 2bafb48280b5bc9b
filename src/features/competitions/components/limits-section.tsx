import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DateTimeField } from '@/components/date-time-field';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import layout from '@/components/page.module.css';
import type { EditorCompetition } from '../api/get-competition';
import { useSectionForm } from '../hooks/use-section-form';
import { limitsOf, limitsPatch, limitsSchema } from '../utils/window-forms';

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
        <Input
          id="limits-perEntry"
          label={t('limits.perEntry', { unit: competition.unit })}
          inputMode="decimal"
          value={values.perEntry}
          onChange={(event) => set('perEntry', event.target.value)}
          error={message('perEntry')}
          autoComplete="off"
        />
        <Input
          id="limits-perDay"
          label={t('limits.perDay', { unit: competition.unit })}
          inputMode="decimal"
          value={values.perDay}
          onChange={(event) => set('perDay', event.target.value)}
          error={message('perDay')}
          autoComplete="off"
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
