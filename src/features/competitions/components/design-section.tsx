import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandColoursButton } from '@/components/brand-colours-button';
import { Button } from '@/components/button';
import { Checklist, ChecklistItem } from '@/components/checklist';
import { FormStatus } from '@/components/form-status';
import { MediaChoice } from '@/components/media-picker/media-choice';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { contrastRatio, MIN_NON_TEXT_CONTRAST, MIN_TEXT_CONTRAST, readableOn } from '@/lib/contrast';
import { formatNumber } from '@/lib/format';
import { formatRatio } from '@/lib/format-ratio';
import type { MediaSummary } from '@/lib/media/types';
import { campaignColours } from '@/lib/organization-brand/campaign-colours';
import { useKeepFocus } from '@/lib/use-keep-focus';
import type { CompetitionEditorData, EditorCompetition } from '../api/get-competition';
import { useUpdateCompetition } from '../api/update-competition';
import { readDesign, writeDesign, type CompetitionDesign, type DesignColour } from '../utils/design';
import styles from './competitions.module.css';

const COLOURS: {
  key: DesignColour;
  label: 'design.backgroundColor' | 'design.textColor' | 'design.primaryColor';
}[] = [
  { key: 'background_color', label: 'design.backgroundColor' },
  { key: 'text_color', label: 'design.textColor' },
  { key: 'primary_color', label: 'design.primaryColor' },
];

// Text on its ground at 4.5:1 (WCAG AA); the brand colour's bars and buttons against the page at 3:1.
const PAIRS = [
  { colour: 'text_color', min: MIN_TEXT_CONTRAST, label: 'design.pairs.text' },
  { colour: 'primary_color', min: MIN_NON_TEXT_CONTRAST, label: 'design.pairs.primary' },
] as const;

/** The public pages' colours with a live contrast check, and a background picture from the library. */
export function DesignSection({
  competition,
  media,
}: {
  competition: EditorCompetition;
  media: CompetitionEditorData['media'];
}) {
  const { t } = useTranslation('competitions');
  const [design, setDesign] = useState<CompetitionDesign>(() => readDesign(competition.design));
  // What was just picked, until the competition's read knows it.
  const [picked, setPicked] = useState<MediaSummary | null>(null);
  const background = design.background_media_id
    ? picked?.id === design.background_media_id
      ? picked
      : (media.get(design.background_media_id) ?? null)
    : null;
  const update = useUpdateCompetition(competition.id, competition.organization_id);
  const saveButton = useKeepFocus(update.isPending);
  const set = (key: DesignColour, value: string) => setDesign((previous) => ({ ...previous, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(
      { design: writeDesign(competition.design, design) },
      { onSuccess: () => notify({ message: t('editor.saved'), tone: 'success' }) },
    );
  };

  return (
    <form className={layout.form} onSubmit={submit}>
      <p className={layout.muted}>{t('design.intro')}</p>
      <fieldset className={styles.fieldset}>
        <legend>{t('design.colours')}</legend>
        <BrandColoursButton
          organizationId={competition.organization_id}
          onUse={(brand) => setDesign((previous) => ({ ...previous, ...campaignColours(brand) }))}
        />
        <div className={layout.grid}>
          {COLOURS.map(({ key, label }) => (
            <label key={key} className={styles.swatch}>
              {t(label)}
              <input type="color" value={design[key]} onChange={(event) => set(key, event.target.value)} />
              <span>{design[key]}</span>
            </label>
          ))}
        </div>
        <Checklist live>
          {PAIRS.map(({ colour, min, label }) => {
            const ratio = contrastRatio(design[colour], design.background_color) ?? 1;
            const ok = ratio >= min;
            const suggestion = readableOn(design.background_color);
            return (
              <ChecklistItem key={colour} done={ok}>
                {t(label)}:{' '}
                {ok
                  ? t('design.contrast', { ratio: formatRatio(ratio) })
                  : t('design.contrastLow', { ratio: formatRatio(ratio), min: formatNumber(min) })}
                {!ok ? (
                  <>
                    {' '}
                    {t('design.suggestion', { colour: suggestion })}{' '}
                    <Button variant="ghost" size="sm" onClick={() => set(colour, suggestion)}>
                      {t('design.useSuggestion')}
                    </Button>
                  </>
                ) : null}
              </ChecklistItem>
            );
          })}
        </Checklist>
      </fieldset>
      <MediaChoice
        legend={t('design.background')}
        hint={t('design.backgroundHint')}
        emptyText={t('design.noBackground')}
        media={background}
        accept="image"
        onChoose={(chosen) => {
          setPicked(chosen);
          setDesign((previous) => ({ ...previous, background_media_id: chosen?.id ?? null }));
        }}
        texts={{
          choose: t('design.chooseBackground'),
          change: t('design.chooseBackground'),
          remove: t('design.removeBackground'),
          altMissing: t('design.altMissing'),
          alt: (alt) => t('teams.photoAlt', { alt }),
        }}
      />
      <FormStatus error={update.error} />
      <div className={layout.actions}>
        <Button ref={saveButton} type="submit" loading={update.isPending}>
          {t('design.save')}
        </Button>
      </div>
    </form>
  );
}
