import { Archive, CircleDot, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/badge';
import type { FunnelStatus } from '../api/funnel-list';

const TONE: Record<FunnelStatus, BadgeTone> = { draft: 'neutral', live: 'success', archived: 'warning' };
const ICON = { draft: <Pencil />, live: <CircleDot />, archived: <Archive /> };

/** A funnel's status in words (Utkast, Publisert, Arkivert), never by colour alone. */
export function FunnelStatusBadge({ status }: { status: FunnelStatus }) {
  const { t } = useTranslation('funnels');
  return (
    <Badge tone={TONE[status]} icon={ICON[status]}>
      {t(`status.${status}`)}
    </Badge>
  );
}
