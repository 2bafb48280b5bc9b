import { Copy, ExternalLink, Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RowMenu } from '@/components/row-menu';
import type { CalendarListItem } from '../api/get-calendars';
import { useCopy } from '../hooks/use-copy';
import { hostedCalendarUrl } from '../utils/embed';

/**
 * A calendar's secondary actions in one menu, «Handlinger»: preview, and once published the public
 * page and its link. Editing is the row's own link, the name.
 */
export function CalendarActionsMenu({ calendar }: { calendar: CalendarListItem }) {
  const { t } = useTranslation('calendars');
  const copy = useCopy();
  const link = hostedCalendarUrl(window.location.origin, calendar.id);
  const published = Boolean(calendar.published_at);
  return (
    <RowMenu
      label={t('list.actions')}
      trigger="button"
      size="sm"
      triggerName={t('list.actionsFor', { name: calendar.name })}
      actions={[
        { label: t('list.preview'), icon: <Eye />, to: `/calendar/${calendar.id}/preview` },
        published && { label: t('list.openPublic'), icon: <ExternalLink />, href: link },
        published && {
          label: t('list.copyLink'),
          icon: <Copy />,
          onSelect: () => void copy(link, t('list.linkCopied')),
        },
      ]}
    />
  );
}
