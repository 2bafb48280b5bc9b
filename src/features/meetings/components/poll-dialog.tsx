import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { confirm } from '@/components/dialog-store';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { Skeleton } from '@/components/skeleton';
import { formatDateTime } from '@/lib/format';
import { useAnswerMeetingPoll } from '../api/answer-meeting-poll';
import { useCancelMeetingPoll, useFinalizeMeetingPoll } from '../api/finalize-meeting-poll';
import { pollMatrixQueryOptions, type PollAnswer, type PollMatrix as Matrix } from '../api/get-meeting-polls';
import { AnswerChoices } from './answer-choices';
import styles from './meetings.module.css';
import { PollMatrix } from './poll-matrix';
import { PollStatusBadge } from './poll-status-badge';
import { useOptionTime } from './use-option-time';

type PollDialogProps = {
  organizationId: string;
  pollId: string | null;
  /** The organizer, an owner or an admin: may finalize and cancel. */
  canManage: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The caller's answers by candidate time, as the matrix shows them. */
const myAnswers = (matrix: Matrix): Record<string, PollAnswer> =>
  Object.fromEntries(
    matrix.options.flatMap((option) =>
      option.answers.filter((answer) => answer.mine).map((answer) => [option.id, answer.answer]),
    ),
  );

/** A poll: its best-time matrix, the caller's answers, and (organizer) finalize or cancel. */
export function PollDialog({ organizationId, pollId, canManage, onOpenChange }: PollDialogProps) {
  const { t } = useTranslation('meetings');
  const matrix = useQuery({ ...pollMatrixQueryOptions(pollId ?? ''), enabled: pollId !== null });
  return (
    <Dialog
      open={pollId !== null}
      onOpenChange={onOpenChange}
      title={matrix.data?.poll.title ?? t('poll.loading')}
      wide
    >
      <FormStatus error={matrix.error} />
      {matrix.data && pollId ? (
        <PollBody
          organizationId={organizationId}
          pollId={pollId}
          matrix={matrix.data}
          canManage={canManage}
        />
      ) : matrix.isPending ? (
        <Skeleton />
      ) : null}
    </Dialog>
  );
}

function PollBody({
  organizationId,
  pollId,
  matrix,
  canManage,
}: {
  organizationId: string;
  pollId: string;
  matrix: Matrix;
  canManage: boolean;
}) {
  const { t } = useTranslation('meetings');
  const optionTime = useOptionTime();
  const answer = useAnswerMeetingPoll(pollId);
  const finalize = useFinalizeMeetingPoll(organizationId, pollId);
  const cancel = useCancelMeetingPoll(organizationId, pollId);
  const [answers, setAnswers] = useState<Record<string, PollAnswer>>(() => myAnswers(matrix));
  const { poll } = matrix;
  const open = poll.status === 'open';

  const save = (event: FormEvent) => {
    event.preventDefault();
    answer.mutate(answers, { onSuccess: () => notify({ message: t('poll.answered'), tone: 'success' }) });
  };
  const choose = async (option: Matrix['options'][number]) => {
    const sure = await confirm({
      title: t('poll.finalizeConfirm', { time: optionTime(option) }),
      description: option.room_name ? t('poll.finalizeRoom', { name: option.room_name }) : undefined,
      confirmLabel: t('poll.finalize'),
    });
    if (sure)
      finalize.mutate(option.id, {
        onSuccess: () => notify({ message: t('poll.finalized'), tone: 'success' }),
      });
  };
  const cancelPoll = async () => {
    const sure = await confirm({
      title: t('poll.cancelConfirm'),
      confirmLabel: t('poll.cancel'),
      tone: 'danger',
    });
    if (sure)
      cancel.mutate(undefined, {
        onSuccess: () => notify({ message: t('poll.cancelled'), tone: 'success' }),
      });
  };

  return (
    <div className={layout.form}>
      <p>
        <PollStatusBadge status={poll.status} />{' '}
        {poll.deadline ? t('poll.deadline', { when: formatDateTime(poll.deadline) }) : t('poll.noDeadline')}
      </p>
      {poll.description ? <p>{poll.description}</p> : null}
      <p className={layout.muted}>
        {t('poll.invitees', { count: matrix.invitees })}
        {poll.hide_participants ? ` ${t('poll.hidden')}` : ''}
      </p>
      <h3>{t('poll.matrix')}</h3>
      <PollMatrix matrix={matrix} />

      {open ? (
        <Form onSubmit={save} aria-labelledby="poll-answer-heading">
          <h3 id="poll-answer-heading">{t('poll.yourAnswer')}</h3>
          {matrix.options.map((option) => (
            <fieldset key={option.id} className={styles.fieldset}>
              <legend>
                {optionTime(option)}
                {option.room_name ? `, ${option.room_name}` : ''}
              </legend>
              <AnswerChoices
                name={`answer-${option.id}`}
                value={answers[option.id]}
                onChange={(value) => setAnswers((current) => ({ ...current, [option.id]: value }))}
                labelOf={(value) => t(`answers.${value}`)}
                className={styles.radios}
                choiceClassName={styles.checkbox}
              />
            </fieldset>
          ))}
          <FormStatus error={answer.error} />
          <div className={layout.actions}>
            <Button type="submit" loading={answer.isPending} disabled={Object.keys(answers).length === 0}>
              {t('poll.saveAnswer')}
            </Button>
          </div>
        </Form>
      ) : null}

      {open && canManage ? (
        <section aria-labelledby="poll-finalize-heading" className={layout.form}>
          <h3 id="poll-finalize-heading">{t('poll.choose')}</h3>
          <p className={layout.muted}>{t('poll.chooseHint')}</p>
          <FormStatus error={finalize.error ?? cancel.error} />
          <div className={layout.actions}>
            {matrix.options.map((option) => (
              <Button
                key={option.id}
                variant="secondary"
                loading={finalize.isPending}
                onClick={() => void choose(option)}
              >
                {t('poll.finalizeOption', { time: optionTime(option) })}
              </Button>
            ))}
          </div>
          <div className={layout.actions}>
            <Button variant="danger" loading={cancel.isPending} onClick={() => void cancelPoll()}>
              {t('poll.cancel')}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
