/**
 * The auth rate limits (auth.rate_limit.* in config.toml), on the service's clock so tests move time
 * instead of waiting. In memory: a restart resets them, like GoTrue's in-process limiters.
 *
 * - Requests per client IP (sign-ins and sign-ups, token refreshes, verifications): a token bucket,
 *   GoTrue's limiter. "30 per 5 minutes" is a bucket holding 30 that refills 30 per 300 s (one every
 *   10 s), so a burst gets 30 and then one more every 10 s — never 360 in a minute.
 * - E-mails and SMS for the whole project: at most N in any hour (`HourlyLimiter`).
 */
const HOUR_MS = 60 * 60 * 1000;

/** Buckets beyond this many make the next `take` drop the full ones (they equal fresh buckets). */
const PRUNE_THRESHOLD = 10_000;

interface Bucket {
  tokens: number;
  at: number;
  capacity: number;
  periodMs: number;
}

/** Tokens after `elapsed` ms; multiplied before dividing, so 10 s of "30 per 300 s" is exactly 1. */
const refilled = (bucket: Bucket, elapsed: number) =>
  Math.min(bucket.capacity, bucket.tokens + (elapsed * bucket.capacity) / bucket.periodMs);

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly now: () => Date) {}

  /**
   * Takes one token from `key`'s bucket, which holds `capacity` and refills `capacity` every
   * `periodSeconds`; false when it is empty. A new key starts full.
   */
  take(key: string, capacity: number, periodSeconds: number): boolean {
    const now = this.now().getTime();
    const periodMs = periodSeconds * 1000;
    const bucket = this.buckets.get(key) ?? { tokens: capacity, at: now, capacity, periodMs };
    bucket.capacity = capacity;
    bucket.periodMs = periodMs;
    // A clock moved backwards (a test resetting it) refills nothing and takes nothing back.
    bucket.tokens = refilled(bucket, Math.max(0, now - bucket.at));
    bucket.at = now;
    if (!this.buckets.has(key)) {
      if (this.buckets.size >= PRUNE_THRESHOLD) this.prune(now);
      this.buckets.set(key, bucket);
    }
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Rotating client addresses (behind a trusted proxy) must not grow the map without end. */
  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (refilled(bucket, Math.max(0, now - bucket.at)) >= bucket.capacity) this.buckets.delete(key);
    }
  }
}

export class HourlyLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly now: () => Date) {}

  /** Records one hit for `key` unless `limit` hits already happened in the last hour. */
  take(key: string, limit: number): boolean {
    const now = this.now().getTime();
    const recent = (this.hits.get(key) ?? []).filter((at) => at > now - HOUR_MS);
    if (recent.length >= limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    return true;
  }
}
