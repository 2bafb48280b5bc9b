import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { Textarea } from '@/components/textarea';
import { oreToKroner, parseKronerToOre } from '@/lib/kroner';
import { isValidEmail, splitEmails } from '@/lib/validation/email';
import { useSaveLeadsConfig } from '../api/save-leads-config';
import { LEAD_EVENTS, MAX_RECIPIENTS } from '../constants';
import type { LeadEvent, LeadsConfig } from '../types';
import { parseWhole } from '../utils/form-values';
import styles from './leads.module.css';

/** The organization's lead settings: e-mail notifications (who, for what) and default prices. */
type Values = {
  sendToEmail: boolean;
  recipients: string;
  events: LeadEvent[];
  priceTickets: string;
  priceCredits: string;
  priceNok: string;
};
type Errors = Partial<Record<'recipients' | 'priceTickets' | 'priceCredits' | 'priceNok', string>>;

const EVENT_LABELS = {
  new_lead: 'settings.eventsNew',
  lead_bought: 'settings.eventsBought',
  listing_sold: 'settings.eventsSold',
} as const;

export function ConfigForm({
  organizationId,
  config,
  disabled,
}: {
  organizationId: string;
  config: LeadsConfig;
  disabled: boolean;
}) {
  const { t } = useTranslation('leads');
  const [values, setValues] = useState<Values>({
    sendToEmail: config.sendToEmail,
    recipients: config.recipients.join('\n'),
    events: config.events,
    priceTickets: config.defaultPriceTickets === null ? '' : String(config.defaultPriceTickets),
    priceCredits: config.defaultPriceCredits === null ? '' : String(config.defaultPriceCredits),
    priceNok: config.defaultPriceOre === null ? '' : oreToKroner(config.defaultPriceOre),
  });
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveLeadsConfig(organizationId, () =>
    notify({ message: t('settings.saved'), tone: 'success' }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: Errors = {};
    const recipients = splitEmails(values.recipients);
    const invalid = recipients.filter((email) => !isValidEmail(email));
    if (invalid.length > 0) next.recipients = t('settings.recipientsInvalid', { emails: invalid.join(', ') });
    else if (recipients.length > MAX_RECIPIENTS) next.recipients = t('settings.recipientsTooMany');
    else if (values.sendToEmail && recipients.length === 0)
      next.recipients = t('settings.recipientsRequired');
    const optionalWhole = (value: string) => (value.trim() === '' ? null : parseWhole(value, 0, 1_000_000));
    const tickets = optionalWhole(values.priceTickets);
    const credits = optionalWhole(values.priceCredits);
    const ore = values.priceNok.trim() === '' ? null : parseKronerToOre(values.priceNok);
    if (values.priceTickets.trim() !== '' && tickets === null)
      next.priceTickets = t('advertise.priceInvalid');
    if (values.priceCredits.trim() !== '' && credits === null)
      next.priceCredits = t('advertise.priceInvalid');
    if (values.priceNok.trim() !== '' && ore === null) next.priceNok = t('advertise.nokInvalid');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate({
      organizationId,
      config: {
        sendToEmail: values.sendToEmail,
        recipients,
        events: LEAD_EVENTS.filter((item) => values.events.includes(item)),
        defaultPriceTickets: tickets,
        defaultPriceCredits: credits,
        defaultPriceOre: ore,
      },
    });
  }

  const text = (key: 'recipients' | 'priceTickets' | 'priceCredits' | 'priceNok') => ({
    name: key,
    value: values[key],
    disabled,
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [key]: event.target.value })),
    error: errors[key],
  });

  return (
    <form className={layout.form} onSubmit={submit} noValidate>
      <section className={`${layout.section} ${styles.section}`} aria-labelledby="settings-email">
        <h2 id="settings-email">{t('settings.emailHeading')}</h2>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            name="sendToEmail"
            checked={values.sendToEmail}
            disabled={disabled}
            onChange={(event) => setValues((current) => ({ ...current, sendToEmail: event.target.checked }))}
          />
          {t('settings.sendToEmail')}
        </label>
        <Textarea
          label={t('settings.recipients')}
          hint={t('settings.recipientsHint')}
          rows={4}
          {...text('recipients')}
        />
        <fieldset className={styles.checkboxes} disabled={disabled}>
          <legend>{t('settings.events')}</legend>
          {LEAD_EVENTS.map((item) => (
            <label key={item} className={styles.checkbox}>
              <input
                type="checkbox"
                name="events"
                value={item}
                checked={values.events.includes(item)}
                onChange={(event) =>
                  setValues((current) => ({
                    ...current,
                    events: event.target.checked
                      ? [...current.events, item]
                      : current.events.filter((existing) => existing !== item),
                  }))
                }
              />
              {t(EVENT_LABELS[item])}
            </label>
          ))}
        </fieldset>
      </section>
      <section className={`${layout.section} ${styles.section}`} aria-labelledby="settings-prices">
        <h2 id="settings-prices">{t('settings.pricesHeading')}</h2>
        <p className={layout.muted}>{t('settings.pricesHint')}</p>
        <div className={layout.grid}>
          <Input label={t('advertise.priceTickets')} inputMode="numeric" {...text('priceTickets')} />
          <Input label={t('advertise.priceCredits')} inputMode="numeric" {...text('priceCredits')} />
          <Input label={t('advertise.priceNok')} inputMode="decimal" {...text('priceNok')} />
        </div>
      </section>
      <FormStatus error={save.error} />
      {disabled ? null : (
        <div className={layout.actions}>
          <Button type="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
