/**
 * What create-image answers besides the shared codes (not-signed-in, invalid-input, forbidden,
 * unknown): the one
 * list — the function imports it, and so does the app's error catalogue (src/lib/errors.ts), which
 * has a message for each code. Plain TypeScript, so both Deno and Vite read it.
 */
export const IMAGE_ERROR_CODES = [
  'image-rate-limited',
  'image-content-policy',
  'image-provider-busy',
  'image-provider-failed',
  'images-not-configured',
] as const;

export type ImageErrorCode = (typeof IMAGE_ERROR_CODES)[number];
