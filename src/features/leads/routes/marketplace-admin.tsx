import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { EmptyState } from '@/components/empty-state';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import { SkeletonText } from '@/components/skeleton';
import { Table, type TableColumn } from '@/components/table';
import { errorMessage } from '@/lib/error-message';
import { AppError } from '@/lib/errors';
import { formatDate, formatLastDay, formatMoney, formatNumber, TIME_ZONE } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import {
  addHost,
  HOST_PATTERN,
  listingSold,
  marketplaceKeys,
  marketplaceQuery,
  normalizeHost,
  OWNER_LISTINGS_LIMIT,
  ownerOverviewQuery,
  removeHost,
  type OwnerListing,
  type SalesMonth,
} from '../marketplace/api';
import styles from '../marketplace/marketplace.module.css';
import { marketplaceMembersQuery, type MarketplaceMember } from '../marketplace/members';

const monthFormat = new Intl.DateTimeFormat('nb-NO', { month: 'long', year: 'numeric', timeZone: TIME_ZONE });

/** leads-marketplace-admin: the marketplace owner's view — members, listings, sales and hosts. */
export default function LeadsMarketplaceAdminPage() {
  const { t } = useTranslation('leads');
  const { leadsMarketplaceId = '' } = useParams();
  const userId = useSession()?.user.id ?? '';
  const marketplace = useQuery(marketplaceQuery(leadsMarketplaceId));
  const isOwner = Boolean(userId) && marketplace.data?.owner_id === userId;
  const overview = useQuery({ ...ownerOverviewQuery(leadsMarketplaceId), enabled: isOwner });

  if (marketplace.isPending) return <SkeletonText lines={4} />;
  if (marketplace.isError) {
    return (
      <p role="alert" className={styles.alert}>
        {errorMessage(marketplace.error)}
      </p>
    );
  }
  if (!isOwner) {
    return (
      <div className={styles.page}>
        <h1>{t('marketplace.admin.title')}</h1>
        <EmptyState title={t('marketplace.admin.refused')} description={t('marketplace.admin.refusedHint')} />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1>{t('marketplace.admin.heading', { name: marketplace.data?.name ?? '' })}</h1>
          <p className={styles.muted}>{t('marketplace.admin.intro')}</p>
        </div>
        <Link to={paths.leadsMarketplace(leadsMarketplaceId)}>{t('marketplace.admin.toMarketplace')}</Link>
      </header>
      {overview.isPending ? (
        <SkeletonText lines={6} />
      ) : overview.isError ? (
        <p role="alert" className={styles.alert}>
          {errorMessage(overview.error)}
        </p>
      ) : (
        <>
          <Sales sales={overview.data.sales} />
          <Listings listings={overview.data.listings} />
          <Members marketplaceId={leadsMarketplaceId} />
          <Hosts marketplaceId={leadsMarketplaceId} hosts={overview.data.hosts} />
        </>
      )}
    </div>
  );
}

function Sales({ sales }: { sales: SalesMonth[] }) {
  const { t } = useTranslation('leads');
  const columns: TableColumn<SalesMonth>[] = [
    {
      key: 'month',
      header: t('marketplace.admin.sales.month'),
      cell: (row) => monthFormat.format(new Date(`${row.month}T12:00:00Z`)),
    },
    {
      key: 'purchases',
      header: t('marketplace.admin.sales.purchases'),
      cell: (row) => formatNumber(row.purchases),
      align: 'end',
    },
    {
      key: 'tickets',
      header: t('marketplace.admin.sales.tickets'),
      cell: (row) => formatNumber(row.tickets),
      align: 'end',
    },
    {
      key: 'credits',
      header: t('marketplace.admin.sales.credits'),
      cell: (row) => formatNumber(row.credits),
      align: 'end',
    },
    {
      key: 'amount',
      header: t('marketplace.admin.sales.amount'),
      cell: (row) => formatMoney(row.amount_ore),
      align: 'end',
    },
  ];
  return (
    <section className={styles.section}>
      <h2>{t('marketplace.admin.sales.heading')}</h2>
      <Table
        caption={t('marketplace.admin.sales.heading')}
        hideCaption
        columns={columns}
        rows={sales}
        rowKey={(row) => row.month}
        empty={t('marketplace.admin.sales.empty')}
      />
    </section>
  );
}

function Listings({ listings }: { listings: OwnerListing[] }) {
  const { t } = useTranslation('leads');
  const [now] = useState(() => Date.now());
  const statusOf = (listing: OwnerListing) =>
    listing.status === 'active' && Date.parse(listing.expires_at) <= now ? 'expired' : listing.status;
  const columns: TableColumn<OwnerListing>[] = [
    { key: 'title', header: t('marketplace.admin.listings.title'), cell: (row) => row.title },
    {
      key: 'status',
      header: t('marketplace.admin.listings.status'),
      cell: (row) => t(`marketplace.admin.status.${statusOf(row)}`, { defaultValue: row.status }),
    },
    {
      key: 'sold',
      header: t('marketplace.admin.listings.sold'),
      cell: (row) => t('marketplace.card.sold', listingSold(row)),
    },
    {
      key: 'created',
      header: t('marketplace.admin.listings.created'),
      cell: (row) => formatDate(row.created_at),
    },
    {
      key: 'expires',
      header: t('marketplace.admin.listings.expires'),
      cell: (row) => t('info.expiresThrough', { date: formatLastDay(row.expires_at) }),
    },
  ];
  return (
    <section className={styles.section}>
      <h2>{t('marketplace.admin.listings.heading')}</h2>
      {listings.length >= OWNER_LISTINGS_LIMIT ? (
        <p className={styles.muted}>
          {t('marketplace.admin.listings.limited', { count: OWNER_LISTINGS_LIMIT })}
        </p>
      ) : null}
      <Table
        caption={t('marketplace.admin.listings.heading')}
        hideCaption
        columns={columns}
        rows={listings}
        rowKey={(row) => row.id}
        empty={t('marketplace.admin.listings.empty')}
      />
    </section>
  );
}

const collator = new Intl.Collator('nb-NO', { sensitivity: 'base', numeric: true });

function Members({ marketplaceId }: { marketplaceId: string }) {
  const { t } = useTranslation('leads');
  const members = useQuery(marketplaceMembersQuery(marketplaceId));
  const columns: TableColumn<MarketplaceMember>[] = [
    {
      key: 'name',
      header: t('marketplace.admin.members.name'),
      cell: (row) => row.name,
      compare: (a, b) => collator.compare(a.name, b.name),
    },
    {
      key: 'orgNumber',
      header: t('marketplace.admin.members.orgNumber'),
      cell: (row) => row.organization_number ?? t('marketplace.admin.members.noOrgNumber'),
      compare: (a, b) => collator.compare(a.organization_number ?? '', b.organization_number ?? ''),
    },
    {
      key: 'plan',
      header: t('marketplace.admin.members.plan'),
      cell: (row) => t(`marketplace.admin.plan.${row.plan ?? 'none'}`),
      compare: (a, b) =>
        collator.compare(
          t(`marketplace.admin.plan.${a.plan ?? 'none'}`),
          t(`marketplace.admin.plan.${b.plan ?? 'none'}`),
        ),
    },
    {
      key: 'listings',
      header: t('marketplace.admin.members.listings'),
      cell: (row) => formatNumber(row.listings),
      align: 'end',
      compare: (a, b) => a.listings - b.listings,
    },
    {
      key: 'sold',
      header: t('marketplace.admin.members.sold'),
      cell: (row) => formatNumber(row.sold),
      align: 'end',
      compare: (a, b) => a.sold - b.sold,
    },
    {
      key: 'purchases',
      header: t('marketplace.admin.members.purchases'),
      cell: (row) => formatNumber(row.purchases),
      align: 'end',
      compare: (a, b) => a.purchases - b.purchases,
    },
    {
      key: 'revenue',
      header: t('marketplace.admin.members.revenue'),
      cell: (row) => formatMoney(row.revenue_ore),
      align: 'end',
      compare: (a, b) => a.revenue_ore - b.revenue_ore,
    },
    {
      key: 'joined',
      header: t('marketplace.admin.members.joined'),
      cell: (row) => formatDate(row.joined_at),
      compare: (a, b) => Date.parse(a.joined_at) - Date.parse(b.joined_at),
    },
  ];
  const rows = members.data ?? [];
  return (
    <section className={styles.section} aria-labelledby="admin-members">
      <h2 id="admin-members">{t('marketplace.admin.members.heading', { count: rows.length })}</h2>
      {members.isPending ? (
        <SkeletonText lines={3} />
      ) : members.isError ? (
        <p role="alert" className={styles.alert}>
          {errorMessage(members.error)}
        </p>
      ) : (
        <Table
          caption={t('marketplace.admin.members.caption')}
          hideCaption
          columns={columns}
          rows={rows}
          rowKey={(row) => row.organization_id}
          defaultSort={{ key: 'name', direction: 'ascending' }}
          empty={t('marketplace.admin.members.empty')}
        />
      )}
    </section>
  );
}

function Hosts({ marketplaceId, hosts }: { marketplaceId: string; hosts: string[] }) {
  const { t } = useTranslation('leads');
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.owner(marketplaceId) });

  const add = useMutation({
    mutationFn: addHost,
    onSuccess: async (_data, variables) => {
      setValue('');
      notify({ message: t('marketplace.admin.hosts.added', { host: variables.url }), tone: 'success' });
      await refresh();
    },
    onError: (failure) => {
      const code =
        failure instanceof AppError ? (failure.cause as { code?: string } | undefined)?.code : undefined;
      setError(code === '23505' ? t('marketplace.admin.hosts.taken') : errorMessage(failure));
    },
  });
  const remove = useMutation({
    mutationFn: removeHost,
    onSuccess: async (_data, variables) => {
      notify({ message: t('marketplace.admin.hosts.removed', { host: variables.url }), tone: 'success' });
      await refresh();
    },
    onError: (failure) => notify({ message: errorMessage(failure), tone: 'error' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const host = normalizeHost(value);
    if (!HOST_PATTERN.test(host)) {
      setError(t('marketplace.admin.hosts.invalid'));
      return;
    }
    if (hosts.includes(host)) {
      setError(t('marketplace.admin.hosts.duplicate'));
      return;
    }
    setError(null);
    add.mutate({ marketplaceId, url: host });
  }

  async function askRemove(host: string) {
    const confirmed = await confirm({
      title: t('marketplace.admin.hosts.removeTitle', { host }),
      description: t('marketplace.admin.hosts.removeDescription'),
      confirmLabel: t('marketplace.admin.hosts.remove'),
      tone: 'danger',
    });
    if (confirmed) remove.mutate({ marketplaceId, url: host });
  }

  return (
    <section className={styles.section} aria-labelledby="admin-hosts">
      <h2 id="admin-hosts">{t('marketplace.admin.hosts.heading')}</h2>
      <p className={styles.muted}>{t('marketplace.admin.hosts.intro')}</p>
      {hosts.length === 0 ? (
        <p>{t('marketplace.admin.hosts.empty')}</p>
      ) : (
        <ul className={styles.hosts}>
          {hosts.map((host) => (
            <li key={host}>
              <span>{host}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('marketplace.admin.hosts.removeLabel', { host })}
                onClick={() => void askRemove(host)}
              >
                {t('marketplace.admin.hosts.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.hostForm} onSubmit={submit} noValidate>
        <Input
          label={t('marketplace.admin.hosts.label')}
          hint={t('marketplace.admin.hosts.hint')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error ?? undefined}
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit" loading={add.isPending}>
          {t('marketplace.admin.hosts.add')}
        </Button>
      </form>
    </section>
  );
}
