import { CircleCheck, Clock, PencilLine, Radio, type LucideIcon } from 'lucide-react';
import type { CampaignStatus } from '@/lib/campaign/status';
import { Badge, type BadgeTone } from './badge';

const LOOK: Record<CampaignStatus, { tone: BadgeTone; icon: LucideIcon }> = {
  draft: { tone: 'neutral', icon: PencilLine },
  scheduled: { tone: 'info', icon: Clock },
  live: { tone: 'success', icon: Radio },
  ended: { tone: 'neutral', icon: CircleCheck },
};

/** A campaign's status as a word with its icon and tone, never by colour alone; the word is the area's. */
export function StatusBadge({ status, label }: { status: CampaignStatus; label: string }) {
  const { tone, icon: Icon } = LOOK[status];
  return (
    <Badge tone={tone} icon={<Icon />}>
      {label}
    </Badge>
  );
}
