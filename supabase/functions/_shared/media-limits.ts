/**
 * What the media library accepts, one list for the browser (src/lib/media/limits.ts re-exports it)
 * and the edge functions that check stored files. The table's checks and the bucket hold the same
 * numbers (supabase/migrations/20261125100000_media_library.sql). Plain TypeScript, so both Deno and
 * Vite read it.
 */
export const MEDIA_BUCKET = 'organizations-media';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Checked from the file's header before anything decodes it (a 100-megapixel PNG fills the memory). */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;
export const MAX_VIDEO_SECONDS = 10 * 60;

export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;

/** The long side of the renditions made from an image. */
export const WEB_IMAGE_MAX_SIDE = 2048;
export const THUMBNAIL_MAX_SIDE = 480;
/** The long side of a video's MP4 and WebM renditions and its poster: 720p. */
export const VIDEO_RENDITION_MAX_SIDE = 1280;

export const MAX_NAME_LENGTH = 200;
