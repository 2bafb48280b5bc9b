import { useQuery } from '@tanstack/react-query';
import { Download, FileSpreadsheet, Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { Menu, MenuItem } from '@/components/menu';
import layout from '@/components/page.module.css';
import { SkeletonText } from '@/components/skeleton';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { osloDateKey } from '@/lib/format';
import { useDayRange } from '@/lib/use-day-range';
import { campaignChoicesQueryOptions } from '../api/get-campaigns';
import { cohortsQueryOptions, type CohortBasis } from '../api/get-cohorts';
import { customersQueryOptions, type CustomerRow } from '../api/get-customers';
import { marketplaceReturnQueryOptions } from '../api/get-marketplace-return';
import { reportQueryOptions } from '../api/get-report';
import type { ReportFilters as Filters } from '../api/report-params';
import { revenueImportsQueryOptions } from '../api/revenue-imports';
import { CohortsSection } from '../components/cohorts-section';
import { CustomersSection } from '../components/customers-section';
import { ImportDialog } from '../components/import-dialog';
import { ImportsList } from '../components/imports-list';
import { KeyFigures } from '../components/key-figures';
import styles from '../components/lifetime-value.module.css';
import { ReportFilters, type FilterValues } from '../components/report-filters';
import { ReportSection } from '../components/report-section';
import { RevenueEntryDialog } from '../components/revenue-entry-dialog';
import { TextTableView } from '../components/text-table-view';
import { downloadCsv, downloadXlsx, type ExportContent } from '../utils/export';
import {
  campaignsTable,
  cohortsTable,
  customersTable,
  marketplaceTable,
  sourcesTable,
  tableCells,
  type CohortView,
} from '../utils/report-tables';

const LtvChart = lazy(() => import('../components/ltv-chart'));

/**
 * /lifetimevalue: what the organization's customers are worth by where they came from — key figures,
 * sources, campaigns, cohorts, the marketplace's return and the customers, with the revenue imports.
 * Every figure comes from the database's report functions; the screen only formats them.
 */
export default function LifetimeValueDashboardPage() {
  const { t } = useTranslation('lifetime-value');
  const membership = useCurrentOrganization();
  const organizationId = membership?.organizationId ?? '';
  const canManage = membership?.role === 'owner' || membership?.role === 'admin';
  const [today] = useState(() => osloDateKey(new Date()));
  const { from, to, setFrom, setTo, range, backwards } = useDayRange(365);
  const [choices, setChoices] = useState<Omit<FilterValues, 'from' | 'to'>>({
    source: null,
    campaignId: null,
    includeVat: false,
    churnDays: 180,
  });
  const [cohortView, setCohortView] = useState<CohortView>('revenue');
  const [basis, setBasis] = useState<CohortBasis>('first_purchase');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [importing, setImporting] = useState(false);
  const [entryFor, setEntryFor] = useState<{ id: string; name: string } | null>(null);

  const filters: Filters = {
    organizationId,
    from: range.from,
    to: range.to,
    source: choices.source,
    campaignId: choices.campaignId,
    includeVat: choices.includeVat,
  };
  const enabled = organizationId !== '';
  const report = useQuery({ ...reportQueryOptions(filters, choices.churnDays), enabled });
  const cohorts = useQuery({
    ...cohortsQueryOptions(organizationId, range.from, range.to, basis, choices.includeVat),
    enabled,
  });
  const marketplace = useQuery({
    ...marketplaceReturnQueryOptions(organizationId, range.from, range.to, choices.includeVat),
    enabled,
  });
  const customers = useQuery({ ...customersQueryOptions(filters, search, offset), enabled });
  const campaigns = useQuery({ ...campaignChoicesQueryOptions(organizationId), enabled });
  const imports = useQuery({ ...revenueImportsQueryOptions(organizationId), enabled });

  // The tables as the screen shows them: the export writes the same texts.
  const sources = sourcesTable(t, report.data?.sources ?? []);
  const campaignTable = campaignsTable(t, report.data?.campaigns ?? []);
  const cohortTable = cohorts.data ? cohortsTable(t, cohorts.data.cohorts, cohortView) : null;
  const marketplaceRows = marketplaceTable(t, marketplace.data?.rows ?? []);
  const customerTable = customersTable(t, customers.data?.rows ?? []);

  const changeFilters = (patch: Partial<FilterValues>) => {
    if (patch.from !== undefined) setFrom(patch.from);
    if (patch.to !== undefined) setTo(patch.to);
    setChoices((current) => ({
      source: patch.source === undefined ? current.source : patch.source,
      campaignId: patch.campaignId === undefined ? current.campaignId : patch.campaignId,
      includeVat: patch.includeVat ?? current.includeVat,
      churnDays: patch.churnDays ?? current.churnDays,
    }));
    setOffset(0);
  };

  const exportContent = (): ExportContent => ({
    filters: [
      [t('filters.from'), range.from],
      [t('filters.to'), range.to],
      [t('filters.source'), choices.source ? t(`source.${choices.source}`) : t('filters.all')],
      [
        t('filters.campaign'),
        campaigns.data?.find((campaign) => campaign.id === choices.campaignId)?.name ?? t('filters.all'),
      ],
      [t('export.amounts'), choices.includeVat ? t('export.inclVat') : t('export.exclVat')],
      [t('filters.churn'), t('filters.days', { days: choices.churnDays })],
    ],
    tables: [
      tableCells(sources),
      tableCells(campaignTable),
      ...(cohortTable ? [tableCells(cohortTable)] : []),
      tableCells(marketplaceRows),
      tableCells(customerTable),
    ],
  });
  const fileName = `kundeverdi-${range.from}-${range.to}`;

  const addRevenue = (row: CustomerRow, name: string) => setEntryFor({ id: row.lead_id, name });

  return (
    <div className={layout.page}>
      <header className={layout.header}>
        <h1>{t('title')}</h1>
        <div className={layout.actions}>
          {canManage ? (
            <Button onClick={() => setImporting(true)}>
              <Upload size={16} aria-hidden="true" />
              {t('import.open')}
            </Button>
          ) : null}
          <Menu label={t('export.menu')} trigger="button">
            <MenuItem icon={<Download size={16} />} onSelect={() => downloadCsv(fileName, exportContent())}>
              {t('export.csv')}
            </MenuItem>
            <MenuItem
              icon={<FileSpreadsheet size={16} />}
              onSelect={() => void downloadXlsx(fileName, t('export.filtersSheet'), exportContent())}
            >
              {t('export.xlsx')}
            </MenuItem>
          </Menu>
        </div>
      </header>
      <p className={layout.muted}>{t('intro')}</p>

      <ReportFilters
        values={{ from, to, ...choices }}
        onChange={changeFilters}
        campaigns={campaigns.data ?? []}
        backwards={backwards}
      />
      {choices.includeVat ? null : <p className={styles.hint}>{t('netNote')}</p>}

      <FormStatus error={report.error} />
      {report.isPending ? <SkeletonText lines={6} /> : null}
      {report.data ? <KeyFigures report={report.data} churnDays={choices.churnDays} /> : null}

      <ReportSection title={t('sources.title')} intro={t('sources.intro')}>
        {report.data && report.data.sources.length > 0 ? (
          <figure className={styles.figure}>
            <Suspense fallback={<SkeletonText lines={3} />}>
              <LtvChart
                bars={report.data.sources.map((row) => ({
                  label: t(`source.${row.source}`),
                  value: row.ltv_ore,
                  low: row.ltv_low_ore,
                  high: row.ltv_high_ore,
                }))}
              />
            </Suspense>
            <figcaption className={styles.hint}>{t('sources.chartCaption')}</figcaption>
          </figure>
        ) : null}
        <TextTableView
          table={sources}
          rowKey={(row) => row.source}
          empty={t('sources.empty')}
          loadingRows={report.isPending ? 3 : undefined}
        />
      </ReportSection>

      <ReportSection title={t('campaigns.title')}>
        <TextTableView
          table={campaignTable}
          rowKey={(row) => row.campaign_id}
          empty={t('campaigns.empty')}
          loadingRows={report.isPending ? 3 : undefined}
        />
      </ReportSection>

      <CohortsSection
        cohorts={cohorts}
        table={cohortTable}
        view={cohortView}
        onViewChange={setCohortView}
        basis={basis}
        onBasisChange={setBasis}
      />

      <ReportSection title={t('marketplace.title')} intro={t('marketplace.intro')}>
        <FormStatus error={marketplace.error} />
        <TextTableView
          table={marketplaceRows}
          rowKey={(row) => `${row.marketplace_id}:${row.category ?? ''}`}
          empty={t('marketplace.empty')}
          loadingRows={marketplace.isPending ? 2 : undefined}
        />
      </ReportSection>

      <CustomersSection
        customers={customers}
        table={customerTable}
        offset={offset}
        onOffsetChange={setOffset}
        onSearch={(text) => {
          setSearch(text);
          setOffset(0);
        }}
        onAddRevenue={canManage ? addRevenue : null}
      />

      <ReportSection title={t('imports.title')}>
        <FormStatus error={imports.error} />
        <ImportsList imports={imports} canManage={canManage} />
      </ReportSection>

      {canManage ? (
        <>
          <ImportDialog
            organizationId={organizationId}
            today={today}
            open={importing}
            onOpenChange={setImporting}
          />
          <RevenueEntryDialog lead={entryFor} today={today} onClose={() => setEntryFor(null)} />
        </>
      ) : null}
    </div>
  );
}
