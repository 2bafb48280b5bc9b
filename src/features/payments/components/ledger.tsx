import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/button';
import { DateField } from '@/components/date-field';
import { EmptyState } from '@/components/empty-state';
import { FilterBar } from '@/components/filter-bar';
import { FormStatus } from '@/components/form-status';
import { NativeSelect } from '@/components/native-select';
import page from '@/components/page.module.css';
import { Table, type TableColumn } from '@/components/table';
import { formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import { ledgerQueryOptions, type CardPayment, type LedgerEntry } from '../api/get-ledger';
import {
  LEDGER_KINDS,
  LEDGER_PAGE_SIZE,
  DEFAULT_LEDGER_FILTERS,
  withLedgerFilters,
  parseLedgerFilters,
  type LedgerFilters,
} from '../utils/ledger-filters';
import styles from './overview.module.css';
import { ReceiptDialog } from './receipt-dialog';

const ENTRY_KINDS = [
  'tickets_purchase',
  'credits_purchase',
  'lead_purchase',
  'refund',
  'adjustment',
] as const;
type EntryKind = (typeof ENTRY_KINDS)[number];
const isEntryKind = (kind: string): kind is EntryKind => (ENTRY_KINDS as readonly string[]).includes(kind);

/** +25 / −3 / 0, with the minus sign typography uses. */
function signed(value: number): string {
  if (value > 0) return `+${formatNumber(value)}`;
  if (value < 0) return `−${formatNumber(-value)}`;
  return formatNumber(0);
}

/** The organization's ledger: every balance change, newest first; filters and page in the URL. */
export function Ledger({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('payments');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseLedgerFilters(searchParams);
  const rangeInvalid = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  const ledger = useQuery({ ...ledgerQueryOptions(organizationId, filters), enabled: !rangeInvalid });
  const [receipt, setReceipt] = useState<CardPayment | null>(null);

  const apply = (next: Partial<LedgerFilters>) =>
    setSearchParams((current) => withLedgerFilters(current, { ...filters, page: 1, ...next }), {
      replace: true,
      preventScrollReset: true,
    });

  const reset = () =>
    setSearchParams((current) => withLedgerFilters(current, DEFAULT_LEDGER_FILTERS), {
      replace: true,
      preventScrollReset: true,
    });

  const what = (entry: LedgerEntry) => {
    const kind = isEntryKind(entry.kind) ? t(`overview.ledger.kinds.${entry.kind}`) : entry.kind;
    if (!entry.payment) return kind;
    return entry.kind === 'lead_purchase' ? t('overview.ledger.leadByCard') : entry.payment.description;
  };

  const columns: TableColumn<LedgerEntry>[] = [
    {
      key: 'date',
      header: t('overview.ledger.date'),
      card: 'meta',
      cell: (entry) => <span className={styles.number}>{formatDateTime(entry.createdAt)}</span>,
    },
    {
      key: 'what',
      header: t('overview.ledger.what'),
      card: 'title',
      cell: (entry) => {
        const kind = isEntryKind(entry.kind) ? t(`overview.ledger.kinds.${entry.kind}`) : entry.kind;
        const text = what(entry);
        return (
          <>
            <div>{text}</div>
            {text !== kind ? <div className={page.muted}>{kind}</div> : null}
          </>
        );
      },
    },
    {
      key: 'tickets',
      header: t('overview.ledger.tickets'),
      align: 'end',
      cell: (entry) => <span className={styles.number}>{signed(entry.ticketsDelta)}</span>,
    },
    {
      key: 'credits',
      header: t('overview.ledger.credits'),
      align: 'end',
      cell: (entry) => <span className={styles.number}>{signed(entry.creditsDelta)}</span>,
    },
    {
      key: 'amount',
      header: t('overview.ledger.amount'),
      align: 'end',
      card: 'status',
      cell: (entry) => (
        <span className={styles.number}>{entry.amountOre === 0 ? '–' : formatMoney(entry.amountOre)}</span>
      ),
    },
    {
      key: 'receipt',
      header: t('overview.ledger.receipt'),
      card: 'action',
      cell: (entry) =>
        entry.payment && ['succeeded', 'refunded'].includes(entry.payment.status) ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('overview.ledger.openReceipt', {
              what: what(entry),
              date: formatDateTime(entry.createdAt),
            })}
            onClick={() => setReceipt(entry.payment)}
          >
            {t('overview.ledger.receipt')}
          </Button>
        ) : null,
    },
  ];

  const total = ledger.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LEDGER_PAGE_SIZE));
  const first = (filters.page - 1) * LEDGER_PAGE_SIZE + 1;
  const last = Math.min(total, filters.page * LEDGER_PAGE_SIZE);
  const activeFilters = [filters.kind !== 'all', filters.from !== '', filters.to !== ''].filter(
    Boolean,
  ).length;
  const filtered = activeFilters > 0;

  return (
    <section
      className={`${page.section} ${styles.section}`}
      aria-labelledby="payments-ledger"
      aria-busy={ledger.isFetching}
    >
      <h2 id="payments-ledger">{t('overview.ledger.heading')}</h2>
      <fieldset className={styles.filters}>
        <legend className="visually-hidden">{t('overview.ledger.filters')}</legend>
        <FilterBar
          toggleLabel={t('overview.ledger.filterToggle')}
          activeCount={activeFilters}
          invalid={rangeInvalid}
          actions={
            filtered ? (
              <Button variant="ghost" onClick={reset}>
                {t('overview.ledger.reset')}
              </Button>
            ) : undefined
          }
        >
          <NativeSelect
            label={t('overview.ledger.kind')}
            value={filters.kind}
            onChange={(event) => {
              const kind = LEDGER_KINDS.find((item) => item === event.target.value) ?? 'all';
              apply({ kind });
            }}
            options={LEDGER_KINDS.map((kind) => ({
              value: kind,
              label: t(`overview.ledger.filter.${kind}`),
            }))}
          />
          <DateField
            label={t('overview.ledger.from')}
            value={filters.from}
            max={filters.to || undefined}
            onChange={(from) => apply({ from })}
          />
          <DateField
            label={t('overview.ledger.to')}
            value={filters.to}
            min={filters.from || undefined}
            onChange={(to) => apply({ to })}
            error={rangeInvalid ? t('overview.ledger.rangeInvalid') : undefined}
          />
        </FilterBar>
      </fieldset>
      {ledger.error ? (
        <FormStatus error={ledger.error} />
      ) : rangeInvalid ? null : (
        <>
          <Table
            caption={t('overview.ledger.caption')}
            columns={columns}
            rows={ledger.data?.entries ?? []}
            rowKey={(entry) => String(entry.id)}
            loadingRows={ledger.data ? undefined : 4}
            empty={
              <EmptyState
                titleAs="p"
                title={filtered ? t('overview.ledger.emptyFiltered') : t('overview.ledger.empty')}
                action={
                  filtered ? (
                    <Button variant="secondary" size="sm" onClick={reset}>
                      {t('overview.ledger.reset')}
                    </Button>
                  ) : undefined
                }
              />
            }
          />
          {total > 0 ? (
            <nav className={styles.pagination} aria-label={t('overview.ledger.pagination')}>
              <p className={page.muted} aria-live="polite">
                {t('overview.ledger.showing', {
                  first: formatNumber(Math.min(first, total)),
                  last: formatNumber(last),
                  total: formatNumber(total),
                })}
              </p>
              <div className={page.actions}>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={filters.page <= 1}
                  onClick={() => apply({ page: filters.page - 1 })}
                >
                  {t('overview.ledger.previous')}
                </Button>
                <span>{t('overview.ledger.page', { page: filters.page, pages })}</span>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={filters.page >= pages}
                  onClick={() => apply({ page: filters.page + 1 })}
                >
                  {t('overview.ledger.next')}
                </Button>
              </div>
            </nav>
          ) : null}
        </>
      )}
      {receipt ? (
        <ReceiptDialog organizationId={organizationId} payment={receipt} onClose={() => setReceipt(null)} />
      ) : null}
    </section>
  );
}
