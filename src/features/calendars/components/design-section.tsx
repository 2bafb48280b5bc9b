import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandColoursButton } from '@/components/brand-colours-button';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { MediaChoice } from '@/components/media-picker/media-choice';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { useSignedMediaUrls } from '@/lib/media/api/sign-media-paths';
import type { MediaSummary } from '@/lib/media/types';
import { campaignColours } from '@/lib/organization-brand/campaign-colours';
import { useKeepFocus } from '@/lib/use-keep-focus';
import type { CalendarEditorData } from '../api/get-calendar';
import { useUpdateCalendar } from '../api/update-calendar';
import { applyTheme, readDesign, type DesignColour, type EditorDesign } from '../utils/editor-design';
import { CALENDAR_THEMES, DOOR_STYLES, THEME_PRESETS } from '../utils/themes';
import styles from './calendars.module.css';
import { ContrastChecks } from './contrast-checks';
import { DesignPreview } from './design-preview';
import { RadioChoices } from './radio-choices';

type ColourLabel =
  | 'design.backgroundColor'
  | 'design.textColor'
  | 'design.doorColor'
  | 'design.doorTextColor'
  | 'design.accentColor';
const COLOURS: { key: DesignColour; label: ColourLabel }[] = [
  { key: 'background_color', label: 'design.backgroundColor' },
  { key: 'text_color', label: 'design.textColor' },
  { key: 'door_color', label: 'design.doorColor' },
  { key: 'door_text_color', label: 'design.doorTextColor' },
  { key: 'primary_color', label: 'design.accentColor' },
];

/**
 * A theme and door style, colours with a live contrast check, a background image from the library, and
 * the public page itself in the design being edited.
 */
export function DesignSection({ data }: { data: CalendarEditorData }) {
  const { t } = useTranslation('calendars');
  const { calendar } = data;
  const [design, setDesign] = useState<EditorDesign>(() => readDesign(calendar.design));
  const [picked, setPicked] = useState<MediaSummary | null>(null);
  const update = useUpdateCalendar(calendar.id, calendar.organization_id);
  const saveButton = useKeepFocus(update.isPending);
  const background = design.background_media_id
    ? picked?.id === design.background_media_id
      ? picked
      : data.media.get(design.background_media_id)
    : null;
  const links = useSignedMediaUrls(background ? [background.url] : []);
  const backgroundLink = background?.url ? links.get(background.url) : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate({ design }, { onSuccess: () => notify({ message: t('editor.saved'), tone: 'success' }) });
  };

  return (
    <form className={layout.form} onSubmit={submit}>
      <p className={layout.muted}>{t('design.intro')}</p>
      <RadioChoices
        legend={t('design.theme')}
        hint={t('design.themeHint')}
        name="calendar-theme"
        options={CALENDAR_THEMES.map((theme) => ({
          value: theme,
          label: t(`design.themes.${theme}`),
          swatch: {
            backgroundColor: THEME_PRESETS[theme].background_color,
            borderColor: THEME_PRESETS[theme].door_color,
          },
        }))}
        value={design.theme}
        onChange={(theme) => setDesign((previous) => applyTheme(previous, theme))}
      />
      <RadioChoices
        legend={t('design.doorStyle')}
        name="door-style"
        options={DOOR_STYLES.map((style) => ({ value: style, label: t(`design.doorStyles.${style}`) }))}
        value={design.door_style}
        onChange={(style) => setDesign((previous) => ({ ...previous, door_style: style }))}
      />
      <BrandColoursButton
        organizationId={calendar.organization_id}
        onUse={(brand) => setDesign((previous) => ({ ...previous, ...campaignColours(brand) }))}
      />
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
      <ContrastChecks
        design={design}
        onUse={(key, value) => setDesign((previous) => ({ ...previous, [key]: value }))}
      />
      <MediaChoice
        legend={t('design.backgroundImage')}
        emptyText={t('design.noImage')}
        media={background ?? null}
        accept="image"
        onChoose={(chosen) => {
          setPicked(chosen);
          setDesign((previous) => ({ ...previous, background_media_id: chosen?.id ?? null }));
        }}
        texts={{
          choose: t('design.chooseImage'),
          change: t('design.chooseImage'),
          remove: t('design.removeImage'),
          altMissing: t('doors.errors.altRequired'),
          alt: (alt) => t('doors.mediaAlt', { alt }),
        }}
      />
      <DesignPreview data={data} design={design} backgroundUrl={backgroundLink} />
      <FormStatus error={update.error} />
      <div className={layout.actions}>
        <Button ref={saveButton} type="submit" loading={update.isPending}>
          {t('design.save')}
        </Button>
      </div>
    </form>
  );
}
