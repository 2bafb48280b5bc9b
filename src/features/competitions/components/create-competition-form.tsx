import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import layout from '@/components/page.module.css';
import { formatDate } from '@/lib/format';
import {
  createCompetitionSchema,
  useCreateCompetition,
  type CreateCompetitionInput,
} from '../api/create-competition';
import { useCompetitionLinks } from '../hooks/use-competition-links';
import { daysBetween } from '../utils/competition-rules';
import { fieldErrors, focusFirst } from '../utils/form-errors';
import { GroupNamesField } from './group-names-field';
import { NumberField } from './number-field';
import { ScoringField } from './scoring-field';
import { UnitField } from './unit-field';

const ORDER = ['name', 'startsOn', 'endsOn', 'goal', 'unit', 'teamMin', 'teamMax'] as const;
const dateText = (key: string) => formatDate(`${key}T12:00:00Z`);

/**
 * Name, period, goal and unit, team sizes, groups and scoring of a new competition, checked with the
 * rules the database holds; a refusal keeps everything typed. Saved as a draft, then on to the editor.
 */
export function CreateCompetitionForm({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('competitions');
  const navigate = useNavigate();
  const links = useCompetitionLinks();
  const [values, setValues] = useState<CreateCompetitionInput>({
    name: '',
    startsOn: '',
    endsOn: '',
    teamMin: '1',
    teamMax: '10',
    goal: '',
    unit: 'km',
    groups: [],
    scoring: 'total',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateCompetition(organizationId);
  const set = <K extends keyof CreateCompetitionInput>(key: K, value: CreateCompetitionInput[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));
  const message = (key: string) => {
    const code = errors[key];
    return code ? t(`errors.${code}` as 'errors.nameRequired') : undefined;
  };
  const days =
    /^\d{4}-\d{2}-\d{2}$/.test(values.startsOn) && /^\d{4}-\d{2}-\d{2}$/.test(values.endsOn)
      ? daysBetween(values.startsOn, values.endsOn) + 1
      : 0;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = createCompetitionSchema.safeParse(values);
    if (!parsed.success) {
      const next = fieldErrors(parsed.error);
      setErrors(next);
      focusFirst(next, [...ORDER, ...values.groups.map((_, index) => `groups.${index}`)], 'competition');
      return;
    }
    setErrors({});
    create.mutate(parsed.data, { onSuccess: (id) => void navigate(links.edit(id)) });
  }

  return (
    <form className={layout.form} onSubmit={submit} noValidate>
      <Input
        id="competition-name"
        label={t('create.name')}
        hint={t('create.nameHint')}
        value={values.name}
        onChange={(event) => set('name', event.target.value)}
        error={message('name')}
        maxLength={120}
        required
        autoComplete="off"
      />
      <div className={layout.grid}>
        <DateField
          id="competition-startsOn"
          label={t('create.startsOn')}
          value={values.startsOn}
          onChange={(startsOn) => set('startsOn', startsOn)}
          error={message('startsOn')}
          required
        />
        <DateField
          id="competition-endsOn"
          label={t('create.endsOn')}
          value={values.endsOn}
          min={values.startsOn || undefined}
          onChange={(endsOn) => set('endsOn', endsOn)}
          error={message('endsOn')}
          required
        />
      </div>
      <p className={layout.muted} aria-live="polite">
        {days > 0
          ? t('create.summary', { days, from: dateText(values.startsOn), to: dateText(values.endsOn) })
          : t('create.periodHint')}
      </p>
      <div className={layout.grid}>
        <Input
          id="competition-goal"
          label={t('create.goal')}
          hint={t('create.goalHint')}
          inputMode="decimal"
          value={values.goal}
          onChange={(event) => set('goal', event.target.value)}
          error={message('goal')}
          required
          autoComplete="off"
        />
        <UnitField
          id="competition-unit"
          value={values.unit}
          onChange={(unit) => set('unit', unit)}
          error={message('unit')}
        />
      </div>
      <div className={layout.grid}>
        <NumberField
          id="competition-teamMin"
          label={t('create.teamMin')}
          value={values.teamMin}
          onChange={(value) => set('teamMin', value)}
          error={message('teamMin')}
        />
        <NumberField
          id="competition-teamMax"
          label={t('create.teamMax')}
          value={values.teamMax}
          onChange={(value) => set('teamMax', value)}
          error={message('teamMax')}
        />
      </div>
      <GroupNamesField
        groups={values.groups}
        onChange={(groups) => set('groups', groups)}
        errors={Object.fromEntries(values.groups.map((_, index) => [index, message(`groups.${index}`)]))}
      />
      <ScoringField
        name="competition-scoring"
        value={values.scoring}
        onChange={(scoring) => set('scoring', scoring)}
      />
      <FormStatus error={create.error} />
      <div className={layout.actions}>
        <Button type="submit" loading={create.isPending}>
          {t('create.submit')}
        </Button>
      </div>
    </form>
  );
}
