import type { UseQueryResult } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { CUSTOMERS_PAGE_SIZE, type CustomerPage, type CustomerRow } from '../api/get-customers';
import type { TextTable } from '../utils/report-tables';
import styles from './lifetime-value.module.css';
import { TextTableView } from './text-table-view';

type CustomersSectionProps = {
  customers: UseQueryResult<CustomerPage>;
  table: TextTable<CustomerRow>;
  offset: number;
  onOffsetChange: (offset: number) => void;
  onSearch: (search: string) => void;
  /** Owners and admins record revenue; null hides the action. */
  onAddRevenue: ((row: CustomerRow, name: string) => void) | null;
};

/** The filters' customers by revenue: a search, a page at a time, each row leading to its lead. */
export function CustomersSection({
  customers,
  table,
  offset,
  onOffsetChange,
  onSearch,
  onAddRevenue,
}: CustomersSectionProps) {
  const { t } = useTranslation('lifetime-value');
  const headingId = useId();
  const [text, setText] = useState('');
  const total = customers.data?.total ?? 0;
  const nameColumn = table.columns[0];

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('customers.heading')}</h2>
      <form
        role="search"
        className={styles.search}
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text);
        }}
      >
        <Input
          label={t('customers.search')}
          hint={t('customers.searchHint')}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          <Search size={16} aria-hidden="true" />
          {t('customers.searchButton')}
        </Button>
      </form>
      <FormStatus error={customers.error} />
      <TextTableView
        table={table}
        rowKey={(row) => row.lead_id}
        empty={t('customers.empty')}
        loadingRows={customers.isPending ? 3 : undefined}
        title={(row, name) => <Link to={paths.lead(row.lead_id)}>{name}</Link>}
        extra={
          onAddRevenue && nameColumn
            ? [
                {
                  key: 'actions',
                  header: <span className="visually-hidden">{t('customers.actions')}</span>,
                  cardLabel: t('customers.actions'),
                  card: 'action',
                  cell: (row) => (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => onAddRevenue(row, nameColumn.text(row))}
                      aria-label={t('customers.addRevenueFor', { name: nameColumn.text(row) })}
                    >
                      <Plus size={16} aria-hidden="true" />
                      {t('customers.addRevenue')}
                    </Button>
                  ),
                },
              ]
            : []
        }
      />
      {total > 0 ? (
        <nav className={styles.paging} aria-label={t('customers.paging')}>
          <Button
            variant="secondary"
            size="sm"
            disabled={offset === 0}
            onClick={() => onOffsetChange(Math.max(0, offset - CUSTOMERS_PAGE_SIZE))}
          >
            {t('customers.previous')}
          </Button>
          <span aria-live="polite">
            {t('customers.showing', {
              first: formatNumber(offset + 1),
              last: formatNumber(Math.min(total, offset + CUSTOMERS_PAGE_SIZE)),
              total: formatNumber(total),
            })}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={offset + CUSTOMERS_PAGE_SIZE >= total}
            onClick={() => onOffsetChange(offset + CUSTOMERS_PAGE_SIZE)}
          >
            {t('customers.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
