/** What an image provider takes and answers: shared by providers.ts, openai.ts and the handler. */
import type { ImageErrorCode } from '../_shared/image-error-codes.ts';
import type { ImageStyle } from '../_shared/local-image.ts';

export interface ImageRequest {
  /** The prompt as sent: the things to avoid already folded in. */
  prompt: string;
  style: ImageStyle;
}

/** The catalogue codes a provider's failure maps to (never the provider's own message). */
export type ImageFailureCode = Extract<
  ImageErrorCode,
  'image-content-policy' | 'image-provider-busy' | 'image-provider-failed'
>;

export type ImageResult =
  { ok: true; png: Uint8Array; width: number; height: number } | { ok: false; code: ImageFailureCode };

export interface ImageProvider {
  name: 'openai' | 'local' | 'unconfigured';
  generate(request: ImageRequest): Promise<ImageResult>;
}
