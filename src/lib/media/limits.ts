/**
 * What the media library accepts: the numbers the server checks too (shared with the edge
 * functions), and the ones only the screens use.
 */
export {
  IMAGE_MIME_TYPES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_NAME_LENGTH,
  MAX_VIDEO_BYTES,
  MAX_VIDEO_SECONDS,
  MEDIA_BUCKET,
  THUMBNAIL_MAX_SIDE,
  VIDEO_MIME_TYPES,
  WEB_IMAGE_MAX_SIDE,
} from '../../../supabase/functions/_shared/media-limits.ts';

export const MAX_ALT_TEXT_LENGTH = 500;
export const MAX_PROMPT_LENGTH = 1000;

/** A link to copy (to send to a printer, a colleague): long enough to be useful, short for a private file. */
export const SHARE_LINK_SECONDS = 7 * 24 * 60 * 60;
/** Links the screens show; re-signed before they run out (./api/sign-media-paths.ts). */
export const DISPLAY_LINK_SECONDS = 60 * 60;

/** `10 MB` in the messages: the limits in whole megabytes. */
export const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
