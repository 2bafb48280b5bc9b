import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { Textarea } from '@/components/textarea';
import { AppError } from '@/lib/errors';
import { addDays, nextDateKey, osloDateKey, osloDayStart } from '@/lib/format';
import { oreToKroner, parseKronerToOre } from '@/lib/kroner';
import { areasQueryOptions } from '@/lib/listings/api/get-areas';
import { categoriesQueryOptions } from '@/lib/listings/api/get-categories';
import { matchListEntry } from '@/lib/listings/match-list-entry';
import { useAdvertiseLead } from '../api/advertise-lead';
import type { OrganizationMarketplace } from '../api/get-organization-marketplaces';
import type { Lead, LeadsConfig } from '../types';
import { containsContactDetails, parseWhole } from '../utils/form-values';
import styles from './leads.module.css';

type Values = {
  marketplaceId: string;
  title: string;
  description: string;
  /** null until the seller chooses: then the list entry the lead's own text names. */
  category: string | null;
  area: string | null;
  priceTickets: string;
  priceCredits: string;
  priceNok: string;
  maxBuyers: string;
  expires: string;
};
type Errors = Partial<Record<keyof Values | 'prices' | 'consent', string>>;

const MAX_PRICE = 1_000_000;
const MAX_BUYERS = 100;

/**
 * Lists the lead on one of the organization's marketplaces: teaser only, prices, buyers, expiry.
 * `maxBuyersLimit`: the buyers a shared lead may still get (supply.ts); the field starts there.
 */
export function AdvertiseForm({
  lead,
  marketplaces,
  config,
  maxBuyersLimit,
  intro,
}: {
  lead: Lead;
  marketplaces: readonly OrganizationMarketplace[];
  config: LeadsConfig | undefined;
  maxBuyersLimit?: number;
  /** Shown under the heading (what earlier sales left). */
  intro?: ReactNode;
}) {
  const { t } = useTranslation('leads');
  const pricesId = useId();
  const [today] = useState(() => osloDateKey(Date.now()));
  const first = marketplaces[0];
  const [values, setValues] = useState<Values>({
    marketplaceId: first?.id ?? '',
    title: '',
    description: '',
    category: null,
    area: null,
    priceTickets: String(config?.defaultPriceTickets ?? first?.defaultPriceTickets ?? 1),
    priceCredits: String(config?.defaultPriceCredits ?? first?.defaultPriceCredits ?? 0),
    priceNok: oreToKroner(config?.defaultPriceOre ?? first?.defaultPriceOre ?? 0),
    maxBuyers: String(maxBuyersLimit === undefined ? 1 : Math.min(maxBuyersLimit, MAX_BUYERS)),
    expires: addDays(today, 30),
  });
  const [errors, setErrors] = useState<Errors>({});
  const [paused, setPaused] = useState(false);
  // A lead without consent to be shared needs the seller's confirmation (stored on the listing).
  const [consentConfirmed, setConsentConfirmed] = useState(false);
  // Category and area from the lists the database holds listings to; the lead's free text picks the
  // matching entry («rørlegger» → «Rørlegger») until the seller chooses.
  const categoryList = useQuery(categoriesQueryOptions(values.marketplaceId));
  const areaList = useQuery(areasQueryOptions());
  const categories = categoryList.data ?? [];
  const areas = areaList.data ?? [];
  // Until both lists are here the lead's own category and area cannot be matched, so a submit then
  // would advertise without them: the button waits (it shows a spinner) instead.
  const listsLoading = categoryList.isPending || areaList.isPending;
  const category = values.category ?? matchListEntry(categories, lead.category);
  const area = values.area ?? matchListEntry(areas, lead.area);
  // A listing takes at most 100 buyers, whatever earlier sales left.
  const maxBuyers = Math.min(maxBuyersLimit ?? MAX_BUYERS, MAX_BUYERS);

  const advertise = useAdvertiseLead(lead.id, (input) => {
    notify({ message: t(input.paused ? 'advertise.savedPaused' : 'advertise.advertised'), tone: 'success' });
    setValues((current) => ({ ...current, title: '', description: '' }));
  });

  // The warning shows while typing; submitting with it is refused.
  const teaserHasContact = containsContactDetails(`${values.title}\n${values.description}`);

  function validate(): Errors {
    const next: Errors = {};
    if (!marketplaces.some((marketplace) => marketplace.id === values.marketplaceId)) {
      next.marketplaceId = t('advertise.marketplaceRequired');
    }
    const title = values.title.trim();
    if (title.length < 3 || title.length > 120) next.title = t('advertise.titleInvalid');
    if (values.description.length > 2000) next.description = t('advertise.descriptionInvalid');
    if (teaserHasContact) {
      next[containsContactDetails(values.title) ? 'title' : 'description'] = t('advertise.contactInTeaser');
    }
    const tickets = parseWhole(values.priceTickets, 0, MAX_PRICE);
    const credits = parseWhole(values.priceCredits, 0, MAX_PRICE);
    const ore = parseKronerToOre(values.priceNok);
    if (tickets === null) next.priceTickets = t('advertise.priceInvalid');
    if (credits === null) next.priceCredits = t('advertise.priceInvalid');
    if (ore === null) next.priceNok = t('advertise.nokInvalid');
    if (tickets === 0 && credits === 0 && ore === 0) next.prices = t('advertise.priceRequired');
    if (parseWhole(values.maxBuyers, 1, maxBuyers) === null) {
      next.maxBuyers = t('advertise.maxBuyersInvalid', { max: maxBuyers });
    }
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(values.expires) ||
      values.expires <= today ||
      values.expires > addDays(today, 366)
    ) {
      next.expires = t('advertise.expiresInvalid');
    }
    if (!lead.consent && !consentConfirmed) next.consent = t('advertise.consentRequired');
    return next;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = validate();
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    advertise.mutate({
      leadId: lead.id,
      organizationId: lead.organization_id,
      marketplaceId: values.marketplaceId,
      title: values.title.trim(),
      description: values.description.trim(),
      // A category of another marketplace (chosen before switching) is not sent.
      category: categories.includes(category) ? category : '',
      area,
      priceTickets: parseWhole(values.priceTickets, 0, MAX_PRICE) ?? 0,
      priceCredits: parseWhole(values.priceCredits, 0, MAX_PRICE) ?? 0,
      priceOre: parseKronerToOre(values.priceNok) ?? 0,
      maxBuyers: parseWhole(values.maxBuyers, 1, maxBuyers) ?? 1,
      // Expires when the chosen Oslo day ends.
      expiresAt: osloDayStart(nextDateKey(values.expires)).toISOString(),
      paused,
      consentConfirmed: !lead.consent && consentConfirmed,
    });
  }

  const field = (key: Exclude<keyof Values, 'category' | 'area'>) => ({
    name: key,
    value: values[key],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [key]: event.target.value })),
    error: errors[key],
  });

  return (
    <form className={layout.form} onSubmit={submit} noValidate aria-labelledby={`${pricesId}-heading`}>
      <h2 id={`${pricesId}-heading`}>{t('advertise.heading')}</h2>
      {intro}
      <NativeSelect
        label={t('advertise.marketplace')}
        options={marketplaces.map((marketplace) => ({ value: marketplace.id, label: marketplace.name }))}
        {...field('marketplaceId')}
      />
      <Input label={t('advertise.title')} hint={t('advertise.titleHint')} required {...field('title')} />
      <Textarea label={t('advertise.description')} rows={4} {...field('description')} />
      {teaserHasContact ? (
        <p className={styles.warning} role="status">
          {t('advertise.contactInTeaser')}
        </p>
      ) : null}
      <div className={layout.grid}>
        <NativeSelect
          label={t('advertise.category')}
          name="category"
          value={categories.includes(category) ? category : ''}
          onChange={(event) => setValues((current) => ({ ...current, category: event.target.value }))}
          options={[
            { value: '', label: t('advertise.notChosen') },
            ...categories.map((value) => ({ value, label: value })),
          ]}
        />
        <NativeSelect
          label={t('advertise.area')}
          name="area"
          value={area}
          onChange={(event) => setValues((current) => ({ ...current, area: event.target.value }))}
          options={[
            { value: '', label: t('advertise.notChosen') },
            ...areas.map((value) => ({ value, label: value })),
          ]}
        />
      </div>
      <div className={layout.grid}>
        <Input label={t('advertise.priceTickets')} inputMode="numeric" {...field('priceTickets')} />
        <Input label={t('advertise.priceCredits')} inputMode="numeric" {...field('priceCredits')} />
        <Input label={t('advertise.priceNok')} inputMode="decimal" {...field('priceNok')} />
      </div>
      {errors.prices ? (
        <FormStatus id={pricesId} tone="error">
          {errors.prices}
        </FormStatus>
      ) : null}
      <div className={layout.grid}>
        <Input
          label={t('advertise.maxBuyers')}
          hint={
            maxBuyersLimit === undefined
              ? t('advertise.maxBuyersHint')
              : t('advertise.maxBuyersRemainingHint', { count: maxBuyers })
          }
          inputMode="numeric"
          {...field('maxBuyers')}
        />
        <DateField
          label={t('advertise.expires')}
          name="expires"
          min={nextDateKey(today)}
          max={addDays(today, 366)}
          value={values.expires}
          onChange={(expires) => setValues((current) => ({ ...current, expires }))}
          error={errors.expires}
        />
      </div>
      {lead.consent ? null : (
        <div className={styles.consent}>
          <p className={styles.notice}>{t('advertise.consentMissing')}</p>
          <div className={styles.checkbox}>
            <input
              id={`${pricesId}-consent`}
              type="checkbox"
              name="consentConfirmed"
              checked={consentConfirmed}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? `${pricesId}-consent-error` : undefined}
              onChange={(event) => setConsentConfirmed(event.target.checked)}
            />
            <label htmlFor={`${pricesId}-consent`}>{t('advertise.consentConfirm')}</label>
          </div>
          {errors.consent ? (
            <p id={`${pricesId}-consent-error`} className={styles.formError}>
              {errors.consent}
            </p>
          ) : null}
        </div>
      )}
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          name="paused"
          checked={paused}
          onChange={(event) => setPaused(event.target.checked)}
        />
        {t('advertise.paused')}
      </label>
      {advertise.error ? (
        <FormStatus error={advertise.error}>
          {advertise.error instanceof AppError && advertise.error.code === 'already-exists'
            ? t('advertise.alreadyListed')
            : undefined}
        </FormStatus>
      ) : null}
      <div className={layout.actions}>
        <Button type="submit" loading={advertise.isPending || listsLoading}>
          {t(paused ? 'advertise.submitPaused' : 'advertise.submit')}
        </Button>
      </div>
    </form>
  );
}
