import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { FormStatus } from '@/components/form-status';
import layout from '@/components/page.module.css';
import { Table, type TableSort } from '@/components/table';
import { Tabs } from '@/components/tabs';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { leadsCountQueryOptions, leadsQueryOptions } from '../api/get-leads';
import { leadColumns } from '../components/lead-columns';
import { LeadFiltersForm } from '../components/lead-filters';
import styles from '../components/leads.module.css';
import { EXACT_COUNT_LIMIT, SORT_KEYS } from '../constants';
import { useLeadExport } from '../hooks/use-lead-export';
import type { LeadFilters } from '../types';
import { filtersToParams, parseFilters } from '../utils/filters';

/**
 * /leads (leads): the organization's own leads and the leads it bought (what it bought, with its own
 * status and notes: purchased_leads, never the seller's record). Filters, sort and page live
 * in the query string, so a view can be bookmarked or shared; the server filters, sorts and pages.
 * «Neste» / «Forrige» carry a keyset cursor (`after` / `before`, api/fetch-lead-page.ts), so page 2,000 is as
 * fast as page 1; the estimated total is its own request, counted once per filter.
 */
export default function LeadListPage() {
  const { t } = useTranslation('leads');
  const membership = useCurrentOrganization();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseFilters(searchParams);
  const organizationId = membership?.organizationId ?? '';
  const leads = useQuery({ ...leadsQueryOptions(organizationId, filters), enabled: organizationId !== '' });
  const total = useQuery({
    ...leadsCountQueryOptions(organizationId, filters),
    enabled: organizationId !== '',
  });
  const { exporting, exportCsv } = useLeadExport(organizationId, filters);

  const apply = (next: LeadFilters) => setSearchParams(filtersToParams(next));

  if (!membership) {
    return (
      <div className={layout.page}>
        <h1>{t('list.title')}</h1>
        <p>{t('list.noOrganization')}</p>
      </div>
    );
  }

  const bought = filters.scope === 'bought';
  const columns = leadColumns(t, bought);

  const sort: TableSort = {
    key: filters.sort,
    direction: filters.dir === 'asc' ? 'ascending' : 'descending',
  };
  const onSortChange = (next: TableSort) => {
    const key = SORT_KEYS.find((candidate) => candidate === next.key);
    if (!key) return;
    apply({ ...filters, sort: key, dir: next.direction === 'ascending' ? 'asc' : 'desc', page: 1 });
  };

  const page = leads.data;
  const count = total.data ?? null;
  // While a page loads, the previous one stays on screen: its cursors would skip or repeat a page.
  const hasNext = Boolean(page?.next) && !leads.isPlaceholderData;
  const goNext = () => {
    if (page?.next) apply({ ...filters, page: filters.page + 1, after: page.next, before: '' });
  };
  const goPrevious = () => {
    // Page 1 needs no cursor; a link without one (offset paging) goes back by offset too.
    const before = filters.page > 2 && (filters.after || filters.before) ? (page?.previous ?? '') : '';
    apply({ ...filters, page: filters.page - 1, after: '', before });
  };

  const table = (
    <div className={layout.form}>
      <LeadFiltersForm key={searchParams.toString()} filters={filters} onApply={apply} />
      <FormStatus error={leads.error} />
      <div className={styles.toolbar}>
        <p className={layout.muted} aria-live="polite">
          {leads.isPending || total.isPending
            ? t('list.loading')
            : count === null
              ? null
              : count > EXACT_COUNT_LIMIT
                ? t('list.countEstimated', { formatted: formatNumber(count) })
                : t('list.count', { formatted: formatNumber(count) })}
        </p>
        <Button
          variant="secondary"
          onClick={() => void exportCsv()}
          loading={exporting !== null}
          disabled={leads.isPending || page?.leads.length === 0}
        >
          {exporting !== null
            ? t('list.exporting', { formatted: formatNumber(exporting) })
            : t('list.export')}
        </Button>
      </div>
      <div aria-busy={leads.isFetching || undefined}>
        <Table
          caption={t(bought ? 'list.captionBought' : 'list.caption', { name: membership.name })}
          columns={columns}
          rows={page?.leads ?? []}
          rowKey={(lead) => lead.id}
          sort={sort}
          onSortChange={onSortChange}
          loadingRows={leads.isPending ? 5 : undefined}
          empty={<EmptyState titleAs="p" title={t('list.empty')} description={t('list.emptyDescription')} />}
        />
      </div>
      <nav aria-label={t('list.pagination')} className={layout.actions}>
        <Button
          variant="secondary"
          disabled={filters.page <= 1 || leads.isPlaceholderData}
          onClick={goPrevious}
        >
          {t('list.previous')}
        </Button>
        <span aria-current="page">{t('list.page', { page: filters.page })}</span>
        <Button variant="secondary" disabled={!hasNext} onClick={goNext}>
          {t('list.next')}
        </Button>
      </nav>
    </div>
  );

  return (
    <div className={layout.page}>
      <div className={layout.header}>
        <h1>{t('list.title')}</h1>
        <div className={styles.links}>
          <Link to={paths.leadsImporter}>{t('list.importLink')}</Link>
          <Link to={paths.leadsSettings}>{t('list.settingsLink')}</Link>
        </div>
      </div>
      <Tabs
        label={t('list.scopeLabel')}
        value={filters.scope}
        onValueChange={(scope) =>
          apply({ ...filters, scope: scope === 'bought' ? 'bought' : 'own', page: 1 })
        }
        items={[
          { value: 'own', label: t('list.scopeOwn'), content: bought ? null : table },
          { value: 'bought', label: t('list.scopeBought'), content: bought ? table : null },
        ]}
      />
    </div>
  );
}
