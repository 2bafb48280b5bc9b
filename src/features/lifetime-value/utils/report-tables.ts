import type { TFunction } from 'i18next';
import { formatDate, formatMonth, formatNumber, osloDayStart } from '@/lib/format';
import { formatRate } from '@/lib/format-rate';
import type { Cohort } from '../api/get-cohorts';
import type { CustomerRow } from '../api/get-customers';
import type { MarketplaceRow } from '../api/get-marketplace-return';
import type { CampaignRow, SourceRow } from '../api/get-report';

type T = TFunction<'lifetime-value'>;

/** Whole kroner from øre, «12 340 kr»: the figures are averages, øre would be noise. */
export const kroner = (ore: number | null) =>
  ore === null ? '–' : `${formatNumber(Math.round(ore / 100))} kr`;

/** «9 800–14 900 kr», or a dash where the method gives no interval. */
export const interval = (low: number | null, high: number | null) =>
  low === null || high === null
    ? '–'
    : `${formatNumber(Math.round(low / 100))}–${formatNumber(Math.round(high / 100))} kr`;

/** «mars 2026» from «2026-03». */
export const monthText = (month: string) => formatMonth(osloDayStart(`${month}-01`));

const dateText = (key: string | null) => (key ? formatDate(osloDayStart(key)) : '–');

/**
 * A column as the screen shows it and the export writes it: one text per cell, so the file holds
 * exactly what the table says. `mark` is the small-sample column, which the screen draws as a badge.
 */
export type TextColumn<Row> = {
  key: string;
  header: string;
  text: (row: Row) => string;
  align?: 'end';
  mark?: true;
};

export type TextTable<Row> = { title: string; columns: TextColumn<Row>[]; rows: readonly Row[] };

const sampleColumn = <Row extends { small_sample: boolean }>(t: T): TextColumn<Row> => ({
  key: 'sample',
  header: t('sample.header'),
  text: (row) => (row.small_sample ? t('sample.mark') : ''),
  mark: true,
});

type LtvFigures = {
  customers: number;
  ltv_ore: number;
  ltv_low_ore: number | null;
  ltv_high_ore: number | null;
};

/** Customers, mean LTV and its interval: the sources' and the campaigns' common columns. */
const ltvColumns = <Row extends LtvFigures>(t: T): TextColumn<Row>[] => [
  {
    key: 'customers',
    header: t('columns.customers'),
    align: 'end',
    text: (row) => formatNumber(row.customers),
  },
  { key: 'ltv', header: t('columns.ltv'), align: 'end', text: (row) => kroner(row.ltv_ore) },
  {
    key: 'interval',
    header: t('columns.interval'),
    align: 'end',
    text: (row) => interval(row.ltv_low_ore, row.ltv_high_ore),
  },
];

const revenueColumn = <Row extends { revenue_ore: number }>(t: T): TextColumn<Row> => ({
  key: 'revenue',
  header: t('columns.revenue'),
  align: 'end',
  text: (row) => kroner(row.revenue_ore),
});

export function sourcesTable(t: T, rows: readonly SourceRow[]): TextTable<SourceRow> {
  return {
    title: t('sources.title'),
    rows,
    columns: [
      { key: 'source', header: t('sources.source'), text: (row) => t(`source.${row.source}`) },
      ...ltvColumns<SourceRow>(t),
      {
        key: 'repeat',
        header: t('columns.repeatRate'),
        align: 'end',
        text: (row) => formatRate(row.repeat_rate),
      },
      revenueColumn(t),
      sampleColumn(t),
    ],
  };
}

export function campaignsTable(t: T, rows: readonly CampaignRow[]): TextTable<CampaignRow> {
  return {
    title: t('campaigns.title'),
    rows,
    columns: [
      { key: 'name', header: t('campaigns.name'), text: (row) => row.name },
      {
        key: 'kind',
        header: t('campaigns.kind'),
        text: (row) => t(`campaignKind.${row.kind}`, { defaultValue: row.kind }),
      },
      ...ltvColumns<CampaignRow>(t),
      revenueColumn(t),
      sampleColumn(t),
    ],
  };
}

export function marketplaceTable(t: T, rows: readonly MarketplaceRow[]): TextTable<MarketplaceRow> {
  return {
    title: t('marketplace.title'),
    rows,
    columns: [
      { key: 'marketplace', header: t('marketplace.marketplace'), text: (row) => row.marketplace_name },
      { key: 'category', header: t('marketplace.category'), text: (row) => row.category ?? '–' },
      {
        key: 'bought',
        header: t('marketplace.leadsBought'),
        align: 'end',
        text: (row) => formatNumber(row.leads_bought),
      },
      { key: 'cost', header: t('marketplace.cost'), align: 'end', text: (row) => kroner(row.cost_ore) },
      {
        key: 'customers',
        header: t('columns.customers'),
        align: 'end',
        text: (row) => formatNumber(row.customers),
      },
      revenueColumn(t),
      {
        key: 'perCustomer',
        header: t('marketplace.costPerCustomer'),
        align: 'end',
        text: (row) => kroner(row.cost_per_customer_ore),
      },
      {
        key: 'return',
        header: t('marketplace.returnPerKrone'),
        align: 'end',
        text: (row) =>
          row.return_per_krone === null
            ? '–'
            : t('marketplace.perKrone', {
                value: row.return_per_krone.toLocaleString('nb-NO', { maximumFractionDigits: 2 }),
              }),
      },
      sampleColumn(t),
    ],
  };
}

export type CohortView = 'revenue' | 'retention';

/** The months since a cohort's month that any cohort reaches: the heat map's columns. */
export const cohortOffsets = (cohorts: readonly Cohort[]) =>
  Array.from(
    { length: Math.max(0, ...cohorts.flatMap((cohort) => cohort.cells.map((cell) => cell.offset + 1))) },
    (_, offset) => offset,
  );

/** A cohort's cell: its revenue, or the share of the cohort's customers who bought that month. */
export function cohortCellValue(cohort: Cohort, offset: number, view: CohortView): number | null {
  const cell = cohort.cells.find((candidate) => candidate.offset === offset);
  if (!cell) return null;
  if (view === 'revenue') return cell.revenue_ore;
  return cohort.customers === 0 ? 0 : cell.active / cohort.customers;
}

export function cohortsTable(t: T, cohorts: readonly Cohort[], view: CohortView): TextTable<Cohort> {
  const text = (value: number | null) =>
    value === null ? '' : view === 'revenue' ? kroner(value) : formatRate(value);
  return {
    title: t(view === 'revenue' ? 'cohorts.titleRevenue' : 'cohorts.titleRetention'),
    rows: cohorts,
    columns: [
      { key: 'month', header: t('cohorts.month'), text: (cohort) => monthText(cohort.month) },
      {
        key: 'customers',
        header: t('columns.customers'),
        align: 'end',
        text: (cohort) => formatNumber(cohort.customers),
      },
      ...cohortOffsets(cohorts).map((offset): TextColumn<Cohort> => ({
        key: `m${offset}`,
        header: t('cohorts.offset', { offset }),
        align: 'end',
        text: (cohort) => text(cohortCellValue(cohort, offset, view)),
      })),
      sampleColumn(t),
    ],
  };
}

export function customersTable(t: T, rows: readonly CustomerRow[]): TextTable<CustomerRow> {
  return {
    title: t('customers.title'),
    rows,
    columns: [
      { key: 'name', header: t('customers.name'), text: (row) => row.name ?? row.email ?? row.phone ?? '–' },
      { key: 'source', header: t('sources.source'), text: (row) => t(`source.${row.source}`) },
      { key: 'campaign', header: t('customers.campaign'), text: (row) => row.campaign_name ?? '–' },
      { key: 'first', header: t('customers.firstPurchase'), text: (row) => dateText(row.first_purchase_on) },
      { key: 'last', header: t('customers.lastPurchase'), text: (row) => dateText(row.last_purchase_on) },
      {
        key: 'purchases',
        header: t('customers.purchases'),
        align: 'end',
        text: (row) => formatNumber(row.purchases),
      },
      { key: 'revenue', header: t('customers.ltv'), align: 'end', text: (row) => kroner(row.revenue_ore) },
    ],
  };
}

export type TableCells = { title: string; header: string[]; body: string[][] };

/** A table's title, header and body as text: what a CSV or a sheet holds. */
export const tableCells = <Row>(table: TextTable<Row>): TableCells => ({
  title: table.title,
  header: table.columns.map((column) => column.header),
  body: table.rows.map((row) => table.columns.map((column) => column.text(row))),
});
