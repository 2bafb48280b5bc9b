import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DateTimeField } from '@/components/date-time-field';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import { Textarea } from '@/components/textarea';
import type { FormDefinition } from '@/lib/forms/engine';
import { osloInstant, osloWallClock } from '@/lib/oslo-wall-clock';
import type { FormEditorData, FormSettings } from '../api/get-form';
import { useSaveFormSettings } from '../api/save-settings';
import { ConsentSettings } from './consent-settings';
import styles from './forms.module.css';
import { NotifySettings } from './notify-settings';
import { QuotaSettings } from './quota-settings';

const DISPLAY_MODES = ['classic', 'one_at_a_time'] as const;
const MAX_RESPONSES = 1_000_000;
const CLOSED_MESSAGE_MAX = 1000;

/**
 * «Innstillinger»: the form's own settings, the places per option, who is told of responses and the
 * consent texts, each part saved with its own button.
 */
export function SettingsSection({ data, definition }: { data: FormEditorData; definition: FormDefinition }) {
  const { t } = useTranslation('forms');
  const { id, organization_id: organizationId, notify_mode: notifyMode } = data.form;
  return (
    <div className={styles.blocks}>
      <h2 id="form-settings-title">{t('settings.title')}</h2>
      <GeneralSettings form={data.form} />
      <QuotaSettings formId={id} organizationId={organizationId} definition={definition} />
      <NotifySettings
        formId={id}
        organizationId={organizationId}
        mode={notifyMode === 'daily' ? 'daily' : 'each'}
      />
      <ConsentSettings data={data} />
    </div>
  );
}

/**
 * Limits (most responses, open and close as Oslo time, one per e-mail, the closed message), display
 * mode and the confirmation e-mail. Checked here with Norwegian messages and again by the table's
 * checks; a refusal keeps what was typed.
 */
function GeneralSettings({ form }: { form: FormSettings }) {
  const { t } = useTranslation('forms');
  const save = useSaveFormSettings(form.id);
  const [values, setValues] = useState({
    maxResponses: form.max_responses === null ? '' : String(form.max_responses),
    opensAt: form.opens_at ? osloWallClock(form.opens_at) : '',
    closesAt: form.closes_at ? osloWallClock(form.closes_at) : '',
    onePerEmail: form.one_per_email,
    closedMessage: form.closed_message ?? '',
    displayMode: form.display_mode,
    confirmationEmail: form.confirmation_email,
  });
  const [errors, setErrors] = useState<
    Partial<Record<'maxResponses' | 'closesAt' | 'closedMessage', string>>
  >({});
  const set = (patch: Partial<typeof values>) => setValues((previous) => ({ ...previous, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const max = values.maxResponses.trim() === '' ? null : Number(values.maxResponses.replace(/\s/g, ''));
    const next: typeof errors = {};
    if (max !== null && (!Number.isInteger(max) || max < 1 || max > MAX_RESPONSES))
      next.maxResponses = t('settings.invalidNumber');
    const opens = values.opensAt ? osloInstant(values.opensAt) : null;
    const closes = values.closesAt ? osloInstant(values.closesAt) : null;
    if (opens && closes && closes <= opens) next.closesAt = t('settings.closesBeforeOpens');
    if (values.closedMessage.length > CLOSED_MESSAGE_MAX)
      next.closedMessage = t('settings.closedMessageTooLong');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate(
      {
        max_responses: max,
        opens_at: opens?.toISOString() ?? null,
        closes_at: closes?.toISOString() ?? null,
        one_per_email: values.onePerEmail,
        closed_message: values.closedMessage.trim() === '' ? null : values.closedMessage,
        display_mode: values.displayMode,
        confirmation_email: values.confirmationEmail,
      },
      { onSuccess: () => notify({ message: t('settings.saved'), tone: 'success' }) },
    );
  };

  return (
    <Form onSubmit={submit} aria-labelledby="form-settings-title" className={styles.blocks}>
      <fieldset className={styles.fieldset}>
        <legend>{t('settings.limits')}</legend>
        <Input
          label={t('settings.maxResponses')}
          hint={t('settings.maxResponsesHint')}
          inputMode="numeric"
          value={values.maxResponses}
          error={errors.maxResponses}
          onChange={(event) => set({ maxResponses: event.target.value })}
        />
        <DateTimeField
          legend={t('settings.opensAt')}
          value={values.opensAt}
          onChange={(opensAt) => set({ opensAt })}
        />
        <DateTimeField
          legend={t('settings.closesAt')}
          value={values.closesAt}
          error={errors.closesAt}
          onChange={(closesAt) => set({ closesAt })}
        />
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={values.onePerEmail}
            onChange={(event) => set({ onePerEmail: event.target.checked })}
          />
          <span>{t('settings.onePerEmail')}</span>
        </label>
        <Textarea
          label={t('settings.closedMessage')}
          rows={3}
          value={values.closedMessage}
          error={errors.closedMessage}
          onChange={(event) => set({ closedMessage: event.target.value })}
        />
      </fieldset>
      <NativeSelect
        label={t('settings.display')}
        value={values.displayMode}
        onChange={(event) => set({ displayMode: event.target.value })}
        options={DISPLAY_MODES.map((mode) => ({ value: mode, label: t(`settings.displayModes.${mode}`) }))}
      />
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={values.confirmationEmail}
          onChange={(event) => set({ confirmationEmail: event.target.checked })}
        />
        <span>{t('settings.confirmationEmail')}</span>
      </label>
      <FormStatus error={save.error} />
      <div>
        <Button type="submit" loading={save.isPending}>
          {t('settings.save')}
        </Button>
      </div>
    </Form>
  );
}
