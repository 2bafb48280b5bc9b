import { useTranslation } from 'react-i18next';
import editor from '@/components/editor.module.css';
import { Input } from '@/components/input';
import layout from '@/components/page.module.css';
import { Textarea } from '@/components/textarea';
import { MAX_THANK_YOU_HEADING, MAX_THANK_YOU_TEXT } from '../../utils/checkout-draft';
import styles from './checkout-editor.module.css';
import type { SectionProps } from './section-props';

const WAYS = ['thanks', 'redirect'] as const;

/**
 * «Etter kjøpet»: the receipt page with the seller's thank-you texts, or the seller's own https page
 * (the database checks the address). The texts of the way not chosen are kept for a change of mind.
 */
export function AfterSection({ draft, change, errorOf }: SectionProps) {
  const { t } = useTranslation('checkouts');
  return (
    <div className={styles.column}>
      <fieldset className={editor.fieldset}>
        <legend>{t('editor.after.way')}</legend>
        {WAYS.map((way) => (
          <label key={way} className={editor.checkbox}>
            <input
              type="radio"
              name="checkout-after"
              value={way}
              checked={draft.after === way}
              onChange={() => change((previous) => ({ ...previous, after: way }))}
            />
            <span>{t(`editor.after.ways.${way}`)}</span>
          </label>
        ))}
      </fieldset>
      {draft.after === 'thanks' ? (
        <>
          <Input
            label={t('editor.after.heading')}
            hint={t('editor.after.headingHint')}
            value={draft.thankYouHeading}
            maxLength={MAX_THANK_YOU_HEADING + 20}
            error={errorOf('thankYouHeading')}
            data-field="thankYouHeading"
            onChange={(event) => change((previous) => ({ ...previous, thankYouHeading: event.target.value }))}
          />
          <Textarea
            label={t('editor.after.text')}
            rows={5}
            maxLength={MAX_THANK_YOU_TEXT}
            value={draft.thankYouText}
            error={errorOf('thankYouText')}
            onChange={(event) => change((previous) => ({ ...previous, thankYouText: event.target.value }))}
          />
        </>
      ) : (
        <Input
          type="url"
          inputMode="url"
          label={t('editor.after.redirect')}
          hint={t('editor.after.redirectHint')}
          placeholder="https://"
          value={draft.redirectUrl}
          maxLength={2000}
          error={errorOf('redirectUrl')}
          data-field="redirectUrl"
          onChange={(event) => change((previous) => ({ ...previous, redirectUrl: event.target.value }))}
        />
      )}
      <p className={layout.muted}>{t('editor.after.receiptNote')}</p>
    </div>
  );
}
