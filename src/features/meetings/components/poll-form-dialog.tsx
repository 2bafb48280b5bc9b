import { Plus, Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DateTimeField } from '@/components/date-time-field';
import { Dialog } from '@/components/dialog';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { Textarea } from '@/components/textarea';
import { useCreateMeetingPoll } from '../api/create-meeting-poll';
import type { MeetingMember } from '../api/get-members';
import type { MeetingRoom } from '../api/get-rooms';
import {
  inviteeCount,
  readPollDraft,
  roomsFor,
  type PollDraft,
  type PollDraftErrors,
  type PollErrorKey,
} from '../utils/poll-form';
import styles from './meetings.module.css';

type PollFormDialogProps = {
  organizationId: string;
  /** The caller: the organizer and first invitee, so not offered as a member to invite. */
  userId: string;
  rooms: readonly MeetingRoom[];
  members: readonly MeetingMember[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the new poll. */
  onCreated: (pollId: string) => void;
};

const emptyDraft = (): PollDraft => ({
  title: '',
  description: '',
  duration: '60',
  deadline: '',
  hideParticipants: false,
  options: [
    { key: 1, when: '', roomId: '' },
    { key: 2, when: '', roomId: '' },
  ],
  memberIds: [],
  guests: '',
});

/**
 * «Nytt møteforslag»: title, duration, deadline, candidate times (each optionally in a room that holds
 * every invitee and is open then), members and guests. What is typed stays when something is refused.
 */
export function PollFormDialog({
  organizationId,
  userId,
  rooms,
  members,
  open,
  onOpenChange,
  onCreated,
}: PollFormDialogProps) {
  const { t } = useTranslation('meetings');
  const create = useCreateMeetingPoll(organizationId);
  const [draft, setDraft] = useState<PollDraft>(emptyDraft);
  const [errors, setErrors] = useState<PollDraftErrors>({});
  const nextKey = useRef(3);
  const change = (patch: Partial<PollDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const changeOption = (index: number, patch: Partial<PollDraft['options'][number]>) =>
    change({ options: draft.options.map((option, at) => (at === index ? { ...option, ...patch } : option)) });
  const errorText = (key: PollErrorKey | undefined) => (key ? t(`pollForm.errors.${key}`) : undefined);
  const invitees = inviteeCount(draft);
  const duration = Number(draft.duration);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readPollDraft(draft, rooms, new Date());
    if (read.errors) return setErrors(read.errors);
    setErrors({});
    create.mutate(read.input, {
      onSuccess: (pollId) => {
        notify({ message: t('pollForm.created'), tone: 'success' });
        setDraft(emptyDraft());
        onOpenChange(false);
        if (pollId) onCreated(pollId);
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('pollForm.title')}
      description={t('pollForm.intro')}
      wide
    >
      <Form onSubmit={submit} aria-label={t('pollForm.title')}>
        <Input
          label={t('pollForm.name')}
          value={draft.title}
          onChange={(event) => change({ title: event.target.value })}
          error={errorText(errors.title)}
          autoComplete="off"
        />
        <Textarea
          label={t('pollForm.description')}
          value={draft.description}
          rows={3}
          onChange={(event) => change({ description: event.target.value })}
        />
        <div className={styles.row}>
          <Input
            label={t('pollForm.duration')}
            hint={t('pollForm.durationHint')}
            inputMode="numeric"
            value={draft.duration}
            onChange={(event) => change({ duration: event.target.value })}
            error={errorText(errors.duration)}
          />
          <DateTimeField
            legend={t('pollForm.deadline')}
            hint={t('pollForm.deadlineHint')}
            value={draft.deadline}
            onChange={(deadline) => change({ deadline })}
            error={errorText(errors.deadline)}
          />
        </div>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={draft.hideParticipants}
            onChange={(event) => change({ hideParticipants: event.target.checked })}
          />
          {t('pollForm.hideParticipants')}
        </label>

        <fieldset className={styles.fieldset}>
          <legend>{t('pollForm.options')}</legend>
          <p className={layout.muted}>{t('pollForm.optionsHint', { count: invitees })}</p>
          {draft.options.map((option, index) => {
            const fitting = roomsFor(rooms, option.when, duration, invitees);
            const chosen = rooms.find((room) => room.id === option.roomId);
            const roomChoices = chosen && !fitting.includes(chosen) ? [...fitting, chosen] : fitting;
            return (
              <div key={option.key} className={styles.option}>
                <DateTimeField
                  legend={t('pollForm.option', { number: index + 1 })}
                  value={option.when}
                  onChange={(when) => changeOption(index, { when })}
                  error={errorText(errors.option?.[index])}
                />
                <NativeSelect
                  label={t('pollForm.room', { number: index + 1 })}
                  hint={
                    option.when
                      ? t('pollForm.roomHint', { count: fitting.length })
                      : t('pollForm.roomNeedsTime')
                  }
                  value={option.roomId}
                  onChange={(event) => changeOption(index, { roomId: event.target.value })}
                  options={[
                    { value: '', label: t('pollForm.noRoom') },
                    ...roomChoices.map((room) => ({
                      value: room.id,
                      label: t('pollForm.roomChoice', { name: room.name, capacity: room.capacity }),
                    })),
                  ]}
                />
                {draft.options.length > 1 ? (
                  <div className={layout.actions}>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => change({ options: draft.options.filter((_, at) => at !== index) })}
                    >
                      <Trash2 size={16} aria-hidden="true" />
                      {t('pollForm.removeOption', { number: index + 1 })}
                    </Button>
                  </div>
                ) : null}
              </div>
            );
          })}
          {errors.options ? <FormStatus tone="error">{errorText(errors.options)}</FormStatus> : null}
          {draft.options.length < 30 ? (
            <div className={layout.actions}>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  change({ options: [...draft.options, { key: nextKey.current, when: '', roomId: '' }] });
                  nextKey.current += 1;
                }}
              >
                <Plus size={16} aria-hidden="true" />
                {t('pollForm.addOption')}
              </Button>
            </div>
          ) : null}
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend>{t('pollForm.members')}</legend>
          {members
            .filter((member) => member.member_id !== userId)
            .map((member) => (
              <label key={member.member_id} className={styles.checkbox}>
                <input
                  type="checkbox"
                  checked={draft.memberIds.includes(member.member_id)}
                  onChange={(event) =>
                    change({
                      memberIds: event.target.checked
                        ? [...draft.memberIds, member.member_id]
                        : draft.memberIds.filter((id) => id !== member.member_id),
                    })
                  }
                />
                {member.name || member.email}
              </label>
            ))}
        </fieldset>
        <Textarea
          label={t('pollForm.guests')}
          hint={t('pollForm.guestsHint')}
          rows={3}
          value={draft.guests}
          onChange={(event) => change({ guests: event.target.value })}
          error={errors.guests ? t('pollForm.errors.guestInvalid', { email: errors.guestsValue }) : undefined}
        />
        <FormStatus error={create.error} />
        {Object.keys(errors).length > 0 ? (
          <FormStatus tone="error">{t('pollForm.errors.summary')}</FormStatus>
        ) : null}
        <div className={layout.actions}>
          <Button type="submit" loading={create.isPending}>
            {t('pollForm.submit')}
          </Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('pollForm.cancel')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
