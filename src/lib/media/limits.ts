/**
 * What the media library accepts. The same numbers hold in the database and the bucket
 * (supabase/migrations, supabase/config.toml), so a refusal here is what the server would say, only
 * sooner and in Norwegian.
 */
export const MEDIA_BUCKET = 'organizations-media';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Checked from the file's header before the browser decodes it (a 100-megapixel PNG fills the memory). */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;
export const MAX_VIDEO_SECONDS = 10 * 60;

export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;

/** The long side of the renditions made from an image. */
export const WEB_IMAGE_MAX_SIDE = 2048;
export const THUMBNAIL_MAX_SIDE = 480;

export const MAX_NAME_LENGTH = 200;
export const MAX_ALT_TEXT_LENGTH = 500;
export const MAX_PROMPT_LENGTH = 1000;

/** A link to copy (to send to a printer, a colleague): long enough to be useful, short for a private file. */
export const SHARE_LINK_SECONDS = 7 * 24 * 60 * 60;
/** Links the screens show; re-signed before they run out (./signed-urls.ts). */
export const DISPLAY_LINK_SECONDS = 60 * 60;

/** `10 MB` in the messages: the limits in whole megabytes. */
export const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
