/**
 * The embedded platform's stand-in for pg_cron + pg_net: once a minute it reads
 * private.scheduled_jobs and calls each due job's edge function with the service key, as the hosted
 * runner does (supabase/migrations/20261126090000_scheduled_jobs.sql). Tests call `runDue` with a
 * moment of their choosing instead of waiting for the clock.
 */
import type { Db } from '../contracts.ts';
import { parseCron } from './cron.ts';

export interface SchedulerOptions {
  db: Pick<Db, 'query'>;
  /** The gateway's functions root, e.g. http://127.0.0.1:54321/functions/v1 */
  functionsUrl: string;
  serviceRoleKey: string;
  fetch?: typeof fetch;
  log?: (message: string) => void;
}

export interface JobRunner {
  /** Calls every enabled job whose schedule matches the minute of `at`; resolves with their names. */
  runDue(at: Date): Promise<string[]>;
}

export interface Scheduler extends JobRunner {
  stop(): void;
}

type JobRow = { name: string; schedule: string; function_name: string; body: Record<string, unknown> };

export function createJobRunner(options: SchedulerOptions): JobRunner {
  const call = options.fetch ?? fetch;
  const log = options.log ?? ((message: string) => console.error(`[scheduler] ${message}`));

  async function enabledJobs(): Promise<JobRow[]> {
    try {
      const { rows } = await options.db.query<JobRow>(
        'select name, schedule, function_name, body from private.scheduled_jobs where enabled order by name',
      );
      return rows;
    } catch (error) {
      // A project without the jobs table (any Supabase project but this one) simply has no jobs:
      // 3F000 no such schema, 42P01 no such table.
      const code = (error as { code?: unknown }).code;
      if (code === '3F000' || code === '42P01') return [];
      throw error;
    }
  }

  async function runDue(at: Date): Promise<string[]> {
    const rows = await enabledJobs();
    const due = rows.filter((job) => {
      try {
        return parseCron(job.schedule).matches(at);
      } catch (error) {
        log(`${job.name}: ${(error as Error).message}`);
        return false;
      }
    });
    await Promise.all(
      due.map(async (job) => {
        try {
          const response = await call(`${options.functionsUrl}/${job.function_name}`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Authorization: `Bearer ${options.serviceRoleKey}`,
            },
            body: JSON.stringify({ ...job.body, job: job.name }),
          });
          if (!response.ok) log(`${job.name}: ${job.function_name} answered ${response.status}`);
          await response.body?.cancel();
        } catch (error) {
          log(`${job.name}: ${(error as Error).message}`);
        }
      }),
    );
    return due.map((job) => job.name);
  }

  return { runDue };
}

/** Runs the scheduler at the start of every minute until stopped. */
export function startScheduler(options: SchedulerOptions): Scheduler {
  const runner = createJobRunner(options);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    const now = Date.now();
    timer = setTimeout(tick, 60_000 - (now % 60_000) + 50);
    timer.unref?.();
  };
  const tick = () => {
    if (stopped) return;
    const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    void runner.runDue(minute).catch((error: unknown) => {
      console.error(`[scheduler] ${(error as Error).message}`);
    });
    next();
  };
  next();
  return {
    runDue: (at) => runner.runDue(at),
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
