import { useQuery } from '@tanstack/react-query';
import { Pause, Play, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { actionsColumn, nameColumn, statusColumn } from '@/components/list-columns';
import { ListPage } from '@/components/list-page';
import { notify } from '@/components/notification-store';
import { archiveAction, duplicateAction, editAction } from '@/components/row-actions';
import { RowMenu } from '@/components/row-menu';
import type { TableColumn } from '@/components/table';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { formatNumber } from '@/lib/format';
import { formatRate } from '@/lib/format-rate';
import { paths } from '@/lib/paths';
import { popupsQueryOptions, type PopupListItem } from '../api/get-popups';
import { useArchivePopup, useDuplicatePopup, usePausePopup } from '../api/popup-list-actions';
import { CreatePopupDialog } from '../components/create-popup-dialog';
import styles from '../components/popup-list.module.css';
import { PopupStatusBadge } from '../components/popup-status-badge';
import { SitesPanel } from '../components/sites/sites-panel';

/**
 * /popups: the organization's popups with status, views, conversions, rate and sites; create from a
 * template, duplicate, pause or resume, archive; and the organization's sites with their tags.
 */
export default function PopupListPage() {
  const { t } = useTranslation('popups');
  const navigate = useNavigate();
  const organization = useCurrentOrganization();
  const organizationId = organization?.organizationId ?? '';
  const popups = useQuery({ ...popupsQueryOptions(organizationId), enabled: organizationId !== '' });
  const duplicate = useDuplicatePopup(organizationId);
  const pause = usePausePopup(organizationId);
  const archive = useArchivePopup(organizationId);
  const [creating, setCreating] = useState(false);

  const onDuplicate = (row: PopupListItem) =>
    duplicate.mutate(row.id, {
      onSuccess: (id) => {
        notify({ message: t('list.duplicated', { name: row.name }), tone: 'success' });
        if (id) void navigate(paths.popupEdit(id));
      },
    });
  const onPause = (row: PopupListItem, paused: boolean) =>
    pause.mutate(
      { popupId: row.id, paused },
      {
        onSuccess: () =>
          notify({
            message: t(paused ? 'list.paused' : 'list.resumed', { name: row.name }),
            tone: 'success',
          }),
      },
    );
  const onArchive = (row: PopupListItem) =>
    archive.mutate(row.id, {
      onSuccess: () => notify({ message: t('list.archived', { name: row.name }), tone: 'success' }),
    });

  const columns: TableColumn<PopupListItem>[] = [
    nameColumn(t('list.name'), (row) => paths.popupEdit(row.id)),
    statusColumn(t('list.status'), (row) => <PopupStatusBadge status={row.status} />),
    {
      key: 'type',
      header: t('list.type'),
      priority: 'secondary',
      cell: (row) => t(`types.${row.type}`),
    },
    {
      key: 'views',
      header: t('list.views'),
      align: 'end',
      cell: (row) => formatNumber(row.views),
      compare: (a, b) => a.views - b.views,
    },
    {
      key: 'conversions',
      header: t('list.conversions'),
      align: 'end',
      cell: (row) => formatNumber(row.conversions),
      compare: (a, b) => a.conversions - b.conversions,
    },
    {
      key: 'rate',
      header: t('list.rate'),
      align: 'end',
      cell: (row) => formatRate(row.rate),
      compare: (a, b) => (a.rate ?? -1) - (b.rate ?? -1),
    },
    {
      key: 'sites',
      header: t('list.sites'),
      cell: (row) =>
        row.sites.length ? (
          <span className={styles.sites}>{row.sites.join(', ')}</span>
        ) : (
          <span className={styles.noSite}>
            <TriangleAlert aria-hidden /> {t('list.noSite')}
          </span>
        ),
    },
    actionsColumn(t('list.actions'), (row) => (
      <RowMenu
        label={t('list.rowActions', { name: row.name })}
        actions={[
          editAction(t('list.edit'), paths.popupEdit(row.id)),
          duplicateAction(t('list.duplicate'), () => onDuplicate(row)),
          row.status === 'paused'
            ? { label: t('list.resume'), icon: <Play />, onSelect: () => onPause(row, false) }
            : // A draft, ended or archived popup shows nowhere anyway: pausing it would change nothing seen.
              (row.status === 'active' || row.status === 'scheduled') && {
                label: t('list.pause'),
                icon: <Pause />,
                onSelect: () => onPause(row, true),
              },
          row.status !== 'archived' &&
            archiveAction({
              label: t('list.archive'),
              question: t('list.archiveConfirm', { name: row.name }),
              description: t('list.archiveConfirmBody'),
              onArchive: () => onArchive(row),
            }),
        ]}
      />
    )),
  ];

  const createButton = <Button onClick={() => setCreating(true)}>{t('list.create')}</Button>;
  return (
    <ListPage
      title={t('list.title')}
      intro={t('list.intro')}
      action={createButton}
      list={{ data: popups.data, error: popups.error, loading: popups.isPending && organizationId !== '' }}
      actionError={duplicate.error ?? pause.error ?? archive.error}
      caption={t('list.caption')}
      columns={columns}
      rowKey={(row) => row.id}
      empty={{ title: t('list.emptyTitle'), description: t('list.emptyBody'), action: createButton }}
    >
      {organizationId ? <SitesPanel organizationId={organizationId} /> : null}
      <CreatePopupDialog
        organizationId={organizationId}
        organizationName={organization?.name ?? ''}
        open={creating}
        onOpenChange={setCreating}
      />
    </ListPage>
  );
}
