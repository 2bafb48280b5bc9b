import { THUMBNAIL_MAX_SIDE, WEB_IMAGE_MAX_SIDE } from './limits';

/**
 * The files made from an uploaded image: the full-size original re-encoded (which leaves EXIF,
 * GPS included, behind and applies its orientation), a web size and a thumbnail. A GIF's original
 * and web file are the upload itself, because re-encoding would lose its animation (GIF has no EXIF);
 * its thumbnail is frame 1.
 */
export type ImageRenditions = {
  /** null: keep the uploaded file (GIF). */
  original: { blob: Blob; ext: string } | null;
  web: { blob: Blob; ext: string } | null;
  thumbnail: { blob: Blob; ext: string };
  width: number;
  height: number;
};

type Canvas = OffscreenCanvas | HTMLCanvasElement;
export type Format = { type: 'image/webp' | 'image/jpeg' | 'image/png'; ext: 'webp' | 'jpg' | 'png' };

const WEBP: Format = { type: 'image/webp', ext: 'webp' };
const JPEG: Format = { type: 'image/jpeg', ext: 'jpg' };
const PNG: Format = { type: 'image/png', ext: 'png' };

function canvasOf(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(canvas: Canvas, format: Format, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: format.type, quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The browser could not encode the image.'))),
      format.type,
      quality,
    ),
  );
}

function context2d(canvas: Canvas) {
  // One branch per kind of canvas: on their union TypeScript's answer for getContext depends on the
  // order it met the two types in, so a cast was needed in one program and flagged in another.
  const context = 'convertToBlob' in canvas ? canvas.getContext('2d') : canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas in this browser.');
  return context;
}

let webpSupport: Promise<boolean> | undefined;

/**
 * A browser that cannot encode WebP (Safari) hands back a PNG when asked for one. The probe draws a
 * pixel first: an OffscreenCanvas without a rendering context refuses to encode at all.
 */
function probeWebp(): Promise<boolean> {
  const probe = canvasOf(1, 1);
  context2d(probe).fillRect(0, 0, 1, 1);
  return encode(probe, WEBP, 0.8).then(
    (blob) => blob.type === WEBP.type,
    () => false,
  );
}

function canEncodeWebp(): Promise<boolean> {
  webpSupport ??= probeWebp();
  return webpSupport;
}

function fit(width: number, height: number, maxSide: number) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function draw(bitmap: ImageBitmap, maxSide: number): Canvas {
  const size = fit(bitmap.width, bitmap.height, maxSide);
  const canvas = canvasOf(size.width, size.height);
  const context = context2d(canvas);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  return canvas;
}

/** Whether any pixel of a small copy is see-through: such an image stays PNG where WebP is missing. */
function hasTransparency(bitmap: ImageBitmap): boolean {
  const canvas = draw(bitmap, 256);
  const { data } = context2d(canvas).getImageData(0, 0, canvas.width, canvas.height);
  for (let index = 3; index < data.length; index += 4) if ((data[index] ?? 255) < 255) return true;
  return false;
}

/**
 * The format of an image's renditions: WebP where the browser encodes it (Chromium, Firefox); else
 * JPEG, or PNG for an image with see-through pixels, which JPEG cannot hold (Safari). `transparent` is
 * asked only when it matters: it draws the image.
 */
export function chooseImageFormat(canEncodeWebp: boolean, mime: string, transparent: () => boolean): Format {
  if (canEncodeWebp) return WEBP;
  return mime !== 'image/jpeg' && transparent() ? PNG : JPEG;
}

/** Decodes the image once (orientation from EXIF applied) and encodes what the library stores. */
export async function renderImage(file: Blob, mime: string): Promise<ImageRenditions> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const format = chooseImageFormat(await canEncodeWebp(), mime, () => hasTransparency(bitmap));
    const rendition = async (maxSide: number, quality: number) => ({
      blob: await encode(draw(bitmap, maxSide), format, quality),
      ext: format.ext,
    });
    const animated = mime === 'image/gif';
    return {
      original: animated ? null : await rendition(Math.max(bitmap.width, bitmap.height), 0.92),
      web: animated ? null : await rendition(WEB_IMAGE_MAX_SIDE, 0.85),
      thumbnail: await rendition(THUMBNAIL_MAX_SIDE, 0.8),
      width: bitmap.width,
      height: bitmap.height,
    };
  } finally {
    bitmap.close();
  }
}

export type ImageWorkerRequest = { file: Blob; mime: string };
export type ImageWorkerResponse = { ok: true; renditions: ImageRenditions } | { ok: false; message: string };

/**
 * The renditions made in a Web Worker (./image.worker.ts) so a large photo never freezes the page;
 * on the main thread where the browser has no OffscreenCanvas.
 */
export async function makeImageRenditions(
  file: Blob,
  mime: string,
  signal?: AbortSignal,
): Promise<ImageRenditions> {
  signal?.throwIfAborted();
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return renderImage(file, mime);
  const worker = new Worker(new URL('./image.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<ImageRenditions>((resolve, reject) => {
      signal?.addEventListener(
        'abort',
        () => reject(new DOMException('The image was cancelled.', 'AbortError')),
        { once: true },
      );
      worker.onmessage = (event: MessageEvent<ImageWorkerResponse>) => {
        if (event.data.ok) resolve(event.data.renditions);
        else reject(new Error(event.data.message));
      };
      worker.onerror = () => reject(new Error('The image worker failed.'));
      worker.postMessage({ file, mime } satisfies ImageWorkerRequest);
    });
  } finally {
    worker.terminate();
  }
}
