import { Download } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { EmptyState } from '@/components/empty-state';
import { FilterBar } from '@/components/filter-bar';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import { Table, type TableColumn } from '@/components/table';
import { formatDateTime, formatNumber } from '@/lib/format';
import { ResponseDetail } from './response-detail';
import { filterRows, type FormVersion, type ResultFilters, type ResultRow } from './results-data';
import { downloadCsv, downloadXlsx, exportTable } from './results-export';
import styles from './results.module.css';

const PAGE_SIZE = 25;
const NO_FILTERS: ResultFilters = { from: '', to: '', version: '', search: '' };

/** The responses, newest first: filters, pages of 25, a response's detail and the export. */
export function ResponsesPanel({
  formId,
  versions,
  rows,
  duration,
}: {
  formId: string;
  versions: readonly FormVersion[];
  rows: readonly ResultRow[];
  duration: (ms: number | null) => string;
}) {
  const { t } = useTranslation('forms-results');
  const [filters, setFilters] = useState(NO_FILTERS);
  const [page, setPage] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const [exportError, setExportError] = useState<unknown>(null);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const openers = useRef(new Map<string, HTMLButtonElement>());

  const datesWrong = Boolean(filters.from && filters.to && filters.to < filters.from);
  const shown = useMemo(
    () => filterRows(rows, datesWrong ? { ...filters, from: '', to: '' } : filters),
    [rows, filters, datesWrong],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const visible = shown.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const open = shown.find((row) => row.response_id === openId) ?? null;
  const openVersion = open ? versions.find((version) => version.version === open.version) : undefined;

  const change = (patch: Partial<ResultFilters>) => {
    setFilters((previous) => ({ ...previous, ...patch }));
    setPage(0);
  };
  const active = [filters.from, filters.to, filters.version].filter(Boolean).length;

  const runExport = async (kind: 'csv' | 'xlsx') => {
    setExportError(null);
    setExporting(kind);
    try {
      const table = exportTable(versions, shown, {
        submitted: t('export.submitted'),
        version: t('export.version'),
        duration: t('export.duration'),
        score: t('export.score'),
      });
      if (kind === 'csv') downloadCsv('', table);
      else await downloadXlsx('', table);
      notify({
        message: t('export.done', { count: shown.length, formatted: formatNumber(shown.length) }),
        tone: 'success',
      });
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(null);
    }
  };

  const columns: TableColumn<ResultRow>[] = [
    {
      key: 'submitted',
      header: t('responses.submitted'),
      card: 'title',
      cell: (row) => (
        <button
          type="button"
          className={styles.linkButton}
          aria-expanded={row.response_id === openId}
          aria-label={t('responses.open', { when: formatDateTime(row.submitted_at) })}
          ref={(element) => {
            if (element) openers.current.set(row.response_id, element);
            else openers.current.delete(row.response_id);
          }}
          onClick={() => setOpenId(row.response_id === openId ? null : row.response_id)}
        >
          {formatDateTime(row.submitted_at)}
        </button>
      ),
    },
    {
      key: 'person',
      header: t('responses.person'),
      cell: (row) => [row.name, row.email].filter(Boolean).join(' · ') || t('figures.none'),
    },
    {
      key: 'version',
      header: t('responses.version'),
      cell: (row) => t('responses.versionValue', { version: row.version }),
      card: 'status',
    },
    {
      key: 'score',
      header: t('responses.score'),
      align: 'end',
      priority: 'secondary',
      cell: (row) => (row.score === null ? t('figures.none') : formatNumber(row.score)),
    },
  ];

  if (rows.length === 0) {
    return (
      <section className={styles.panel} aria-labelledby="form-results-responses">
        <h3 id="form-results-responses">{t('responses.heading')}</h3>
        <EmptyState titleAs="p" title={t('responses.empty')} description={t('responses.emptyDescription')} />
      </section>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby="form-results-responses">
      <div className={styles.panelHeader}>
        <h3 id="form-results-responses">{t('responses.heading')}</h3>
        <div className={styles.actions}>
          <Button variant="secondary" loading={exporting === 'csv'} onClick={() => void runExport('csv')}>
            <Download aria-hidden="true" size={16} />
            {t('export.csv')}
          </Button>
          <Button variant="secondary" loading={exporting === 'xlsx'} onClick={() => void runExport('xlsx')}>
            <Download aria-hidden="true" size={16} />
            {t('export.xlsx')}
          </Button>
        </div>
      </div>
      <FormStatus error={exportError} />
      <FilterBar
        toggleLabel={t('filters.toggle')}
        activeCount={active}
        invalid={datesWrong}
        search={
          <Input
            type="search"
            label={t('filters.search')}
            value={filters.search}
            onChange={(event) => change({ search: event.target.value })}
          />
        }
        actions={
          <Button
            variant="ghost"
            onClick={() => change(NO_FILTERS)}
            disabled={active === 0 && !filters.search}
          >
            {t('filters.reset')}
          </Button>
        }
      >
        <DateField label={t('filters.from')} value={filters.from} onChange={(from) => change({ from })} />
        <DateField
          label={t('filters.to')}
          value={filters.to}
          onChange={(to) => change({ to })}
          error={datesWrong ? t('filters.toBeforeFrom') : undefined}
        />
        <NativeSelect
          label={t('filters.version')}
          value={filters.version}
          onChange={(event) => change({ version: event.target.value })}
          options={[
            { value: '', label: t('filters.allVersions') },
            ...versions.map((version) => ({
              value: String(version.version),
              label: t('responses.versionValue', { version: version.version }),
            })),
          ]}
        />
      </FilterBar>
      <p role="status">
        {t('responses.count', { count: shown.length, formatted: formatNumber(shown.length) })}
      </p>
      <Table
        caption={t('responses.caption')}
        hideCaption
        columns={columns}
        rows={visible}
        rowKey={(row) => row.response_id}
        empty={<EmptyState titleAs="p" title={t('responses.noMatch')} />}
      />
      {pages > 1 ? (
        <nav className={styles.pager} aria-label={t('responses.heading')}>
          <Button variant="secondary" disabled={current === 0} onClick={() => setPage(current - 1)}>
            {t('responses.previous')}
          </Button>
          <span>{t('responses.page', { page: current + 1, pages })}</span>
          <Button variant="secondary" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            {t('responses.next')}
          </Button>
        </nav>
      ) : null}
      {open && openVersion ? (
        <ResponseDetail
          formId={formId}
          row={open}
          definition={openVersion.definition}
          duration={duration}
          onClose={() => {
            openers.current.get(open.response_id)?.focus();
            setOpenId(null);
          }}
        />
      ) : null}
    </section>
  );
}
