import { Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '@/components/button';
import { DateField } from '@/components/date-field';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import layout from '@/components/page.module.css';
import type { EditorCompetition } from '../api/get-competition';
import { useSectionForm } from '../hooks/use-section-form';
import { LIMITS } from '../utils/competition-rules';
import { detailsOf, detailsPatch, detailsSchema } from '../utils/details-form';
import styles from './competitions.module.css';
import { NumberField } from './number-field';
import { ScoringField } from './scoring-field';
import { UnitField } from './unit-field';

const ORDER = ['name', 'startsOn', 'endsOn', 'goal', 'unit', 'teamGoal', 'minActive'] as const;

/** Name, period, goal and unit, the team goal, scoring with its least divisor, and the milestones. */
export function DetailsSection({ competition }: { competition: EditorCompetition }) {
  const { t } = useTranslation('competitions');
  const { values, set, message, submit, update, saveButton } = useSectionForm({
    competition,
    initial: detailsOf(competition),
    schema: detailsSchema,
    toPatch: detailsPatch,
    order: ORDER,
    prefix: 'details',
  });
  const setMilestone = (index: number, key: 'percent' | 'label', value: string) =>
    set(
      'milestones',
      values.milestones.map((milestone, at) => (at === index ? { ...milestone, [key]: value } : milestone)),
    );

  return (
    <form className={layout.form} onSubmit={submit} noValidate>
      <Input
        id="details-name"
        label={t('create.name')}
        value={values.name}
        maxLength={LIMITS.name}
        onChange={(event) => set('name', event.target.value)}
        error={message('name')}
      />
      <div className={layout.grid}>
        <DateField
          id="details-startsOn"
          label={t('create.startsOn')}
          value={values.startsOn}
          onChange={(startsOn) => set('startsOn', startsOn)}
          error={message('startsOn')}
        />
        <DateField
          id="details-endsOn"
          label={t('create.endsOn')}
          value={values.endsOn}
          min={values.startsOn || undefined}
          onChange={(endsOn) => set('endsOn', endsOn)}
          error={message('endsOn')}
        />
      </div>
      <div className={layout.grid}>
        <NumberField
          id="details-goal"
          label={t('create.goal')}
          value={values.goal}
          onChange={(value) => set('goal', value)}
          error={message('goal')}
          decimals
        />
        <UnitField
          id="details-unit"
          value={values.unit}
          onChange={(unit) => set('unit', unit)}
          error={message('unit')}
        />
      </div>
      <NumberField
        id="details-teamGoal"
        label={t('details.teamGoal')}
        hint={t('details.teamGoalHint')}
        value={values.teamGoal}
        onChange={(value) => set('teamGoal', value)}
        error={message('teamGoal')}
        decimals
      />
      <ScoringField
        name="details-scoring"
        value={values.scoring}
        onChange={(scoring) => set('scoring', scoring)}
      />
      <NumberField
        id="details-minActive"
        label={t('details.minActive')}
        hint={t('details.minActiveHint')}
        value={values.minActive}
        onChange={(value) => set('minActive', value)}
        error={message('minActive')}
      />
      <fieldset className={styles.fieldset}>
        <legend>{t('details.milestones')}</legend>
        <p className={layout.muted}>{t('details.milestonesHint')}</p>
        {values.milestones.map((milestone, index) => (
          // Position is the identity while typing: a milestone may be empty or alike until saved.
          <div key={index} className={styles.inline}>
            <Input
              id={`details-milestones-${index}-percent`}
              label={t('details.milestonePercent')}
              inputMode="numeric"
              value={milestone.percent}
              onChange={(event) => setMilestone(index, 'percent', event.target.value)}
              error={message(`milestones.${index}.percent`)}
              autoComplete="off"
            />
            <Input
              id={`details-milestones-${index}-label`}
              label={t('details.milestoneLabel')}
              value={milestone.label}
              maxLength={LIMITS.milestoneLabel}
              onChange={(event) => setMilestone(index, 'label', event.target.value)}
              error={message(`milestones.${index}.label`)}
              autoComplete="off"
            />
            <IconButton
              variant="secondary"
              icon={<X aria-hidden />}
              label={t('details.removeMilestone', { percent: milestone.percent || '?' })}
              onClick={() => {
                set(
                  'milestones',
                  values.milestones.filter((_, at) => at !== index),
                );
                document.getElementById('details-add-milestone')?.focus();
              }}
            />
          </div>
        ))}
        {values.milestones.length < LIMITS.milestones ? (
          <div className={layout.actions}>
            <Button
              id="details-add-milestone"
              variant="secondary"
              onClick={() => {
                set('milestones', [...values.milestones, { percent: '', label: '' }]);
                const index = values.milestones.length;
                requestAnimationFrame(() =>
                  document.getElementById(`details-milestones-${index}-percent`)?.focus(),
                );
              }}
            >
              <Plus aria-hidden size={16} /> {t('details.addMilestone')}
            </Button>
          </div>
        ) : null}
      </fieldset>
      <FormStatus error={update.error} />
      <div className={layout.actions}>
        <Button ref={saveButton} type="submit" loading={update.isPending}>
          {t('editor.save')}
        </Button>
      </div>
    </form>
  );
}
