import { useTranslation } from 'react-i18next';
import { UnderConstructionView } from '@/components/public/under-construction-view';

/** Body of a placeholder route: the page keeps its real title, the text says it is being built. */
export function UnderConstruction({ title }: { title: string }) {
  const { t } = useTranslation('components');
  return (
    <UnderConstructionView
      title={title}
      heading={t('underConstructionTitle')}
      body={t('underConstructionBody')}
    />
  );
}
