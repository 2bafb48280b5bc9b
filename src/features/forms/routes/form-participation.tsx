import { CampaignParticipationPage } from '@/components/public/campaign-participation-page';
import { useFormParticipationTexts } from '../components/participation/participation-texts';

const formHref = (formId: string) => `/skjema/${encodeURIComponent(formId)}`;

/**
 * `/skjema/participation?id=…&token=…`: the respondent's own page from the link in the form's
 * confirmation e-mail — their answers to every form, their other campaigns and consents, under the
 * form's name.
 */
export default function FormParticipationPage() {
  const { t } = useFormParticipationTexts();
  return <CampaignParticipationPage t={t} campaignHref={formHref} backKey="participation.toForm" />;
}
