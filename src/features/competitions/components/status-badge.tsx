import { useTranslation } from 'react-i18next';
import { StatusBadge as CampaignStatusBadge } from '@/components/status-badge';
import { campaignStatusOf } from '@/lib/campaign/status';

/** A competition's computed status (competition_status) in the competitions' words. */
export function StatusBadge({ status }: { status: string | null }) {
  const { t } = useTranslation('competitions');
  const known = campaignStatusOf(status);
  return <CampaignStatusBadge status={known} label={t(`status.${known}`)} />;
}
