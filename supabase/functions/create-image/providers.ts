/**
 * Which image provider create-image uses, like the payment providers (../_shared/payment-providers.ts):
 * `OPENAI_API_KEY` set → OpenAI's image API; no key and `IMAGES_PROVIDER=local`, or no key on a local
 * stack → the local provider (a PNG drawn from the prompt, offline); otherwise none, and every call
 * answers 503 images-not-configured (logged).
 */
import type { ImageErrorCode } from '../_shared/image-error-codes.ts';
import { drawLocalImage, LOCAL_IMAGE_SIZE, type ImageStyle } from '../_shared/local-image.ts';
import type { Env } from '../_shared/mailer.ts';
import { isLocalStack } from '../_shared/payments.ts';
import { openAiImageProvider } from './openai.ts';

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

export const localImageProvider: ImageProvider = {
  name: 'local',
  async generate({ prompt, style }) {
    return {
      ok: true,
      png: await drawLocalImage(prompt, style),
      width: LOCAL_IMAGE_SIZE,
      height: LOCAL_IMAGE_SIZE,
    };
  },
};

export const unconfiguredImageProvider: ImageProvider = {
  name: 'unconfigured',
  generate: () => Promise.reject(new Error('no image provider configured')),
};

const value = (env: Env, name: string) => env.get(name)?.trim() || null;

/** The provider the environment configures (see the top of this file). */
export function imageProviderFromEnv(env: Env, fetchImpl: typeof fetch = fetch): ImageProvider {
  const apiKey = value(env, 'OPENAI_API_KEY');
  if (apiKey) {
    return openAiImageProvider({ apiKey, model: value(env, 'OPENAI_IMAGE_MODEL'), fetch: fetchImpl });
  }
  const choice = value(env, 'IMAGES_PROVIDER');
  if (choice === 'local' || (!choice && isLocalStack(env.get('SUPABASE_URL')))) return localImageProvider;
  return unconfiguredImageProvider;
}
