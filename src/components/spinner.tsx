import { useTranslation } from 'react-i18next';
import styles from '@/components/feedback.module.css';

type SpinnerSize = 'sm' | 'md' | 'lg';

/** The spinning ring alone, hidden from assistive tech; for places that announce busy state themselves. */
export function SpinnerIcon({ size = 'md' }: { size?: SpinnerSize }) {
  return <span className={`${styles.spinner} ${styles[size]}`} aria-hidden="true" />;
}

export type SpinnerProps = {
  /** What is loading; defaults to «Laster …». */
  label?: string;
  size?: SpinnerSize;
};

export function Spinner({ label, size = 'md' }: SpinnerProps) {
  const { t } = useTranslation('components');
  return (
    <span role="status" className={styles.spinnerWrap}>
      <SpinnerIcon size={size} />
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </span>
  );
}
