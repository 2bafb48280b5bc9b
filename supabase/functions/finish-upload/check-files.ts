/**
 * What an item's stored files are, judged from their bytes: the rules finish-upload applies before
 * it writes a row. Pure, so every refusal is tested without storage.
 */
import {
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_VIDEO_BYTES,
  THUMBNAIL_MAX_SIDE,
  VIDEO_RENDITION_MAX_SIDE,
  WEB_IMAGE_MAX_SIDE,
} from '../_shared/media-limits.ts';
import { imagePixelSize, sniffMediaType, type PixelSize, type SniffedMedia } from '../_shared/media-sniff.ts';

/** One object in the item's folder: its name there, its size and stored type, and its first bytes. */
export interface StoredFile {
  name: string;
  size: number;
  /** The Content-Type storage serves it with (what the uploader declared). */
  mimeType: string | null;
  head: Uint8Array;
}

export type UploadRefusal =
  | 'media-upload-failed'
  | 'media-type-unsupported'
  | 'media-type-mismatch'
  | 'media-too-large'
  | 'media-too-many-pixels';

export type Checked<T> = { ok: true; value: T } | { ok: false; code: UploadRefusal };

const refuse = (code: UploadRefusal) => ({ ok: false as const, code });

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1);
const baseOf = (name: string) => name.slice(0, name.lastIndexOf('.'));

/**
 * The file's type from its bytes, which its name's extension and its stored Content-Type must both
 * agree with: `original.png` served as image/png is a PNG, or it is refused.
 */
function sniffAgreeing(file: StoredFile): Checked<SniffedMedia> {
  const sniffed = sniffMediaType(file.head);
  if (!sniffed) return refuse('media-type-unsupported');
  if (sniffed.ext !== extensionOf(file.name) || file.mimeType !== sniffed.mime)
    return refuse('media-type-mismatch');
  return { ok: true, value: sniffed };
}

/** An image's pixel size from its header, within the library's limits and `maxSide` if given. */
function imageSize(file: StoredFile, sniffed: SniffedMedia, maxSide?: number): Checked<PixelSize> {
  if (sniffed.type !== 'image') return refuse('media-type-mismatch');
  if (file.size > MAX_IMAGE_BYTES) return refuse('media-too-large');
  const size = imagePixelSize(file.head, sniffed.mime);
  if (!size) return refuse('media-type-mismatch');
  if (size.width * size.height > MAX_IMAGE_PIXELS) return refuse('media-too-many-pixels');
  if (maxSide !== undefined && Math.max(size.width, size.height) > maxSide)
    return refuse('media-type-mismatch');
  return { ok: true, value: size };
}

function checkedImage(
  file: StoredFile,
  maxSide?: number,
): Checked<{ sniffed: SniffedMedia; size: PixelSize }> {
  const sniffed = sniffAgreeing(file);
  if (!sniffed.ok) return sniffed;
  const size = imageSize(file, sniffed.value, maxSide);
  if (!size.ok) return size;
  return { ok: true, value: { sniffed: sniffed.value, size: size.value } };
}

/** The one file of `files` whose name before the extension is `base`; more than one is a refusal. */
function single(files: readonly StoredFile[], base: string): Checked<StoredFile | null> {
  const found = files.filter((file) => baseOf(file.name) === base);
  if (found.length > 1) return refuse('media-type-mismatch');
  return { ok: true, value: found[0] ?? null };
}

/** The columns a new item's row gets from its files (paths are the files' names, joined by the caller). */
export type NewItemFiles =
  | {
      type: 'image';
      original: StoredFile;
      web: StoredFile | null;
      thumbnail: StoredFile | null;
      mimeType: string;
      width: number;
      height: number;
    }
  | { type: 'video'; original: StoredFile; mimeType: string };

/**
 * A new item: exactly one `original.<ext>` that is what it says and within the limits; an image may
 * have `web.<ext>` (≤ 2048 px) and `thumb.<ext>` (≤ 480 px) beside it, a video nothing else yet.
 */
export function checkNewItem(files: readonly StoredFile[]): Checked<NewItemFiles> {
  const original = single(files, 'original');
  if (!original.ok) return original;
  if (!original.value) return refuse('media-upload-failed');
  const sniffed = sniffAgreeing(original.value);
  if (!sniffed.ok) return sniffed;

  if (sniffed.value.type === 'video') {
    if (files.length !== 1) return refuse('media-type-mismatch');
    if (original.value.size > MAX_VIDEO_BYTES) return refuse('media-too-large');
    return { ok: true, value: { type: 'video', original: original.value, mimeType: sniffed.value.mime } };
  }

  const size = imageSize(original.value, sniffed.value);
  if (!size.ok) return size;
  const web = single(files, 'web');
  const thumbnail = single(files, 'thumb');
  if (!web.ok) return web;
  if (!thumbnail.ok) return thumbnail;
  if (files.length !== 1 + Number(Boolean(web.value)) + Number(Boolean(thumbnail.value))) {
    return refuse('media-type-mismatch');
  }
  for (const [file, maxSide] of [
    [web.value, WEB_IMAGE_MAX_SIDE],
    [thumbnail.value, THUMBNAIL_MAX_SIDE],
  ] as const) {
    if (!file) continue;
    const checked = checkedImage(file, maxSide);
    if (!checked.ok) return checked;
  }
  return {
    ok: true,
    value: {
      type: 'image',
      original: original.value,
      web: web.value,
      thumbnail: thumbnail.value,
      mimeType: sniffed.value.mime,
      ...size.value,
    },
  };
}

export interface VideoRenditionFiles {
  mp4: StoredFile;
  webm: StoredFile;
  poster: StoredFile;
  thumbnail: StoredFile;
  /** The poster's size: the renditions' frame size. */
  width: number;
  height: number;
}

/** The names a video's renditions may have; anything else in the folder is not looked at. */
export const RENDITION_FILE_PATTERN = /^(video\.(mp4|webm)|(poster|thumb)\.(webp|jpg))$/;

/**
 * A processing video's renditions: `video.mp4` (MP4), `video.webm` (WebM), a poster (≤ 1280 px) and a
 * thumbnail (≤ 480 px), WebP or JPEG, each what it says.
 */
export function checkVideoRenditions(files: readonly StoredFile[]): Checked<VideoRenditionFiles> {
  const renditions = files.filter((file) => RENDITION_FILE_PATTERN.test(file.name));
  const mp4 = renditions.find((file) => file.name === 'video.mp4');
  const webm = renditions.find((file) => file.name === 'video.webm');
  const poster = single(renditions, 'poster');
  const thumbnail = single(renditions, 'thumb');
  if (!poster.ok) return poster;
  if (!thumbnail.ok) return thumbnail;
  if (!mp4 || !webm || !poster.value || !thumbnail.value) return refuse('media-upload-failed');

  for (const [file, mime] of [
    [mp4, 'video/mp4'],
    [webm, 'video/webm'],
  ] as const) {
    const sniffed = sniffAgreeing(file);
    if (!sniffed.ok) return sniffed;
    if (sniffed.value.mime !== mime) return refuse('media-type-mismatch');
    if (file.size > MAX_VIDEO_BYTES) return refuse('media-too-large');
  }
  const posterImage = checkedImage(poster.value, VIDEO_RENDITION_MAX_SIDE);
  if (!posterImage.ok) return posterImage;
  const thumbnailImage = checkedImage(thumbnail.value, THUMBNAIL_MAX_SIDE);
  if (!thumbnailImage.ok) return thumbnailImage;
  return {
    ok: true,
    value: { mp4, webm, poster: poster.value, thumbnail: thumbnail.value, ...posterImage.value.size },
  };
}
