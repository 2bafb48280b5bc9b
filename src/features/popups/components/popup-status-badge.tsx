import { Archive, CircleCheck, Clock, Pause, PencilLine, Radio, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/badge';
import type { PopupStatus } from '../api/get-popups';

const LOOK: Record<PopupStatus, { tone: BadgeTone; icon: LucideIcon }> = {
  draft: { tone: 'neutral', icon: PencilLine },
  scheduled: { tone: 'info', icon: Clock },
  active: { tone: 'success', icon: Radio },
  paused: { tone: 'warning', icon: Pause },
  ended: { tone: 'neutral', icon: CircleCheck },
  archived: { tone: 'neutral', icon: Archive },
};

/** A popup's status as a word with its icon, never by colour alone. */
export function PopupStatusBadge({ status }: { status: PopupStatus }) {
  const { t } = useTranslation('popups');
  const { tone, icon: Icon } = LOOK[status];
  return (
    <Badge tone={tone} icon={<Icon />}>
      {t(`status.${status}`)}
    </Badge>
  );
}
