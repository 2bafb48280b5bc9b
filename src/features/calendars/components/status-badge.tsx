import { CircleCheck, Clock, PencilLine, Radio, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/badge';

const STATUSES = ['draft', 'scheduled', 'live', 'ended'] as const;
type Status = (typeof STATUSES)[number];

const LOOK: Record<Status, { tone: BadgeTone; icon: LucideIcon }> = {
  draft: { tone: 'neutral', icon: PencilLine },
  scheduled: { tone: 'info', icon: Clock },
  live: { tone: 'success', icon: Radio },
  ended: { tone: 'neutral', icon: CircleCheck },
};

/** A calendar's computed status (calendar_status) as a word, never by colour alone. */
export function StatusBadge({ status }: { status: string | null }) {
  const { t } = useTranslation('calendars');
  const known: Status = STATUSES.find((value) => value === status) ?? 'draft';
  const { tone, icon: Icon } = LOOK[known];
  return (
    <Badge tone={tone} icon={<Icon />}>
      {t(`status.${known}`)}
    </Badge>
  );
}
