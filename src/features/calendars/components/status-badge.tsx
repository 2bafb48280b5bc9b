import { useTranslation } from 'react-i18next';
import { StatusBadge as CampaignStatusBadge } from '@/components/status-badge';
import { campaignStatusOf } from '@/lib/campaign/status';

/** A calendar's computed status (calendar_status) in the calendars' words. */
export function StatusBadge({ status }: { status: string | null }) {
  const { t } = useTranslation('calendars');
  const known = campaignStatusOf(status);
  return <CampaignStatusBadge status={known} label={t(`status.${known}`)} />;
}
