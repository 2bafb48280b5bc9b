/**
 * Which image provider create-image uses, like the payment providers (../_shared/payment-providers.ts):
 * `OPENAI_API_KEY` set → OpenAI's image API; no key and `IMAGES_PROVIDER=local`, or no key on a local
 * stack → the local provider (a PNG drawn from the prompt, offline); otherwise none, and every call
 * answers 503 images-not-configured (logged).
 */
import { isLocalStack, type Env } from '../_shared/env.ts';
import { drawLocalImage, LOCAL_IMAGE_SIZE } from '../_shared/local-image.ts';
import { openAiImageProvider } from './openai.ts';
import type { ImageProvider } from './types.ts';

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
