import { CircleAlert, CircleCheck, Clock, RotateCcw, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/badge';
import type { OrderStatus } from '../../api/get-orders';

const LOOK: Record<OrderStatus, { tone: BadgeTone; icon: LucideIcon }> = {
  pending: { tone: 'neutral', icon: Clock },
  requires_action: { tone: 'info', icon: Clock },
  processing: { tone: 'info', icon: Clock },
  paid: { tone: 'success', icon: CircleCheck },
  failed: { tone: 'danger', icon: CircleAlert },
  canceled: { tone: 'neutral', icon: CircleAlert },
  expired: { tone: 'neutral', icon: CircleAlert },
  refunded: { tone: 'warning', icon: RotateCcw },
};

/** An order's state in words with its icon, never by colour alone. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('checkouts');
  const { tone, icon: Icon } = LOOK[status];
  return (
    <Badge tone={tone} icon={<Icon />}>
      {t(`orderStatus.${status}`)}
    </Badge>
  );
}
