import { ChevronDown, Copy, ExternalLink, Eye } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import buttonStyles from '@/components/button.module.css';
import type { CalendarListItem } from '../api/get-calendars';
import { useCopy } from '../hooks/use-copy';
import { hostedCalendarUrl } from '../utils/embed';
import styles from './calendar-actions-menu.module.css';

const TRIGGER = [buttonStyles.button, buttonStyles.secondary, buttonStyles.sm].join(' ');

/**
 * A calendar's secondary actions in one menu, «Handlinger»: preview, and once published the public
 * page and its link. Editing is the row's own link, the name.
 */
// TODO: build on the shared menu component once it lands, instead of Radix directly.
export function CalendarActionsMenu({ calendar }: { calendar: CalendarListItem }) {
  const { t } = useTranslation('calendars');
  const copy = useCopy();
  const link = hostedCalendarUrl(window.location.origin, calendar.id);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={TRIGGER} aria-label={t('list.actionsFor', { name: calendar.name })}>
        {t('list.actions')}
        <ChevronDown aria-hidden="true" size={16} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={4}>
          <DropdownMenu.Item asChild className={styles.item}>
            <Link to={`/calendar/${calendar.id}/preview`}>
              <Eye aria-hidden="true" size={16} />
              {t('list.preview')}
            </Link>
          </DropdownMenu.Item>
          {calendar.published_at ? (
            <>
              <DropdownMenu.Item asChild className={styles.item}>
                <a href={link} target="_blank" rel="noreferrer">
                  <ExternalLink aria-hidden="true" size={16} />
                  {t('list.openPublic')}
                </a>
              </DropdownMenu.Item>
              <DropdownMenu.Item
                className={styles.item}
                onSelect={() => void copy(link, t('list.linkCopied'))}
              >
                <Copy aria-hidden="true" size={16} />
                {t('list.copyLink')}
              </DropdownMenu.Item>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
