import { Copy, ExternalLink, Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Menu, MenuExternalLinkItem, MenuItem, MenuLinkItem } from '@/components/menu';
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
  return (
    <Menu
      label={t('list.actions')}
      trigger="button"
      size="sm"
      triggerName={t('list.actionsFor', { name: calendar.name })}
    >
      <MenuLinkItem to={`/calendar/${calendar.id}/preview`} icon={<Eye />}>
        {t('list.preview')}
      </MenuLinkItem>
      {calendar.published_at ? (
        <>
          <MenuExternalLinkItem href={link} icon={<ExternalLink />}>
            {t('list.openPublic')}
          </MenuExternalLinkItem>
          <MenuItem onSelect={() => void copy(link, t('list.linkCopied'))} icon={<Copy />}>
            {t('list.copyLink')}
          </MenuItem>
        </>
      ) : null}
    </Menu>
  );
}
