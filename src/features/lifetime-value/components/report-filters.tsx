import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/date-field';
import editor from '@/components/editor.module.css';
import { FilterBar } from '@/components/filter-bar';
import { FormStatus } from '@/components/form-status';
import { NativeSelect } from '@/components/native-select';
import { Constants } from '@/lib/database.types';
import type { CampaignChoice } from '../api/get-campaigns';
import { CHURN_WINDOWS, type LeadSource } from '../api/report-params';
import styles from './lifetime-value.module.css';

export type FilterValues = {
  from: string;
  to: string;
  source: LeadSource | null;
  campaignId: string | null;
  includeVat: boolean;
  churnDays: number;
};

type ReportFiltersProps = {
  values: FilterValues;
  onChange: (patch: Partial<FilterValues>) => void;
  campaigns: readonly CampaignChoice[];
  /** The typed range ends before it starts: the figures keep the last range that reads. */
  backwards: boolean;
};

const isSource = (value: string): value is LeadSource =>
  (Constants.public.Enums.lead_source as readonly string[]).includes(value);

/** The period (Oslo days), first-touch source and campaign, MVA and churn window; each applies at once. */
export function ReportFilters({ values, onChange, campaigns, backwards }: ReportFiltersProps) {
  const { t } = useTranslation('lifetime-value');
  const active =
    Number(values.source !== null) + Number(values.campaignId !== null) + Number(values.includeVat);
  return (
    <form
      className={styles.filters}
      onSubmit={(event) => event.preventDefault()}
      aria-label={t('filters.label')}
    >
      <FilterBar activeCount={active} toggleLabel={t('filters.toggle')} invalid={backwards}>
        <DateField
          label={t('filters.from')}
          value={values.from}
          onChange={(from) => onChange({ from })}
          max={values.to || undefined}
        />
        <DateField
          label={t('filters.to')}
          value={values.to}
          onChange={(to) => onChange({ to })}
          min={values.from || undefined}
        />
        <NativeSelect
          label={t('filters.source')}
          value={values.source ?? ''}
          onChange={(event) => onChange({ source: isSource(event.target.value) ? event.target.value : null })}
          options={[
            { value: '', label: t('filters.all') },
            ...Constants.public.Enums.lead_source.map((source) => ({
              value: source,
              label: t(`source.${source}`),
            })),
          ]}
        />
        <NativeSelect
          label={t('filters.campaign')}
          value={values.campaignId ?? ''}
          onChange={(event) => onChange({ campaignId: event.target.value || null })}
          options={[
            { value: '', label: t('filters.all') },
            ...campaigns.map((campaign) => ({ value: campaign.id, label: campaign.name })),
          ]}
        />
        <NativeSelect
          label={t('filters.churn')}
          value={String(values.churnDays)}
          onChange={(event) => onChange({ churnDays: Number(event.target.value) })}
          options={CHURN_WINDOWS.map((days) => ({ value: String(days), label: t('filters.days', { days }) }))}
        />
        <label className={editor.checkbox}>
          <input
            type="checkbox"
            checked={values.includeVat}
            onChange={(event) => onChange({ includeVat: event.target.checked })}
          />
          {t('filters.includeVat')}
        </label>
      </FilterBar>
      {backwards ? <FormStatus tone="info">{t('filters.backwards')}</FormStatus> : null}
    </form>
  );
}
