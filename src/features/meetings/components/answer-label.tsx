import { Check, CircleHelp, Minus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PollAnswer } from '../api/get-meeting-polls';
import styles from './meetings.module.css';

const ICONS = { yes: Check, if_need_be: CircleHelp, no: X } as const;

/** An answer as icon and word, never by colour alone; `null`: not answered. */
export function AnswerLabel({ answer }: { answer: PollAnswer | null }) {
  const { t } = useTranslation('meetings');
  const Icon = answer ? ICONS[answer] : Minus;
  return (
    <span className={styles.answer}>
      <Icon size={16} aria-hidden="true" />
      {t(`answers.${answer ?? 'none'}`)}
    </span>
  );
}
