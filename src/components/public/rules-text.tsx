import { sharedPublicTexts, usePublicTexts } from '@/lib/public/public-texts';
import styles from './public-ui.module.css';

/** A campaign's rules, folded: the full text is one tap away wherever a visitor enters. */
export function RulesText({ text, id }: { text: string | null; id?: string }) {
  const { t } = usePublicTexts(sharedPublicTexts);
  if (!text?.trim()) return null;
  return (
    <details id={id}>
      <summary className={styles.summary}>{t('rules.show')}</summary>
      <div className={styles.rules}>{text}</div>
    </details>
  );
}
