import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { UnderConstructionView } from '@/components/public/under-construction-view';
import { paths } from '@/lib/paths';

/**
 * Body of a placeholder route: the page keeps its real title, the text says it is being built, and
 * a link leads back to the front page, so the page is never a dead end.
 */
export function UnderConstruction({ title }: { title: string }) {
  const { t } = useTranslation('components');
  const { t: tCommon } = useTranslation('common');
  return (
    <UnderConstructionView
      title={title}
      heading={t('underConstructionTitle')}
      body={t('underConstructionBody')}
      action={<Link to={paths.home}>{tCommon('notFound.home')}</Link>}
    />
  );
}
