import { useTranslation } from 'react-i18next';
import { BrandColoursButton } from '@/components/brand-colours-button';
import { Button } from '@/components/button';
import { Checklist, ChecklistItem } from '@/components/checklist';
import editor from '@/components/editor.module.css';
import layout from '@/components/page.module.css';
import { contrastRatio, MIN_NON_TEXT_CONTRAST, MIN_TEXT_CONTRAST, readableOn } from '@/lib/contrast';
import { formatNumber } from '@/lib/format';
import { formatRatio } from '@/lib/format-ratio';
import { campaignColours } from '@/lib/organization-brand/campaign-colours';
import type { CheckoutDesign } from '../../utils/checkout-draft';
import styles from './checkout-editor.module.css';
import type { SectionProps } from './section-props';

const COLOURS: readonly (keyof CheckoutDesign)[] = ['background_color', 'text_color', 'primary_color'];

// Text on its ground at 4.5:1 (WCAG AA); the buttons' colour against the page at 3:1.
const PAIRS = [
  { colour: 'text_color', min: MIN_TEXT_CONTRAST },
  { colour: 'primary_color', min: MIN_NON_TEXT_CONTRAST },
] as const;

/**
 * «Design»: the page's colours as every campaign stores them (`campaigns.design`, the tokens the
 * public pages read), the organization's brand colours in one click, and a live contrast check.
 */
export function DesignSection({ draft, change, organizationId }: SectionProps & { organizationId: string }) {
  const { t } = useTranslation('checkouts');
  const { design } = draft;
  const setDesign = (next: Partial<CheckoutDesign>) =>
    change((previous) => ({ ...previous, design: { ...previous.design, ...next } }));

  return (
    <div className={styles.column}>
      <fieldset className={editor.fieldset}>
        <legend>{t('editor.design.colours')}</legend>
        <p className={layout.muted}>{t('editor.design.intro')}</p>
        <BrandColoursButton
          organizationId={organizationId}
          onUse={(brand) => setDesign(campaignColours(brand))}
        />
        <div className={layout.grid}>
          {COLOURS.map((key) => (
            <label key={key} className={editor.swatch}>
              {t(`editor.design.${key}`)}
              <input
                type="color"
                value={design[key]}
                onChange={(event) => setDesign({ [key]: event.target.value })}
              />
              <span>{design[key]}</span>
            </label>
          ))}
        </div>
        <Checklist live>
          {PAIRS.map(({ colour, min }) => {
            const ratio = contrastRatio(design[colour], design.background_color) ?? 1;
            const ok = ratio >= min;
            const suggestion = readableOn(design.background_color);
            return (
              <ChecklistItem key={colour} done={ok}>
                {t(`editor.design.pairs.${colour}`)}:{' '}
                {ok
                  ? t('editor.design.contrast', { ratio: formatRatio(ratio) })
                  : t('editor.design.contrastLow', { ratio: formatRatio(ratio), min: formatNumber(min) })}
                {!ok ? (
                  <>
                    {' '}
                    <Button variant="ghost" size="sm" onClick={() => setDesign({ [colour]: suggestion })}>
                      {t('editor.design.useSuggestion', { colour: suggestion })}
                    </Button>
                  </>
                ) : null}
              </ChecklistItem>
            );
          })}
        </Checklist>
      </fieldset>
    </div>
  );
}
