import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import editor from '@/components/editor.module.css';
import layout from '@/components/page.module.css';
import { useSignedMediaUrls } from '@/lib/media/api/sign-media-paths';
import type { MediaSummary } from '@/lib/media/types';
import { showPopup, type Shown } from '@/popup-snippet/render';
import type { Popup, Variant } from '@/popup-snippet/rules/types';
import type { DraftVariant, PopupDraft } from '../../utils/popup-draft';
import styles from './popup-editor.module.css';

const DEVICES = {
  phone: { width: 360, height: 640 },
  desktop: { width: 1280, height: 800 },
} as const;

// A page of its own for each device: same origin (the editor writes into it), no scripts of its own.
const PAGE =
  '<!doctype html><html lang="nb"><head><meta charset="utf-8"><title>Forhåndsvisning</title></head>' +
  '<body style="margin:0;min-height:100vh;background:#eef0f3"></body></html>';

/** The popup as the snippet would build it, from the draft (the image as a signed link). */
function snippetPopup(
  popupId: string,
  draft: PopupDraft,
  variant: DraftVariant,
  imageUrl: string | null,
  alt: string,
): { popup: Popup; variant: Variant } {
  const shown: Variant = {
    ...variant.content,
    id: variant.id,
    label: variant.label,
    weight: variant.weight,
    image: imageUrl ? { path: imageUrl, url: imageUrl, alt } : null,
    has_discount_code: Boolean(variant.discountCode.trim()),
  };
  return {
    popup: {
      id: popupId,
      type: draft.type,
      priority: draft.priority,
      triggers: draft.triggers,
      targeting: draft.targeting,
      frequency: draft.frequency,
      variants: [shown],
      design: draft.design,
      consent_text: draft.consentText.trim(),
      marketing_consent_text: draft.marketingConsentText.trim(),
    },
    variant: shown,
  };
}

function Device({
  kind,
  label,
  render,
}: {
  kind: keyof typeof DEVICES;
  label: string;
  render: (container: HTMLElement, onClose: () => void) => Shown;
}) {
  const { width, height } = DEVICES[kind];
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [scale, setScale] = useState(kind === 'phone' ? 0.75 : 0.5);
  const [loaded, setLoaded] = useState(0);
  const [closed, setClosed] = useState(0);

  // The device keeps its own size (so `position: fixed` and the popup's layout are the real ones)
  // and is drawn smaller to fit the column.
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const available = entry?.contentRect.width ?? 0;
      if (available > 0) setScale(Math.min(1, available / width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);

  useEffect(() => {
    const body = frame.current?.contentDocument?.body;
    if (!body) return;
    // «Lukk» in the preview shows it again (`closed` runs this once more).
    const shown = render(body, () => setClosed((count) => count + 1));
    return () => shown.close();
  }, [render, loaded, closed]);

  return (
    <figure className={`${styles.device} ${styles[kind]}`}>
      <div ref={box} className={styles.screen} style={{ height: height * scale }}>
        <iframe
          ref={frame}
          title={label}
          sandbox="allow-same-origin allow-forms"
          srcDoc={PAGE}
          width={width}
          height={height}
          style={{ transform: `scale(${scale})` }}
          onLoad={() => setLoaded((count) => count + 1)}
        />
      </div>
      <figcaption className={layout.muted}>{label}</figcaption>
    </figure>
  );
}

/**
 * The popup itself, drawn by the snippet's own renderer in a phone's and a computer's frame (each an
 * iframe of the device's size, so bars and slide-ins sit where they will), updated as the draft
 * changes. The sign-up here only shows the thanks; «Vis takk-meldingen» shows it at once.
 */
export function PopupPreview({
  popupId,
  draft,
  variant,
  image,
}: {
  popupId: string;
  draft: PopupDraft;
  variant: DraftVariant;
  image: MediaSummary | null;
}) {
  const { t } = useTranslation('popups-editor');
  const [success, setSuccess] = useState(false);
  const links = useSignedMediaUrls([image?.url]);
  const imageUrl = image?.url ? (links.get(image.url) ?? null) : null;
  // The popup's own alt text, else the library's.
  const alt = [variant.content.image_alt?.trim(), image?.alt_text].find(Boolean) ?? '';
  const { popup, variant: shown } = snippetPopup(popupId, draft, variant, imageUrl, alt);
  const code = variant.discountCode.trim() || null;
  const key = JSON.stringify([popup, success]);
  // A new renderer only when what it draws changed, so typing elsewhere does not redraw the frames.
  const [render, setRender] = useState<{
    key: string;
    fn: (container: HTMLElement, onClose: () => void) => Shown;
  } | null>(null);
  if (render?.key !== key) {
    setRender({
      key,
      fn: (container, onClose) =>
        showPopup({
          popup,
          variant: shown,
          origin: window.location.origin,
          container,
          ...(success ? { success: { discount_code: code } } : {}),
          onClose,
          onSignup: () => Promise.resolve({ discount_code: code }),
          onFormSent: () => undefined,
        }),
    });
  }

  return (
    <section className={styles.preview} aria-labelledby="popup-preview-title">
      <h2 id="popup-preview-title">{t('preview.title', { label: variant.label })}</h2>
      <label className={editor.checkbox}>
        <input type="checkbox" checked={success} onChange={(event) => setSuccess(event.target.checked)} />
        {t('preview.success')}
      </label>
      {render ? (
        <div className={styles.devices}>
          <Device kind="phone" label={t('preview.phone')} render={render.fn} />
          <Device kind="desktop" label={t('preview.desktop')} render={render.fn} />
        </div>
      ) : null}
      <p className={layout.muted}>{t('preview.note')}</p>
    </section>
  );
}
