/**
 * OpenAI's image API (https://platform.openai.com/docs/api-reference/images/create) for create-image.
 *
 * The app's `aiModel: 'dall-e'` maps to `dall-e-3` (the current DALL·E), one 1024×1024 image,
 * `style` vivid|natural as the app sends it, `response_format: b64_json` so the bytes come in the
 * answer (DALL·E's URLs expire after an hour). `OPENAI_IMAGE_MODEL=gpt-image-1` switches to the GPT
 * image model: it has no `style` or `response_format` (it always answers base64), so the style is
 * said in the prompt and `output_format: png` is asked for.
 *
 * Answers: 400 with code content_policy_violation (DALL·E) or moderation_blocked (gpt-image-1) →
 * image-content-policy; 429 → image-provider-busy (but insufficient_quota, a billing problem, →
 * image-provider-failed); anything else that is not a PNG in 60 s → image-provider-failed. The
 * provider's message is logged, never returned.
 */
import { consoleLog, type Log } from '../_shared/http.ts';
import { isPng } from '../_shared/png.ts';
import type { ImageProvider, ImageResult } from './types.ts';

export const OPENAI_IMAGES_URL = 'https://api.openai.com/v1/images/generations';
export const OPENAI_TIMEOUT_MS = 60_000;

export interface OpenAiOptions {
  apiKey: string;
  /** dall-e-3 (default) or gpt-image-1. */
  model?: string | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
  log?: Log;
}

const STYLE_WORDS = {
  vivid: 'Livlige, mettede farger og dramatisk lys.',
  natural: 'Naturlige farger og et realistisk uttrykk.',
};

function base64Bytes(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

export function openAiImageProvider(options: OpenAiOptions): ImageProvider {
  const model = options.model === 'gpt-image-1' ? 'gpt-image-1' : 'dall-e-3';
  const fetchImpl = options.fetch ?? fetch;
  const log = options.log ?? consoleLog;

  return {
    name: 'openai',
    async generate({ prompt, style }): Promise<ImageResult> {
      const body =
        model === 'dall-e-3'
          ? { model, prompt, n: 1, size: '1024x1024', style, response_format: 'b64_json' }
          : {
              model,
              prompt: `${prompt}\n\n${STYLE_WORDS[style]}`,
              n: 1,
              size: '1024x1024',
              output_format: 'png',
            };
      let response: Response;
      try {
        response = await fetchImpl(OPENAI_IMAGES_URL, {
          method: 'POST',
          headers: { Authorization: `Bearer ${options.apiKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? OPENAI_TIMEOUT_MS),
        });
      } catch (error) {
        log(`create-image: OpenAI did not answer (${model})`, error);
        return { ok: false, code: 'image-provider-failed' };
      }
      let answer: unknown;
      try {
        answer = await response.json();
      } catch (error) {
        log(`create-image: OpenAI answered ${response.status} without JSON`, error);
        return { ok: false, code: 'image-provider-failed' };
      }
      if (!response.ok) {
        const error = (answer as { error?: { code?: unknown; type?: unknown; message?: unknown } } | null)
          ?.error;
        log(
          `create-image: OpenAI answered ${response.status} ${String(error?.code ?? error?.type ?? '')}`,
          error?.message,
        );
        if (
          response.status === 400 &&
          (error?.code === 'content_policy_violation' || error?.code === 'moderation_blocked')
        ) {
          return { ok: false, code: 'image-content-policy' };
        }
        if (response.status === 429 && error?.code !== 'insufficient_quota')
          return { ok: false, code: 'image-provider-busy' };
        return { ok: false, code: 'image-provider-failed' };
      }
      const encoded = (answer as { data?: { b64_json?: unknown }[] } | null)?.data?.[0]?.b64_json;
      const png = typeof encoded === 'string' ? base64Bytes(encoded) : null;
      if (!png || !isPng(png)) {
        log(`create-image: OpenAI's answer held no PNG (${model})`);
        return { ok: false, code: 'image-provider-failed' };
      }
      return { ok: true, png, width: 1024, height: 1024 };
    },
  };
}
