/**
 * A campaign-jobs run in a Deno test: a fake database that answers each rpc by its name (and records
 * the calls), a fake mailer, and the handler called with the service key and an optional `now`.
 */
import assert from 'node:assert/strict';
import type { Rpc } from '../_shared/database.ts';
import { FakeMailer, post } from '../_shared/testing.ts';
import { handleCampaignJobs, sameSecret, type CampaignJobsDeps } from './handler.ts';

const SERVICE_KEY = 'service.role.key';

/** `answer` gives an rpc's result; what it throws is the database's error. */
export function fakeJobDeps(answer: (name: string, args: Record<string, unknown>) => unknown) {
  const calls: [string, Record<string, unknown>][] = [];
  const rpc = ((name: string, args: Record<string, unknown>) => {
    calls.push([name, args]);
    return Promise.resolve().then(() => answer(name, args));
  }) as Rpc;
  const mailer = new FakeMailer();
  const deps: CampaignJobsDeps = {
    isServiceKey: (token) => sameSecret(token, SERVICE_KEY),
    rpc,
    mailer,
    siteUrl: 'https://app.example/',
    functionsUrl: 'http://api.test/functions/v1/',
    removeFiles: () => Promise.reject(new Error('this job removes no files')),
    clock: () => new Date('2026-06-01T08:00:00Z'),
    log: () => undefined,
  };
  return { calls, mailer, deps };
}

/** Runs `job` through the handler; answers its counts. */
export async function runJob(deps: CampaignJobsDeps, job: string, now?: string) {
  const response = await handleCampaignJobs(
    post(
      'http://functions.test/campaign-jobs',
      { job, ...(now ? { now } : {}) },
      {
        Authorization: `Bearer ${SERVICE_KEY}`,
      },
    ),
    deps,
  );
  assert.equal(response.status, 200);
  return response.json();
}
