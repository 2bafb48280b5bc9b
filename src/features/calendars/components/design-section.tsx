import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { MediaPicker } from '@/components/media-picker/lazy-media-picker';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { formatNumber } from '@/lib/format';
import { useSignedMediaUrls } from '@/lib/media/api/sign-media-paths';
import { lacksAltText, previewPathOf, type MediaRow } from '@/lib/media/types';
import type { CalendarEditorData, DoorMedia } from '../api/get-calendar';
import { useUpdateCalendar } from '../api/update-calendar';
import { MIN_NON_TEXT_CONTRAST, MIN_TEXT_CONTRAST, contrastRatio, readableOn } from '../utils/contrast';
import { readDesign, type DesignColour, type EditorDesign } from '../utils/editor-design';
import styles from './calendars.module.css';

type ColourLabel = 'design.backgroundColor' | 'design.textColor' | 'design.doorColor' | 'design.accentColor';
const COLOURS: { key: DesignColour; label: ColourLabel }[] = [
  { key: 'background_color', label: 'design.backgroundColor' },
  { key: 'text_color', label: 'design.textColor' },
  { key: 'door_color', label: 'design.doorColor' },
  { key: 'primary_color', label: 'design.accentColor' },
];

/**
 * What must stand out from the page background: its text (4.5:1, WCAG AA) and the doors and the brand
 * colour as shapes (3:1). Text on the doors and buttons is black or white by contrast on the public pages.
 */
const PAIRS: { colour: DesignColour; min: number }[] = [
  { colour: 'text_color', min: MIN_TEXT_CONTRAST },
  { colour: 'door_color', min: MIN_NON_TEXT_CONTRAST },
  { colour: 'primary_color', min: MIN_NON_TEXT_CONTRAST },
];

/** Colours with a live contrast check, and a background image from the library. */
export function DesignSection({ data }: { data: CalendarEditorData }) {
  const { t } = useTranslation('calendars');
  const { calendar } = data;
  const [design, setDesign] = useState<EditorDesign>(() => readDesign(calendar.design));
  const [picked, setPicked] = useState<DoorMedia | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const update = useUpdateCalendar(calendar.id, calendar.organization_id);
  const background = design.background_media_id
    ? picked?.id === design.background_media_id
      ? picked
      : data.media.get(design.background_media_id)
    : null;
  const links = useSignedMediaUrls(background ? [background.url] : []);
  const backgroundLink = background?.url ? links.get(background.url) : undefined;

  const choose = (row: MediaRow) => {
    if (lacksAltText(row)) return;
    setPicked({
      id: row.id,
      name: row.name,
      type: row.type,
      alt_text: row.alt_text,
      url: row.url ?? previewPathOf(row),
      thumbnail_path: row.thumbnail_path,
    });
    setDesign((previous) => ({ ...previous, background_media_id: row.id }));
    setPickerOpen(false);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate({ design }, { onSuccess: () => notify({ message: t('editor.saved'), tone: 'success' }) });
  };

  return (
    <form className={layout.form} onSubmit={submit}>
      <p className={layout.muted}>{t('design.intro')}</p>
      <div className={layout.grid}>
        {COLOURS.map(({ key, label }) => (
          <label key={key} className={styles.swatch}>
            {t(label)}
            <input
              type="color"
              value={design[key]}
              onChange={(event) => setDesign((previous) => ({ ...previous, [key]: event.target.value }))}
            />
            <span className={styles.mono}>{design[key]}</span>
          </label>
        ))}
      </div>
      <ul className={styles.checklist} aria-live="polite">
        {PAIRS.map(({ colour, min }) => {
          const ratio = contrastRatio(design[colour], design.background_color) ?? 1;
          const text = formatNumber(Math.round(ratio * 10) / 10);
          const ok = ratio >= min;
          const label = COLOURS.find((item) => item.key === colour)?.label ?? 'design.textColor';
          return (
            <li key={colour} className={ok ? styles.ok : styles.missing}>
              {t(label)}:{' '}
              {ok
                ? t('design.contrast', { ratio: text })
                : t('design.contrastLow', { ratio: text, min: formatNumber(min) })}
            </li>
          );
        })}
      </ul>
      <fieldset className={styles.fieldset}>
        <legend>{t('design.backgroundImage')}</legend>
        {background ? <p>{background.name}</p> : <p className={layout.muted}>{t('design.noImage')}</p>}
        <div className={layout.actions}>
          <Button variant="secondary" onClick={() => setPickerOpen(true)}>
            {t('design.chooseImage')}
          </Button>
          {background ? (
            <Button
              variant="ghost"
              onClick={() => setDesign((previous) => ({ ...previous, background_media_id: null }))}
            >
              {t('design.removeImage')}
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
      <section aria-labelledby="design-sample">
        <h3 id="design-sample">{t('design.sample')}</h3>
        <div
          className={styles.sample}
          style={{
            backgroundColor: design.background_color,
            color: design.text_color,
            backgroundImage: backgroundLink ? `url(${JSON.stringify(backgroundLink)})` : undefined,
          }}
        >
          <strong>{calendar.name}</strong>
          <div className={styles.inline}>
            {[1, 2, 3].map((day) => (
              <span
                key={day}
                className={styles.sampleDoor}
                style={{
                  backgroundColor: day === 1 ? design.primary_color : design.door_color,
                  color: readableOn(day === 1 ? design.primary_color : design.door_color),
                }}
              >
                {day}
              </span>
            ))}
          </div>
        </div>
      </section>
      <FormStatus error={update.error} />
      <div className={layout.actions}>
        <Button type="submit" loading={update.isPending}>
          {t('design.save')}
        </Button>
      </div>
    </form>
  );
}
