import { useState } from 'react';
import { Button } from '@/components/button';
import editor from '@/components/editor.module.css';
import layout from '@/components/page.module.css';
import { useSignedMediaUrls } from '@/lib/media/api/sign-media-paths';
import { lacksAltText, summaryOf, type MediaAccept, type MediaSummary } from '@/lib/media/types';
import { MediaPicker } from './lazy-media-picker';

/** The words of a choice, in the editor's own namespace (this component adds none to start-up). */
export type MediaChoiceTexts = {
  choose: string;
  change: string;
  remove: string;
  /** Said when the chosen picture has no alt text (a public page may not show it). */
  altMissing: string;
  alt: (alt: string) => string;
};

type MediaChoiceProps = {
  legend: string;
  hint?: string;
  /** Said while nothing is chosen («Ingen bakgrunn»). */
  emptyText?: string;
  /** The chosen item (the editor's read of it, or what was just picked), or null. */
  media: MediaSummary | null;
  accept: MediaAccept;
  onChoose: (media: MediaSummary | null) => void;
  texts: MediaChoiceTexts;
};

/**
 * One library item for an editor's field (a door's picture or video, a team's photo, a page's
 * background): its thumbnail,
 * name and alt text, and choosing, changing or removing it through the media picker, which asks for
 * the alt text a public page needs before the item can be chosen.
 */
export function MediaChoice({ legend, hint, emptyText, media, accept, onChoose, texts }: MediaChoiceProps) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const path = media ? (media.thumbnail_path ?? media.url) : null;
  const links = useSignedMediaUrls([path]);
  const link = path ? links.get(path) : undefined;
  const needsAlt = media?.type === 'image' && !media.alt_text?.trim();

  return (
    <fieldset className={editor.fieldset}>
      <legend>{legend}</legend>
      {hint ? <p className={layout.muted}>{hint}</p> : null}
      {media ? (
        <div className={editor.inline}>
          {link && media.type === 'image' ? <img className={editor.thumb} src={link} alt="" /> : null}
          <div>
            <p>{media.name}</p>
            {needsAlt ? (
              <p className={editor.warning} role="alert">
                {texts.altMissing}
              </p>
            ) : media.alt_text ? (
              <p className={layout.muted}>{texts.alt(media.alt_text)}</p>
            ) : null}
          </div>
        </div>
      ) : emptyText ? (
        <p className={layout.muted}>{emptyText}</p>
      ) : null}
      <div className={layout.actions}>
        <Button variant="secondary" onClick={() => setPickerOpen(true)}>
          {media ? texts.change : texts.choose}
        </Button>
        {media ? (
          <Button variant="ghost" onClick={() => onChoose(null)}>
            {texts.remove}
          </Button>
        ) : null}
      </div>
      <MediaPicker
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        accept={accept}
        requireAltText
        onSelect={(row) => {
          if (lacksAltText(row)) return;
          onChoose(summaryOf(row));
          setPickerOpen(false);
        }}
      />
    </fieldset>
  );
}
