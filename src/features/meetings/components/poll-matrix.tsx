import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/badge';
import type { PollMatrix as Matrix } from '../api/get-meeting-polls';
import { answeredInvitees, bestOptionId } from '../utils/best-option';
import { AnswerLabel } from './answer-label';
import styles from './meetings.module.css';
import { useOptionTime } from './use-option-time';

/**
 * The best-time matrix: a row per candidate time, a column per person who answered (the caller's only
 * where participants are hidden), and the counts. A real table, so a screen reader reads each answer
 * with its time and person.
 */
export function PollMatrix({ matrix }: { matrix: Matrix }) {
  const { t } = useTranslation('meetings');
  const optionTime = useOptionTime();
  const people = answeredInvitees(matrix.options);
  const best = bestOptionId(matrix.options);
  return (
    <div className={styles.scroll}>
      <table className={styles.matrix}>
        <caption className="visually-hidden">{t('matrix.caption', { count: matrix.invitees })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('matrix.time')}</th>
            {people.map((person) => (
              <th scope="col" key={person.id}>
                {person.mine ? t('matrix.you') : (person.name ?? t('matrix.hidden'))}
              </th>
            ))}
            <th scope="col">{t('matrix.total')}</th>
          </tr>
        </thead>
        <tbody>
          {matrix.options.map((option) => {
            const byPerson = new Map(option.answers.map((answer) => [answer.invitee_id, answer.answer]));
            return (
              <tr key={option.id}>
                <th scope="row">
                  {optionTime(option)}
                  {option.room_name ? (
                    <>
                      <br />
                      {t('matrix.room', { name: option.room_name })}
                    </>
                  ) : null}
                  {option.id === matrix.poll.chosen_option_id ? (
                    <>
                      <br />
                      <Badge tone="success">{t('matrix.chosen')}</Badge>
                    </>
                  ) : option.id === best && matrix.poll.status === 'open' ? (
                    <>
                      <br />
                      <Badge tone="info" icon={<Star size={14} />}>
                        {t('matrix.best')}
                      </Badge>
                    </>
                  ) : null}
                </th>
                {people.map((person) => (
                  <td key={person.id}>
                    <AnswerLabel answer={byPerson.get(person.id) ?? null} />
                  </td>
                ))}
                <td>{t('matrix.counts', { yes: option.yes, maybe: option.if_need_be, no: option.no })}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
