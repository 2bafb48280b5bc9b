import { Archive, CircleCheck, Clock, PencilLine, Radio, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/badge';
import type { FormStatus } from '../api/get-forms';

const LOOK: Record<FormStatus, { tone: BadgeTone; icon: LucideIcon }> = {
  draft: { tone: 'neutral', icon: PencilLine },
  scheduled: { tone: 'info', icon: Clock },
  open: { tone: 'success', icon: Radio },
  closed: { tone: 'neutral', icon: CircleCheck },
  archived: { tone: 'neutral', icon: Archive },
};

/** A form's status as a word with its icon, never by colour alone. */
export function FormStatusBadge({ status }: { status: FormStatus }) {
  const { t } = useTranslation('forms');
  const { tone, icon: Icon } = LOOK[status];
  return (
    <Badge tone={tone} icon={<Icon />}>
      {t(`status.${status}`)}
    </Badge>
  );
}
