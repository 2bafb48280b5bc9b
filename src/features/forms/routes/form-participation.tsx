import { CampaignParticipationPage } from '@/components/public/campaign-participation-page';
import { participationMessages } from '@/lib/public/participation-texts';
import type { PublicLanguage } from '@/lib/public/public-texts';
import {
  formParticipationMessages,
  useFormParticipationTexts,
} from '../components/participation/participation-texts';

/** The page's texts for its registry entry (one import for the page and its texts). */
// eslint-disable-next-line react-refresh/only-export-components -- a public page has no fast refresh
export const pageMessages = (language: PublicLanguage) =>
  participationMessages(language, formParticipationMessages(language));

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
