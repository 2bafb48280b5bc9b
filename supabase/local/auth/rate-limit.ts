/**
 * Per-hour rate limits (auth.rate_limit.* in config.toml). GoTrue counts e-mails and SMS for the
 * whole project and the other limits per client IP; so do we. In memory: a restart resets them,
 * like GoTrue's in-process limiter.
 */
const HOUR_MS = 60 * 60 * 1000;

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
