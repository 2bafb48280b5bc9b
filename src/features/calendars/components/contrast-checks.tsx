import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Checklist, ChecklistItem } from '@/components/checklist';
import { contrastRatio, MIN_NON_TEXT_CONTRAST, MIN_TEXT_CONTRAST, readableOn } from '@/lib/contrast';
import { formatNumber } from '@/lib/format';
import { formatRatio } from '@/lib/format-ratio';
import type { DesignColour, EditorDesign } from '../utils/editor-design';

type Pair = {
  colour: DesignColour;
  on: DesignColour;
  min: number;
  label: 'design.pairs.text' | 'design.pairs.doorText' | 'design.pairs.door' | 'design.pairs.accent';
};

/**
 * The pairs a visitor must read or see: text on its ground at 4.5:1 (WCAG AA), the doors and the brand
 * colour against the page at 3:1 (shapes). A text pair below it gets a suggestion (black or white);
 * the public page puts that in its place until the owner picks a readable colour.
 */
const CONTRAST_PAIRS: Pair[] = [
  { colour: 'text_color', on: 'background_color', min: MIN_TEXT_CONTRAST, label: 'design.pairs.text' },
  { colour: 'door_text_color', on: 'door_color', min: MIN_TEXT_CONTRAST, label: 'design.pairs.doorText' },
  { colour: 'door_color', on: 'background_color', min: MIN_NON_TEXT_CONTRAST, label: 'design.pairs.door' },
  {
    colour: 'primary_color',
    on: 'background_color',
    min: MIN_NON_TEXT_CONTRAST,
    label: 'design.pairs.accent',
  },
];

/** The contrast of each pair as the colours are picked, announced politely. */
export function ContrastChecks({
  design,
  onUse,
}: {
  design: EditorDesign;
  onUse: (colour: DesignColour, value: string) => void;
}) {
  const { t } = useTranslation('calendars');
  return (
    <Checklist live>
      {CONTRAST_PAIRS.map(({ colour, on, min, label }) => {
        const ratio = contrastRatio(design[colour], design[on]) ?? 1;
        const ok = ratio >= min;
        const suggestion = min === MIN_TEXT_CONTRAST ? readableOn(design[on]) : null;
        return (
          <ChecklistItem key={colour} done={ok}>
            {t(label)}:{' '}
            {ok
              ? t('design.contrast', { ratio: formatRatio(ratio) })
              : t('design.contrastLow', { ratio: formatRatio(ratio), min: formatNumber(min) })}
            {!ok && suggestion ? (
              <>
                {' '}
                {t('design.suggestion', { colour: suggestion })}{' '}
                <Button variant="ghost" size="sm" onClick={() => onUse(colour, suggestion)}>
                  {t('design.useSuggestion')}
                </Button>
              </>
            ) : null}
            {!ok && !suggestion ? ` ${t('design.suggestionShape')}` : null}
          </ChecklistItem>
        );
      })}
    </Checklist>
  );
}
