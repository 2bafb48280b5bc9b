/** Fakes for the handlers' tests (deno test). */
import type { Mail, Mailer } from './mailer.ts';
import type { RateLimiter, RateLimitRule } from './rate-limit.ts';

export class FakeMailer implements Mailer {
  sent: Mail[] = [];
  fail = false;
  send(mail: Mail): Promise<void> {
    if (this.fail) return Promise.reject(new Error('smtp down'));
    this.sent.push(mail);
    return Promise.resolve();
  }
}

/** In-memory fixed windows, like public.consume_rate_limit. */
export class FakeRateLimiter implements RateLimiter {
  hits = new Map<string, number>();
  keys: string[] = [];
  consume(key: string, rule: RateLimitRule) {
    this.keys.push(key);
    const hits = (this.hits.get(key) ?? 0) + 1;
    this.hits.set(key, hits);
    const allowed = hits <= rule.max;
    return Promise.resolve({ allowed, retryAfterSeconds: allowed ? 0 : rule.windowSeconds });
  }
}

export function post(url: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function errorCode(response: Response): Promise<string | undefined> {
  const body = (await response.json()) as { error?: { code?: string } };
  return body.error?.code;
}

/**
 * The card code of a decline answered as an expected answer — 200 `{ status: 'failed', error: { code } }`,
 * never a 4xx the browser would log — or undefined for any other answer.
 */
export async function declineCode(response: Response): Promise<string | undefined> {
  const body = (await response.json()) as { status?: string; error?: { code?: string } };
  return response.status === 200 && body.status === 'failed' ? body.error?.code : undefined;
}
