import { useTranslation } from 'react-i18next';
import layout from '@/components/page.module.css';
import type { Scoring } from '../utils/competition-rules';
import styles from './competitions.module.css';

/** Total or average per active member, each with what it means. */
export function ScoringField({
  name,
  value,
  onChange,
}: {
  name: string;
  value: Scoring;
  onChange: (scoring: Scoring) => void;
}) {
  const { t } = useTranslation('competitions');
  const choices = [
    { value: 'total' as const, label: t('create.scoringTotal'), hint: t('create.scoringTotalHint') },
    { value: 'average' as const, label: t('create.scoringAverage'), hint: t('create.scoringAverageHint') },
  ];
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('create.scoring')}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className={styles.checkbox}>
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          <span>
            {choice.label}
            <br />
            <small className={layout.muted}>{choice.hint}</small>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
