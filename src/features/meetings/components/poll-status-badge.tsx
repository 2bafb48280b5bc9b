import { CircleCheck, CircleDot, CircleSlash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/badge';
import type { PollMatrix } from '../api/get-meeting-polls';

const LOOK = {
  open: { tone: 'info', Icon: CircleDot },
  finalized: { tone: 'success', Icon: CircleCheck },
  cancelled: { tone: 'neutral', Icon: CircleSlash },
} as const;

/** A poll's status as icon and word. */
export function PollStatusBadge({ status }: { status: PollMatrix['poll']['status'] }) {
  const { t } = useTranslation('meetings');
  const { tone, Icon } = LOOK[status];
  return (
    <Badge tone={tone} icon={<Icon size={14} />}>
      {t(`status.${status}`)}
    </Badge>
  );
}
