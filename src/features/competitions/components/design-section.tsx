import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Checklist, ChecklistItem } from '@/components/checklist';
import { FormStatus } from '@/components/form-status';
import { MediaPicker } from '@/components/media-picker/lazy-media-picker';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { contrastRatio, MIN_NON_TEXT_CONTRAST, MIN_TEXT_CONTRAST, readableOn } from '@/lib/contrast';
import { formatNumber } from '@/lib/format';
import { lacksAltText, type MediaRow } from '@/lib/media/types';
import { useKeepFocus } from '@/lib/use-keep-focus';
import type { EditorCompetition } from '../api/get-competition';
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

const ratioText = (ratio: number) => formatNumber(Math.round(ratio * 10) / 10);

/** The public pages' colours with a live contrast check, and a background picture from the library. */
export function DesignSection({ competition }: { competition: EditorCompetition }) {
  const { t } = useTranslation('competitions');
  const [design, setDesign] = useState<CompetitionDesign>(() => readDesign(competition.design));
  const [pickedName, setPickedName] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const update = useUpdateCompetition(competition.id, competition.organization_id);
  const saveButton = useKeepFocus(update.isPending);
  const set = (key: DesignColour, value: string) => setDesign((previous) => ({ ...previous, [key]: value }));

  const choose = (row: MediaRow) => {
    if (lacksAltText(row)) return;
    setPickedName(row.name);
    setDesign((previous) => ({ ...previous, background_media_id: row.id }));
    setPickerOpen(false);
  };
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
                  ? t('design.contrast', { ratio: ratioText(ratio) })
                  : t('design.contrastLow', { ratio: ratioText(ratio), min: formatNumber(min) })}
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
      <fieldset className={styles.fieldset}>
        <legend>{t('design.background')}</legend>
        <p className={layout.muted}>{t('design.backgroundHint')}</p>
        {design.background_media_id ? (
          <p>{pickedName ?? t('design.background')}</p>
        ) : (
          <p className={layout.muted}>{t('design.noBackground')}</p>
        )}
        <div className={layout.actions}>
          <Button variant="secondary" onClick={() => setPickerOpen(true)}>
            {t('design.chooseBackground')}
          </Button>
          {design.background_media_id ? (
            <Button
              variant="ghost"
              onClick={() => setDesign((previous) => ({ ...previous, background_media_id: null }))}
            >
              {t('design.removeBackground')}
            </Button>
          ) : null}
        </div>
        <MediaPicker
          open={pickerOpen}
          onOpenChange={setPickerOpen}
          accept="image"
          requireAltText
          onSelect={choose}
        />
      </fieldset>
      <FormStatus error={update.error} />
      <div className={layout.actions}>
        <Button ref={saveButton} type="submit" loading={update.isPending}>
          {t('design.save')}
        </Button>
      </div>
    </form>
  );
}
