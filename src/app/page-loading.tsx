import { Spinner } from '@/components/spinner';
import styles from './layouts/layout.module.css';

/** Shown while the first route decides and loads; nothing protected is rendered meanwhile. */
export function PageLoading() {
  return (
    <div className={styles.loading}>
      <Spinner />
    </div>
  );
}
