/**
 * Per-IP limits through the real gateway and data API: the database keys them on the address the
 * gateway appended to X-Forwarded-For, so a visitor who writes a fresh header on every request still
 * meets the limit of 30 entries a minute, and one who claims another visitor's address (127.0.0.2, a
 * second loopback address this machine really connects from) only uses up their own.
 */
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../../supabase/local/db/migrate.ts';
import { PROJECT_ROOT } from '../../../supabase/local/testing/functions-platform.ts';
import { startTestPlatform, type TestPlatform } from '../../../supabase/local/testing/test-platform.ts';
import { openDailyCalendar } from '../support/calendars.ts';
import { sql } from '../support/marketplace.ts';

/** public.submit_calendar_entry's limit: entries a minute from one address. */
const ENTRIES_PER_MINUTE = 30;

interface Answer {
  status: number;
  body: { outcome?: string; message?: string };
}

describe('per-IP limits on the platform', () => {
  let platform: TestPlatform;
  let calendarId = '';

  beforeAll(async () => {
    platform = await startTestPlatform({ migrated: true });
    await applyMigrations(platform.db, path.join(PROJECT_ROOT, 'supabase', 'migrations'));
    ({ calendarId } = await openDailyCalendar(platform));
  });

  afterAll(async () => {
    await platform?.stop();
  });

  /** One entry for door 1 as an anonymous visitor, from `localAddress`, with `forwardedFor` if given. */
  function enter(
    email: string,
    { forwardedFor, localAddress = '127.0.0.1' }: { forwardedFor?: string; localAddress?: string },
  ) {
    const url = new URL(`${platform.url}/rest/v1/rpc/submit_calendar_entry`);
    const body = JSON.stringify({
      input_calendar_id: calendarId,
      input_day_number: 1,
      input_email: email,
      input_consent: true,
      input_form_shown_at: new Date(Date.now() - 10_000).toISOString(),
    });
    return new Promise<Answer>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          localAddress,
          headers: {
            apikey: platform.config.anonKey,
            Authorization: `Bearer ${platform.config.anonKey}`,
            'Content-Type': 'application/json',
            ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            // A function returning a table answers an array of rows; errors are one object.
            const parsed = JSON.parse(Buffer.concat(chunks).toString()) as Answer['body'] | Answer['body'][];
            resolve({
              status: res.statusCode ?? 0,
              body: (Array.isArray(parsed) ? parsed[0] : parsed) ?? {},
            });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Whether any rate-limit window exists for entries from `address`. */
  async function hasEntryWindow(address: string): Promise<boolean> {
    const rows = await sql<{ n: number }>(
      platform,
      `select count(*)::int as n from private.rate_limits
       where key_hash = encode(sha256(convert_to('calendar-entry:ip:' || $1, 'UTF8')), 'hex')`,
      [address],
    );
    return (rows[0]?.n ?? 0) > 0;
  }

  it('60 entries with a fresh X-Forwarded-For each: 30 pass, then the limit holds', async () => {
    const started = Date.now();
    const answers: Answer[] = [];
    for (let i = 0; i < 2 * ENTRIES_PER_MINUTE; i++) {
      answers.push(await enter(`rotator-${i}@example.no`, { forwardedFor: `198.51.100.${i + 1}` }));
    }
    // Every entry counted against the address that really connected, none against a claimed one.
    expect(await hasEntryWindow('127.0.0.1')).toBe(true);
    expect(await hasEntryWindow('198.51.100.1')).toBe(false);
    expect(await hasEntryWindow('198.51.100.60')).toBe(false);
    // The window is a minute from the first entry; a machine so slow that 60 requests took longer
    // has started a second one, so the exact split is checked only when they fit in one.
    if (Date.now() - started < 55_000) {
      expect(answers.filter((answer) => answer.body.outcome === 'entered')).toHaveLength(ENTRIES_PER_MINUTE);
      const limited = answers.slice(ENTRIES_PER_MINUTE);
      expect(limited.every((answer) => answer.status === 429)).toBe(true);
      expect(limited[0]?.body.message).toBe('campaign-rate-limited');
    }
  });

  it('claiming another visitor’s address does not lock that visitor out', async () => {
    for (let i = 0; i <= ENTRIES_PER_MINUTE; i++) {
      await enter(`spoofer-${i}@example.no`, { forwardedFor: '127.0.0.2' });
    }
    expect(await hasEntryWindow('127.0.0.2')).toBe(false);
    const victim = await enter('kari@example.no', { localAddress: '127.0.0.2' });
    expect(victim).toMatchObject({ status: 200, body: { outcome: 'entered' } });
    expect(await hasEntryWindow('127.0.0.2')).toBe(true);
  });
});
