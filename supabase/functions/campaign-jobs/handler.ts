/**
 * POST /functions/v1/campaign-jobs `{ job, now? }` with the service key: the campaigns' scheduled work
 * (docs/campaign-engine.md «Scheduled work»). pg_cron + pg_net on hosted Supabase and the embedded
 * platform's scheduler call it from private.scheduled_jobs; tests call it with an explicit `now`.
 *
 * Order: method → the service key (none: 401 not-signed-in; any other key or user: 403 forbidden) →
 * JSON and input (400 invalid-input; an unknown job also lists the known ones) → the job from
 * registry.ts. A claimed e-mail that cannot be sent is released, so the next run tries again; the
 * answer is 200 `{ job, …counts }` (`{ job, sent, failed }` for e-mails, plus `released` for the
 * erasure notices, which go to several addresses each; `{ job, draws }`).
 */
import { z } from '../_shared/deps.ts';
import { errorResponse, json, withServiceKey, type Log } from '../_shared/http.ts';
import type { Job, JobDeps } from './job.ts';
import { JOB_LIST } from './registry.ts';

export interface CampaignJobsDeps extends Omit<JobDeps, 'log'> {
  /** Whether the request's bearer token is the service key. */
  isServiceKey(token: string): boolean;
  /** The function's clock when the body has no `now` (tests). */
  clock?: () => Date;
  log?: Log;
  /** The jobs to run by name; registry.ts's list unless a test gives its own. */
  jobs?: readonly Job[];
}

const inputSchema = z.object({
  job: z.string(),
  now: z.iso.datetime({ offset: true }).optional(),
});

/** Compares two secrets in time that does not depend on where they first differ. */
export function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0 && expected.length > 0;
}

export function handleCampaignJobs(request: Request, deps: CampaignJobsDeps): Promise<Response> {
  const jobs = new Map((deps.jobs ?? JOB_LIST).map((job) => [job.name, job]));
  return withServiceKey(request, deps, 'campaign-jobs', inputSchema, async (input, log) => {
    const job = jobs.get(input.job);
    if (!job) return json(400, { error: { code: 'invalid-input', jobs: [...jobs.keys()] } });
    const at = input.now ? new Date(input.now) : (deps.clock?.() ?? new Date());
    try {
      const counts = await job.run({ ...deps, log }, { now: input.now ?? null, at });
      return json(200, { job: job.name, ...counts });
    } catch (error) {
      log(`campaign-jobs ${job.name}: unexpected failure`, error);
      return errorResponse(500, 'unknown');
    }
  });
}
