import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import editor from '@/components/editor.module.css';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { Textarea } from '@/components/textarea';
import { paths } from '@/lib/paths';
import { sellerReadyQueryOptions } from '../../api/get-seller-ready';
import { useSaveService, type SolutionRef } from '../../api/save-setup';
import type { BookingService } from '../../api/types';
import {
  emptyServiceForm,
  serviceFieldOfRefusal,
  serviceFormOf,
  validateServiceForm,
  type ServiceField,
  type ServiceFormErrors,
  type ServiceFormValues,
} from '../../utils/service-form';
import { QuestionFormField } from './question-form-field';

type ServiceDialogProps = {
  solution: SolutionRef;
  /** The service to change, or null for «Ny tjeneste». */
  service: BookingService | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** «Ny tjeneste» or a service's changes: mounted per opening, so it starts from the service. */
export function ServiceDialog({ solution, service, open, onOpenChange }: ServiceDialogProps) {
  const { t } = useTranslation('booking');
  const title = service
    ? t('setup.service.editTitle', { name: service.name })
    : t('setup.service.createTitle');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} wide>
      {open ? (
        <ServiceForm solution={solution} service={service} title={title} onDone={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}

const NUMBER_FIELDS = [
  ['durationMinutes', 'bufferBeforeMinutes', 'bufferAfterMinutes'],
  ['noticeHours', 'windowDays', 'seats'],
  ['dailyLimit', 'weeklyLimit'],
] as const;

export function ServiceForm({
  solution,
  service,
  title,
  onDone,
}: {
  solution: SolutionRef;
  service: BookingService | null;
  title: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('booking');
  const save = useSaveService(solution);
  const onlineNoteId = useId();
  // Paying online needs a seller account that takes cards (the database checks it too).
  const sellerReady = useQuery(sellerReadyQueryOptions(solution.organizationId)).data === true;
  const onlineAllowed = sellerReady || service?.payment === 'online';
  const [values, setValues] = useState<ServiceFormValues>(() =>
    service ? serviceFormOf(service) : emptyServiceForm(),
  );
  const [formId, setFormId] = useState(service?.form_id ?? '');
  const [errors, setErrors] = useState<ServiceFormErrors>({});
  const [refused, setRefused] = useState<ServiceField | null>(null);
  const set = (field: ServiceField, value: string) =>
    setValues((previous) => ({ ...previous, [field]: value }));
  const errorOf = (field: ServiceField) => {
    const key = errors[field];
    if (key) return t(`setup.service.errors.${key as 'nameRequired'}`);
    return refused === field ? t('setup.service.errors.refused') : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateServiceForm(values);
    setErrors(checked.errors);
    setRefused(null);
    const input = checked.input;
    if (!input) return;
    save.mutate(
      { id: service?.id ?? null, fields: { ...input, form_id: formId || null } },
      {
        onSuccess: () => {
          notify({
            message: t(service ? 'setup.service.saved' : 'setup.service.created', { name: input.name }),
            tone: 'success',
          });
          onDone();
        },
        onError: (error) => setRefused(serviceFieldOfRefusal(error)),
      },
    );
  };

  return (
    <Form onSubmit={submit} aria-label={title}>
      <Input
        label={t('setup.service.name')}
        value={values.name}
        onChange={(event) => set('name', event.target.value)}
        error={errorOf('name')}
        autoComplete="off"
      />
      <Textarea
        label={t('setup.service.description')}
        rows={2}
        value={values.description}
        onChange={(event) => set('description', event.target.value)}
        error={errorOf('description')}
      />
      {NUMBER_FIELDS.map((row) => (
        <div key={row.join()} className={layout.grid}>
          {row.map((field) => (
            <Input
              key={field}
              label={t(`setup.service.${field}`)}
              hint={t(`setup.service.hints.${field}`)}
              value={values[field]}
              inputMode="numeric"
              autoComplete="off"
              onChange={(event) => set(field, event.target.value)}
              error={errorOf(field)}
            />
          ))}
        </div>
      ))}
      <Input
        label={t('setup.service.price')}
        hint={t('setup.service.hints.price')}
        value={values.price}
        inputMode="decimal"
        autoComplete="off"
        onChange={(event) => set('price', event.target.value)}
        error={errorOf('price')}
      />
      <fieldset className={editor.fieldset}>
        <legend>{t('setup.service.payment')}</legend>
        <label className={editor.checkbox}>
          <input
            type="radio"
            name="payment"
            value="on_site"
            checked={values.payment === 'on_site'}
            onChange={() => set('payment', 'on_site')}
          />
          <span>{t('setup.service.onSite')}</span>
        </label>
        <label className={editor.checkbox}>
          <input
            type="radio"
            name="payment"
            value="online"
            checked={values.payment === 'online'}
            disabled={!onlineAllowed}
            onChange={() => set('payment', 'online')}
            aria-describedby={onlineNoteId}
          />
          <span>{t('setup.service.online')}</span>
        </label>
        <p id={onlineNoteId} className={layout.muted}>
          {onlineAllowed ? t('setup.service.onlineReady') : t('setup.service.onlineDisabled')}
        </p>
        {onlineAllowed ? null : <Link to={paths.payments}>{t('setup.service.setUpPayments')}</Link>}
      </fieldset>
      <QuestionFormField organizationId={solution.organizationId} value={formId} onChange={setFormId} />
      <FormStatus error={refused ? null : save.error} />
      <div className={layout.actions}>
        <Button type="submit" loading={save.isPending}>
          {service ? t('setup.service.save') : t('setup.service.create')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('setup.cancel')}
        </Button>
      </div>
    </Form>
  );
}
