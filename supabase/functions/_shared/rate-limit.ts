/** Database-backed rate limits (public.consume_rate_limit, service role): shared by every worker. */
import type { SupabaseClient } from './deps.ts';

export interface RateLimitRule {
  /** Window length in seconds. */
  windowSeconds: number;
  /** Requests allowed per window. */
  max: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** 0 when allowed. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  consume(key: string, rule: RateLimitRule): Promise<RateLimitResult>;
}

export function databaseRateLimiter(service: SupabaseClient): RateLimiter {
  return {
    async consume(key, rule) {
      const { data, error } = await service
        .rpc('consume_rate_limit', {
          input_key: key,
          input_window_seconds: rule.windowSeconds,
          input_max: rule.max,
        })
        .single<{ allowed: boolean; retry_after_seconds: number }>();
      if (error || !data) throw new Error(`consume_rate_limit failed: ${error?.message ?? 'no row'}`);
      return { allowed: data.allowed, retryAfterSeconds: data.retry_after_seconds };
    },
  };
}

/** `3/600` (max per window seconds) from the environment, else the default. */
export function ruleFromEnv(value: string | undefined, fallback: RateLimitRule): RateLimitRule {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value ?? '');
  if (!match) return fallback;
  const max = Number(match[1]);
  const windowSeconds = Number(match[2]);
  return max >= 1 && windowSeconds >= 1 ? { max, windowSeconds } : fallback;
}
