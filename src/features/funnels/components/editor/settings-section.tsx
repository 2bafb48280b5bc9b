import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import type { FunnelEditorData } from '../../api/get-funnel';
import { useSaveFunnelSettings } from '../../api/save-funnel';

const NAME_MAX = 120;

/** The funnel's name and its offer window (how long a one-click offer may be accepted after a payment). */
export function SettingsSection({ data }: { data: FunnelEditorData }) {
  const { t } = useTranslation('funnels');
  const save = useSaveFunnelSettings(data.id);
  const [name, setName] = useState(data.name);
  const [minutes, setMinutes] = useState(String(data.offerMinutes));
  const [errors, setErrors] = useState<{ name?: string; minutes?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const offerMinutes = /^\d{1,2}$/.test(minutes.trim()) ? Number(minutes) : NaN;
    const found = {
      name: !trimmed
        ? t('list.create.nameRequired')
        : trimmed.length > NAME_MAX
          ? t('list.create.nameTooLong', { max: NAME_MAX })
          : undefined,
      minutes: offerMinutes >= 1 && offerMinutes <= 60 ? undefined : t('editor.settings.offerMinutesInvalid'),
    };
    setErrors(found);
    if (found.name || found.minutes) return;
    save.mutate(
      { name: trimmed, offerMinutes },
      { onSuccess: () => notify({ message: t('editor.settings.saved'), tone: 'success' }) },
    );
  };

  return (
    <Form onSubmit={submit} aria-label={t('editor.settings.title')} className={layout.form}>
      <Input
        label={t('editor.settings.name')}
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <Input
        label={t('editor.settings.offerMinutes')}
        hint={t('editor.settings.offerMinutesHint')}
        inputMode="numeric"
        value={minutes}
        error={errors.minutes}
        onChange={(event) => setMinutes(event.target.value)}
      />
      <FormStatus error={save.error} />
      <div className={layout.actions}>
        <Button type="submit" loading={save.isPending}>
          {t('editor.settings.save')}
        </Button>
      </div>
    </Form>
  );
}
