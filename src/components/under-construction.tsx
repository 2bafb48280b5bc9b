import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import styles from '@/components/feedback.module.css';

/** Body of a placeholder route: the page keeps its real title, the text says it is being built. */
export function UnderConstruction({ title }: { title: string }) {
  const { t } = useTranslation('components');
  return (
    <div className={styles.underConstruction}>
      <h1>{title}</h1>
      <EmptyState icon="🚧" title={t('underConstructionTitle')} description={t('underConstructionBody')} />
    </div>
  );
}
