import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import type { TableColumn } from '@/components/table';
import { formatDate, formatDateTime, formatPhone } from '@/lib/format';
import { paths } from '@/lib/paths';
import type { LeadListItem } from '../types';
import styles from './leads.module.css';
import { StatusSelect } from './status-select';

/** The columns of the /leads table; in «Kjøpte leads» the date is when the lead was bought. */
export function leadColumns(t: TFunction<'leads'>, bought: boolean): TableColumn<LeadListItem>[] {
  return [
    {
      key: 'name',
      header: t('list.name'),
      sortable: true,
      card: 'title',
      cell: (lead) => (
        <>
          <Link to={paths.lead(lead.id)}>{lead.name ?? lead.email ?? t('list.unnamed')}</Link>
          {lead.erasure_requested_at ? (
            <div className={styles.erasureMark}>
              {t('list.erasureRequested', { date: formatDate(lead.erasure_requested_at) })}
            </div>
          ) : null}
        </>
      ),
    },
    {
      key: 'contact',
      header: t('list.contact'),
      card: 'hidden',
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
      card: 'status',
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
      card: 'meta',
      cell: (lead) => <time dateTime={lead.created_at}>{formatDateTime(lead.created_at)}</time>,
    },
  ];
}
