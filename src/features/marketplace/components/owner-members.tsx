import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormStatus } from '@/components/form-status';
import layout from '@/components/page.module.css';
import { SkeletonText } from '@/components/skeleton';
import { Table, type TableColumn } from '@/components/table';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { marketplaceMembersQueryOptions, type MarketplaceMember } from '../api/get-marketplace-members';

const collator = new Intl.Collator('nb-NO', { sensitivity: 'base', numeric: true });

/** The member organizations with their plan, listings, sales and purchases (sortable). */
export function OwnerMembers({ marketplaceId }: { marketplaceId: string }) {
  const { t } = useTranslation('marketplace');
  const members = useQuery(marketplaceMembersQueryOptions(marketplaceId));
  const countColumn = (key: 'listings' | 'sold' | 'purchases'): TableColumn<MarketplaceMember> => ({
    key,
    header: t(`admin.members.${key}`),
    cell: (row) => formatNumber(row[key]),
    align: 'end',
    compare: (a, b) => a[key] - b[key],
  });
  const columns: TableColumn<MarketplaceMember>[] = [
    {
      key: 'name',
      header: t('admin.members.name'),
      cell: (row) => row.name,
      compare: (a, b) => collator.compare(a.name, b.name),
    },
    {
      key: 'orgNumber',
      header: t('admin.members.orgNumber'),
      cell: (row) => row.organization_number ?? t('admin.members.noOrgNumber'),
      compare: (a, b) => collator.compare(a.organization_number ?? '', b.organization_number ?? ''),
    },
    {
      key: 'plan',
      header: t('admin.members.plan'),
      cell: (row) => t(`admin.plan.${row.plan ?? 'none'}`),
      compare: (a, b) =>
        collator.compare(t(`admin.plan.${a.plan ?? 'none'}`), t(`admin.plan.${b.plan ?? 'none'}`)),
    },
    countColumn('listings'),
    countColumn('sold'),
    countColumn('purchases'),
    {
      key: 'revenue',
      header: t('admin.members.revenue'),
      cell: (row) => formatMoney(row.revenue_ore),
      align: 'end',
      compare: (a, b) => a.revenue_ore - b.revenue_ore,
    },
    {
      key: 'joined',
      header: t('admin.members.joined'),
      cell: (row) => formatDate(row.joined_at),
      compare: (a, b) => Date.parse(a.joined_at) - Date.parse(b.joined_at),
    },
  ];
  const rows = members.data ?? [];
  return (
    <section className={layout.section} aria-labelledby="admin-members">
      <h2 id="admin-members">{t('admin.members.heading', { count: rows.length })}</h2>
      {members.isPending ? (
        <SkeletonText lines={3} />
      ) : members.isError ? (
        <FormStatus error={members.error} />
      ) : (
        <Table
          caption={t('admin.members.caption')}
          hideCaption
          columns={columns}
          rows={rows}
          rowKey={(row) => row.organization_id}
          defaultSort={{ key: 'name', direction: 'ascending' }}
          empty={t('admin.members.empty')}
        />
      )}
    </section>
  );
}
