import styles from './competition-public.module.css';
import { FillBar } from './fill-bar';
import { formatNumber, useAmount, useCompetitionTexts } from './page-texts';

/** A team's bar toward the team goal, or its total in words when the competition sets no team goal. */
export function TeamGoalBar({
  unit,
  goal,
  total,
  percent,
  size,
}: {
  unit: string;
  goal: number | null;
  total: number;
  percent: number | null;
  size?: 'large' | 'small';
}) {
  const { t, language } = useCompetitionTexts();
  const amount = useAmount();
  if (goal === null || percent === null)
    return <p className={styles.fillValue}>{t('team.noGoal', { total: amount(total, unit) })}</p>;
  return (
    <FillBar
      size={size}
      percent={percent}
      label={t('fill.teamLabel', { goal: amount(goal, unit) })}
      valueText={t('fill.value', {
        total: amount(total, unit),
        goal: amount(goal, unit),
        percent: formatNumber(percent, language),
      })}
    />
  );
}
