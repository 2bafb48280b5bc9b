import { sharedPublicTexts, usePublicTexts } from '@/lib/public/public-texts';
import styles from './public-ui.module.css';

/** The engine's trap for naive bots: a field people never see and leave empty (check_public_write). */
export function Honeypot({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = usePublicTexts(sharedPublicTexts);
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor={id}>{t('participant.honeypot')}</label>
      <input
        id={id}
        name="website"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
