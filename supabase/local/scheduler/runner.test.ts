import { describe, expect, it, vi } from 'vitest';
import { createJobRunner } from './runner.ts';

const jobs = [
  {
    name: 'calendar-reminders',
    schedule: '*/5 * * * *',
    function_name: 'campaign-jobs',
    body: { task: 'reminders' },
  },
  { name: 'nightly-draws', schedule: '0 23 * * *', function_name: 'campaign-jobs', body: { task: 'draws' } },
  { name: 'broken', schedule: 'not a schedule', function_name: 'campaign-jobs', body: {} },
];

function setup(status = 200) {
  const fetch = vi.fn(() => Promise.resolve(new Response('{}', { status })));
  const log = vi.fn();
  const runner = createJobRunner({
    db: { query: () => Promise.resolve({ rows: jobs as never[] }) },
    functionsUrl: 'http://127.0.0.1:54321/functions/v1',
    serviceRoleKey: 'service-key',
    fetch: fetch,
    log,
  });
  return { runner, fetch, log };
}

describe('the embedded job runner', () => {
  it('calls each due job’s function with the service key and the job’s body', async () => {
    const { runner, fetch } = setup();
    expect(await runner.runDue(new Date('2026-12-01T23:00:00Z'))).toEqual([
      'calendar-reminders',
      'nightly-draws',
    ]);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenCalledWith('http://127.0.0.1:54321/functions/v1/campaign-jobs', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer service-key' },
      body: JSON.stringify({ task: 'reminders', job: 'calendar-reminders' }),
    });
  });

  it('calls nothing when nothing is due, and says which schedule it cannot read', async () => {
    const { runner, fetch, log } = setup();
    expect(await runner.runDue(new Date('2026-12-01T23:01:00Z'))).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('broken'));
  });

  it('logs a function that fails, and goes on', async () => {
    const { runner, log } = setup(500);
    expect(await runner.runDue(new Date('2026-12-01T23:00:00Z'))).toHaveLength(2);
    expect(log).toHaveBeenCalledWith('calendar-reminders: campaign-jobs answered 500');
  });
});
