/**
 * Benchmark: p50/p95 of password sign-in and of token refresh against an in-memory platform,
 * through the real supabase-js. Prints figures only (no assertions): `npx tsx supabase/local/auth/bench.ts [iterations]`.
 */
import { performance } from 'node:perf_hooks';
import { adminClient, anonClient, STRONG_PASSWORD } from '../testing/auth-helpers.ts';
import { startTestPlatform } from '../testing/test-platform.ts';

const iterations = Number(process.argv[2] ?? 200);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function report(name: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(
    `${name.padEnd(18)} n=${samples.length}  p50=${percentile(sorted, 50).toFixed(1)} ms  p95=${percentile(sorted, 95).toFixed(1)} ms  max=${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
  );
}

const started = performance.now();
const platform = await startTestPlatform();
console.log(`platform start (in-memory PGlite + bootstrap): ${(performance.now() - started).toFixed(0)} ms`);
try {
  const email = 'bench@example.com';
  const created = await adminClient(platform).auth.admin.createUser({
    email,
    password: STRONG_PASSWORD,
    email_confirm: true,
  });
  if (created.error) throw created.error;
  const client = anonClient(platform);

  const signIns: number[] = [];
  let refreshToken = '';
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    const { data, error } = await client.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    signIns.push(performance.now() - t0);
    if (error) throw error;
    refreshToken = data.session.refresh_token;
  }
  report('password sign-in', signIns);

  const refreshes: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    const { data, error } = await client.auth.refreshSession({ refresh_token: refreshToken });
    refreshes.push(performance.now() - t0);
    if (error || !data.session) throw error ?? new Error('no session');
    refreshToken = data.session.refresh_token;
  }
  report('token refresh', refreshes);
} finally {
  await platform.stop();
}
