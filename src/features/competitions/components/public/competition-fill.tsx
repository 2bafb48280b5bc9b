import { useEffect, useRef, useState } from 'react';
import type { PublicCompetition } from '../../api/public-competition';
import { formatNumber, useAmount, useCompetitionTexts } from './competition-texts';
import { FillBar } from './fill-bar';
import { MilestoneCelebration } from './milestone-celebration';

/**
 * The event's shared fill-up bar with its milestones and their celebration. When a new reading moves
 * the total, one polite line says so (the minute's refresh, not every tick).
 */
export function CompetitionFill({
  competition,
  size = 'large',
}: {
  competition: PublicCompetition;
  size?: 'large' | 'small';
}) {
  const { t, language } = useCompetitionTexts();
  const amount = useAmount();
  const { unit, goal, total, percent } = competition;
  const valueText = t('fill.value', {
    total: amount(total, unit),
    goal: amount(goal, unit),
    percent: formatNumber(percent, language),
  });
  const [update, setUpdate] = useState('');
  const lastTotal = useRef(total);
  useEffect(() => {
    if (lastTotal.current === total) return;
    lastTotal.current = total;
    setUpdate(t('fill.updated', { value: valueText }));
  }, [total, valueText, t]);

  return (
    <>
      <FillBar
        percent={percent}
        label={t('fill.label', { goal: amount(goal, unit) })}
        valueText={valueText}
        milestones={competition.milestones}
        size={size}
      />
      <p role="status" className="visually-hidden">
        {update}
      </p>
      {size === 'large' ? (
        <MilestoneCelebration competitionId={competition.id} milestones={competition.milestones} />
      ) : null}
    </>
  );
}
