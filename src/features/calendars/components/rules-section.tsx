import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { CampaignTextsFields } from '@/components/campaign-texts-fields';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { organizerQueryOptions } from '@/lib/campaign/api/get-organizer';
import { campaignTextsPatch } from '@/lib/campaign/texts-patch';
import { formatDate, formatMoney } from '@/lib/format';
import { useKeepFocus } from '@/lib/use-keep-focus';
import type { CalendarEditorData } from '../api/get-calendar';
import { useUpdateCalendar } from '../api/update-calendar';
import { fillRulesTemplate } from '../utils/fill-rules-template';
import styles from './calendars.module.css';

/**
 * The consent text (required to publish), the optional marketing consent, the rules with «Bruk mal»,
 * and «krever kjøp» with the lottery-law guard explained before saving. The server's own refusal
 * (calendar-lottery-refused) is shown in Norwegian through the error catalogue.
 */
export function RulesSection({ data }: { data: CalendarEditorData }) {
  const { t } = useTranslation('calendars');
  const { calendar, prizes, doors } = data;
  const organizer = useQuery(organizerQueryOptions(calendar.organization_id)).data;
  const [consent, setConsent] = useState(calendar.consent_text ?? '');
  const [marketing, setMarketing] = useState(calendar.marketing_consent_text ?? '');
  const [rules, setRules] = useState(calendar.rules_text ?? '');
  const [requiresPurchase, setRequiresPurchase] = useState(calendar.requires_purchase);
  const [consentError, setConsentError] = useState<string | undefined>();
  const update = useUpdateCalendar(calendar.id, calendar.organization_id);
  const saveButton = useKeepFocus(update.isPending);
  const chancePrizes = prizes.filter((prize) => prize.drawn_by_chance);
  const dayOf = new Map(doors.map((door) => [door.id, door.day_number]));
  const organizationName = organizer?.name ?? '';

  const applyTemplate = async () => {
    if (
      rules.trim() &&
      !(await confirm({ title: t('rules.templateConfirm'), confirmLabel: t('rules.useTemplate') }))
    )
      return;
    const prizeLines = prizes
      .map((prize) => {
        const where = prize.item_id
          ? t('prizes.forDoor', { day: dayOf.get(prize.item_id) ?? '?' })
          : t('prizes.grand');
        const value = prize.value_ore === null ? '' : ` (verdi ${formatMoney(prize.value_ore)})`;
        return `- ${where}: ${prize.name}${value}`;
      })
      .join('\n');
    setRules(
      fillRulesTemplate({
        calendar: calendar.name,
        organization: organizationName,
        organizationNumber: organizer?.organizationNumber ?? '',
        contactEmail: organizer?.contactEmail ?? '',
        startDate: formatDate(`${calendar.starts_on}T12:00:00Z`),
        endDate: formatDate(`${calendar.ends_on}T12:00:00Z`),
        doorTime: calendar.door_time.slice(0, 5),
        prizes: prizeLines,
      }),
    );
    notify({ message: t('rules.templateFilled'), tone: 'info' });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (calendar.published_at && !consent.trim()) {
      setConsentError(t('rules.errors.consentRequiredPublished'));
      document.getElementById('consent-text')?.focus();
      return;
    }
    setConsentError(undefined);
    update.mutate(
      {
        ...campaignTextsPatch({ consent, marketing, rules }),
        requires_purchase: requiresPurchase,
      },
      { onSuccess: () => notify({ message: t('editor.saved'), tone: 'success' }) },
    );
  };

  return (
    <form className={layout.form} onSubmit={submit} noValidate>
      <CampaignTextsFields
        values={{ consent, marketing, rules }}
        onChange={(next) => {
          setConsent(next.consent);
          setMarketing(next.marketing);
          setRules(next.rules);
        }}
        consentError={consentError}
        onSuggestConsent={() => setConsent(t('rules.consentDefault', { organization: organizationName }))}
        onUseTemplate={() => void applyTemplate()}
        labels={{
          consentText: t('rules.consentText'),
          consentHint: t('rules.consentHint'),
          consentSuggest: t('rules.consentSuggest'),
          marketingText: t('rules.marketingText'),
          marketingHint: t('rules.marketingHint'),
          rulesText: t('rules.rulesText'),
          useTemplate: t('rules.useTemplate'),
        }}
      />
      <fieldset className={styles.fieldset}>
        <legend>{t('rules.requiresPurchase')}</legend>
        <p className={layout.muted} id="lottery-explain">
          {t('rules.lotteryExplain')}
        </p>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={requiresPurchase}
            aria-describedby="lottery-explain"
            onChange={(event) => setRequiresPurchase(event.target.checked)}
          />
          {t('rules.requiresPurchase')}
        </label>
        {requiresPurchase && chancePrizes.length > 0 ? (
          <p className={styles.warning} role="alert">
            {t('rules.lotteryConflict', { prizes: chancePrizes.map((prize) => prize.name).join(', ') })}
          </p>
        ) : null}
      </fieldset>
      <FormStatus error={update.error} />
      <div className={layout.actions}>
        <Button ref={saveButton} type="submit" loading={update.isPending}>
          {t('rules.save')}
        </Button>
      </div>
    </form>
  );
}
