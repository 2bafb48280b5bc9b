import {
  imagePixelSize,
  SNIFF_BYTES,
  sniffMediaType,
  type SniffedMedia,
} from '../../../supabase/functions/_shared/media-sniff.ts';
import { AppError } from '../errors';
import { readBytes } from '../read-bytes';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_VIDEO_BYTES, MAX_VIDEO_SECONDS } from './limits';

/** The file endings each kind of file goes by; a name with another known media ending lies. */
const ENDINGS: Record<SniffedMedia['ext'], readonly string[]> = {
  png: ['png'],
  jpg: ['jpg', 'jpeg', 'jfif'],
  webp: ['webp'],
  gif: ['gif'],
  mp4: ['mp4', 'm4v'],
  mov: ['mov', 'qt'],
  webm: ['webm', 'mkv'],
};
const MEDIA_ENDINGS = new Set(Object.values(ENDINGS).flat());

const endingOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

export type CheckedFile = SniffedMedia & { width: number | null; height: number | null };

/**
 * What the library knows about a chosen file before anything is sent: its real type (from the
 * bytes), that its name does not claim another type, and that it is within the limits (./limits.ts).
 * Throws an AppError with the catalogue code that tells the user what to do.
 */
export async function checkMediaFile(file: File): Promise<CheckedFile> {
  const head = new Uint8Array(await readBytes(file.slice(0, SNIFF_BYTES)));
  const sniffed = sniffMediaType(head);
  const ending = endingOf(file.name);
  if (!sniffed) {
    throw new AppError(MEDIA_ENDINGS.has(ending) ? 'media-type-mismatch' : 'media-type-unsupported');
  }
  if (MEDIA_ENDINGS.has(ending) && !ENDINGS[sniffed.ext].includes(ending)) {
    throw new AppError('media-type-mismatch');
  }
  if (sniffed.type === 'video') {
    if (file.size > MAX_VIDEO_BYTES) throw new AppError('media-too-large');
    return { ...sniffed, width: null, height: null };
  }
  if (file.size > MAX_IMAGE_BYTES) throw new AppError('media-too-large');
  const size = imagePixelSize(head, sniffed.mime);
  if (!size) throw new AppError('media-type-mismatch');
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw new AppError('media-too-many-pixels');
  return { ...sniffed, ...size };
}

/**
 * A video's length from its metadata, or null where the browser cannot read it (a codec it lacks);
 * the renditions then find out. Refuses a video over the limit.
 */
export async function checkVideoDuration(file: Blob): Promise<number | null> {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return null;
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  try {
    const seconds = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 10_000);
      video.preload = 'metadata';
      video.onloadedmetadata = () => {
        clearTimeout(timer);
        resolve(Number.isFinite(video.duration) ? video.duration : null);
      };
      video.onerror = () => {
        clearTimeout(timer);
        resolve(null);
      };
      video.src = url;
    });
    if (seconds !== null && seconds > MAX_VIDEO_SECONDS) throw new AppError('media-video-too-long');
    return seconds;
  } finally {
    video.removeAttribute('src');
    URL.revokeObjectURL(url);
  }
}
