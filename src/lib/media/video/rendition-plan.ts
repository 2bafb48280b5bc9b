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
 * Bits per pixel per frame: H.264 at 720p30 gets ~2.5 Mbit/s, VP9 does as well with ~30 % less, VP8
 * needs about what H.264 does. A floor keeps tiny videos from turning to mush.
 */
const BITS_PER_PIXEL = { avc: 0.09, vp9: 0.065, vp8: 0.09 } as const;
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

export type RenditionVideoCodec = keyof typeof BITS_PER_PIXEL;
/** Which video encoders this browser has at the rendition's size. */
export type VideoEncoderSupport = Record<RenditionVideoCodec, boolean> & {
  /**
   * Whether the browser says it encodes VP9 smoothly at this size (MediaCapabilities); undefined where
   * it does not say. Firefox says no, and means it: its VP9 takes ~5× as long as its VP8 there.
   */
  vp9Smooth?: boolean;
};

/**
 * The video codec of each rendition, given the browser's encoders; null where none fits, and then the
 * video cannot be processed in this browser.
 * - MP4: H.264, what every player of MP4 has. A browser without an H.264 encoder (Firefox on a Linux
 *   without the system's FFmpeg) puts VP9 in it, which Chrome, Edge and Firefox play; the MP4 is the
 *   player's second source, after the WebM.
 * - WebM: VP9, a third smaller than VP8 at the same quality — unless the browser says its VP9 encoder
 *   is not smooth and it has VP8 (Firefox: a 10 s 720p clip takes ~45 s in VP9, ~9 s in VP8). VP8
 *   where VP9 cannot be encoded at all.
 */
export function chooseVideoCodecs(support: VideoEncoderSupport): {
  mp4: 'avc' | 'vp9' | null;
  webm: 'vp9' | 'vp8' | null;
} {
  const vp9Slow = support.vp9Smooth === false && support.vp8;
  return {
    mp4: support.avc ? 'avc' : support.vp9 ? 'vp9' : null,
    webm: support.vp9 && !vp9Slow ? 'vp9' : support.vp8 ? 'vp8' : null,
  };
}

/**
 * The MP4's audio: an AAC input (the usual phone video) and a silent one need no encoder, so AAC;
 * otherwise AAC where the browser encodes it and Opus where it cannot (Chromium and Firefox on Linux),
 * which Chrome, Edge, Firefox and Safari 17+ play in MP4.
 */
export function chooseMp4AudioCodec(inputCodec: string | null, canEncodeAac: boolean): 'aac' | 'opus' {
  if (inputCodec === null || inputCodec === 'aac') return 'aac';
  return canEncodeAac ? 'aac' : 'opus';
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
