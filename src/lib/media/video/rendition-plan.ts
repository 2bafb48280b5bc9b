/**
 * The numbers behind a video's renditions, kept apart from the codec library so they can be tested
 * without a browser and read in one place (docs/media.md, «Video»).
 */

import {
  MAX_VIDEO_SECONDS,
  THUMBNAIL_MAX_SIDE,
  VIDEO_RENDITION_MAX_SIDE,
} from '../../../../supabase/functions/_shared/media-limits.ts';

/** Longest side of the MP4 and WebM renditions and of the poster: 720p, enough for a page's player. */
export const RENDITION_LONG_SIDE = VIDEO_RENDITION_MAX_SIDE;
/** Longest side of the grid and picker thumbnail, the same as an image's thumb.webp. */
export const THUMBNAIL_LONG_SIDE = THUMBNAIL_MAX_SIDE;
/** Videos longer than this are refused (the server checks the same number). */
export { MAX_VIDEO_SECONDS };

/**
 * Bits per pixel per frame: H.264 at 720p30 gets ~2.5 Mbit/s, VP9 does as well with ~30 % less.
 * A floor keeps tiny videos from turning to mush.
 */
const BITS_PER_PIXEL = { avc: 0.09, vp9: 0.065 } as const;
const MIN_BITRATE = 300_000;
const ASSUMED_FRAME_RATE = 30;

export type Size = { width: number; height: number };

/**
 * Scales a size so its long side is at most `longSide`, keeping the aspect ratio; both sides come out
 * even because H.264 and VP9 encoders work on 2×2 chroma blocks and refuse odd sizes.
 */
export function fitWithin({ width, height }: Size, longSide: number): Size {
  const scale = Math.min(1, longSide / Math.max(width, height));
  const even = (value: number) => Math.max(2, Math.round((value * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

/** The video bitrate for a rendition of this size, capped by what the frame rate needs. */
export function videoBitrate(
  codec: keyof typeof BITS_PER_PIXEL,
  { width, height }: Size,
  frameRate?: number,
) {
  const fps = Math.min(frameRate && Number.isFinite(frameRate) ? frameRate : ASSUMED_FRAME_RATE, 60);
  return Math.max(MIN_BITRATE, Math.round(width * height * fps * BITS_PER_PIXEL[codec]));
}

/**
 * The moments a poster may come from: the first frame, then a little later, then 1 s in — the first one
 * that is not black (fades from black are common) wins; a clip shorter than a moment uses its middle.
 */
export function posterCandidates(durationSeconds: number): number[] {
  const moments = [0, 0.5, 1].filter((moment) => moment < durationSeconds);
  return moments.length > 1 ? moments : [0, durationSeconds / 2];
}

/**
 * Whether RGBA pixels are (almost) black: the mean luma of the sampled pixels under ~6 % brightness.
 * Samples every 16th pixel, enough for a decision and cheap for a 1280 px frame.
 */
export function isMostlyBlack(pixels: Uint8ClampedArray): boolean {
  let sum = 0;
  let count = 0;
  for (let index = 0; index + 3 < pixels.length; index += 64) {
    sum += 0.2126 * pixels[index]! + 0.7152 * pixels[index + 1]! + 0.0722 * pixels[index + 2]!;
    count += 1;
  }
  return count === 0 || sum / count < 16;
}

/**
 * The object paths of a video's files, all under `<organization id>/<media id>/` in the bucket. The
 * poster and thumbnail are WebP, or JPEG from a browser that cannot encode WebP.
 */
export function renditionPaths(media: { organization_id: string; id: string }, imageType = 'image/webp') {
  const folder = `${media.organization_id}/${media.id}`;
  const imageExtension = imageType === 'image/jpeg' ? 'jpg' : 'webp';
  return {
    mp4: `${folder}/video.mp4`,
    webm: `${folder}/video.webm`,
    poster: `${folder}/poster.${imageExtension}`,
    thumbnail: `${folder}/thumb.${imageExtension}`,
  };
}
