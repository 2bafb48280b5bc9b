/**
 * OpenAI's image API answered in memory for deno tests: a `fetch` that takes POST
 * /v1/images/generations and answers like OpenAI (https://platform.openai.com/docs/api-reference/images):
 * `{ created, data: [{ b64_json, revised_prompt }] }`, or the error the test queued — a content-policy
 * refusal, 429, 5xx, a body that is not JSON, an answer without a PNG — or no answer before the
 * caller's timeout. Nothing reaches the network.
 */
import { encodePng } from '../_shared/png.ts';

type Json = Record<string, unknown>;

export type FakeOutcome =
  | 'ok'
  | 'content-policy'
  | 'moderation-blocked'
  | 'rate-limited'
  | 'insufficient-quota'
  | 'server-error'
  | 'not-json'
  | 'not-png'
  | 'hang';

export class FakeOpenAi {
  requests: { url: string; authorization: string | null; body: Json }[] = [];
  /** What the next answers are; 'ok' once the queue is empty. */
  outcomes: FakeOutcome[] = [];

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init?.headers);
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Json;
    this.requests.push({ url, authorization: headers.get('authorization'), body });
    const outcome = this.outcomes.shift() ?? 'ok';
    switch (outcome) {
      case 'ok': {
        // A small real PNG (OpenAI's are 1024×1024; the size does not matter here).
        const png = await encodePng(4, 4, new Uint8Array(4 * 4 * 3).fill(200));
        return Response.json({
          created: 1_764_000_000,
          data: [{ b64_json: btoa(binary(png)), revised_prompt: body.prompt }],
        });
      }
      case 'content-policy':
        return error(400, {
          code: 'content_policy_violation',
          type: 'invalid_request_error',
          message: 'Your request was rejected as a result of our safety system.',
        });
      case 'moderation-blocked':
        return error(400, {
          code: 'moderation_blocked',
          type: 'image_generation_user_error',
          message: 'Blocked.',
        });
      case 'rate-limited':
        return error(429, {
          code: 'rate_limit_exceeded',
          type: 'requests',
          message: 'Rate limit reached for images per minute.',
        });
      case 'insufficient-quota':
        return error(429, {
          code: 'insufficient_quota',
          type: 'insufficient_quota',
          message: 'You exceeded your current quota.',
        });
      case 'server-error':
        return error(500, {
          code: null,
          type: 'server_error',
          message: 'The server had an error while processing your request.',
        });
      case 'not-json':
        return new Response('<html>502 Bad Gateway</html>', {
          status: 502,
          headers: { 'Content-Type': 'text/html' },
        });
      case 'not-png':
        return Response.json({ created: 1_764_000_000, data: [{ b64_json: btoa('GIF89a not a png') }] });
      case 'hang':
        return await new Promise<Response>((_, reject) => {
          const signal = init?.signal;
          signal?.addEventListener('abort', () =>
            reject(signal.reason ?? new DOMException('aborted', 'AbortError')),
          );
        });
    }
  };
}

function binary(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return text;
}

function error(status: number, body: Json): Response {
  return Response.json({ error: { param: null, ...body } }, { status });
}
