import { UnderConstructionView } from '@/components/public/under-construction-view';
import { sharedPublicTexts, usePublicTexts } from '@/lib/public/public-texts';
import { useDocumentTitle } from '@/lib/public/use-document-title';

// Placeholder until this area's issue lands; the route, its name and its public entry are real.
export default function CompetitionsIframePage() {
  const { t } = usePublicTexts(sharedPublicTexts);
  useDocumentTitle(t('competitions.title'));
  return (
    <UnderConstructionView
      title={t('competitions.title')}
      heading={t('underConstruction.title')}
      body={t('underConstruction.body')}
    />
  );
}
