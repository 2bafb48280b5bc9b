import { useQuery } from '@tanstack/react-query';
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
import { formatDateTime, formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useArchiveForm, useDuplicateForm } from '../api/form-list-actions';
import { formsQueryOptions, type FormListItem } from '../api/get-forms';
import { CreateFormDialog } from '../components/create-form-dialog';
import { FormStatusBadge } from '../components/form-status-badge';

/** /forms: the organization's forms with their status and figures; create, duplicate, archive. */
export default function FormListPage() {
  const { t } = useTranslation('forms');
  const navigate = useNavigate();
  const organizationId = useCurrentOrganization()?.organizationId ?? '';
  const forms = useQuery({ ...formsQueryOptions(organizationId), enabled: organizationId !== '' });
  const duplicate = useDuplicateForm(organizationId);
  const archive = useArchiveForm(organizationId);
  const [creating, setCreating] = useState(false);

  const onDuplicate = (row: FormListItem) =>
    duplicate.mutate(row.id, {
      onSuccess: (id) => {
        notify({ message: t('list.duplicated'), tone: 'success' });
        if (id) void navigate(paths.formEdit(id));
      },
    });
  const onArchive = (row: FormListItem) =>
    archive.mutate(row.id, {
      onSuccess: () => notify({ message: t('list.archived', { name: row.name }), tone: 'success' }),
    });

  const columns: TableColumn<FormListItem>[] = [
    nameColumn(t('list.name'), (row) => paths.formEdit(row.id)),
    statusColumn(t('list.status'), (row) => <FormStatusBadge status={row.status} />),
    {
      key: 'responses',
      header: t('list.responses'),
      align: 'end',
      cell: (row) => formatNumber(row.responses),
      compare: (a, b) => a.responses - b.responses,
    },
    {
      key: 'completion',
      header: t('list.completion'),
      align: 'end',
      cell: (row) =>
        row.completionRate === null
          ? t('list.none')
          : `${formatNumber(Math.round(row.completionRate * 100))} %`,
      compare: (a, b) => (a.completionRate ?? -1) - (b.completionRate ?? -1),
    },
    {
      key: 'last',
      header: t('list.lastResponse'),
      card: 'meta',
      cell: (row) => (row.lastResponseAt ? formatDateTime(row.lastResponseAt) : t('list.none')),
      compare: (a, b) => (a.lastResponseAt ?? '').localeCompare(b.lastResponseAt ?? ''),
    },
    actionsColumn(t('list.actions'), (row) => (
      <RowMenu
        label={t('list.rowActions', { name: row.name })}
        actions={[
          editAction(t('list.edit'), paths.formEdit(row.id)),
          duplicateAction(t('list.duplicate'), () => onDuplicate(row)),
          row.status !== 'archived' &&
            archiveAction({
              label: t('list.archive'),
              question: t('list.archiveConfirm', { name: row.name }),
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
      list={{ data: forms.data, error: forms.error, loading: forms.isPending && organizationId !== '' }}
      actionError={duplicate.error ?? archive.error}
      caption={t('list.caption')}
      columns={columns}
      rowKey={(row) => row.id}
      empty={{ title: t('list.emptyTitle'), description: t('list.emptyBody'), action: createButton }}
    >
      <CreateFormDialog organizationId={organizationId} open={creating} onOpenChange={setCreating} />
    </ListPage>
  );
}
