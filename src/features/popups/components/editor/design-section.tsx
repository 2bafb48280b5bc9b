import { useTranslation } from 'react-i18next';
import { BrandColoursButton } from '@/components/brand-colours-button';
import { Button } from '@/components/button';
import { Checklist, ChecklistItem } from '@/components/checklist';
import editor from '@/components/editor.module.css';
import layout from '@/components/page.module.css';
import { contrastRatio, MIN_TEXT_CONTRAST, readableOn } from '@/lib/contrast';
import { formatNumber } from '@/lib/format';
import { formatRatio } from '@/lib/format-ratio';
import { onAccent } from '@/popup-snippet/styles';
import { POPUP_TYPES } from '../../api/get-popups';
import { MAX_RADIUS } from '../../utils/popup-draft';
import styles from './popup-editor.module.css';
import type { SectionProps } from './section-props';
import { WholeNumberInput } from './whole-number-input';

const COLOURS = ['accent', 'background', 'text'] as const;

/**
 * «Utseende»: the kind of popup (cards with a tiny picture of where it shows), its colours with a live
 * WCAG AA check (text on the background, the button's text on the accent — the snippet picks the
 * button's text as it does here), the corners, and the priority among the organization's popups.
 */
export function DesignSection({
  draft,
  change,
  errorOf,
  organizationId,
}: SectionProps & { organizationId: string }) {
  const { t } = useTranslation(['popups-editor', 'popups']);
  const { design } = draft;
  const setDesign = (next: Partial<typeof design>) =>
    change((previous) => ({ ...previous, design: { ...previous.design, ...next } }));
  const valid = COLOURS.every((key) => /^#[0-9a-f]{6}$/i.test(design[key]));
  const button = valid ? onAccent(design) : design.text;
  const pairs = [
    {
      key: 'text',
      label: t('design.pairText'),
      ratio: contrastRatio(design.text, design.background) ?? 1,
      fix: () => setDesign({ text: readableOn(design.background) }),
    },
    {
      key: 'button',
      label: t('design.pairButton'),
      ratio: contrastRatio(button, design.accent) ?? 1,
      // A dark blue on a light background (white text on it), a light blue on a dark one.
      fix: () => setDesign({ accent: readableOn(design.background) === '#ffffff' ? '#8ab4f8' : '#0b5cad' }),
    },
  ];

  return (
    <div className={styles.column}>
      <fieldset className={editor.fieldset}>
        <legend>{t('design.type')}</legend>
        <div className={styles.types} role="radiogroup" aria-label={t('design.type')}>
          {POPUP_TYPES.map((type) => (
            <label key={type} className={styles.typeCard}>
              <input
                type="radio"
                name="popup-type"
                value={type}
                checked={draft.type === type}
                onChange={() => change((previous) => ({ ...previous, type }))}
              />
              <span className={`${styles.picture} ${styles[type]}`} aria-hidden="true" />
              <span>{t(`popups:types.${type}`)}</span>
            </label>
          ))}
        </div>
        <p className={layout.muted}>{t(`design.typeHelp.${draft.type}`)}</p>
      </fieldset>
      <fieldset className={editor.fieldset}>
        <legend>{t('design.colours')}</legend>
        <p className={layout.muted}>{t('design.coloursIntro')}</p>
        <BrandColoursButton
          organizationId={organizationId}
          onUse={(brand) =>
            setDesign({ accent: brand.accent, background: brand.background, text: brand.text })
          }
        />
        <div className={layout.grid}>
          {COLOURS.map((key) => (
            <label key={key} className={editor.swatch}>
              {t(`design.${key}`)}
              <input
                type="color"
                value={/^#[0-9a-f]{6}$/i.test(design[key]) ? design[key] : '#000000'}
                onChange={(event) => setDesign({ [key]: event.target.value })}
              />
              <span>{design[key]}</span>
            </label>
          ))}
        </div>
        <Checklist live>
          {pairs.map((pair) => {
            const ok = pair.ratio >= MIN_TEXT_CONTRAST;
            return (
              <ChecklistItem key={pair.key} done={ok}>
                {pair.label}:{' '}
                {ok
                  ? t('design.contrast', { ratio: formatRatio(pair.ratio) })
                  : t('design.contrastLow', {
                      ratio: formatRatio(pair.ratio),
                      min: formatNumber(MIN_TEXT_CONTRAST),
                    })}
                {!ok ? (
                  <>
                    {' '}
                    <Button variant="ghost" size="sm" onClick={pair.fix}>
                      {t('design.fix')}
                    </Button>
                  </>
                ) : null}
              </ChecklistItem>
            );
          })}
        </Checklist>
      </fieldset>
      <div className={layout.grid}>
        <WholeNumberInput
          min={0}
          max={MAX_RADIUS}
          label={t('design.radius')}
          hint={t('design.radiusHint', { max: MAX_RADIUS })}
          value={design.radius}
          error={errorOf('design.radius')}
          onChange={(radius) => setDesign({ radius })}
        />
        <WholeNumberInput
          min={0}
          max={100}
          label={t('design.priority')}
          hint={t('design.priorityHint')}
          value={draft.priority}
          error={errorOf('priority')}
          onChange={(priority) => change((previous) => ({ ...previous, priority }))}
        />
      </div>
    </div>
  );
}
