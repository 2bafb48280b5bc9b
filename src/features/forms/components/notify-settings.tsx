import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import { SkeletonText } from '@/components/skeleton';
import { formNotifyQueryOptions, useSaveNotify, type FormNotify } from '../api/notify';
import styles from './forms.module.css';

const NOTIFY_MODES = ['each', 'daily'] as const;
type NotifyMode = (typeof NOTIFY_MODES)[number];

/** «Varsler om nye svar»: the members told and how — an e-mail per response or a daily digest. */
export function NotifySettings({
  formId,
  organizationId,
  mode,
}: {
  formId: string;
  organizationId: string;
  mode: NotifyMode;
}) {
  const { t } = useTranslation('forms');
  const data = useQuery(formNotifyQueryOptions(formId, organizationId));
  return (
    <section aria-labelledby="form-notify-title" className={styles.blocks}>
      <h3 id="form-notify-title">{t('settings.notify.title')}</h3>
      {data.data ? (
        <NotifyForm formId={formId} organizationId={organizationId} mode={mode} data={data.data} />
      ) : data.error ? (
        <FormStatus error={data.error} />
      ) : (
        <SkeletonText lines={3} />
      )}
    </section>
  );
}

function NotifyForm({
  formId,
  organizationId,
  mode,
  data,
}: {
  formId: string;
  organizationId: string;
  mode: NotifyMode;
  data: FormNotify;
}) {
  const { t } = useTranslation('forms');
  const save = useSaveNotify(formId, organizationId);
  const [chosen, setChosen] = useState<string[]>(data.chosen);
  const [notifyMode, setNotifyMode] = useState<NotifyMode>(mode);
  const toggle = (memberId: string, on: boolean) =>
    setChosen((previous) => (on ? [...previous, memberId] : previous.filter((id) => id !== memberId)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { mode: notifyMode, before: data.chosen, chosen },
      { onSuccess: () => notify({ message: t('settings.notify.saved'), tone: 'success' }) },
    );
  };

  return (
    <Form onSubmit={submit} aria-labelledby="form-notify-title" className={styles.blocks}>
      <NativeSelect
        label={t('settings.notify.mode')}
        hint={t(`settings.notify.modeHint.${notifyMode}`)}
        value={notifyMode}
        onChange={(event) => setNotifyMode(event.target.value as NotifyMode)}
        options={NOTIFY_MODES.map((value) => ({ value, label: t(`settings.notifyModes.${value}`) }))}
      />
      <fieldset className={styles.fieldset}>
        <legend>{t('settings.notify.members')}</legend>
        {data.members.length === 0 ? <p>{t('settings.notify.noMembers')}</p> : null}
        {data.members.map((member) => (
          <label key={member.member_id} className={styles.checkbox}>
            <input
              type="checkbox"
              checked={chosen.includes(member.member_id)}
              onChange={(event) => toggle(member.member_id, event.target.checked)}
            />
            <span>
              {member.name
                ? t('settings.notify.member', { name: member.name, email: member.email })
                : member.email}
            </span>
          </label>
        ))}
      </fieldset>
      <FormStatus error={save.error} />
      <div>
        <Button type="submit" loading={save.isPending}>
          {t('settings.notify.save')}
        </Button>
      </div>
    </Form>
  );
}
