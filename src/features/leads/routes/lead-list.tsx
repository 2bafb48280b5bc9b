import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { notify } from '@/components/notification-store';
import { Table, type TableColumn, type TableSort } from '@/components/table';
import { Tabs } from '@/components/tabs';
import { useCurrentOrganization } from '@/lib/account/current-organization';
import { errorMessage } from '@/lib/error-message';
import { formatDate, formatDateTime, formatNumber, formatPhone, formatTime, osloDateKey } from '@/lib/format';
import { paths } from '@/lib/paths';
import { buildCsv } from '@/lib/csv';
import { downloadFile } from '@/lib/download';
import { fetchAllLeads } from '../api/export-leads';
import { leadsCountQueryOptions, leadsQueryOptions } from '../api/get-leads';
import { EXACT_COUNT_LIMIT, SORT_KEYS } from '../constants';
import type { LeadFilters, LeadListItem } from '../types';
import { filtersToParams, parseFilters } from '../utils/filters';
import { LeadFiltersForm } from '../components/lead-filters';
import styles from '../components/leads.module.css';
import { StatusSelect } from '../components/status-select';

/**
 * /leads (leads): the organization's own leads and the leads it bought (what it bought, with its own
 * status and notes: purchased_leads, never the seller's record). Filters, sort and page live
 * in the query string, so a view can be bookmarked or shared; the server filters, sorts and pages.
 * «Neste» / «Forrige» carry a keyset cursor (`after` / `before`, list-query.ts), so page 2,000 is as
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
  const [exporting, setExporting] = useState<number | null>(null);

  const apply = (next: LeadFilters) => setSearchParams(filtersToParams(next));

  if (!membership) {
    return (
      <div className={styles.page}>
        <h1>{t('list.title')}</h1>
        <p>{t('list.noOrganization')}</p>
      </div>
    );
  }

  const bought = filters.scope === 'bought';
  const columns: TableColumn<LeadListItem>[] = [
    {
      key: 'name',
      header: t('list.name'),
      sortable: true,
      cell: (lead) => <Link to={paths.lead(lead.id)}>{lead.name ?? lead.email ?? t('list.unnamed')}</Link>,
    },
    {
      key: 'contact',
      header: t('list.contact'),
      cell: (lead) => (
        <>
          {lead.email ? <div>{lead.email}</div> : null}
          {lead.phone ? <div>{formatPhone(lead.phone)}</div> : null}
        </>
      ),
    },
    {
      key: 'company',
      header: t('list.company'),
      sortable: true,
      priority: 'secondary',
      cell: (lead) => lead.company ?? '',
    },
    {
      key: 'source',
      header: t('list.sourceFilter'),
      sortable: true,
      priority: 'optional',
      cell: (lead) => t(`source.${lead.source}`, { defaultValue: lead.source }),
    },
    {
      key: 'status',
      header: t('list.statusColumn'),
      sortable: true,
      // Own leads: the organization's pipeline; bought ones: the buyer's own (never the seller's).
      cell: (lead) => (
        <StatusSelect
          target={{ leadId: lead.id, organizationId: lead.organization_id, purchaseId: lead.purchase_id }}
          status={lead.status}
          label={t('list.statusFor', { name: lead.name ?? lead.email ?? t('list.unnamed') })}
        />
      ),
    },
    {
      key: 'notes',
      header: t('info.notes'),
      priority: 'optional',
      cell: (lead) =>
        lead.notes && lead.notes.length > 80 ? (
          <span title={lead.notes}>{`${lead.notes.slice(0, 80)}…`}</span>
        ) : (
          (lead.notes ?? '')
        ),
    },
    {
      key: 'created_at',
      header: bought ? t('list.boughtAt') : t('list.created'),
      sortable: true,
      priority: 'secondary',
      cell: (lead) => <time dateTime={lead.created_at}>{formatDateTime(lead.created_at)}</time>,
    },
  ];

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

  async function exportCsv() {
    setExporting(0);
    try {
      const all = await fetchAllLeads(organizationId, filters, setExporting);
      const csv = buildCsv(
        [
          t('csv.name'),
          t('csv.email'),
          t('csv.phone'),
          t('csv.company'),
          t('csv.postalCode'),
          t('csv.city'),
          t('csv.category'),
          t('csv.area'),
          t('csv.source'),
          t('csv.status'),
          t('csv.notes'),
          bought ? t('csv.boughtAt') : t('csv.createdAt'),
        ],
        all.map((lead) => [
          lead.name,
          lead.email,
          lead.phone,
          lead.company,
          lead.postal_code,
          lead.city,
          lead.category,
          lead.area,
          t(`source.${lead.source}`, { defaultValue: lead.source }),
          t(`status.${lead.status}`, { defaultValue: lead.status }),
          lead.notes,
          // «20.11.2026 10:30»: a date and time Excel in Norway reads as such.
          `${formatDate(lead.created_at)} ${formatTime(lead.created_at)}`,
        ]),
      );
      downloadFile(`leads-${osloDateKey(Date.now())}.csv`, csv);
      notify({ message: t('list.exported', { formatted: formatNumber(all.length) }), tone: 'success' });
    } catch (error) {
      notify({ message: errorMessage(error), tone: 'error' });
    } finally {
      setExporting(null);
    }
  }

  const table = (
    <div className={styles.form}>
      <LeadFiltersForm key={searchParams.toString()} filters={filters} onApply={apply} />
      {leads.error ? (
        <p role="alert" className={styles.formError}>
          {errorMessage(leads.error)}
        </p>
      ) : null}
      <div className={styles.toolbar}>
        <p className={styles.muted} aria-live="polite">
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
          empty={
            leads.isPending ? (
              <p className={styles.muted}>{t('list.loading')}</p>
            ) : (
              <EmptyState titleAs="p" title={t('list.empty')} description={t('list.emptyDescription')} />
            )
          }
        />
      </div>
      <nav aria-label={t('list.pagination')} className={styles.actions}>
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
    <div className={styles.page}>
      <div className={styles.header}>
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
