import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import editor from '@/components/editor.module.css';
import layout from '@/components/page.module.css';
import { DEFAULT_AFTER_CLOSE_DAYS } from '../../utils/popup-draft';
import styles from './popup-editor.module.css';
import type { SectionProps } from './section-props';
import { WholeNumberInput } from './whole-number-input';

/** «Frekvens»: the popup's own caps, the rule that always holds, and where the site's caps live. */
export function FrequencySection({ draft, change, errorOf }: SectionProps) {
  const { t } = useTranslation('popups-editor');
  const { frequency } = draft;
  return (
    <div className={styles.column}>
      <WholeNumberInput
        min={0}
        max={365}
        label={t('frequency.afterClose')}
        hint={t('frequency.afterCloseHint')}
        value={frequency.after_close_days ?? DEFAULT_AFTER_CLOSE_DAYS}
        error={errorOf('frequency.after_close_days')}
        onChange={(days) =>
          change((previous) => ({
            ...previous,
            frequency: { ...previous.frequency, after_close_days: days },
          }))
        }
      />
      <label className={editor.checkbox}>
        <input
          type="checkbox"
          checked={frequency.once_per_session ?? false}
          onChange={(event) =>
            change((previous) => ({
              ...previous,
              frequency: { ...previous.frequency, once_per_session: event.target.checked },
            }))
          }
        />
        {t('frequency.oncePerSession')}
      </label>
      <p className={styles.sentence}>{t('frequency.afterSignup')}</p>
      <p className={layout.muted}>
        {t('frequency.siteCaps')} <Link to="?section=sites">{t('frequency.siteCapsLink')}</Link>
      </p>
    </div>
  );
}
