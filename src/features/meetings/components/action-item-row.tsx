import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { confirm } from '@/components/dialog-store';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import type { ActionItem } from '../api/get-meetings';
import type { MeetingMember } from '../api/get-members';
import { useDeleteActionItem, useSaveActionItem } from '../api/save-meeting-summary';
import styles from './meetings.module.css';

type ActionItemRowProps = {
  organizationId: string;
  meetingId: string;
  members: readonly MeetingMember[];
  /** The item to change; null: a new one (the form empties after it is added). */
  item: ActionItem | null;
  /** Its place in the list, for the labels of its fields. */
  number: number;
};

/** One action item as a small form: what, owner, due date, done; save and delete. */
export function ActionItemRow({ organizationId, meetingId, members, item, number }: ActionItemRowProps) {
  const { t } = useTranslation('meetings');
  const save = useSaveActionItem(organizationId, meetingId);
  const remove = useDeleteActionItem(meetingId);
  const [title, setTitle] = useState(item?.title ?? '');
  const [ownerId, setOwnerId] = useState(item?.owner_id ?? '');
  const [dueOn, setDueOn] = useState(item?.due_on ?? '');
  const [done, setDone] = useState(Boolean(item?.done_at));
  const [error, setError] = useState<string | undefined>();
  const label = item ? t('items.label', { number }) : t('items.new');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') return setError(t('items.titleRequired'));
    setError(undefined);
    save.mutate(
      { id: item?.id, item: { title: title.trim(), owner_id: ownerId || null, due_on: dueOn || null, done } },
      {
        onSuccess: () => {
          notify({ message: t(item ? 'items.saved' : 'items.added'), tone: 'success' });
          if (!item) {
            setTitle('');
            setOwnerId('');
            setDueOn('');
            setDone(false);
          }
        },
      },
    );
  };
  const deleteItem = async () => {
    if (!item) return;
    const sure = await confirm({
      title: t('items.deleteConfirm', { title: item.title }),
      confirmLabel: t('items.delete'),
      tone: 'danger',
    });
    if (sure) remove.mutate(item.id);
  };

  return (
    <Form onSubmit={submit} aria-label={label} className={styles.item}>
      <Input
        label={t('items.title', { label })}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={error}
      />
      <div className={styles.row}>
        <NativeSelect
          label={t('items.owner')}
          value={ownerId}
          onChange={(event) => setOwnerId(event.target.value)}
          options={[
            { value: '', label: t('items.noOwner') },
            ...members.map((member) => ({ value: member.member_id, label: member.name || member.email })),
          ]}
        />
        <DateField label={t('items.due')} value={dueOn} onChange={setDueOn} />
        <label className={styles.checkbox}>
          <input type="checkbox" checked={done} onChange={(event) => setDone(event.target.checked)} />
          {t('items.done')}
        </label>
      </div>
      {item?.carried_from_id ? <p className={layout.muted}>{t('items.carried')}</p> : null}
      <FormStatus error={save.error ?? remove.error} />
      <div className={layout.actions}>
        <Button type="submit" size="sm" loading={save.isPending}>
          {item ? t('items.save') : t('items.add')}
        </Button>
        {item ? (
          <Button size="sm" variant="ghost" loading={remove.isPending} onClick={() => void deleteItem()}>
            {t('items.delete')}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
